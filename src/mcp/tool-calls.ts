import type { ExecutionArgs, ExecutionResult, GraphQLSchema } from 'graphql';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { rootFieldRefusal } from '../graphql/access.js';
import type { Context } from '../graphql/context.js';
import { missingRecord } from '../graphql/missing-record.js';
import { REST_BASE_PATH, takesBody } from '../graphql/operations.js';
import { restError } from '../http/error-mapping.js';
import { idempotent, isIdempotencyKey } from '../http/idempotency.js';
import { bodyTextOf } from '../http/request-boundary.js';
import { ErrorCodes, type FieldProblem } from '../shared/errors.js';
import { CURSOR } from './list-paging.js';
import { resultSentence } from './result-sentence.js';
import { IDEMPOTENCY_ARGUMENT, type OperationTool } from './tool-catalog.js';

/** What a tool call runs with: the request's context and its enveloped executor (every plugin of the pipeline). */
export interface ToolCallScope {
  schema: GraphQLSchema;
  context: Context;
  execute: (args: ExecutionArgs) => Promise<ExecutionResult> | ExecutionResult;
  /** The /mcp request, whose origin names the REST route a call stands for (idempotency's fingerprint). */
  request: Request;
  now: Date;
  /** Whether the client speaks a 2025 revision, whose clients read a result's text rather than its structured content. */
  legacy: boolean;
}

/** An answer as REST gives it: status, JSON body, and the headers that carry meaning (`X-Required-Scope`, `Retry-After`). */
export interface RestAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** What the error said before REST reduced it (REST's 401 and 403 bodies are exactly `{"error": ...}`). */
  message?: string;
}

const badRequest = (details: FieldProblem[]): RestAnswer => ({
  status: 400,
  body: { error: ErrorCodes.BAD_USER_INPUT.title, message: details.map((d) => `${d.field}: ${d.message}`).join('; '), details },
});

/** A refused call as MCP wants it: a result with `isError`, saying what REST would have answered and why. */
export function errorResult({ status, body, headers, message }: RestAnswer): CallToolResult {
  const { error, ...rest } = (body ?? {}) as { error?: string; message?: string };
  const meaningful = new Headers(headers);
  const requiredScope = meaningful.get('x-required-scope');
  const retryAfter = meaningful.get('retry-after');
  const explained = {
    status,
    error,
    ...(message && !rest.message ? { message } : {}),
    ...rest,
    ...(requiredScope ? { requiredScope } : {}),
    ...(retryAfter ? { retryAfterSeconds: Number(retryAfter) } : {}),
  };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(explained) }] };
}

function successResult(tool: OperationTool, body: unknown, path: string, { context, legacy }: ToolCallScope): CallToolResult {
  const { download } = tool.operation.route;
  if (download) {
    const blob = (body as Record<string, string>)[download.base64Field] ?? '';
    return { content: [{ type: 'resource', resource: { uri: `${context.publicUrl}${path}`, mimeType: download.contentType, blob } }] };
  }
  // 2026-07-28 clients read the structured content, beside a sentence for hosts that show the model
  // only text; the 2025 revisions' clients read text, so they get the same JSON as text (twice the bytes, only for them).
  const text = legacy ? JSON.stringify(body) : resultSentence(tool, body as Record<string, unknown>);
  return { structuredContent: body as Record<string, unknown>, content: [{ type: 'text', text }] };
}

/**
 * The names of a call's arguments as its client sent them. The SDK reads `params.arguments` with
 * zod's record, which leaves out a key named `__proto__` (setting it would set the object's
 * prototype): the call would run as if that argument had not been sent, where REST refuses it as
 * an unknown field. So the names are read again from the request's own JSON (the call's context
 * is the request's server context, which holds its body; a request is one message) whenever the
 * text could hold such a key, literally or through a `\u` escape.
 */
function sentArgumentNames(args: Record<string, unknown>, scope: ToolCallScope): string[] {
  const names = Object.keys(args);
  const text = bodyTextOf(scope.context);
  if (!text.includes('__proto__') && !text.includes('\\u')) return names;
  let sent: unknown;
  try {
    sent = (JSON.parse(text) as { params?: { arguments?: unknown } } | null)?.params?.arguments;
  } catch {
    return names;
  }
  if (!sent || typeof sent !== 'object' || Array.isArray(sent)) return names;
  return [...new Set([...names, ...Object.keys(sent)])];
}

