import { createHash } from 'node:crypto';
import type { InputFieldMap, ObjectRef } from '@pothos/core';
import { z } from 'zod';
import { badInput } from '../shared/errors.js';
import { AGGREGATE, type Aggregate, aggregateType, type ListSums } from './aggregates.js';
import { builder } from './builder.js';
import type { Context } from './context.js';
import { principalOf } from './context.js';
import { TOTAL_SELECTED } from './counted-lists.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits.js';

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
type FilterFieldBuilder = Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0];

/**
 * Lists as Relay connections, paged by keyset over any declared order: a list names its order
 * fields (columns; a nullable one sorts its nulls last in both directions) and its filter, and gets
 * `XConnection`, `XOrder`, `XOrderField` and `XFilter`. Ties are broken by id, so every order is
 * total and a cursor is one position.
 */

export type Direction = 'ASC' | 'DESC';

export const OrderDirection = builder.enumType('OrderDirection', {
  description: 'Sort direction.',
  values: {
    ASC: { description: 'Smallest first: A to Z, oldest first, lowest first.' },
    DESC: { description: 'Largest first: Z to A, newest first, highest first.' },
  },
});

export interface OrderFieldSpec {
  description: string;
  /** The Prisma field sorted by. */
  column: string;
  /** Dates travel in cursors as ISO strings and are revived. */
  date?: boolean;
  /** A number column (an integer or a decimal amount): a cursor's value must be one. */
  numeric?: boolean;
  /** An enum column, sorted in the enum's declared order: a cursor's value must be one of these. */
  values?: readonly string[];
  /** A nullable column: its nulls sort last in both directions (as an agent reading a sorted list expects the unknowns at the end). */
  nullable?: boolean;
}

/** Where a nullable key's nulls are in the order a page is read in: last, or first when a backward page reads the order reversed. */
type Nulls = 'first' | 'last';

/** The enum value description of an order field; a nullable one says where its nulls go. */
const orderFieldDescription = (field: OrderFieldSpec, plural: string) =>
  field.nullable ? `${field.description} ${plural[0]!.toUpperCase()}${plural.slice(1)} without one come last in both directions.` : field.description;

export interface Order {
  field: string;
  direction: Direction;
}

/** How a list sorts: plain data, declared by the list's service and read by its GraphQL types. */
export interface ListOrder {
  /** The entity, singular: `Lead` gives `LeadConnection`, `LeadOrder`, `LeadOrderField`, `LeadFilter`. */
  entity: string;
  orderFields: Record<string, OrderFieldSpec>;
  defaultOrder: Order;
  /** The unique, non-null column ties are broken by: `id` (a UUID) unless the table has none (OAuth grants: their `grantId`). */
  tieBreaker?: string;
}

export interface ListSpec<Fields extends InputFieldMap> {
  /** The entity in a sentence, plural: "leads". */
  plural: string;
  filterDescription: string;
  filter: (t: FilterFieldBuilder) => Fields;
  /** The amounts whose sums the connection's `aggregate` gives (src/graphql/aggregates.ts); none without. */
  sums?: ListSums;
}

/** What a list field receives: Relay's paging arguments, its order and its filter (and whether its count is selected). */
export interface ListArgs<Filter> {
  [TOTAL_SELECTED]?: boolean;
  [AGGREGATE]?: () => Promise<Aggregate>;
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  orderBy?: readonly Order[] | null;
  filter?: Filter | null;
}

/** The connection a list resolver returns; `totalCount` runs its count only when selected. */
export interface ListPage<Row> {
  edges: { cursor: string; node: Row }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  totalCount: () => Promise<number>;
  /** The list's totals, started beside the page when `aggregate` is selected. */
  aggregate?: Promise<Aggregate>;
}

