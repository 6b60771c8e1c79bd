import type { Decimal } from 'decimal.js';
import { builder } from './builder.js';
import type { Context } from './context.js';

/**
 * Totals of a whole filtered list: `XConnection.aggregate { count sum { ... } }`, computed by the
 * database over the list's filter (never its page), only when selected, beside the page. A list
 * declares the amounts it sums (`ListSums`, in its service) and, on each field listing it, the
 * rows those are taken over (`aggregateOver`); `defineList` adds the types.
 */

/** The decimal columns a list sums, each with the description of its sum. */
export type ListSums = Record<string, string>;

export interface Aggregate {
  count: number;
  sum: Record<string, string>;
}

/** Set on a list field's arguments when its selection includes `aggregate`: the totals of the field's rows, run when called. */
export const AGGREGATE = Symbol('aggregate selected');

/** What a field listing rows sums over: a model's delegate on the tenant-scoped client and a Prisma `where`. */
type AggregateDelegate = {
  aggregate(args: { where: object; _count: { _all: true }; _sum: Record<string, true> }): Promise<{ _count: { _all: number }; _sum: Record<string, Decimal | null> }>;
};
type Rows = { model: unknown; where: object };

/** The extension key of a list field's rows for its aggregate. */
export const AGGREGATE_OVER = 'aggregateOver';

/**
 * Declares, on a field answering a list with sums (root or nested), the rows its `aggregate` sums:
 * `(parent, args, ctx) => ({ model: ctx.db.deal, where })`, the same condition as its page's.
 * Spread into the field's options with its other extensions.
 */
export const aggregateOver = <Parent, Args>(sums: ListSums, rows: (parent: Parent, args: Args, ctx: Context) => Rows) => ({
  [AGGREGATE_OVER]: (parent: Parent, args: Args, ctx: Context) => aggregateOf(rows(parent, args, ctx), sums),
});

/** Count and sums of the rows, by the database; an empty list's sums are "0.00", never null. */
async function aggregateOf({ model, where }: Rows, sums: ListSums): Promise<Aggregate> {
  const columns = Object.keys(sums);
  const result = await (model as AggregateDelegate).aggregate({ where, _count: { _all: true }, _sum: Object.fromEntries(columns.map((c) => [c, true])) });
  return { count: result._count._all, sum: Object.fromEntries(columns.map((c) => [c, result._sum[c]?.toFixed(2) ?? '0.00'])) };
}

/** The `XAggregate` and `XSums` types of a list with sums. */
export function aggregateType(entity: string, plural: string, sums: ListSums) {
  const sumsType = builder.objectRef<Record<string, string>>(`${entity}Sums`).implement({
    description: `Sums over all ${plural} matching the list's filter (every page), as decimal strings; "0.00" when none match.`,
    fields: (t) =>
      Object.fromEntries(Object.entries(sums).map(([column, description]) => [column, t.field({ type: 'Money', description, resolve: (sum) => sum[column]! })])),
  });
  return builder.objectRef<Aggregate>(`${entity}Aggregate`).implement({
    description: `Totals of all ${plural} matching the list's filter, whatever the page (\`first\`, \`after\`...); computed only when selected.`,
    fields: (t) => ({
      count: t.exposeInt('count', { description: `Number of ${plural} matching the filter.` }),
      sum: t.field({ type: sumsType, description: `Sums of their amounts.`, resolve: (aggregate) => aggregate.sum }),
    }),
  });
}
