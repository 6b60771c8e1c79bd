import { PothosValidationError } from '@pothos/core';
import type { Plugin } from 'graphql-yoga';
import type { GraphQLSchema } from 'graphql';
import { GraphQLError } from 'graphql';
import { Prisma } from '../generated/prisma/client.js';
import type { ErrorCode, FieldProblem } from '../shared/errors.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { errorReason } from '../shared/error-reason.js';
import { AppError, ErrorCodes, badInput, isScopeRefusal } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { requestScope, requestWarnings } from '../shared/request-scope.js';
import { describeVariableError } from './input-errors.js';

/**
 * graphql-jit is CommonJS and so builds its errors with graphql's CommonJS copy, while this code
 * loads the ES module copy: `instanceof GraphQLError` cannot be trusted, so errors are recognised
 * by shape.
 */
interface GraphQLErrorLike {
  message: string;
  path?: readonly (string | number)[];
  extensions?: Record<string, unknown>;
  originalError?: unknown;
}

const isGraphQLErrorLike = (error: unknown): error is GraphQLErrorLike =>
  error instanceof Error && error.name === 'GraphQLError';

/** Errors already turned into what the client sees (logged if unexpected), so Yoga does not report them again. */
const handledErrors = new WeakSet<object>();

/** Whether Yoga's own report of an error would repeat what `toClientError` did with it. */
export const isHandledError = (value: unknown) => typeof value === 'object' && value !== null && handledErrors.has(value);

/**
 * A database that is down, unreachable or out of connections: SERVICE_UNAVAILABLE (HTTP 503 on
 * both surfaces, with `Retry-After`), logged as one line without a stack, since the cause is
 * outside the process and the line repeats for every request of an outage.
 */
export function unavailableError(error: unknown): AppError {
  logger.warn({ reason: errorReason(error) }, 'database unavailable');
  const requestId = requestScope.getStore()?.requestId;
  const unavailable = new AppError('SERVICE_UNAVAILABLE', 'The database is unavailable; retry after the Retry-After interval', undefined, {
    ...(requestId ? { requestId } : {}),
    http: { status: 503 },
  });
  handledErrors.add(unavailable);
  return unavailable;
}

/**
 * What the client sees of an error: deliberate errors (AppError, graphql-js request errors) as
 * they are; bad variables, known database refusals and Pothos' connection-argument refusals as
 * their client codes; an unavailable database as SERVICE_UNAVAILABLE; anything else hidden
 * behind INTERNAL_SERVER_ERROR with the request id, logged once (the request id is on the line).
 */
export function toClientError(error: unknown, schema?: GraphQLSchema): GraphQLErrorLike {
  if (typeof error === 'object' && error !== null) handledErrors.add(error);
  if (isGraphQLErrorLike(error) && !error.path && !error.extensions?.code) {
    const cause = error.originalError instanceof Error ? error.originalError.message : undefined;
    const problem = describeVariableError(error.message, cause, schema);
    if (problem) return new AppError('BAD_USER_INPUT', `${problem.field}: ${problem.message}`, [problem]);
    // Yoga's HTTP refusals (CSRF prevention, a mutation over GET) carry only a status: give them its code.
    const status = (error.extensions?.http as { status?: number } | undefined)?.status;
    const code = status && (Object.keys(ErrorCodes) as ErrorCode[]).find((c) => ErrorCodes[c].status === status);
    if (code) return new GraphQLError(error.message, { extensions: { ...error.extensions, code } });
  }
  const original = isGraphQLErrorLike(error) && error.originalError ? error.originalError : error;
  if (isGraphQLErrorLike(original)) return error as GraphQLErrorLike;
  // Pothos refuses connection arguments it cannot use (`before` with `first`, `after` with `last`).
  if (original instanceof PothosValidationError) {
    const argument = /"(\w+)"/.exec(original.message)?.[1] ?? 'input';
    return badInput([{ field: argument, message: original.message.replace(/^Argument "\w+" /, '') }]);
  }
  if (original instanceof Prisma.PrismaClientKnownRequestError) {
    if (original.code === 'P2025') return new AppError('NOT_FOUND');
    // Values validation let through but PostgreSQL refuses: too long, out of range, NUL characters.
    const sqlState = (original.meta?.driverAdapterError as { cause?: { originalCode?: string } } | undefined)?.cause?.originalCode;
    if (original.code === 'P2000' || original.code === 'P2020' || (sqlState && sqlState.startsWith('22'))) {
      return new AppError('BAD_USER_INPUT', 'A value is too long, out of range or contains characters that cannot be stored', [
        { field: 'input', message: 'a value is too long, out of range or contains a NUL character' },
      ]);
    }
    if (original.code === 'P2002') return new AppError('CONFLICT', 'A record with the same unique value already exists');
  }
  if (isDatabaseUnavailable(original)) return unavailableError(original);
  logger.error({ err: original }, 'unexpected error');
  const requestId = requestScope.getStore()?.requestId;
  const hidden = new GraphQLError(ErrorCodes.INTERNAL_SERVER_ERROR.title, { extensions: { code: 'INTERNAL_SERVER_ERROR', ...(requestId ? { requestId } : {}) } });
  handledErrors.add(hidden);
  return hidden;
}