/** The GraphQL vocabulary of one list: its connection type, order and filter inputs, and its arguments. */
export function defineList<Fields extends InputFieldMap, Node>(node: ObjectRef<Types, Node>, order: ListOrder, spec: ListSpec<Fields>) {
  const aggregate = spec.sums && aggregateType(order.entity, spec.plural, spec.sums);
  // The connection's `aggregate`, on the root list's connection and on those Pothos builds for the nested lists.
  const aggregateFields = (t: PothosSchemaTypes.ObjectFieldBuilder<Types, object>) =>
    aggregate && {
      aggregate: t.field({
        type: aggregate,
        description: `Count and sums of all ${spec.plural} matching the filter, across all pages.`,
        // A root list's page started it; a nested one (Pothos keeps its arguments on the page) starts it now.
        resolve: (page) => {
          const { aggregate: started, args } = page as ListPage<Node> & { args?: ListArgs<unknown> };
          const totals = started ?? args?.[AGGREGATE]?.();
          if (!totals) throw new Error(`${order.entity}: the list field declares no aggregateOver`);
          return totals;
        },
      }),
    };
  const connection = builder.connectionObject(
    {
      type: node,
      name: `${order.entity}Connection`,
      // Its cursors carry their own binding (list, order, filter, tenant): the operation guard leaves them to keysetPage.
      extensions: { keysetCursors: true },
      description: `A page of ${spec.plural}, with cursors to move through them and the number of ${spec.plural} matching across all pages.`,
      fields: (t) => ({
        totalCount: t.int({
          description: `Number of ${spec.plural} matching the filter across all pages (counted only when selected).`,
          resolve: (page) => (page as unknown as ListPage<Node>).totalCount(),
        }),
        ...aggregateFields(t as never),
      }),
    },
    { name: `${order.entity}Edge`, description: `One of ${spec.plural}, with its cursor.` },
  );
  const inputs = listInputs(order, spec);
  return {
    connection,
    args: () => builder.args((t) => ({ ...t.connectionArgs(), ...inputs(t) })),
    /** `orderBy` and `filter` alone, for a nested list whose paging arguments Pothos adds (`t.relatedConnection`). */
    nestedArgs: () => builder.args(inputs),
    /** The options of a nested list's connection (`t.relatedConnection`'s third argument): its `aggregate` when the list has sums. */
    nestedConnection: { fields: (t: PothosSchemaTypes.ObjectFieldBuilder<Types, object>) => aggregateFields(t) ?? {} },
  };
}

/**
 * A list's `orderBy` and `filter` arguments, with their `XOrder`, `XOrderField` and `XFilter`
 * types; every field listing the entity takes these, so a client sorts and filters it one way.
 */
export function listInputs<Fields extends InputFieldMap>(order: ListOrder, spec: ListSpec<Fields>) {
  const fieldEnum = builder.enumType(`${order.entity}OrderField`, {
    description: `What ${spec.plural} can be sorted by; ties are broken by id in the same direction.`,
    values: Object.fromEntries(Object.entries(order.orderFields).map(([name, field]) => [name, { description: orderFieldDescription(field, spec.plural) }])),
  });
  const orderInput = builder.inputType(`${order.entity}Order`, {
    description: `One sort key of ${spec.plural}.`,
    fields: (t) => ({
      field: t.field({ type: fieldEnum, required: true, description: 'The field to sort by.' }),
      direction: t.field({ type: OrderDirection, required: true, defaultValue: 'ASC', description: 'The direction; `ASC` unless given.' }),
    }),
  });
  const filterInput = builder.inputType(`${order.entity}Filter`, { description: spec.filterDescription, fields: spec.filter });
  const defaultOrder = `${order.defaultOrder.field} ${order.defaultOrder.direction}`;
  return (t: Parameters<Parameters<typeof builder.args>[0]>[0]) => ({
    orderBy: t.field({
      type: [orderInput],
      description: `Sort keys, most significant first (at most 3). Default: \`${defaultOrder}\`.`,
      validate: z.array(z.unknown()).max(3, 'takes at most 3 sort keys'),
    }),
    filter: t.field({ type: filterInput, description: `Only the ${spec.plural} matching every given condition.` }),
  });
}

type Where = Record<string, unknown>;

type SortKey = OrderFieldSpec & { direction: Direction; nulls?: Nulls };

/** The sort keys in force: the given ones (or the default), then the tie-breaker (id), each with its column; nullable ones with their nulls last. */
function sortKeys(spec: ListOrder, orderBy: readonly Order[] | null | undefined): SortKey[] {
  const given = orderBy?.length ? orderBy : [spec.defaultOrder];
  const keys = given.map((order) => {
    const field = spec.orderFields[order.field] as OrderFieldSpec;
    return { ...field, direction: order.direction, nulls: field.nullable ? ('last' as const) : undefined };
  });
  const last = keys.at(-1)?.direction ?? 'ASC';
  const tieBreaker = spec.tieBreaker ?? 'id';
  return [...keys.filter((k) => k.column !== tieBreaker), { column: tieBreaker, description: '', direction: last }];
}

/** Sort keys as Prisma's `orderBy`; a nullable column says where its nulls go (Prisma refuses that on a non-null one). */
const orderByOf = (keys: SortKey[]) =>
  keys.map((k) => {
    const sort = k.direction === 'ASC' ? ('asc' as const) : ('desc' as const);
    return { [k.column]: k.nulls ? { sort, nulls: k.nulls } : sort };
  });

/** A list's sort keys as Prisma's `orderBy`: the given ones (or the default), then id, so ties are broken and a cursor is one position. */
export const prismaOrderBy = (spec: ListOrder, orderBy: readonly Order[] | null | undefined) => orderByOf(sortKeys(spec, orderBy));

