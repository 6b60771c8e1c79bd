import { createHash } from 'node:crypto';
import type { InputFieldMap, ObjectRef } from '@pothos/core';
import { z } from 'zod';
import { badInput } from '../shared/errors.js';
import { builder } from './builder.js';
import type { Context } from './context.js';
import { principalOf } from './context.js';
import { TOTAL_SELECTED } from './counted-lists.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits.js';

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
type FilterFieldBuilder = Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0];

/**
 * Lists as Relay connections, paged by keyset over any declared order: a list names its order
 * fields (each a non-null column) and its filter, and gets `XConnection`, `XOrder`, `XOrderField`
 * and `XFilter`. Ties are broken by id, so every order is total and a cursor is one position.
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
  /** The Prisma field sorted by; it must be non-null so that keyset positions compare. */
  column: string;
  /** Dates travel in cursors as ISO strings and are revived. */
  date?: boolean;
  /** A number column (an integer or a decimal amount): a cursor's value must be one. */
  numeric?: boolean;
}

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
}

/** What a list field receives: Relay's paging arguments, its order and its filter (and whether its count is selected). */
export interface ListArgs<Filter> {
  [TOTAL_SELECTED]?: boolean;
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
}

/** The GraphQL vocabulary of one list: its connection type, order and filter inputs, and its arguments. */
export function defineList<Fields extends InputFieldMap, Node>(node: ObjectRef<Types, Node>, order: ListOrder, spec: ListSpec<Fields>) {
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
  };
}

/**
 * A list's `orderBy` and `filter` arguments, with their `XOrder`, `XOrderField` and `XFilter`
 * types; every field listing the entity takes these, so a client sorts and filters it one way.
 */
export function listInputs<Fields extends InputFieldMap>(order: ListOrder, spec: ListSpec<Fields>) {
  const fieldEnum = builder.enumType(`${order.entity}OrderField`, {
    description: `What ${spec.plural} can be sorted by; ties are broken by id in the same direction.`,
    values: Object.fromEntries(Object.entries(order.orderFields).map(([name, field]) => [name, { description: field.description }])),
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

/** The sort keys in force: the given ones (or the default), then the tie-breaker (id), each with its column. */
function sortKeys(spec: ListOrder, orderBy: readonly Order[] | null | undefined) {
  const given = orderBy?.length ? orderBy : [spec.defaultOrder];
  const keys = given.map((order) => ({ ...(spec.orderFields[order.field] as OrderFieldSpec), direction: order.direction }));
  const last = keys.at(-1)?.direction ?? 'ASC';
  const tieBreaker = spec.tieBreaker ?? 'id';
  return [...keys.filter((k) => k.column !== tieBreaker), { column: tieBreaker, description: '', direction: last }];
}

/** A list's sort keys as Prisma's `orderBy`: the given ones (or the default), then id, so ties are broken and a cursor is one position. */
export const prismaOrderBy = (spec: ListOrder, orderBy: readonly Order[] | null | undefined) =>
  sortKeys(spec, orderBy).map((k) => ({ [k.column]: k.direction === 'ASC' ? ('asc' as const) : ('desc' as const) }));

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
  z.tuple([z.literal('k'), z.string(), z.array(z.union([z.string(), z.number()]))]),
  z.tuple([z.literal('o'), z.number().int().min(0).max(1_000_000)]),
]);
type Position = { values: (string | number)[] } | { offset: number };

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

const flip = (direction: Direction): Direction => (direction === 'ASC' ? 'DESC' : 'ASC');

/**
 * Rows strictly after a position in key order: `(k1, k2, id) > (v1, v2, vid)` written as Prisma
 * can, with a leading bound on the first key so PostgreSQL reads an index range from the position.
 */
function afterPosition(keys: { column: string; direction: Direction; date?: boolean }[], values: (string | number)[]): Where {
  const value = (i: number) => (keys[i]?.date ? new Date(String(values[i])) : values[i]);
  const beyond = (i: number) => ({ [keys[i]!.column]: { [keys[i]!.direction === 'ASC' ? 'gt' : 'lt']: value(i) } });
  const alternatives = keys.map((_, i) => ({ AND: [...keys.slice(0, i).map((k, j) => ({ [k.column]: value(j) })), beyond(i)] }));
  const first = keys[0]!;
  return { AND: [{ [first.column]: { [first.direction === 'ASC' ? 'gte' : 'lte']: value(0) } }, { OR: alternatives }] };
}

const uuid = z.uuid();

/** Whether a cursor's values are one per key: dates that parse, numbers for number columns, text elsewhere, an id last. */
const fitsKeys = (keys: { column: string; date?: boolean; numeric?: boolean }[], values: (string | number)[]) =>
  values.length === keys.length &&
  keys.every((key, i) => {
    const value = values[i];
    if (key.column === 'id') return uuid.safeParse(value).success;
    if (key.date) return typeof value === 'string' && !Number.isNaN(Date.parse(value));
    return key.numeric ? /^-?\d{1,18}(\.\d{1,6})?$/.test(String(value)) : typeof value === 'string';
  });

const keyValue = (row: Record<string, unknown>, column: string): string | number => {
  const value = row[column];
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
  orderBy: Record<string, 'asc' | 'desc'>[];
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
  const keys = sortKeys(list, args.orderBy).map((k) => (backward ? { ...k, direction: flip(k.direction) } : k));
  const position = cursor ? decodePosition(cursor, cursorArgument, binding) : null;
  // A cursor is not signed: its binding can be recomputed, so its values are checked before they reach SQL.
  if (position && 'values' in position && !fitsKeys(keys, position.values)) throw badInput([{ field: cursorArgument, message: 'is not a cursor of this list with this order and filter' }]);
  const counted = args[TOTAL_SELECTED] ? count() : undefined;
  // Awaited by `totalCount`; should the page fail first, its failure is the answer's, not an unhandled rejection.
  counted?.catch(() => undefined);
  const rows = await fetch({
    where: position && 'values' in position ? afterPosition(keys, position.values) : {},
    orderBy: keys.map((k) => ({ [k.column]: k.direction === 'ASC' ? 'asc' : 'desc' })),
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
  };
}
