import type { GraphQLArgument } from 'graphql';
import { GraphQLString } from 'graphql';
import { offsetCursor } from '../graphql/connection.js';
import type { Operation } from '../graphql/operations.js';
import type { JsonSchema } from '../http/json-schema.js';
import type { FieldProblem } from '../shared/errors.js';

// Every list tool pages one way, whatever its REST route does: `limit` and `cursor` in, `nextCursor`
// and `hasMore` out. A route paged by cursor takes the tool's cursor as its own (`cursor`, or `after`
// on the events routes). A route paged by page number or offset is entered at the position the
// tool's cursor carries, as REST's numbered pages enter its connection (`offsetCursor`); REST
// itself keeps its own paging.

export const CURSOR = 'cursor';

const cursorArgument = (description: string): GraphQLArgument => ({
  name: CURSOR,
  type: GraphQLString,
  description,
  defaultValue: undefined,
  deprecationReason: null,
  extensions: {},
  astNode: undefined,
});

/** The largest position a cursor may carry: REST's own bound on `offset`. */
const MAX_POSITION = 1_000_000;

const encodePosition = (position: number) => Buffer.from(`p${position}`).toString('base64url');

function decodePosition(cursor: unknown): number | null {
  if (typeof cursor !== 'string') return null;
  const position = /^p(\d{1,7})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'))?.[1];
  return position !== undefined && Number(position) <= MAX_POSITION ? Number(position) : null;
}

/** How one list tool's arguments and answer map onto its route's paging. */
export interface ListPaging {
  /** The route's paging parameters the tool does not take (it takes `cursor` instead). */
  routeParameters: readonly string[];
  /** The tool's `cursor`, beside its other arguments. */
  cursor: GraphQLArgument;
  /** A cursor the tool cannot read, as a 400's detail; none for a route that reads its own. */
  problems(args: Record<string, unknown>): FieldProblem[];
  /** The route's parameters from the tool's, and the position a numbered route is entered at. */
  routeCall(params: Record<string, unknown>): { params: Record<string, unknown>; after?: string | null };
  /** The tool's answer from REST's. */
  answer(body: { data: unknown[]; total?: number }, params: Record<string, unknown>): Record<string, unknown>;
  /** The tool's output schema from REST's. */
  outputSchema(rest: JsonSchema): JsonSchema;
}

const nextPageSchema = {
  nextCursor: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'The `cursor` of the next page; null on the last page.' },
  hasMore: { type: 'boolean', description: 'Whether another page follows.' },
};

/** The paging of an operation's tool: null for a tool that is not a paged list (a route answering its list whole). */
export function listPaging(operation: Operation): ListPaging | null {
  const list = operation.route.list;
  if (!list || list.paging === 'whole') return null;
  if (list.paging === 'cursor') {
    const own = list.cursorParameter ?? CURSOR;
    const routeCursor = operation.args.query.find((arg) => operation.parameterName(arg) === own);
    if (!routeCursor) throw new Error(`${operation.key} is paged by cursor but takes no ${own}`);
    return {
      routeParameters: [own],
      cursor: { ...routeCursor, name: CURSOR },
      problems: () => [],
      routeCall: ({ [CURSOR]: cursor, ...params }) => ({ params: { ...params, [own]: cursor } }),
      answer: (body) => body,
      outputSchema: (rest) => rest,
    };
  }
  // Checked by `problems` before the call runs; a cursor left out is the first page.
  const positionOf = (params: Record<string, unknown>) => decodePosition(params[CURSOR]) ?? 0;
  return {
    routeParameters: list.paging === 'page' ? ['page'] : ['offset'],
    cursor: cursorArgument("The previous answer's `nextCursor`; none for the first page."),
    problems: (args) => (args[CURSOR] == null || decodePosition(args[CURSOR]) !== null ? [] : [{ field: CURSOR, message: 'is not a cursor of this list' }]),
    routeCall: (params) => {
      const { [CURSOR]: _cursor, ...rest } = params;
      return { params: rest, after: offsetCursor(positionOf(params)) };
    },
    answer: ({ data, total = 0 }, params) => {
      const next = positionOf(params) + data.length;
      const hasMore = next < total;
      return { data, nextCursor: hasMore ? encodePosition(next) : null, hasMore, total };
    },
    outputSchema: (rest) => {
      const properties = rest.properties as Record<string, JsonSchema>;
      return {
        type: 'object',
        required: ['data', 'nextCursor', 'hasMore', 'total'],
        properties: { data: properties.data, ...nextPageSchema, total: properties.total },
      };
    },
  };
}
