import { PothosValidationError } from '@pothos/core';
import type { Plugin } from 'graphql-yoga';
import { GraphQLError } from 'graphql';
import { Prisma } from '../generated/prisma/client.js';
import type { ErrorCode, FieldProblem } from '../shared/errors.js';
import { AppError, ErrorCodes, badInput } from '../shared/errors.js';
import { logger, requestScope } from '../shared/logger.js';

/**
 * graphql-js reports bad variables (wrong type, unknown or missing input field) as plain errors
 * with only a message. This reads the variable path and reason out of that message so both
 * surfaces can answer BAD_USER_INPUT with field details.
 */
export function describeVariableError(message: string): FieldProblem | null {
  const missing = /^Variable "\$(\w+)" of required type "[^"]+" was not provided\.$/.exec(message);
  if (missing?.[1]) return { field: missing[1], message: 'is required' };
  const invalid = /^Variable "\$(\w+)" got invalid value /.exec(message);
  if (!invalid?.[1]) return null;
  const rest = message.slice(invalid[0].length);
  const at = / at "([^"]+)"; /.exec(rest);
  // graphql-js writes list positions as `products[0]`; details use dots throughout.
  let field = (at?.[1] ?? invalid[1]).replace(/\[(\d+)\]/g, '.$1');
  let reason = at ? rest.slice(at.index + at[0].length) : rest.slice(rest.indexOf('; ') + 2);
  const nested = /^Field "(\w+)" (of required type "[^"]+" was not provided|is not defined by type "[^"]+")\.?/.exec(reason);
  if (nested?.[1]) {
    field = `${field}.${nested[1]}`;
    reason = nested[2]?.startsWith('of required') ? 'is required' : 'is not a known field';
  }
  // graphql-js writes `Expected type "Int". ...`, graphql-jit `Expected type Int; ...`.
  reason = reason.replace(/^Expected type "?[\w!\[\]]+"?[.;]\s*/, '');
  return { field, message: reason };
}

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

function toAppError(error: GraphQLErrorLike): GraphQLErrorLike {
  if (error.extensions?.code || error.path) return error;
  const problem = describeVariableError(error.message);
  return problem ? new AppError('BAD_USER_INPUT', `${problem.field}: ${problem.message}`, [problem]) : error;
}

/** Tags variable errors as BAD_USER_INPUT on every execution (GraphQL and REST alike). */
export const useInputErrorCodes = (): Plugin => ({
  onExecute: () => ({
    onExecuteDone: ({ result, setResult }) => {
      if (!('errors' in result) || !result.errors?.length) return;
      setResult({ ...result, errors: result.errors.map((e) => toAppError(e) as GraphQLError) });
    },
  }),
});

/** Errors `maskError` has already dealt with (logged, or mapped to a client error). */
const handledErrors = new WeakSet<object>();

/** Whether Yoga's own report of an error would repeat what `maskError` did with it. */
export const isHandledError = (value: unknown) => typeof value === 'object' && value !== null && handledErrors.has(value);

/** Yoga's `maskError`: known database failures become domain errors; anything else is hidden and logged once. */
export function maskError(error: unknown, message: string): Error {
  if (typeof error === 'object' && error !== null) handledErrors.add(error);
  const original = isGraphQLErrorLike(error) && error.originalError ? error.originalError : error;
  // Deliberate errors (AppError, graphql-js request errors) keep their message, code and path.
  if (isGraphQLErrorLike(original)) return error as Error;
  // Pothos refuses connection arguments it cannot use (`before` without `last`, a bad cursor).
  if (original instanceof PothosValidationError) {
    const argument = /"(\w+)"/.exec(original.message)?.[1] ?? (/cursor/i.test(original.message) ? 'after' : 'input');
    return badInput([{ field: argument, message: original.message.replace(/^Argument "\w+" /, '').replace(/^Invalid cursor: .*/, 'is not a cursor of this list') }]);
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
  logger.error({ err: original }, 'unexpected error');
  // The request id lets support find this one log line; nothing of the error itself leaves.
  return new GraphQLError(message, { extensions: { code: 'INTERNAL_SERVER_ERROR', ...requestScope.getStore() } });
}

export interface RestErrorBody {
  error: string;
  requestId?: string;
  message?: string;
  details?: FieldProblem[];
}

const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && Object.hasOwn(ErrorCodes, code);

/** REST answer for a failed operation: status from the error code, `{error, message?, details?}`. */
export function restError(errors: readonly unknown[]): { status: number; body: RestErrorBody } {
  const first = errors.find(isGraphQLErrorLike);
  const code = first?.extensions?.code;
  const sofaStatus = (first?.extensions?.http as { status?: number } | undefined)?.status;
  if (!isErrorCode(code)) {
    // SOFA's own request errors (invalid JSON, unparsable parameters) carry only an HTTP status.
    if (sofaStatus === 400 && first) return { status: 400, body: { error: 'Bad Request', message: first.message } };
    logger.error({ err: errors[0] }, 'unexpected error in a REST request');
    return { status: 500, body: { error: ErrorCodes.INTERNAL_SERVER_ERROR.title, ...requestScope.getStore() } };
  }
  const { status, title } = ErrorCodes[code];
  if (code === 'UNAUTHENTICATED' || code === 'FORBIDDEN') return { status, body: { error: title } };
  if (code === 'INTERNAL_SERVER_ERROR') return { status, body: { error: title, ...requestScope.getStore() } };
  // graphql-js reports each bad variable field as its own error: answer them all at once.
  const details = errors
    .filter((e): e is GraphQLErrorLike => isGraphQLErrorLike(e) && e.extensions?.code === code)
    .flatMap((e) => (e.extensions?.details as FieldProblem[] | undefined) ?? []);
  // The REST body *is* the operation's `input`, so its fields are named without that prefix.
  const restDetails = details.length ? details.map((d) => ({ ...d, field: d.field.replace(/^input\.?/, '') || 'body' })) : undefined;
  return {
    status,
    body: {
      error: title,
      ...(restDetails ? { message: restDetails.map((d) => `${d.field}: ${d.message}`).join('; ') } : first && first.message !== title ? { message: first.message } : {}),
      ...(restDetails ? { details: restDetails } : {}),
    },
  };
}
