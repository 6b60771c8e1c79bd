import { Prisma } from '../generated/prisma/client.js';
import type { KeysetQuery } from '../graphql/connection.js';
import { modelColumns } from './datamodel.js';
import { scopedTenantId, type TenantDb } from './tenant-scope.js';

/**
 * A flat list's reads as one raw SQL statement each, compiled from the same Prisma `where` its
 * service builds: on the hottest lists Prisma's query building and row mapping cost more than the
 * SQL (measured in issue 27's note), while `$queryRaw` keeps Prisma's connection, transaction
 * and type mapping (dates, JSON, decimals) for both databases. Only the conditions the list
 * filters produce are understood (AND, OR, equality, `in`, ranges, `contains`) on the model's own
 * columns; anything else (a relation, another operator) throws, which every filter's tests would
 * meet, so a filter never silently means something else. Lists with nested records stay on Prisma.
 */

type Where = Record<string, unknown>;
type Scalars<Model extends Prisma.ModelName> = Prisma.TypeMap['model'][Model]['payload']['scalars'];

/** Each model's column names. */
const columnsOf = new Map([...modelColumns].map(([model, columns]) => [model, new Set(columns.map((column) => column.name))]));

/** Each model's table and select list as SQL, built once rather than on every request. */
const tableSql = new Map([...columnsOf].map(([model, columns]) => [model, { table: Prisma.raw(`"${model}"`), selected: Prisma.raw([...columns].map((column) => `"${column}"`).join(', ')) }]));

const TRUE = Prisma.sql`TRUE`;
const FALSE = Prisma.sql`FALSE`;

const all = (parts: Prisma.Sql[]) => (parts.length ? Prisma.join(parts, ' AND ', '(', ')') : TRUE);

const isOperators = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** One column's condition: a value (equality, null for IS NULL) or Prisma's operators on it. */
function columnCondition(column: Prisma.Sql, condition: unknown): Prisma.Sql[] {
  if (condition === null) return [Prisma.sql`${column} IS NULL`];
  if (!isOperators(condition)) return [Prisma.sql`${column} = ${condition}`];
  const { mode, ...operators } = condition;
  const like = mode === 'insensitive' ? Prisma.raw('ILIKE') : Prisma.raw('LIKE');
  if (mode !== undefined && mode !== 'insensitive' && mode !== 'default') throw new Error(`sql-list: mode ${String(mode)}`);
  return Object.entries(operators)
    .filter(([, value]) => value !== undefined)
    .map(([operator, value]) => {
      switch (operator) {
        case 'equals': return value === null ? Prisma.sql`${column} IS NULL` : Prisma.sql`${column} = ${value}`;
        // Only `not: null` (a keyset position past a nullable key's nulls); `not: value` would need its NULL semantics.
        case 'not': if (value === null) return Prisma.sql`${column} IS NOT NULL`; throw new Error('sql-list: not a value');
        case 'in': return (value as unknown[]).length ? Prisma.sql`${column} IN (${Prisma.join(value as unknown[])})` : FALSE;
        case 'gt': return Prisma.sql`${column} > ${value}`;
        case 'gte': return Prisma.sql`${column} >= ${value}`;
        case 'lt': return Prisma.sql`${column} < ${value}`;
        case 'lte': return Prisma.sql`${column} <= ${value}`;
        // Prisma's `contains` is LIKE '%text%' with the text as given (callers escape it: likeLiteral).
        case 'contains': return Prisma.sql`${column} ${like} ${`%${String(value)}%`}`;
        default: throw new Error(`sql-list: operator ${operator}`);
      }
    });
}

/** A Prisma `where` of `model` as SQL conditions; undefined conditions are absent, as in Prisma. */
function conditions(model: string, where: Where): Prisma.Sql[] {
  const columns = columnsOf.get(model)!;
  return Object.entries(where).flatMap(([key, value]): Prisma.Sql[] => {
    if (value === undefined) return [];
    if (key === 'AND') return (Array.isArray(value) ? value : [value]).flatMap((part: Where) => conditions(model, part));
    if (key === 'OR') return [(value as Where[]).length ? Prisma.join((value as Where[]).map((part) => all(conditions(model, part))), ' OR ', '(', ')') : FALSE];
    if (!columns.has(key)) throw new Error(`sql-list: ${model}.${key} is not a column`);
    return columnCondition(Prisma.raw(`"${key}"`), value);
  });
}

/** The rows of one model matching `where` in the client's tenant: a keyset page of them, and their count. */
export function sqlList<Model extends Prisma.ModelName>(db: TenantDb, model: Model, where: Where) {
  const columns = columnsOf.get(model)!;
  if (!columns.has('tenantId')) throw new Error(`sql-list: ${model} does not belong to a tenant`);
  const { table, selected } = tableSql.get(model)!;
  // The tenant condition comes from the scoped client, as for every raw statement (src/db/tenant-scope.ts).
  const matching = (extra: Where = {}) => all([Prisma.sql`"tenantId" = ${scopedTenantId(db)}::uuid`, ...conditions(model, where), ...conditions(model, extra)]);
  return {
    page: (query: KeysetQuery) => {
      const order = query.orderBy.flatMap((key) =>
        Object.entries(key).map(([column, sort]) => {
          if (!columns.has(column)) throw new Error(`sql-list: ${model}.${column} is not a column`);
          const { sort: direction, nulls } = typeof sort === 'string' ? { sort, nulls: undefined } : sort;
          return Prisma.raw(`"${column}" ${direction === 'asc' ? 'ASC' : 'DESC'}${nulls ? ` NULLS ${nulls === 'last' ? 'LAST' : 'FIRST'}` : ''}`);
        }),
      );
      return db.$queryRaw<Scalars<Model>[]>`SELECT ${selected} FROM ${table} WHERE ${matching(query.where)} ORDER BY ${Prisma.join(order)} LIMIT ${query.take} OFFSET ${query.skip}`;
    },
    count: async () => {
      const [row] = await db.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM ${table} WHERE ${matching()}`;
      return row!.count;
    },
  };
}
