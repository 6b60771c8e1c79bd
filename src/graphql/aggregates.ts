import { createHash } from 'node:crypto';
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

/** A list's totals, keyed by what they total (see `aggregateKey`). */
export interface Aggregate {
  id: string;
  count: number;
  sum: { id: string; values: Record<string, string> };
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
 * Declares, on a field answering a list of `entity` with sums (root or nested), the rows its
 * `aggregate` sums: `(parent, args, ctx) => ({ model: ctx.db.deal, where })`, the same condition
 * as its page's. Spread into the field's options with its other extensions.
 */
export const aggregateOver = <Parent, Args>(entity: string, sums: ListSums, rows: (parent: Parent, args: Args, ctx: Context) => Rows) => ({
  [AGGREGATE_OVER]: (parent: Parent, args: Args, ctx: Context) => aggregateOf(ctx, entity, rows(parent, args, ctx), sums),
});

/**
 * What a list's totals are keyed by: the tenant, the list (the entity and, nested, its parent) and
 * its filter, hashed. A normalized cache (Graphcache, Apollo) stores the totals of each list and
 * filter once, as it stores records, and refreshes them when they are read again; the same filter
 * always builds the same `where`, so the same totals keep one key.
 */
const aggregateKey = (ctx: Context, entity: string, where: object) =>
  createHash('sha256').update(JSON.stringify([ctx.principal?.tenantId, entity, where])).digest('base64url').slice(0, 22);

/** Count and sums of the rows, by the database; an empty list's sums are "0.00", never null. */
async function aggregateOf(ctx: Context, entity: string, { model, where }: Rows, sums: ListSums): Promise<Aggregate> {
  const columns = Object.keys(sums);
  const result = await (model as AggregateDelegate).aggregate({ where, _count: { _all: true }, _sum: Object.fromEntries(columns.map((c) => [c, true])) });
  const id = aggregateKey(ctx, entity, where);
  return { id, count: result._count._all, sum: { id, values: Object.fromEntries(columns.map((c) => [c, result._sum[c]?.toFixed(2) ?? '0.00'])) } };
}

/** The `XAggregate` and `XSums` types of a list with sums. */
export function aggregateType(entity: string, plural: string, sums: ListSums) {
  const keyDescription = 'Key of these totals for a client cache: the same list (and parent) with the same filter has the same key. Not a record id.';
  const sumsType = builder.objectRef<Aggregate['sum']>(`${entity}Sums`).implement({
    description: `Sums over all ${plural} matching the list's filter (every page), as decimal strings; "0.00" when none match.`,
    fields: (t) => ({
      id: t.exposeString('id', { description: keyDescription }),
      ...Object.fromEntries(Object.entries(sums).map(([column, description]) => [column, t.field({ type: 'Money', description, resolve: (sum) => sum.values[column]! })])),
    }),
  });
  return builder.objectRef<Aggregate>(`${entity}Aggregate`).implement({
    description: `Totals of all ${plural} matching the list's filter, whatever the page (\`first\`, \`after\`...); computed only when selected.`,
    fields: (t) => ({
      id: t.exposeString('id', { description: keyDescription }),
      count: t.exposeInt('count', { description: `Number of ${plural} matching the filter.` }),
      sum: t.field({ type: sumsType, description: `Sums of their amounts.`, resolve: (aggregate) => aggregate.sum }),
    }),
  });
}
