import { DateTime, IANAZone } from 'luxon';
import { z } from 'zod';
import { badInput } from '../shared/errors.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
// A date-time must say where it is: `Z` or an offset.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

export const DATE_OR_DATE_TIME = 'a date (YYYY-MM-DD) or an ISO 8601 date-time with an offset (2026-03-08T09:00:00Z)';

/** The argument validator of a `from`/`to` bound: its shape (published as a pattern); `parseBound` checks the calendar. */
export const dateOrDateTime = z
  .string()
  .max(40, `must be ${DATE_OR_DATE_TIME}`)
  .regex(new RegExp(`${DATE.source}|${DATE_TIME.source}`, 'i'), `must be ${DATE_OR_DATE_TIME}`)
  .meta({ examples: ['2030-01-07', '2030-01-07T09:00:00Z'] })
  .nullish();

/** Whether a bound is a whole date (`2026-03-08`) rather than a date-time. */
export const isDate = (value: string) => DATE.test(value);

/** The canonical spelling of an IANA time zone name, or null when there is no such zone. */
export function canonicalTimeZone(name: string): string | null {
  if (!IANAZone.isValidZone(name)) return null;
  return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
}

/**
 * A `from`/`to` parameter as an instant. A date is that day in `zone`: its start, or for an
 * end (`to`) the start of the next day, so the whole day is included.
 */
export function parseBound(value: string, field: string, zone: string, end: boolean): Date {
  const parsed = isDate(value)
    ? DateTime.fromISO(value, { zone }).startOf('day').plus({ days: end ? 1 : 0 })
    : DATE_TIME.test(value)
      ? DateTime.fromISO(value, { setZone: true })
      : null;
  if (!parsed?.isValid) throw badInput([{ field, message: `must be ${DATE_OR_DATE_TIME}` }]);
  return parsed.toJSDate();
}

export const MAX_AVAILABILITY_DAYS = 31;
const DAY = 86_400_000;

/**
 * The availability window of a resource: `from` defaults to now, `to` to seven days after
 * `from`; `to` must come after `from`, at most 31 days later.
 */
export function availabilityWindow(raw: { from?: string | null; to?: string | null }, zone: string, now: Date) {
  const from = raw.from ? parseBound(raw.from, 'from', zone, false) : now;
  const to = raw.to ? parseBound(raw.to, 'to', zone, true) : new Date(from.getTime() + 7 * DAY);
  if (to <= from) throw badInput([{ field: 'to', message: 'must be after `from`' }]);
  // An hour of slack: 31 local days across a daylight-saving change are an hour longer.
  if (to.getTime() - from.getTime() > MAX_AVAILABILITY_DAYS * DAY + 3_600_000) {
    throw badInput([{ field: 'to', message: `must be at most ${MAX_AVAILABILITY_DAYS} days after \`from\`` }]);
  }
  return { from, to };
}

/** Zones reach 14 hours from UTC: a window read in UTC and widened by this covers it in any zone. */
export const WIDEST_ZONE_OFFSET_MS = 14 * 3_600_000;
