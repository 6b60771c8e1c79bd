import { type Challenge, solveChallenge } from './altcha.js';
import { ApiError } from './api.js';
import { el } from './dom.js';
import { checkFields, type Field, type FieldSpec, field, showServerProblems, valueOf } from './fields.js';
import { Widget } from './widget.js';

interface CustomField {
  key: string;
  label: string;
  type: 'text' | 'number' | 'boolean' | 'date' | 'select';
  required: boolean;
  options: string[];
  order: number;
}

const kinds: Record<CustomField['type'], FieldSpec['kind']> = { text: 'text', number: 'number', boolean: 'checkbox', date: 'date', select: 'select' };
const CUSTOM = 'customFields.';

/** The host page's address, referrer and `utm_*` campaign parameters, as the lead's `sourceAttribution`. */
function sourceAttribution(): Record<string, string> {
  const attribution: Record<string, string> = { pageUrl: location.href };
  if (document.referrer) attribution.referrer = document.referrer;
  for (const [name, value] of new URLSearchParams(location.search)) if (/^utm_[a-z]+$/.test(name) && value) attribution[name] = value;
  return attribution;
}

/** The challenge's solution, solving in the background; a failure is reported when the form is sent. */
function proven(challenge: Challenge | Promise<Challenge>): Promise<string> {
  const proof = Promise.resolve(challenge).then(solveChallenge);
  proof.catch(() => undefined);
  return proof;
}

/**
 * `<bp-lead-form publishable-key locale? api?>`: the lead's own fields, then the tenant's lead
 * custom fields in their order, sent as a `web_form` lead. Spam is bounded by a proof of work
 * solved while the visitor types, and a honeypot field no person sees.
 */
export class BpLeadForm extends Widget {
  /** The proof of work the next Send carries, solved in the background. */
  private proof: Promise<string> | undefined;

  protected async start(): Promise<void> {
    const s = this.strings;
    const alert = this.alertRegion();
    const container = el('div', { part: 'container' }, alert, el('p', { role: 'status' }, s.loading));
    this.root.append(container);
    let form: { fields: CustomField[]; challenge: Challenge };
    try {
      form = (await this.api<{ data: typeof form }>('GET', '/leads/form')).data;
    } catch (error) {
      container.replaceChildren(alert);
      return this.report(alert, error);
    }
    this.proof = proven(form.challenge);
    const fields: Field[] = [
      field({ name: 'firstName', label: s.firstName, kind: 'text', required: true, autocomplete: 'given-name' }, s),
      field({ name: 'lastName', label: s.lastName, kind: 'text', required: true, autocomplete: 'family-name' }, s),
      field({ name: 'email', label: s.email, kind: 'email', required: true, autocomplete: 'email' }, s),
      field({ name: 'phone', label: s.phone, kind: 'tel', autocomplete: 'tel' }, s),
      field({ name: 'companyName', label: s.company, kind: 'text', autocomplete: 'organization' }, s),
      field({ name: 'message', label: s.message, kind: 'textarea' }, s),
      ...[...form.fields]
        .sort((a, b) => a.order - b.order)
        .map((f) => field({ name: CUSTOM + f.key, label: f.label, kind: kinds[f.type] ?? 'text', required: f.required, options: f.options }, s)),
    ];
    // People never see nor reach it; a script filling every input fills it, and the server refuses that.
    const honeypot = el('input', { id: 'bp-website', name: 'website', type: 'text', tabindex: -1, autocomplete: 'off' });
    const trap = el('div', { class: 'visually-hidden', 'aria-hidden': 'true' }, el('label', { for: 'bp-website' }, 'Website'), honeypot);
    const submit = el('button', { type: 'submit', part: 'submit' }, s.send);
    const formElement = el('form', { novalidate: true, part: 'form' }, ...fields.map((f) => f.element), trap, submit);
    container.replaceChildren(alert, formElement);

    formElement.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!checkFields(fields, alert, s)) return;
      submit.disabled = true;
      submit.textContent = s.sending;
      void this.send(fields, honeypot.value, alert).finally(() => {
        submit.disabled = false;
        submit.textContent = s.send;
      });
    });
  }

  private async send(fields: Field[], website: string, alert: HTMLElement): Promise<void> {
    const body: Record<string, unknown> = { customFields: {}, sourceAttribution: sourceAttribution(), website };
    for (const f of fields) {
      const value = valueOf(f);
      if (value === undefined) continue;
      if (f.spec.name.startsWith(CUSTOM)) (body.customFields as Record<string, unknown>)[f.spec.name.slice(CUSTOM.length)] = value;
      else body[f.spec.name] = value;
    }
    try {
      body.altcha = await this.proof;
      const { data } = await this.api<{ data: { id: string; createdAt: string } }>('POST', '/leads/form', body);
      const thanks = el('p', { tabindex: -1, part: 'confirmation' }, this.strings.leadSent);
      this.root.querySelector('[part="container"]')!.replaceChildren(thanks);
      thanks.focus();
      this.emit('bp-lead-created', { lead: data });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.details.length) {
        // A challenge expired while the visitor typed: the next Send carries a fresh proof.
        if (error.details.some((d) => d.field === 'altcha')) this.proof = proven(this.api<{ data: { challenge: Challenge } }>('GET', '/leads/form').then(({ data }) => data.challenge));
        showServerProblems(fields, error.details, alert, this.strings);
        this.emit('bp-error', { code: error.code, message: error.message });
      } else this.report(alert, error);
    }
  }
}
