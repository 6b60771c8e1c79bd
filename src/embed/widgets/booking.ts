import { ApiError } from './api.js';
import { focusDay, monthGrid } from './calendar.js';
import { el } from './dom.js';
import { checkFields, type Field, field, showServerProblems, valueOf } from './fields.js';
import { addDays, addMonths, browserZone, dayIn, dayRanges, daysOfMonth, formatDateTime, formatDay, formatTime } from './time.js';
import { Widget } from './widget.js';

interface Resource {
  id: string;
  name: string;
  timezone: string;
  description?: string | null;
}
interface Slot {
  slotId: string;
  startsAt: string;
  endsAt: string;
  remaining: number;
}
interface Hold {
  id: string;
  expiresAt: string;
}

/** The API answers at most 31 days of availability per call. */
const MOST_DAYS_PER_CALL = 31;

/**
 * `<bp-booking publishable-key resource? locale? api?>`: a resource picker (without `resource`),
 * a month of days with free slots, the chosen day's slots, a guest form, a confirmation. Slots are
 * shown in the visitor's zone (switchable); choosing one holds a seat while the guest types.
 */
export class BpBooking extends Widget {
  static override observedAttributes = [...Widget.observedAttributes, 'resource'];
  private resource!: Resource;
  /** The zone slots are shown in: the browser's until the visitor picks another. */
  private zone = browserZone();
  /** Any day of the month shown. */
  private month = dayIn(new Date(), this.zone);
  private focused: string | undefined;
  private selected: string | undefined;
  /** The month's free slots (with a day's margin each side), as fetched. */
  private slots: Slot[] = [];
  private hold: Hold | undefined;
  private chosen: Slot | undefined;
  /** Counts month loads, so an answer to an older one never overwrites a newer month. */
  private loads = 0;
  private readonly alert = this.alertRegion();
  private readonly main = el('div', { part: 'container' });

  protected async start(): Promise<void> {
    this.root.append(this.main);
    this.main.replaceChildren(this.alert, el('p', { role: 'status' }, this.strings.loading));
    const id = this.getAttribute('resource');
    try {
      if (id) return this.open((await this.api<{ data: Resource }>('GET', `/bookings/resources/${encodeURIComponent(id)}`)).data);
      const { data } = await this.api<{ data: Resource[] }>('GET', '/bookings/resources');
      const list = el('ul', { class: 'resources', part: 'resources' }, ...data.map((r) => el('li', {}, this.resourceButton(r))));
      this.main.replaceChildren(el('h2', { part: 'heading' }, this.strings.chooseResource), this.alert, list);
    } catch (error) {
      this.main.replaceChildren(this.alert);
      this.report(this.alert, error);
    }
  }

  private resourceButton(resource: Resource): HTMLButtonElement {
    const button = el('button', { type: 'button', part: 'resource' }, resource.name);
    button.addEventListener('click', () => void this.open(resource));
    return button;
  }

  private async open(resource: Resource): Promise<void> {
    this.resource = resource;
    this.chosen = undefined;
    this.selected = undefined;
    await this.loadMonth(this.month);
  }

  /**
   * Fetches the free slots of the visitor's month: the resource-local dates that cover it, with
   * a day of margin each side (zones differ by at most 26 hours), in calls of at most 31 days.
   */
  private async loadMonth(day: string, focus = false): Promise<void> {
    const load = (this.loads += 1);
    this.month = day;
    const days = daysOfMonth(day);
    try {
      const answers = await Promise.all(
        dayRanges(addDays(days[0]!, -1), addDays(days.at(-1)!, 1), MOST_DAYS_PER_CALL).map(([from, to]) =>
          this.api<{ slots: Slot[] }>('GET', `/bookings/resources/${encodeURIComponent(this.resource.id)}/availability?from=${from}&to=${to}`),
        ),
      );
      if (load !== this.loads) return;
      this.slots = answers.flatMap((a) => a.slots).filter((s) => s.remaining > 0);
    } catch (error) {
      if (load !== this.loads) return;
      this.slots = [];
      this.report(this.alert, error);
    }
    this.render(focus);
  }

