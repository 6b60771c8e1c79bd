import { DateTime } from 'luxon';
import { badInput } from './errors.js';

/** Today's date in UTC, as stored in a DATE column (midnight UTC). */
export const utcToday = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** A DATE column's value as `YYYY-MM-DD`. */
export const dateOnly = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Business dates and times lie in these years: far wider than any invoice, booking or
 * inspection, and narrow enough that a typo (`0000-01-01`, `2999-01-01`) is refused with a
 * message rather than stored, or refused by the database.
 */
export const EARLIEST_YEAR = 1900;
export const LATEST_YEAR = 2200;
/** Offsets end at ±18:00 (ISO 8601 as java.time and PostgreSQL read it; real zones reach +14:00). */
const MAX_OFFSET_MINUTES = 18 * 60;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
// A date-time must say where it is: `Z` or an offset.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|([+-])(\d{2}):?(\d{2}))$/i;
// `+01:00` in a query string that was not percent-encoded arrives as ` 01:00`.
const UNENCODED_PLUS = /T[\d:.]+ \d{2}:?\d{2}$/i;

export const DATE_TEXT = `a date YYYY-MM-DD in the years ${EARLIEST_YEAR} to ${LATEST_YEAR}`;
export const DATE_TIME_TEXT = `an ISO 8601 date-time with Z or an offset from -18:00 to +18:00 (2030-01-07T09:00:00Z), in the years ${EARLIEST_YEAR} to ${LATEST_YEAR}`;

const inYears = (value: DateTime) => value.year >= EARLIEST_YEAR && value.year <= LATEST_YEAR;

/** Whether a value is a whole date (`2026-03-08`) rather than a date-time. */
export const isDate = (value: string) => DATE.test(value);

/**
 * What is wrong with the date part (`YYYY-MM-DD`) of a value that has the right shape: a day the
 * calendar does not have (`2027-02-29`, `2026-13-01`), said so rather than called a bad format,
 * or a year outside the years allowed; null for a real date in them.
 */
function calendarProblem(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12) return `is not a calendar date: there is no month ${month}`;
  const days = DateTime.utc(year, month, 1).daysInMonth ?? 31;
  if (day < 1 || day > days) return `is not a calendar date: ${DateTime.utc(year, month, 1).toFormat('LLLL yyyy')} has ${days} days`;
  if (year < EARLIEST_YEAR || year > LATEST_YEAR) return `must be ${DATE_TEXT}`;
  return null;
}

const datePartProblem = (text: string) => calendarProblem(Number(text.slice(0, 4)), Number(text.slice(5, 7)), Number(text.slice(8, 10)));

/** What is wrong with a value as a `YYYY-MM-DD` calendar date in the years allowed, or null. */
export function dateProblem(value: unknown): string | null {
  if (typeof value !== 'string' || !DATE.test(value)) return `must be ${DATE_TEXT}`;
  return datePartProblem(value);
}

/** A `YYYY-MM-DD` calendar date in the years allowed, as midnight UTC, or null. */
function readDate(value: unknown): Date | null {
  return dateProblem(value) === null ? DateTime.fromISO(value as string, { zone: 'utc' }).toJSDate() : null;
}

/** Whether a value is a calendar date `YYYY-MM-DD` in the years allowed. */
export const isCalendarDate = (value: unknown) => readDate(value) !== null;

/** A `YYYY-MM-DD` calendar date as midnight UTC, or a TypeError saying what is wrong with it. */
export function parseDate(value: unknown): Date {
  const problem = dateProblem(value);
  if (problem) throw new TypeError(problem);
  return DateTime.fromISO(value as string, { zone: 'utc' }).toJSDate();
}

/**
 * An ISO 8601 date-time with `Z` or an offset as an instant, or a TypeError saying what it must
 * be. The one parser of date-times: the `DateTime` scalar and the `from`/`to` bounds use it.
 */
export function parseDateTime(value: unknown): Date {
  const shape = typeof value === 'string' ? DATE_TIME.exec(value) : null;
  const offsetMinutes = shape?.[5] ? Number(shape[5]) * 60 + Number(shape[6]) : 0;
  // A date-time on a day the calendar lacks says so, as a date does.
  const calendar = shape ? datePartProblem(shape[0]) : null;
  if (calendar?.startsWith('is not a calendar date')) throw new TypeError(calendar);
  const parsed = shape && offsetMinutes <= MAX_OFFSET_MINUTES && Number(shape[6] ?? 0) < 60 ? DateTime.fromISO(shape[0], { setZone: true }) : null;
  if (!parsed?.isValid || !inYears(parsed)) throw new TypeError(`must be ${DATE_TIME_TEXT}${unencodedPlusHint(value)}`);
  return parsed.toJSDate();
}

/** A hint for a date-time whose offset's `+` was sent unencoded in a query string (where it means a space). */
export const unencodedPlusHint = (value: unknown) =>
  typeof value === 'string' && UNENCODED_PLUS.test(value) ? ' (in a query string, write + as %2B)' : '';

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
  } catch (error) {
    const reason = (error as Error).message;
    return reason.startsWith('is not a calendar date') ? reason : `must be ${DATE_OR_DATE_TIME}${unencodedPlusHint(value)}`;
  }
}

/** The published shape of a `from`/`to` bound: a date, or a date-time with its offset. */
export const DATE_OR_DATE_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:?\\d{2}))?$';

/** A `from`/`to` bound as sent, checked: a date or a date-time, kept as its text (its instant depends on the record's time zone). */
export function parseDateOrDateTime(value: unknown): string {
  if (typeof value !== 'string' || value.length > 40) throw new TypeError(`must be ${DATE_OR_DATE_TIME}`);
  const problem = boundProblem(value);
  if (problem) throw new TypeError(problem);
  return value;
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
