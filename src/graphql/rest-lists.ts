import type { GraphQLArgument, GraphQLField, GraphQLInputField, GraphQLInputType } from 'graphql';
import { GraphQLInt, GraphQLString, getNamedType, getNullableType, isInputObjectType, isListType } from 'graphql';
import { z } from 'zod';
import { offsetCursor } from './connection.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits.js';
import { ONE_VALUE_DESCRIPTION } from './list-filters.js';

/**
 * REST's list routes over GraphQL connections. The specification pages its lists by cursor
 * (`limit`, `cursor` → `{data, nextCursor, hasMore}`), by page number (`page`, `limit` →
 * `{data, total, page, pageSize}`) or by offset (`limit`, `offset` → `{data, total, hasMore}`),
 * some routes answering fewer members (a route declares its own `members`), or whole (`{data}`), and
 * filters them with flat query parameters; GraphQL serves
 * every list as one connection (`first`, `after`, `filter`). A list route declares its paging and
 * which query parameters set which filter fields; this file turns one into the other both ways.
 */
export interface RestList {
  /** `whole`: no paging parameters, `{data}` holds every row (up to the largest page; the list's own rules keep it below that). */
  paging: 'cursor' | 'page' | 'offset' | 'whole';
  /** The envelope's members besides `data` when the route answers fewer than its paging's usual ones (`pagingMembers`). */
  members?: string[];
  /** A list the specification answers whole, of records a tenant has at most the largest page of: `limit` defaults to the largest page, not the default one. */
  whole?: boolean;
  /** `limit`'s default when not the default page size: a list answered whole before it was paged keeps its first page as large. */
  defaultLimit?: number;
  /**
   * Query parameters that set a filter field, by parameter: `{ status: 'status' }`; a dotted
   * target sets a field of an input the filter field takes (`{ from: 'startsAt.from' }`). A list
   * filter field takes one value.
   */
  filters?: Record<string, string>;
  /** The query parameter carrying a `cursor` list's position: `cursor` unless given (the events routes, published before lists shared one model, say `after`). */
  cursorParameter?: string;
  /** Parameters among `filters` that may repeat (`?type=a&type=b`), setting their list filter field to every value. */
  repeatable?: string[];
}

type Params = Record<string, unknown>;

/** A query parameter of REST's own, shaped as a GraphQL argument so every consumer (checks, OpenAPI, MCP) reads it alike. */
const parameter = (name: string, type: GraphQLInputType, description: string, defaultValue?: unknown, validate?: z.ZodType): GraphQLArgument => ({
  name,
  type,
  description,
  defaultValue,
  deprecationReason: null,
  extensions: validate ? { pothosOptions: { validate } } : {},
  astNode: undefined,
});

const sizeRule = z.number().int().min(1, `must be between 1 and ${MAX_PAGE_SIZE}`).max(MAX_PAGE_SIZE, `must be between 1 and ${MAX_PAGE_SIZE}`);
const limit = (what: string, size = DEFAULT_PAGE_SIZE) => parameter('limit', GraphQLInt, `${what}: 1 to ${MAX_PAGE_SIZE}, default ${size}.`, size, sizeRule);
const wholeLimit = parameter(
  'limit',
  GraphQLInt,
  `Maximum rows to return: 1 to ${MAX_PAGE_SIZE}. No default: without it, every row is answered (the tenant may hold at most ${MAX_PAGE_SIZE} of these).`,
  undefined,
  sizeRule,
);
const offset = parameter('offset', GraphQLInt, 'Rows to skip, default 0.', 0, z.number().int().min(0, 'must be 0 or more').max(1_000_000, 'must be at most 1000000'));

/** The envelope members besides `data` each paging answers, unless a route declares fewer. */
const pagingMembers: Record<RestList['paging'], string[]> = { cursor: ['nextCursor', 'hasMore'], page: ['total', 'page', 'pageSize'], offset: ['total', 'hasMore'], whole: [] };
const membersOf = (list: RestList) => list.members ?? pagingMembers[list.paging];
const defaultSize = (list: RestList) => (list.whole || list.paging === 'whole' ? MAX_PAGE_SIZE : (list.defaultLimit ?? DEFAULT_PAGE_SIZE));
const cursorName = (list: RestList) => list.cursorParameter ?? 'cursor';

