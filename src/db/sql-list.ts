import { Prisma } from '../generated/prisma/client.js';
import type { KeysetQuery } from '../graphql/connection.js';
import { modelColumns, modelToOneRelations } from './datamodel.js';
import { scopedTenantId, type TenantDb } from './tenant-scope.js';

/**
 * A flat list's reads as one raw SQL statement each, compiled from the same Prisma `where` its
 * service builds: on the hottest lists Prisma's query building and row mapping cost more than the
 * SQL (measured in issue 27's note), while `$queryRaw` keeps Prisma's connection, transaction
 * and type mapping (dates, JSON, decimals) for both databases. Only the conditions the list
 * filters produce are understood (AND, OR, equality, `in`, ranges, `contains`) on the model's own
 * columns; anything else (a list relation, another operator) throws, which every filter's tests would
 * meet, so a filter never silently means something else. A condition on a to-one relation's
 * columns (`stage: { pipelineId }`) is an `EXISTS` over its row. To-one relations read whole with the
 * rows (Prisma's `include: { company: true }`) are joined in the same statement (`joinedRelations`):
 * the deals page with its company, contact, stage and owner is one statement, as PostGraphile reads
 * it. Lists that select relations otherwise (a list relation, a nested include) stay on Prisma.
 */

type Where = Record<string, unknown>;
type Scalars<Model extends Prisma.ModelName> = Prisma.TypeMap['model'][Model]['payload']['scalars'];

/** Each model's column names. */
const columnsOf = new Map([...modelColumns].map(([model, columns]) => [model, new Set(columns.map((column) => column.name))]));

/** A model's columns as SQL select items of the table named `alias`, each under `as(column)`. */
const selectItems = (model: string, alias: string, as: (column: string) => string) =>
  [...columnsOf.get(model)!].map((column) => `${alias}."${column}" AS "${as(column)}"`).join(', ');

/** The statement's own table is `t`; a joined relation's is `t_<relation>`, its columns named `<relation>.<column>`. */
const BASE = 't';
const joinedAlias = (relation: string) => `${BASE}_${relation}`;
const joinedColumn = (relation: string, column: string) => `${relation}.${column}`;

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

/** A Prisma `where` of `model` (the table named `alias`) as SQL conditions; undefined conditions are absent, as in Prisma. */
function conditions(model: string, where: Where, alias: string): Prisma.Sql[] {
  const columns = columnsOf.get(model)!;
  return Object.entries(where).flatMap(([key, value]): Prisma.Sql[] => {
    if (value === undefined) return [];
    if (key === 'AND') return (Array.isArray(value) ? value : [value]).flatMap((part: Where) => conditions(model, part, alias));
    if (key === 'OR') return [(value as Where[]).length ? Prisma.join((value as Where[]).map((part) => all(conditions(model, part, alias))), ' OR ', '(', ')') : FALSE];
    const relation = modelToOneRelations.get(model)!.get(key);
    if (relation && isOperators(value)) {
      // The related row exists and matches (Prisma's `relation: { column: ... }`), in the same tenant as the row.
      const inner = `${alias}_${key}`;
      const sameTenant = columnsOf.get(relation.model)!.has('tenantId') ? [Prisma.raw(`${inner}."tenantId" = ${alias}."tenantId"`)] : [];
      const matched = all([Prisma.raw(`${inner}.id = ${alias}."${relation.column}"`), ...sameTenant, ...conditions(relation.model, value, inner)]);
      return [Prisma.sql`EXISTS (SELECT 1 FROM ${Prisma.raw(`"${relation.model}" ${inner}`)} WHERE ${matched})`];
    }
    if (!columns.has(key)) throw new Error(`sql-list: ${model}.${key} is not a column`);
    return columnCondition(Prisma.raw(`${alias}."${key}"`), value);
  });
}

/**
 * The to-one relations of `model` a Prisma query reads whole and nothing else (`{ include: { company:
 * true, owner: true } }`, which Pothos plans for a page that selects only their scalar fields), for
 * `sqlList` to join; undefined when the query asks anything else (a `select`, a nested include, a
 * list relation, a count), which Prisma reads.
 */
export function joinedRelations(model: string, query: { include?: Record<string, unknown>; select?: unknown }): string[] | undefined {
  if (query.select !== undefined) return undefined;
  const relations = modelToOneRelations.get(model)!;
  const included = Object.entries(query.include ?? {});
  return included.every(([name, value]) => value === true && relations.has(name)) ? included.map(([name]) => name) : undefined;
}

