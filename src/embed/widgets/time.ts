/**
 * Calendar dates and instants in a given IANA zone, with `Intl` only (no date library in the
 * bundle). A day is a plain `YYYY-MM-DD` string, compared and sorted as text.
 */

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (`YYYY-MM-DD`) an instant falls on in `zone`. */
export function dayIn(instant: Date, zone: string): string {
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', calendar: 'gregory', numberingSystem: 'latn' });
    dayFormats.set(zone, format);
  }
  const part = (type: string) => format.formatToParts(instant).find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A day as [year, month 1-12, day]. */
export const partsOf = (day: string) => day.split('-').map(Number) as [number, number, number];

/** A day `days` later (or earlier), on the plain calendar (no zone: days are labels here). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = partsOf(day);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The same day of the month `months` later, clamped to that month's last day (PageDown from 31 January is 28 or 29 February). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = partsOf(day);
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
}

/** 0 (Sunday) to 6 (Saturday). */
export const weekdayOf = (day: string) => {
  const [y, m, d] = partsOf(day);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
};

/** The month's days, its first day first. */
export function daysOfMonth(day: string): string[] {
  const [y, m] = partsOf(day);
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => addDays(`${day.slice(0, 8)}01`, i));
}

/** A day's noon in UTC: formatted in UTC, a day's label never slides to a neighbouring date. */
const noonUtc = (day: string) => new Date(`${day}T12:00:00Z`);

export const formatDay = (day: string, locale: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(noonUtc(day));

export const formatTime = (instant: Date, locale: string, zone: string) => new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: zone }).format(instant);

export const formatDateTime = (instant: Date, locale: string, zone: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone: zone }).format(instant);

/** The browser's own zone. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Ranges of at most `maxDays` days covering `from`..`to` (both included): the API answers at most 31 days a call. */
export function dayRanges(from: string, to: string, maxDays: number): [string, string][] {
  const ranges: [string, string][] = [];
  for (let start = from; start <= to; start = addDays(start, maxDays)) {
    const end = addDays(start, maxDays - 1);
    ranges.push([start, end < to ? end : to]);
  }
  return ranges;
}