/**
 * The HTTP status of a GraphQL answer without `data`: the request never ran (no query, a document
 * that does not parse or validate, an operation type the schema lacks, an operation refused before
 * its resolvers). Yoga answers those 200 to `application/json` clients; here they get their
 * error's status (QUERY_TOO_COSTLY 400, RESPONSE_TOO_LARGE 422) or 400, and a more specific status
 * an error carries (405, 413, 415) wins. Unexpected failures keep their 5xx.
 */
function requestErrorStatus(errors: readonly GraphQLErrorLike[]): number | null {
  let status = 400;
  for (const error of errors) {
    const code = error.extensions?.code;
    const known = isErrorCode(code) ? ErrorCodes[code].status : undefined;
    if (known && known >= 500) return null;
    if (known) status = Math.max(status, known);
  }
  return status;
}

/** A problem as an error's `details` list it: its field dotted (`input.email`, as services name it) or as a path (`["input", "email"]`, as GraphQL answers it). */
interface GraphQLDetail {
  field: string | readonly string[] | null;
  message: string;
  code?: string;
}

/**
 * An error as GraphQL answers it: the fields of its `details` as paths from the operation's
 * arguments or variables (`["input", "email"]`), the shape of `userErrors`. Mutations' refusals
 * already name them so (src/graphql/user-errors-plugin.ts); the others (bad variables of a
 * query, literals, connection arguments) name them dotted.
 */
function withPathFields(error: GraphQLErrorLike): GraphQLErrorLike {
  const details = error.extensions?.details as GraphQLDetail[] | undefined;
  if (!Array.isArray(details) || !details.some((d) => typeof d.field === 'string')) return error;
  const paths = details.map((d) => (typeof d.field === 'string' ? { ...d, field: d.field ? d.field.split('.') : null } : d));
  const { nodes, source, positions, path, originalError } = error as GraphQLError;
  return new GraphQLError(error.message, { nodes, source, positions, path, originalError, extensions: { ...error.extensions, details: paths } });
}

/** Every execution's errors as the client sees them (GraphQL and REST alike), with the request's id at hand. */
export const useErrorMapping = (): Plugin => ({
  onExecute: ({ args }) => ({
    onExecuteDone: ({ result, setResult }) => {
      if (!('errors' in result) || !result.errors?.length) return;
      setResult({ ...result, errors: result.errors.map((e) => toClientError(e, args.schema) as GraphQLError) });
    },
  }),
  onResultProcess({ result, setResult }) {
    // What the request asked for and was not done (src/shared/request-scope.ts), beside its data.
    const warnings = requestWarnings();
    if (warnings.length && !Array.isArray(result) && 'data' in result) {
      setResult({ ...result, extensions: { ...result.extensions, warnings: warnings.map((message) => ({ message })) } });
    }
    if (Array.isArray(result) || !('errors' in result) || !result.errors?.length) return;
    const errors = result.errors.map((error) => withPathFields(error) as GraphQLError);
    if ('data' in result) return setResult({ ...result, errors });
    const status = requestErrorStatus(result.errors);
    setResult({ ...result, errors, ...(status ? { extensions: { ...result.extensions, http: { status } } } : {}) });
  },
});