const pagingParameters = (list: RestList): GraphQLArgument[] =>
  ({
    cursor: [
      limit('Maximum rows to return', defaultSize(list)),
      parameter(cursorName(list), GraphQLString, "Opaque position: the previous page's `nextCursor`. Omit for the first page."),
    ],
    page: [
      parameter('page', GraphQLInt, 'Page number, 1-based.', 1, z.number().int().min(1, 'must be 1 or more').max(10_000, 'must be at most 10000')),
      limit('Rows per page', defaultSize(list)),
    ],
    offset: [limit('Maximum rows to return', defaultSize(list)), offset],
    whole: [],
  })[list.paging];

/** The filter input type of a connection field. */
function filterType(field: GraphQLField<unknown, unknown>) {
  const type = field.args.find((a) => a.name === 'filter')?.type;
  const named = type && getNamedType(type);
  if (!named || !isInputObjectType(named)) throw new Error(`${field.name} is a REST list but takes no filter`);
  return named;
}

/** The input fields a parameter's target names, outermost first: a filter field, or by a dotted path that and fields of the inputs it takes. */
function targetFields(field: GraphQLField<unknown, unknown>, target: string): GraphQLInputField[] {
  const fields: GraphQLInputField[] = [];
  for (const name of target.split('.')) {
    const owner = fields.length ? getNamedType(fields[fields.length - 1]!.type) : filterType(field);
    const next = isInputObjectType(owner) ? owner.getFields()[name] : undefined;
    if (!next) throw new Error(`${field.name}: a REST parameter sets unknown filter field ${target}`);
    fields.push(next);
  }
  return fields;
}

/** The route's query parameters: its paging, then its filters, typed and described as the filter fields they set. */
export function restListParameters(field: GraphQLField<unknown, unknown>, list: RestList): GraphQLArgument[] {
  const filters = Object.entries(list.filters ?? {}).map(([name, target]) => {
    const fields = targetFields(field, target);
    const input = fields[fields.length - 1]!;
    const type = getNullableType(input.type);
    const narrowed = isListType(type) && !list.repeatable?.includes(name);
    const one = narrowed ? getNullableType(type.ofType) : type;
    // A nested field says what it is (`First day included`), the fields around it what it filters;
    // a field of several values read from one parameter says what one value does (`anyOfDescription`).
    const oneValue = narrowed ? ((input.extensions[ONE_VALUE_DESCRIPTION] as string | undefined) ?? `${input.description ?? ''} One value here.`.trim()) : undefined;
    const description = oneValue ?? fields.map((f) => f.description ?? '').reverse().join(' ').trim();
    return { ...parameter(name, one as GraphQLInputType, description), extensions: input.extensions };
  });
  const paging = list.whole ? [wholeLimit, ...pagingParameters(list).filter((p) => p.name !== 'limit')] : pagingParameters(list);
  return [...paging, ...filters];
}

/** The route's document: the connection with REST's page and filter as variables, selecting the members REST answers. */
export function restListDocument(field: GraphQLField<unknown, unknown>, list: RestList, nodeSelection: string, operationName: string) {
  const pathArgs = field.args.filter((a) => !['first', 'last', 'after', 'before', 'orderBy', 'filter'].includes(a.name));
  const filter = filterType(field).name;
  const variables = [...pathArgs.map((a) => `$${a.name}: ${a.type.toString()}`), '$first: Int', '$after: String', `$filter: ${filter}`].join(', ');
  const args = [...pathArgs.map((a) => `${a.name}: $${a.name}`), 'first: $first', 'after: $after', 'filter: $filter'].join(', ');
  const wanted = membersOf(list);
  const members = [
    wanted.includes('total') ? 'totalCount' : '',
    wanted.includes('hasMore') ? `pageInfo { hasNextPage${list.paging === 'cursor' ? ' endCursor' : ''} }` : '',
  ].join(' ');
  return `query ${operationName}(${variables}) { ${field.name}(${args}) { nodes ${nodeSelection} ${members} } }`;
}

