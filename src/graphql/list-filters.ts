import { builder } from './builder.js';

/**
 * The filter vocabulary every list shares (src/graphql/connection.ts builds the lists), so a
 * screen filters each list with the same words: intervals of instants, days and amounts, one or
 * several statuses, and text search.
 */

export const DateTimeRange = builder.inputType('DateTimeRange', {
  description: 'An interval of instants: from `from` (inclusive) to `to` (exclusive); either end may be left open.',
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

export const searchDescription = (fields: string) =>
  `Text search: every word (at most 5) must appear, in any case, in ${fields}.`;

/**
 * Calendar days, for date columns (a due date, an expected close date). A day is the record's own
 * local day where the record has a time zone (bookings: the resource's zone), a UTC day otherwise.
 */
export const DateRange = builder.inputType('DateRange', {
  description:
    "An interval of calendar days, both ends included; either end may be left open. A day is the record's local day where it has a time zone, the UTC day otherwise. A record without the date does not match.",
  fields: (t) => ({
    from: t.field({ type: 'Date', description: 'First day included (YYYY-MM-DD).' }),
    to: t.field({ type: 'Date', description: 'Last day included (YYYY-MM-DD).' }),
  }),
});

/** A `DateRange` as a Prisma condition on a date column. */
export const withinDays = (range: { from?: Date | null; to?: Date | null } | null | undefined) =>
  range ? { gte: range.from ?? undefined, lte: range.to ?? undefined } : undefined;

export const MoneyRange = builder.inputType('MoneyRange', {
  description: 'An interval of amounts, both ends included; either end may be left open. A record without the amount does not match.',
  fields: (t) => ({
    min: t.field({ type: 'Money', description: 'Smallest amount included, a decimal string such as "1000.00".' }),
    max: t.field({ type: 'Money', description: 'Largest amount included, a decimal string such as "5000.00".' }),
  }),
});

/** A `MoneyRange` as a Prisma condition on a decimal column. */
export const withinAmounts = (range: { min?: string | null; max?: string | null } | null | undefined) =>
  range ? { gte: range.min ?? undefined, lte: range.max ?? undefined } : undefined;