/** Yoga's `maskError`, for errors outside an execution (building the context, parsing): the same rules. */
export const maskError = (error: unknown): Error => toClientError(error) as Error;

export interface RestErrorBody {
  error: string;
  requestId?: string;
  message?: string;
  details?: FieldProblem[];
}

/** A message as a sentence of its own: its first letter capital. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && Object.hasOwn(ErrorCodes, code);

/**
 * REST answer for a failed operation: status from the error code, `{error, message?, details?}`
 * (and `X-Required-Scope` on a 403);
 * null for an error nobody expected, which the request boundary answers (and logs) itself.
 * `restField` names a problem's field as the route's parameters do.
 */
export function restError(errors: readonly unknown[], restField: (field: string) => string = (field) => field): { status: number; body: RestErrorBody; headers?: Record<string, string> } | null {
  const first = errors.find(isGraphQLErrorLike);
  const code = first?.extensions?.code;
  const http = first?.extensions?.http as { status?: number; headers?: Record<string, string> } | undefined;
  const sofaStatus = http?.status;
  if (!isErrorCode(code)) {
    // SOFA's own request errors (invalid JSON, unparsable parameters) carry only an HTTP status.
    if (sofaStatus === 400 && first) return { status: 400, body: { error: 'Bad Request', message: first.message } };
    return null;
  }
  const { status, title } = ErrorCodes[code];
  // The specification's bodies are exactly these; the missing scope travels in a header. Any other
  // refusal (a module the tenant lacks, a role, a team) says why, as GraphQL and MCP do.
  if (code === 'UNAUTHENTICATED') return { status, body: { error: title } };
  if (code === 'FORBIDDEN') {
    const requiredScope = first?.extensions?.requiredScope;
    const why = first && !isScopeRefusal(first) && first.message !== title ? { message: sentence(first.message.replace(/^Forbidden: /, '')) } : {};
    return { status, body: { error: title, ...why }, headers: typeof requiredScope === 'string' ? { 'X-Required-Scope': requiredScope } : {} };
  }
  if (status >= 500) {
    const message = first && first.message !== title ? { message: first.message } : {};
    return { status, body: { error: title, ...message, requestId: first?.extensions?.requestId as string | undefined } };
  }
  // graphql-js reports each bad variable field as its own error: answer them all at once.
  const details = errors
    .filter((e): e is GraphQLErrorLike => isGraphQLErrorLike(e) && e.extensions?.code === code)
    .flatMap((e) => (e.extensions?.details as GraphQLDetail[] | undefined) ?? []);
  // REST names fields by dotted paths (mutations' refusals name them by arrays, as on GraphQL). The
  // REST body *is* the operation's `input`, so its fields are named without that prefix; the kinds of problem are GraphQL's (`userErrors`).
  const dotted = (field: GraphQLDetail['field']) => (typeof field === 'string' ? field : (field ?? []).join('.'));
  const restDetails = details.length
    ? details.map((d) => {
        const field = dotted(d.field);
        return { field: field.startsWith('input') ? field.replace(/^input\.?/, '') || 'body' : restField(field), message: d.message };
      })
    : undefined;
  return {
    status,
    // Headers the error carries for HTTP (a refusal's `Retry-After`).
    ...(http?.headers ? { headers: http.headers } : {}),
    body: {
      error: title,
      ...(restDetails ? { message: restDetails.map((d) => `${d.field}: ${d.message}`).join('; ') } : first && first.message !== title ? { message: first.message } : {}),
      ...(restDetails ? { details: restDetails } : {}),
    },
  };
}