/** Each model's statement parts by its joined relations, made once per combination (a route always asks the same). */
const joinsMade = new Map<string, ReturnType<typeof makeJoins>>();

function joinsOf(model: string, joined: readonly string[]) {
  const key = `${model}:${joined.join(',')}`;
  let made = joinsMade.get(key);
  if (!made) joinsMade.set(key, (made = makeJoins(model, joined)));
  return made;
}

/** Statement parts of the joined relations: their select items, their joins, and how a flat row becomes Prisma's nested one. */
function makeJoins(model: string, joined: readonly string[]) {
  const relations = joined.map((name) => {
    const { model: related, column } = modelToOneRelations.get(model)!.get(name)!;
    const alias = joinedAlias(name);
    const sameTenant = columnsOf.get(related)!.has('tenantId') ? ` AND ${alias}."tenantId" = ${BASE}."tenantId"` : '';
    return {
      name,
      // Each column with its key in the flat row, made once: a key built per row is a new string to hash at every read.
      keys: [...columnsOf.get(related)!].map((column) => [column, joinedColumn(name, column)] as const),
      idKey: joinedColumn(name, 'id'),
      selected: selectItems(related, alias, (c) => joinedColumn(name, c)),
      join: `LEFT JOIN "${related}" ${alias} ON ${alias}.id = ${BASE}."${column}"${sameTenant}`,
    };
  });
  const own = [...columnsOf.get(model)!];
  /** The row as Prisma's `include` answers it: its own columns, and each relation's row (null when its key is). */
  const nest = (flat: Record<string, unknown>) => {
    const row: Record<string, unknown> = {};
    for (const column of own) row[column] = flat[column];
    for (const { name, keys, idKey } of relations) {
      if (flat[idKey] === null) {
        row[name] = null;
        continue;
      }
      const related: Record<string, unknown> = {};
      for (const [column, key] of keys) related[column] = flat[key];
      row[name] = related;
    }
    return row;
  };
  return {
    selected: Prisma.raw([selectItems(model, BASE, (c) => c), ...relations.map((r) => r.selected)].join(', ')),
    joins: Prisma.raw(relations.map((r) => r.join).join(' ')),
    nest: relations.length ? nest : undefined,
  };
}

/**
 * The rows of one model matching `where` in the client's tenant: a keyset page of them (with the
 * `joined` relations' rows, see `joinedRelations`), and their count.
 */
export function sqlList<Model extends Prisma.ModelName>(db: TenantDb, model: Model, where: Where, joined: readonly string[] = []) {
  const columns = columnsOf.get(model)!;
  if (!columns.has('tenantId')) throw new Error(`sql-list: ${model} does not belong to a tenant`);
  const table = Prisma.raw(`"${model}" ${BASE}`);
  const { selected, joins, nest } = joinsOf(model, joined);
  // The tenant condition comes from the scoped client, as for every raw statement (src/db/tenant-scope.ts).
  const matching = (extra: Where = {}) => all([Prisma.sql`${Prisma.raw(BASE)}."tenantId" = ${scopedTenantId(db)}::uuid`, ...conditions(model, where, BASE), ...conditions(model, extra, BASE)]);
  return {
    page: (query: KeysetQuery) => {
      const order = query.orderBy.flatMap((key) =>
        Object.entries(key).map(([column, sort]) => {
          if (!columns.has(column)) throw new Error(`sql-list: ${model}.${column} is not a column`);
          const { sort: direction, nulls } = typeof sort === 'string' ? { sort, nulls: undefined } : sort;
          return Prisma.raw(`${BASE}."${column}" ${direction === 'asc' ? 'ASC' : 'DESC'}${nulls ? ` NULLS ${nulls === 'last' ? 'LAST' : 'FIRST'}` : ''}`);
        }),
      );
      const rows = db.$queryRaw<Scalars<Model>[]>`SELECT ${selected} FROM ${table} ${joins} WHERE ${matching(query.where)} ORDER BY ${Prisma.join(order)} LIMIT ${query.take} OFFSET ${query.skip}`;
      return nest ? rows.then((flat) => flat.map(nest) as Scalars<Model>[]) : rows;
    },
    count: async () => {
      const [row] = await db.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM ${table} WHERE ${matching()}`;
      return row!.count;
    },
  };
}