  /** The shown month's days that have free slots, by day in the visitor's zone. */
  private slotsByDay(): Map<string, Slot[]> {
    const byDay = new Map<string, Slot[]>();
    for (const slot of this.slots) {
      const day = dayIn(new Date(slot.startsAt), this.zone);
      if (day.slice(0, 7) === this.month.slice(0, 7)) byDay.set(day, [...(byDay.get(day) ?? []), slot]);
    }
    return byDay;
  }

  private render(focus = false): void {
    const s = this.strings;
    const byDay = this.slotsByDay();
    if (this.selected && !byDay.has(this.selected)) this.selected = undefined;
    const days = daysOfMonth(this.month);
    if (!this.focused || !days.includes(this.focused)) this.focused = this.selected ?? days.find((d) => byDay.has(d)) ?? days[0]!;
    const grid = monthGrid({
      month: this.month,
      focused: this.focused,
      selected: this.selected,
      locale: this.locale,
      open: (d) => byDay.has(d),
      onMove: (d) => {
        this.focused = d;
        if (d.slice(0, 7) === this.month.slice(0, 7)) focusDay(grid, d);
        else void this.loadMonth(d, true);
      },
      onChoose: (d) => {
        this.selected = this.focused = d;
        this.render();
        this.root.querySelector<HTMLElement>('.slots button')?.focus();
      },
    });
    const month = (step: number, label: string) => {
      const button = el('button', { type: 'button', 'aria-label': label, part: 'month-button' }, step < 0 ? '‹' : '›');
      button.addEventListener('click', () => void this.loadMonth(addMonths(this.month, step)));
      return button;
    };
    const title = formatDay(this.month, this.locale, { month: 'long', year: 'numeric' });
    this.main.replaceChildren(
      el('h2', { part: 'heading' }, this.resource.name),
      this.zonePicker(),
      this.alert,
      el('div', { class: 'toolbar' }, month(-1, s.previousMonth), el('h3', { 'aria-live': 'polite' }, title), month(1, s.nextMonth)),
      grid,
      byDay.size === 0 ? el('p', {}, s.noSlotsThisMonth) : this.selected ? this.slotList(byDay.get(this.selected)!) : el('p', {}, s.chooseDay),
      ...(this.chosen ? [this.guestForm(this.chosen)] : []),
    );
    if (focus) focusDay(grid, this.focused);
  }

  /** The zone times are shown in, switchable between the browser's, the resource's and UTC; the resource's named when it differs. */
  private zonePicker(): HTMLElement {
    const s = this.strings;
    const own = browserZone();
    const zones = [...new Set([own, this.resource.timezone, 'UTC'])];
    const select = el('select', { id: 'bp-zone', part: 'zone-select' }, ...zones.map((z) => el('option', { value: z, selected: z === this.zone }, z === own ? s.browserZone(z) : z)));
    select.addEventListener('change', () => {
      this.zone = select.value;
      this.render();
      this.root.getElementById('bp-zone')?.focus();
    });
    return el(
      'div',
      { class: 'zone', part: 'zone' },
      el('span', {}, s.timesShownIn(this.zone)),
      this.resource.timezone !== this.zone ? el('span', {}, s.resourceZone(this.resource.timezone)) : null,
      el('label', { for: 'bp-zone' }, s.timeZone),
      select,
    );
  }

  private slotList(slots: Slot[]): HTMLElement {
    const day = formatDay(this.selected!, this.locale, { weekday: 'long', day: 'numeric', month: 'long' });
    const headingId = 'bp-slots-heading';
    const buttons = slots.map((slot) => {
      const button = el('button', { type: 'button', part: 'slot', 'aria-pressed': slot.slotId === this.chosen?.slotId ? 'true' : 'false' }, formatTime(new Date(slot.startsAt), this.locale, this.zone));
      button.addEventListener('click', () => void this.choose(slot));
      return el('li', {}, button);
    });
    return el('section', { 'aria-labelledby': headingId }, el('h3', { id: headingId }, this.strings.slotsOf(day)), el('ul', { class: 'slots', part: 'slots' }, ...buttons));
  }