/**
 * The description sentences of a list nested under a parent (a company's deals), given the filter
 * condition the parent fixes when the entity has a root list too. It is the root list with the parent fixed, sorted and filtered the same way; Pothos pages it inside the
 * parent's query (one statement for every parent), with cursors that are rows' ids: those are not
 * bound to an order as the root list's are, so the sentence says what another order makes of them.
 */
export const nestedListNote = (fixed?: string) =>
  `${fixed ? `Takes the root list's \`orderBy\` and \`filter\` (\`filter.${fixed}\` is redundant here: the parent's own id changes nothing, another id matches nothing). ` : ''}Ties are broken by id. A cursor marks a row: given with another \`orderBy\` or \`filter\` than the page it came from, the next page continues after that row in the new order, or is empty when the row is not in the list.`;

/** What a cursor is bound to: the list, its order, its filter and the tenant; a cursor of another is refused. */
function bindingOf(list: string, ctx: Context, orderBy: readonly Order[] | null | undefined, filter: unknown) {
  // Conditions left out, null or empty are the same filter (REST sends `{}` where GraphQL sends none).
  const conditions = Object.entries((filter ?? {}) as Record<string, unknown>)
    .filter(([, value]) => value != null && !(Array.isArray(value) && value.length === 0))
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256')
    .update(JSON.stringify([list, principalOf(ctx).tenantId, orderBy?.length ? orderBy : null, conditions]))
    .digest('base64url')
    .slice(0, 12);
}

const cursorShape = z.union([
  z.tuple([z.literal('k'), z.string(), z.array(z.union([z.string(), z.number(), z.null()]))]),
  z.tuple([z.literal('o'), z.number().int().min(0).max(1_000_000)]),
]);
type KeyValue = string | number | null;
type Position = { values: KeyValue[] } | { offset: number };