/** The arguments a tool does not take, named as REST names a parameter it does not have. */
function unknownArguments(tool: OperationTool, names: string[]): FieldProblem[] {
  const takesKey = tool.operation.route.method === 'POST';
  return names
    .filter((name) => !tool.parameters.has(name) && !tool.bodyFields.has(name) && !(takesKey && name === IDEMPOTENCY_ARGUMENT))
    .map((field) => ({ field, message: 'is not an argument of this tool' }));
}

/** The body fields of a call, as the operation's `input`. */
const bodyOf = (tool: OperationTool, args: Record<string, unknown>) => Object.fromEntries(Object.entries(args).filter(([name]) => tool.bodyFields.has(name)));

/** The REST path the call stands for, its parameters filled in. */
const restPathOf = (tool: OperationTool, args: Record<string, unknown>) =>
  `${REST_BASE_PATH}${tool.operation.route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(args[name] ?? '')))}`;

/** Runs the route's own document through the pipeline's executor and answers as REST would. */
async function run(tool: OperationTool, args: Record<string, unknown>, scope: ToolCallScope): Promise<RestAnswer> {
  const { operation, paging } = tool;
  // Parameters by their tool names (null is leaving one out), then as REST names them.
  const parameters = Object.fromEntries([...tool.parameters.keys()].filter((name) => args[name] != null).map((name) => [name, args[name]]));
  const { params, after } = paging ? paging.routeCall(parameters) : { params: parameters, after: undefined };
  const variables = operation.variables(params, takesBody(operation) ? bodyOf(tool, args) : undefined);
  const result = await scope.execute({
    schema: scope.schema,
    document: operation.document,
    operationName: operation.operationName,
    variableValues: after === undefined ? variables : { ...variables, after },
    contextValue: scope.context,
  });
  if (result.errors?.length) {
    // A problem with the route's paging parameter is one with the tool's cursor.
    const field = (problem: string) => (paging?.routeParameters.includes(operation.restField(problem)) ? CURSOR : operation.restField(problem));
    const answer = restError(result.errors, field);
    if (!answer) throw result.errors[0];
    return { ...answer, message: result.errors[0]?.message };
  }
  const value = result.data?.[operation.field.name];
  // A detail field answers null for a missing record: the tool says so as REST's 404 does ("Deal not found").
  if (value === null || value === undefined) return restError([missingRecord(scope.context, operation.field)])!;
  const body = operation.answer(value, params);
  return { status: operation.route.status ?? 200, body: paging ? paging.answer(body as never, parameters) : body };
}

/**
 * A call of an operation's tool, refused and validated as its REST route is, then run through
 * the same executor as GraphQL and REST. With `idempotencyKey`, the call is claimed and its answer
 * kept as REST's `Idempotency-Key` does (the same store, per tenant and key).
 */
export async function callOperationTool(tool: OperationTool, args: Record<string, unknown>, scope: ToolCallScope): Promise<CallToolResult> {
  const refusal = rootFieldRefusal(tool.operation.field, scope.context);
  if (refusal) {
    const answer = restError([refusal]);
    if (answer) return errorResult({ ...answer, message: refusal.message });
  }
  const unknown = unknownArguments(tool, sentArgumentNames(args, scope));
  if (unknown.length) return errorResult(badRequest(unknown));
  const invalid = [...tool.operation.parameterProblems(args), ...(tool.paging?.problems(args) ?? [])];
  if (invalid.length) return errorResult(badRequest(invalid));
  const path = restPathOf(tool, args);
  const key = args[IDEMPOTENCY_ARGUMENT];
  // Checked before it becomes a header, which cannot carry other characters (a TypeError, not a 400).
  if (key !== undefined && key !== null && !isIdempotencyKey(key)) {
    return errorResult(badRequest([{ field: IDEMPOTENCY_ARGUMENT, message: 'must be a string of 1 to 255 visible ASCII characters' }]));
  }
  let answer: RestAnswer;
  if (key === undefined || key === null) {
    answer = await run(tool, args, scope);
  } else {
    const { [IDEMPOTENCY_ARGUMENT]: _key, ...call } = args;
    const principal = scope.context.principal;
    const response = await idempotent({
      request: new Request(new URL(path, scope.request.url), { method: 'POST', headers: { 'idempotency-key': key } }),
      bodyText: JSON.stringify(call),
      db: scope.context.db,
      apiKeyId: principal?.credentialId ?? null,
      now: scope.now,
      produce: async () => {
        const { status, body, headers } = await run(tool, call, scope);
        return Response.json(body, { status, headers });
      },
    });
    answer = { status: response.status, body: await response.json(), headers: Object.fromEntries(response.headers) };
  }
  if (answer.status >= 400) return errorResult(answer);
  return successResult(tool, answer.body, path, scope);
}