  /** Holds a seat of `slot` (giving back the visitor's previous hold), then asks for the guest's details. */
  private async choose(slot: Slot): Promise<void> {
    this.alert.replaceChildren();
    await this.releaseHold();
    try {
      this.hold = (await this.api<{ data: Hold }>('POST', '/bookings/holds', { slotId: slot.slotId })).data;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) return this.slotTaken(error);
      // A hold only shelters the slot while the guest types: without one, the booking still judges it.
      this.hold = undefined;
    }
    this.chosen = slot;
    this.emit('bp-slot-selected', slot);
    this.render();
    this.root.querySelector<HTMLInputElement>('form input')?.focus();
  }

  private async releaseHold(): Promise<void> {
    const hold = this.hold;
    this.hold = undefined;
    if (hold) await this.api('DELETE', `/bookings/holds/${encodeURIComponent(hold.id)}`).catch(() => undefined);
  }

  /** The slot went to someone else: says so in words and shows the month's fresh slots. */
  private async slotTaken(error: ApiError): Promise<void> {
    this.hold = undefined;
    this.chosen = undefined;
    // The grid's day takes the focus back from the slot or form that is gone; the alert is announced.
    await this.loadMonth(this.month, true);
    this.report(this.alert, error, this.strings.slotTaken);
  }

  private guestForm(slot: Slot): HTMLFormElement {
    const s = this.strings;
    const fields: Field[] = [
      field({ name: 'firstName', label: s.firstName, kind: 'text', required: true, autocomplete: 'given-name' }, s),
      field({ name: 'lastName', label: s.lastName, kind: 'text', required: true, autocomplete: 'family-name' }, s),
      field({ name: 'email', label: s.email, kind: 'email', required: true, autocomplete: 'email' }, s),
      field({ name: 'phone', label: s.phone, kind: 'tel', autocomplete: 'tel' }, s),
      field({ name: 'notes', label: s.notes, kind: 'textarea' }, s),
    ];
    const when = formatDateTime(new Date(slot.startsAt), this.locale, this.zone);
    const problems = this.alertRegion();
    const submit = el('button', { type: 'submit', part: 'submit' }, s.book);
    const form = el(
      'form',
      { novalidate: true, part: 'form', 'aria-labelledby': 'bp-details' },
      el('h3', { id: 'bp-details' }, s.yourDetails),
      el('p', {}, s.chosenTime(`${when} (${this.zone})`)),
      this.hold ? el('p', {}, s.heldUntil(formatTime(new Date(this.hold.expiresAt), this.locale, this.zone))) : null,
      problems,
      ...fields.map((f) => f.element),
      submit,
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!checkFields(fields, problems, s)) return;
      submit.disabled = true;
      void this.book(slot, fields, problems).finally(() => (submit.disabled = false));
    });
    return form;
  }

  private async book(slot: Slot, fields: Field[], problems: HTMLElement): Promise<void> {
    const guest = Object.fromEntries(fields.map((f) => [f.spec.name, valueOf(f)]).filter(([, v]) => v !== undefined));
    try {
      const { booking } = await this.api<{ booking: { startsAt: string } }>('POST', '/bookings', { slotId: slot.slotId, ...(this.hold ? { holdId: this.hold.id } : {}), ...guest });
      this.hold = undefined;
      this.confirm(booking);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) return this.slotTaken(error);
      if (error instanceof ApiError && error.status === 400 && error.details.length) {
        showServerProblems(fields, error.details, problems, this.strings);
        this.emit('bp-error', { code: error.code, message: error.message });
      } else this.report(problems, error);
    }
  }

  private confirm(booking: { startsAt: string }): void {
    const s = this.strings;
    const heading = el('h2', { tabindex: -1, part: 'heading' }, s.confirmed);
    this.main.replaceChildren(heading, el('p', { part: 'confirmation' }, s.confirmedAt(`${formatDateTime(new Date(booking.startsAt), this.locale, this.zone)} (${this.zone})`)));
    heading.focus();
    this.emit('bp-booking-confirmed', { booking });
  }
}
