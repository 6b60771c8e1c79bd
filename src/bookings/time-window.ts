import { DateTime, IANAZone } from 'luxon';
import { z } from 'zod';
import { EARLIEST_YEAR, LATEST_YEAR, isDate, parseDate, parseDateTime, unencodedPlusHint } from '../shared/dates.js';
import { badInput } from '../shared/errors.js';

export const DATE_OR_DATE_TIME = `a date (YYYY-MM-DD) or an ISO 8601 date-time with Z or an offset from -18:00 to +18:00 (2030-01-07T09:00:00Z), in the years ${EARLIEST_YEAR} to ${LATEST_YEAR}`;

/** A `from`/`to` bound as an instant: a date is that day in `zone` (its start, or for an end the start of the next day). */
function boundInstant(value: string, zone: string, end: boolean): Date {
  if (!isDate(value)) return parseDateTime(value);
  const day = parseDate(value);
  return DateTime.fromObject({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() }, { zone })
    .plus({ days: end ? 1 : 0 })
    .toJSDate();
}

/** What is wrong with a bound that cannot be read, or null. */
function boundProblem(value: string): string | null {
  try {
    boundInstant(value, 'UTC', false);
    return null;
  } catch {
    return `must be ${DATE_OR_DATE_TIME}${unencodedPlusHint(value)}`;
  }
}

/** The argument validator of a `from`/`to` bound (its shape is published as a pattern). */
export const dateOrDateTime = z
  .string()
  .max(40, `must be ${DATE_OR_DATE_TIME}`)
  .superRefine((value, ctx) => {
    const problem = boundProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:?\\d{2}))?$', examples: ['2030-01-07', '2030-01-07T09:00:00Z'] })
  .nullish();

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
  const problem = boundProblem(value);
  if (problem) throw badInput([{ field, message: problem }]);
  return boundInstant(value, zone, end);
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