/** GraphQL variables from REST's parameters (already checked and coerced). */
export function restListVariables(list: RestList, params: Params): Params {
  const size = (params.limit as number | undefined) ?? defaultSize(list);
  const skipped = list.paging === 'offset' ? ((params.offset as number | undefined) ?? 0) : (((params.page as number | undefined) ?? 1) - 1) * size;
  const after = list.paging === 'cursor' ? params[cursorName(list)] : offsetCursor(skipped);
  const filter: Params = {};
  for (const [name, target] of Object.entries(list.filters ?? {})) {
    if (params[name] === undefined || params[name] === null) continue;
    // `startsAt.from` sets `from` in the filter's `startsAt` input.
    const path = target.split('.');
    const leaf = path.pop()!;
    const owner = path.reduce((node, key) => (node[key] ??= {}) as Params, filter);
    owner[leaf] = params[name];
  }
  const rest = Object.fromEntries(Object.entries(params).filter(([name]) => !['limit', cursorName(list), 'page', 'offset'].includes(name) && !(name in (list.filters ?? {}))));
  return { ...rest, first: size, after: after ?? null, filter };
}

/** A problem's field as REST names it: `first` is `limit`, `after` is the cursor or page, a filter field is its parameter. */
export function restListField(list: RestList, rootField: string, field: string): string {
  // The operation guard names a connection argument by its path (`leads.first`).
  const [head, ...rest] = field.startsWith(`${rootField}.`) ? field.slice(rootField.length + 1).split('.') : field.split('.');
  if (head === 'first') return 'limit';
  if (head === 'after') return { cursor: cursorName(list), page: 'page', offset: 'offset', whole: field }[list.paging];
  // A problem within a parameter's target (`filter.startsAt.from`, `filter.status.1`) is that parameter's (`from`, `status`).
  const path = rest.join('.');
  if (head === 'filter' && path) return Object.entries(list.filters ?? {}).find(([, target]) => path === target || path.startsWith(`${target}.`))?.[0] ?? field;
  return field;
}

interface ConnectionAnswer {
  nodes: unknown[];
  pageInfo?: { hasNextPage: boolean; endCursor: string | null };
  totalCount?: number;
}

/** REST's list envelope from the connection's answer. */
export function restListAnswer(list: RestList, value: ConnectionAnswer, params: Params) {
  const more = value.pageInfo?.hasNextPage ?? false;
  const all: Record<string, unknown> = {
    nextCursor: more ? (value.pageInfo?.endCursor ?? null) : null,
    hasMore: more,
    total: value.totalCount ?? 0,
    page: (params.page as number | undefined) ?? 1,
    pageSize: (params.limit as number | undefined) ?? defaultSize(list),
  };
  return { data: value.nodes, ...Object.fromEntries(membersOf(list).map((name) => [name, all[name]])) };
}

/** The JSON Schema of REST's list envelope around the schema of one item. */
export function restListSchema(list: RestList, item: Record<string, unknown>) {
  const schemas: Record<string, Record<string, unknown>> = {
    nextCursor: { type: ['string', 'null'], description: 'Cursor of the next page; null on the last page.' },
    hasMore: { type: 'boolean', description: list.paging === 'offset' ? 'Whether more rows follow (ask again with a larger `offset`).' : 'Whether another page follows.' },
    total: { type: 'integer', description: 'Number of matching rows across all pages.' },
    page: { type: 'integer', description: 'This page number, 1-based.' },
    pageSize: { type: 'integer', description: 'Maximum rows per page (the `limit` asked for).' },
  };
  const members = Object.fromEntries(membersOf(list).map((name) => [name, schemas[name]]));
  const properties = { data: { type: 'array', items: item, description: list.paging === 'whole' ? 'Every row.' : 'The rows of this page.' }, ...members };
  return { type: 'object', required: Object.keys(properties), properties };
}
