import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import { getOperationAST, parse } from 'graphql';
import type { Principal } from '../auth/api-keys.js';
import { MAX_DOCUMENT_TOKENS } from '../graphql/document-limits.js';
import { ErrorCodes } from '../shared/errors.js';
import { errorResult } from './tool-calls.js';

export const GRAPHQL_TOOL = 'graphql';

/** What the tool needs of the request: the pipeline to send the query through, as the key that called. */
export interface GraphqlCall {
  /** Runs a GraphQL GET request through the whole pipeline (src/http/app.ts), without spending the budget again. */
  fetch: (request: Request) => Promise<Response>;
  /** The /mcp request: its key and request id go with the query. */
  request: Request;
  /** A 2025 revision's client, which reads the answer as text. */
  legacy: boolean;
}

/** What the tool answers, for a client asking for output schemas (`?outputSchemas=1`). */
export const graphqlOutputSchema = {
  type: 'object',
  properties: {
    data: { anyOf: [{ type: 'object' }, { type: 'null' }], description: 'What the query selected; null when it could not run.' },
    errors: {
      type: 'array',
      description: 'What failed, with `path` for a field and `extensions.code` (BAD_USER_INPUT, FORBIDDEN, NOT_FOUND, QUERY_TOO_COSTLY, ...).',
      items: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
    },
  },
} satisfies Tool['outputSchema'];

export const graphqlTool: Tool & { inputSchema: Record<string, unknown> } = {
  name: GRAPHQL_TOOL,
  description: [
    'Runs one GraphQL query (never a mutation: the other tools change data) against the schema in the resource `platform://schema.graphql`, as this key, with the limits of POST /graphql.',
    'Use it to read related records in one call (a deal with its company, contacts and activities). Answers `data`, and `errors` where something failed (each with `message` and `extensions.code`).',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, description: 'One query operation, or several with `operationName` choosing one.' },
      variables: { type: 'object' },
      operationName: { type: 'string' },
    },
    required: ['query'],
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
};

/** The text beside the answer on revision 2026-07-28 (src/mcp/result-sentence.ts says why): what came back, and the first error's reason. */
function answerSentence({ data, errors }: { data: Record<string, unknown> | null; errors?: unknown[] }): string {
  const fields = data ? `data for ${Object.keys(data).map((name) => `\`${name}\``).join(', ') || 'nothing'}` : 'no data';
  const first = (errors?.[0] as { message?: string } | undefined)?.message;
  return `GraphQL query answered ${fields}${errors?.length ? `, with ${errors.length} error(s), the first: ${first}` : ''}.`;
}

/** A refusal before the query runs: 400 naming the argument, or 403. */
const refused = (status: 400 | 403, message: string, field?: string): CallToolResult =>
  errorResult({
    status,
    body: {
      error: (status === 400 ? ErrorCodes.BAD_USER_INPUT : ErrorCodes.FORBIDDEN).title,
      message: field ? `${field}: ${message}` : message,
      ...(field ? { details: [{ field, message }] } : {}),
    },
  });

/** The operation a document runs, when it can be told before running it (GraphQL itself reports the rest). */
function operationType(query: string, operationName: string | undefined): string | null {
  try {
    return getOperationAST(parse(query, { maxTokens: MAX_DOCUMENT_TOKENS }), operationName)?.operation ?? null;
  } catch {
    return null;
  }
}

/**
 * Runs the query as a GraphQL GET request through the whole pipeline (document limits, access,
 * cost, error mapping): a GET never runs a mutation (Yoga refuses it), and the document is
 * checked first so the refusal says why.
 */
export async function callGraphqlTool(args: Record<string, unknown>, principal: Principal, call: GraphqlCall): Promise<CallToolResult> {
  if (principal.kind !== 'secret') return refused(403, 'Forbidden: the graphql tool needs a secret key');
  const { query, variables, operationName, ...unknown } = args;
  const extra = Object.keys(unknown)[0];
  if (extra) return refused(400, 'is not an argument of this tool', extra);
  if (typeof query !== 'string' || !query.trim()) return refused(400, 'must be a GraphQL document', 'query');
  if (variables !== undefined && (typeof variables !== 'object' || variables === null || Array.isArray(variables))) {
    return refused(400, 'must be an object', 'variables');
  }
  if (operationName !== undefined && typeof operationName !== 'string') return refused(400, 'must be a string', 'operationName');
  const type = operationType(query, operationName);
  if (type && type !== 'query') return refused(400, `runs a ${type}: the graphql tool runs queries only; use the operation's own tool (such as \`createLead\`) to change data`, 'query');

  const url = new URL('/graphql', call.request.url);
  url.searchParams.set('query', query);
  if (variables) url.searchParams.set('variables', JSON.stringify(variables));
  if (operationName) url.searchParams.set('operationName', operationName);
  const headers = new Headers({ accept: 'application/json' });
  for (const name of ['authorization', 'x-request-id']) {
    const value = call.request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const response = await call.fetch(new Request(url, { headers }));
  const body = (await response.json()) as { data?: Record<string, unknown> | null; errors?: unknown[] };
  const answer = { data: body.data ?? null, ...(body.errors ? { errors: body.errors } : {}) };
  const text = call.legacy ? JSON.stringify(answer) : answerSentence(answer);
  return { structuredContent: answer, content: [{ type: 'text', text }], ...(answer.data ? {} : { isError: true }) };
}
