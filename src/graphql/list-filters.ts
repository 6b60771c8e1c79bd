import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { DATE_OR_DATE_TIME, isDate, parseBound } from '../shared/dates.js';
import { builder } from './builder.js';

/**
 * The filter vocabulary every list shares (src/graphql/connection.ts builds the lists), so a
 * screen filters each list with the same words: intervals of instants, of days, of either and of
 * amounts, one or several statuses, and text search.
 */

/**
 * A range's check: an end before its start is refused at the end (`filter.dueDate.to`), as every
 * range answers it, rather than matching nothing without a word.
 */
const inOrder = (start: string, end: string, compare: (a: never, b: never) => number, relation = 'before') =>
  z.record(z.string(), z.unknown()).superRefine((range, ctx) => {
    const [low, high] = [range[start], range[end]];
    if (low != null && high != null && compare(high as never, low as never) < 0)
      ctx.addIssue({ code: 'custom', path: [end], message: `must not be ${relation} \`${start}\``, params: { code: 'OUT_OF_RANGE' } });
  });
const byTime = (a: Date, b: Date) => a.getTime() - b.getTime();

export const DateTimeRange = builder.inputType('DateTimeRange', {
  description: 'An interval of instants: from `from` (inclusive) to `to` (exclusive); either end may be left open; `to` before `from` is refused.',
  validate: inOrder('from', 'to', byTime),
  fields: (t) => ({
    from: t.field({ type: 'DateTime', description: 'Earliest instant included (ISO 8601).' }),
    to: t.field({ type: 'DateTime', description: 'First instant no longer included (ISO 8601).' }),
  }),
});

/** A `DateTimeRange` as a Prisma condition on one column. */
export const withinRange = (range: { from?: Date | null; to?: Date | null } | null | undefined) =>
  range ? { gte: range.from ?? undefined, lt: range.to ?? undefined } : undefined;

/** `status: [..]` (one or several values) as a Prisma condition. */
export const oneOf = <T>(values: readonly T[] | null | undefined) => (values?.length ? { in: [...values] } : undefined);

/**
 * The options of a filter field taking one value or several (`status: [LeadStatus!]`): "Only leads
 * with one of these statuses." on GraphQL, and, where a REST list reads it from a parameter given
 * once (src/graphql/rest-lists.ts), "Only leads with this status.", so neither says more than it takes.
 * `records` and `link` say whose and how (`leads with`, `leads from`); `one` and `several` name the value.
 */
export const anyOfDescription = (records: string, one: string, several: string, more = '') => ({
  description: `Only ${records} one of these ${several}.${more}`,
  extensions: { [ONE_VALUE_DESCRIPTION]: `Only ${records} this ${one}.${more}` },
});

/** The extension key of a list filter field's description for a single value (`anyOfDescription`). */
export const ONE_VALUE_DESCRIPTION = 'oneValueDescription';

export const searchDescription = (fields: string) =>
  `Text search: every word (at most 5) must appear, in any case, in ${fields}.`;

/**
 * Calendar days, for date columns (a due date, an expected close date). A day is the record's own
 * local day where the record has a time zone, a UTC day otherwise.
 */
export const DateRange = builder.inputType('DateRange', {
  description:
    "An interval of calendar days, both ends included; either end may be left open; `to` before `from` is refused. A day is the record's local day where it has a time zone, the UTC day otherwise. A record without the date does not match.",
  validate: inOrder('from', 'to', byTime),
  fields: (t) => ({
    from: t.field({ type: 'Date', description: 'First day included (YYYY-MM-DD).' }),
    to: t.field({ type: 'Date', description: 'Last day included (YYYY-MM-DD).' }),
  }),
});

/** A `DateRange` as a Prisma condition on a date column. */
export const withinDays = (range: { from?: Date | null; to?: Date | null } | null | undefined) =>
  range ? { gte: range.from ?? undefined, lte: range.to ?? undefined } : undefined;

/**
 * Days or instants, for date-time columns of records with a time zone of their own (a booking's
 * start is read in its resource's zone): a person filters by the days they see, a program by
 * instants. Both ends are included, as the REST parameters such a range serves always were.
 */
export const DateOrDateTimeRange = builder.inputType('DateOrDateTimeRange', {
  description:
    "An interval of days or instants, both ends included; either end may be left open, and the two ends may differ in kind. Each end is a date (YYYY-MM-DD), a calendar day: the record's local day where it has a time zone, the UTC day otherwise; or a date-time with Z or an offset, one instant.",
  fields: (t) => ({
    from: t.field({ type: 'DateOrDateTime', description: `First day or instant included: ${DATE_OR_DATE_TIME}. A date starts at that day's first instant in the record's time zone (UTC without one).` }),
    to: t.field({
      type: 'DateOrDateTime',
      description: `Last day or instant included: ${DATE_OR_DATE_TIME}. A date includes that whole day in the record's time zone (UTC without one); a date-time includes that instant.`,
    }),
  }),
});

export type DaysOrInstants = { from?: string | null; to?: string | null } | null | undefined;

/** Whether a `DateOrDateTimeRange` names a day, whose instants depend on the record's time zone. */
export const namesDay = (range: DaysOrInstants) => [range?.from, range?.to].some((end) => !!end && isDate(end));

/** A `DateOrDateTimeRange` as a Prisma condition on a date-time column, its days read in `zone`. */
export const withinDaysOrInstants = (range: DaysOrInstants, zone: string) =>
  range?.from || range?.to
    ? {
        gte: range.from ? parseBound(range.from, 'from', zone, false) : undefined,
        // A day ends where the next begins (excluded); an instant is itself included.
        ...(range.to ? { [isDate(range.to) ? 'lt' : 'lte']: parseBound(range.to, 'to', zone, true) } : {}),
      }
    : undefined;

export const MoneyRange = builder.inputType('MoneyRange', {
  description: 'An interval of amounts, both ends included; either end may be left open; `max` below `min` is refused. A record without the amount does not match.',
  validate: inOrder('min', 'max', (a: string, b: string) => new Decimal(a).comparedTo(b), 'less than'),
  fields: (t) => ({
    min: t.field({ type: 'Money', description: 'Smallest amount included, a decimal string such as "1000.00".' }),
    max: t.field({ type: 'Money', description: 'Largest amount included, a decimal string such as "5000.00".' }),
  }),
});

export const IntRange = builder.inputType('IntRange', {
  description: 'An interval of whole numbers, both ends included; either end may be left open; `max` below `min` is refused.',
  validate: inOrder('min', 'max', (a: number, b: number) => a - b, 'less than'),
  fields: (t) => ({
    min: t.int({ description: 'Smallest number included.' }),
    max: t.int({ description: 'Largest number included.' }),
  }),
});

/** A `MoneyRange` (decimal strings) or an `IntRange` as a Prisma condition on a number column. */
export const withinAmounts = <Bound extends string | number>(range: { min?: Bound | null; max?: Bound | null } | null | undefined) =>
  range ? { gte: range.min ?? undefined, lte: range.max ?? undefined } : undefined;