function decodePosition(cursor: string, argument: string, binding: string): Position {
  const refused = () => badInput([{ field: argument, message: 'is not a cursor of this list with this order and filter' }]);
  let parsed: z.infer<typeof cursorShape>;
  try {
    parsed = cursorShape.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw refused();
  }
  if (parsed[0] === 'o') return { offset: parsed[1] };
  if (parsed[1] !== binding) throw refused();
  return { values: parsed[2] };
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A cursor that enters a list at an offset. Clients receive keyset cursors only; REST's numbered
 * pages (`?page=3`, `?offset=50`), which the specification defines by position, enter this way.
 */
export const offsetCursor = (offset: number) => (offset > 0 ? encode(['o', offset]) : null);

/** A key read the other way round (a backward page): its direction flipped, and its nulls with it. */
const flip = (key: SortKey): SortKey => ({
  ...key,
  direction: key.direction === 'ASC' ? 'DESC' : 'ASC',
  nulls: key.nulls && (key.nulls === 'last' ? 'first' : 'last'),
});

/**
 * Rows strictly after a position in key order: `(k1, k2, id) > (v1, v2, vid)` written as Prisma
 * can, with a leading bound on the first key so PostgreSQL reads an index range from the position.
 * A nullable key's nulls are one value past (or before) every other: a position on a null is
 * followed only by the other nulls (by the later keys) when nulls come last, by every non-null
 * value besides when they come first.
 */
function afterPosition(keys: SortKey[], values: KeyValue[]): Where {
  const value = (i: number) => (keys[i]?.date && values[i] !== null ? new Date(String(values[i])) : values[i]);
  const compared = (i: number, strict: boolean) => ({ [keys[i]!.column]: { [`${keys[i]!.direction === 'ASC' ? 'gt' : 'lt'}${strict ? '' : 'e'}`]: value(i) } });
  const isNull = (i: number) => ({ [keys[i]!.column]: null });
  /** Rows past the position's value on key i (null when none can be). */
  const beyond = (i: number, strict = true): Where | null => {
    const nulls = keys[i]!.nulls;
    if (value(i) === null) return nulls === 'first' ? { [keys[i]!.column]: { not: null } } : null;
    return nulls === 'last' ? { OR: [compared(i, strict), isNull(i)] } : compared(i, strict);
  };
  const alternatives = keys.flatMap((_, i) => {
    const past = beyond(i);
    return past ? [{ AND: [...keys.slice(0, i).map((k, j) => ({ [k.column]: value(j) })), past] }] : [];
  });
  // The leading bound: the first key's value or past it (on a null, nulls last: the nulls; nulls first: anything).
  const lead = value(0) === null ? (keys[0]!.nulls === 'last' ? isNull(0) : null) : beyond(0, false);
  return { AND: [...(lead ? [lead] : []), { OR: alternatives }] };
}

const uuid = z.uuid();

/** Whether a cursor's values are one per key: dates that parse, numbers for number columns, an enum's values, text elsewhere, null where a column may be, an id last. */
const fitsKeys = (keys: SortKey[], values: KeyValue[]) =>
  values.length === keys.length &&
  keys.every((key, i) => {
    const value = values[i];
    if (value === null) return !!key.nullable;
    if (key.column === 'id') return uuid.safeParse(value).success;
    if (key.values) return key.values.includes(String(value));
    if (key.date) return typeof value === 'string' && !Number.isNaN(Date.parse(value));
    return key.numeric ? /^-?\d{1,18}(\.\d{1,6})?$/.test(String(value)) : typeof value === 'string';
  });

const keyValue = (row: Record<string, unknown>, column: string): KeyValue => {
  const value = row[column];
  if (value == null) return null;
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'number' ? value : String(value);
};

/**
 * One row of a page with its cursor, encoded when read: a REST page reads only its last one, most
 * GraphQL pages none or one. A class, so its getter is shared rather than built for every row.
 */
class Edge<Row> {
  constructor(
    readonly node: Row,
    private readonly cursorOf: (node: Row) => string,
  ) {}

  get cursor(): string {
    return this.cursorOf(this.node);
  }
}

export interface KeysetQuery {
  where: Where;
  orderBy: Record<string, 'asc' | 'desc' | { sort: 'asc' | 'desc'; nulls: Nulls }>[];
  skip: number;
  take: number;
}

/**
 * One page of a list by keyset: `fetch` reads rows with the given where (to be combined with the
 * list's filter), order, skip and take; `count` counts the filter's rows. Forward with `first`/
 * `after`, backward with `last`/`before`. `hasPreviousPage` going forward (and `hasNextPage`
 * going backward) is whether a cursor was given, as Relay allows.
 */
export async function keysetPage<Row extends Record<string, unknown>>(
  ctx: Context,
  list: ListOrder,
  args: ListArgs<unknown>,
  fetch: (query: KeysetQuery) => Promise<Row[]>,
  count: () => Promise<number>,
): Promise<ListPage<Row>> {
  if (args.first != null && args.last != null) throw badInput([{ field: 'last', message: 'cannot be given with first' }]);
  const backward = args.last != null || (args.before != null && args.first == null);
  const size = (backward ? args.last : args.first) ?? DEFAULT_PAGE_SIZE;
  if (size < 0 || size > MAX_PAGE_SIZE) throw badInput([{ field: backward ? 'last' : 'first', message: `must be between 0 and ${MAX_PAGE_SIZE}` }]);
  const cursorArgument = backward ? 'before' : 'after';
  if ((backward ? args.after : args.before) != null) throw badInput([{ field: backward ? 'after' : 'before', message: `cannot be given with ${backward ? 'last' : 'first'}` }]);
  const cursor = backward ? args.before : args.after;
  const binding = bindingOf(list.entity, ctx, args.orderBy, args.filter);
  const keys = sortKeys(list, args.orderBy).map((k) => (backward ? flip(k) : k));
  const position = cursor ? decodePosition(cursor, cursorArgument, binding) : null;
  // A cursor is not signed: its binding can be recomputed, so its values are checked before they reach SQL.
  if (position && 'values' in position && !fitsKeys(keys, position.values)) throw badInput([{ field: cursorArgument, message: 'is not a cursor of this list with this order and filter' }]);
  const counted = args[TOTAL_SELECTED] ? count() : undefined;
  const aggregated = args[AGGREGATE]?.();
  // Awaited by `totalCount` and `aggregate`; should the page fail first, its failure is the answer's, not an unhandled rejection.
  counted?.catch(() => undefined);
  aggregated?.catch(() => undefined);
  const rows = await fetch({
    where: position && 'values' in position ? afterPosition(keys, position.values) : {},
    orderBy: orderByOf(keys),
    skip: position && 'offset' in position ? position.offset : 0,
    take: size + 1,
  });
  const more = rows.length > size;
  const page = more ? rows.slice(0, size) : rows;
  if (backward) page.reverse();
  const cursorOf = (node: Row) => encode(['k', binding, keys.map((k) => keyValue(node, k.column))]);
  const edges = page.map((node) => new Edge(node, cursorOf));
  return {
    edges,
    pageInfo: {
      hasNextPage: backward ? Boolean(cursor) : more,
      hasPreviousPage: backward ? more : Boolean(cursor),
      get startCursor() {
        return edges[0]?.cursor ?? null;
      },
      get endCursor() {
        return edges.at(-1)?.cursor ?? null;
      },
    },
    totalCount: () => counted ?? count(),
    aggregate: aggregated,
  };
}
