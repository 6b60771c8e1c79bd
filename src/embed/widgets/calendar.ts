import { el } from './dom.js';
import { addDays, addMonths, daysOfMonth, formatDay, weekdayOf } from './time.js';

export interface MonthGrid {
  /** The month shown: any day of it. */
  month: string;
  /** The day holding the grid's one tab stop (the roving tabindex). */
  focused: string;
  selected: string | undefined;
  locale: string;
  /** Days that have free slots; the others are `aria-disabled`. */
  open: (day: string) => boolean;
  /** Keys moved the tab stop to `day` (maybe in another month). */
  onMove: (day: string) => void;
  onChoose: (day: string) => void;
}

/** Weeks start on Monday, except in the locales that start them on Sunday (of those spoken here: US English). */
const firstWeekday = (locale: string) => (/^en-(US|CA)$|^en$/i.test(locale) ? 0 : 1);

/**
 * A month as the WAI-ARIA APG date picker's grid: a table with role="grid", a gridcell per day
 * with one tab stop among them; arrows move by a day or a week, Home/End to the week's ends,
 * PageUp/PageDown by a month; Enter or Space chooses a day with free slots. Each cell's name is
 * its full date, so a screen reader says more than "12".
 */
export function monthGrid(grid: MonthGrid): HTMLTableElement {
  const start = firstWeekday(grid.locale);
  const days = daysOfMonth(grid.month);
  const headers = Array.from({ length: 7 }, (_, i) => {
    // 2023-01-01 was a Sunday: the week's column names, in the locale's words.
    const day = addDays('2023-01-01', (start + i) % 7);
    return el('th', { scope: 'col', abbr: formatDay(day, grid.locale, { weekday: 'long' }) }, formatDay(day, grid.locale, { weekday: 'short' }));
  });
  const rows: HTMLTableRowElement[] = [];
  let row = el('tr');
  for (let blank = (weekdayOf(days[0]!) - start + 7) % 7; blank > 0; blank -= 1) row.append(el('td'));
  for (const day of days) {
    const open = grid.open(day);
    row.append(
      el(
        'td',
        {
          role: 'gridcell',
          'data-day': day,
          tabindex: day === grid.focused ? 0 : -1,
          'aria-selected': day === grid.selected ? 'true' : 'false',
          'aria-disabled': open ? undefined : 'true',
          'aria-label': formatDay(day, grid.locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
        },
        String(Number(day.slice(8))),
      ),
    );
    if (row.children.length === 7) {
      rows.push(row);
      row = el('tr');
    }
  }
  if (row.children.length) rows.push(row);
  const caption = formatDay(grid.month, grid.locale, { month: 'long', year: 'numeric' });
  const table = el('table', { role: 'grid', 'aria-label': caption, part: 'calendar' }, el('thead', {}, el('tr', {}, ...headers)), el('tbody', {}, ...rows));

  const weekStart = (day: string) => addDays(day, -((weekdayOf(day) - start + 7) % 7));
  const moves: Record<string, (day: string) => string> = {
    ArrowLeft: (d) => addDays(d, -1),
    ArrowRight: (d) => addDays(d, 1),
    ArrowUp: (d) => addDays(d, -7),
    ArrowDown: (d) => addDays(d, 7),
    Home: weekStart,
    End: (d) => addDays(weekStart(d), 6),
    PageUp: (d) => addMonths(d, -1),
    PageDown: (d) => addMonths(d, 1),
  };
  table.addEventListener('keydown', (event) => {
    const cell = (event.target as HTMLElement).closest('td[data-day]');
    if (!cell) return;
    const day = cell.getAttribute('data-day')!;
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      grid.onMove(move(day));
    } else if ((event.key === 'Enter' || event.key === ' ') && grid.open(day)) {
      event.preventDefault();
      grid.onChoose(day);
    }
  });
  table.addEventListener('click', (event) => {
    const day = (event.target as HTMLElement).closest('td[data-day]')?.getAttribute('data-day');
    if (day && grid.open(day)) grid.onChoose(day);
  });
  return table;
}

/** Moves the grid's tab stop to `day`'s cell and focuses it. */
export function focusDay(table: HTMLTableElement, day: string): void {
  for (const cell of table.querySelectorAll<HTMLElement>('td[data-day]')) {
    const here = cell.getAttribute('data-day') === day;
    cell.tabIndex = here ? 0 : -1;
    if (here) cell.focus();
  }
}
