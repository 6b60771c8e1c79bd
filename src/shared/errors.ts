import { GraphQLError } from 'graphql';

/** Every failure a client can cause, with the HTTP status REST answers it with. */
export const ErrorCodes = {
  BAD_USER_INPUT: { status: 400, title: 'Bad Request' },
  UNAUTHENTICATED: { status: 401, title: 'Unauthorized' },
  FORBIDDEN: { status: 403, title: 'Forbidden' },
  NOT_FOUND: { status: 404, title: 'Not Found' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method Not Allowed' },
  CONFLICT: { status: 409, title: 'Conflict' },
  /** A request with the same `Idempotency-Key` is still running. */
  IDEMPOTENCY_KEY_IN_USE: { status: 409, title: 'Conflict' },
  /** The `Idempotency-Key` was used before with another request. */
  IDEMPOTENCY_KEY_REUSED: { status: 422, title: 'Unprocessable Entity' },
  /** The request with this `Idempotency-Key` ran and its answer showed credentials, which are shown once and never stored. */
  CREDENTIALS_NOT_REPLAYED: { status: 409, title: 'Conflict' },
  /** The key (or, without a valid key, the client address) spent its request budget; see `Retry-After`. */
  TOO_MANY_REQUESTS: { status: 429, title: 'Too Many Requests' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'Payload Too Large' },
  /** A GraphQL request named a trusted document (by hash) that the key's tenant or pair has not registered. */
  PERSISTED_QUERY_NOT_FOUND: { status: 400, title: 'Bad Request' },
  /** A key limited to trusted documents sent a GraphQL `query` instead of a registered document's hash. */
  PERSISTED_QUERY_ONLY: { status: 403, title: 'Forbidden' },
  /** A GraphQL document over the size or token limit. */
  QUERY_TOO_LARGE: { status: 400, title: 'Bad Request' },
  /** A GraphQL operation whose worst-case result exceeds the cost budget. */
  QUERY_TOO_COSTLY: { status: 400, title: 'Bad Request' },
  /**
   * An answer that would exceed the byte limit: the request is valid and the same one may succeed
   * on other data, so not a 400 (nothing is wrong with how it was asked) nor a 5xx (asking for
   * fewer items is the client's remedy): 422.
   */
  RESPONSE_TOO_LARGE: { status: 422, title: 'Unprocessable Entity' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Unsupported Media Type' },
  INTERNAL_SERVER_ERROR: { status: 500, title: 'Internal Server Error' },
  /** The request ran past the time limit. */
  TIMEOUT: { status: 503, title: 'Service Unavailable' },
  /** The database cannot be reached or has no connection free in time, or the server is shutting down; retry after `Retry-After`. */
  SERVICE_UNAVAILABLE: { status: 503, title: 'Service Unavailable' },
} as const;

export type ErrorCode = keyof typeof ErrorCodes;

/**
 * Why a client's input or request was refused, as GraphQL mutation payloads report it in
 * `userErrors` (REST answers the same refusal with its HTTP status and `details`).
 */
export const UserErrorCodes = {
  REQUIRED: 'A required value is missing, or null where it cannot be.',
  BLANK: 'Text that must say something is empty or only white space.',
  TOO_LONG: 'Text or a list is longer than its limit.',
  TOO_SHORT: 'Text or a list is shorter than its minimum.',
  OUT_OF_RANGE: 'A number or date is outside its allowed range.',
  INVALID: 'A value is malformed or not one the field takes.',
  NOT_FOUND: 'The record named (by this field, or the mutation itself) does not exist in the tenant.',
  TAKEN: 'The value is already used by another record, and must be unique.',
  INVALID_STATE: "The record's current status does not allow this change (the message names the status).",
  UNAVAILABLE: 'The slot asked for is closed or already taken.',
  LIMIT_REACHED: 'The tenant already has as many of these records as it may.',
  CONFLICT: 'The record changed meanwhile, or other records depend on it; read it again, then decide.',
} as const;

export type UserErrorCode = keyof typeof UserErrorCodes;

export interface FieldProblem {
  field: string;
  message: string;
  /** What kind of problem; INVALID when not given. */
  code?: UserErrorCode;
}

/**
 * The one error type of the domain. It is a GraphQLError so GraphQL shows it as is (Yoga does
 * not mask it) and carries its code and field details to the REST error mapper, which derives
 * the HTTP status from the code.
 */
export class AppError extends GraphQLError {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: FieldProblem[],
    /** More facts for the client, such as a cost estimate and its budget. */
    extra?: Record<string, unknown>,
    /** The refusal's kind in a mutation payload's `userErrors`, where `code` alone says too little (CONFLICT: a status, a taken slot, a limit). */
    readonly userErrorCode?: UserErrorCode,
  ) {
    super(message ?? ErrorCodes[code].title, {
      // No `http` extension: GraphQL answers 200 with the code; REST maps the code to a status.
      extensions: { code, ...(details ? { details } : {}), ...extra },
    });
  }
}

/** FORBIDDEN refusals about a key's scopes, which REST answers with the specification's bare `{"error":"Forbidden"}` (every other refusal says why). */
const scopeRefusals = new WeakSet<object>();

/** Marks a FORBIDDEN as the key lacking a scope. */
export function asScopeRefusal(error: AppError): AppError {
  scopeRefusals.add(error);
  return error;
}

/** Whether an error (or the error it wraps, once located in an execution) is a key's missing scope. */
export const isScopeRefusal = (error: { originalError?: unknown }) =>
  scopeRefusals.has(error) || (typeof error.originalError === 'object' && error.originalError !== null && scopeRefusals.has(error.originalError));

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

/** A refusal by a record's current status: CONFLICT (HTTP 409), INVALID_STATE in a payload. */
export const invalidState = (message: string, extra?: Record<string, unknown>) => new AppError('CONFLICT', message, undefined, extra, 'INVALID_STATE');

export const badInput = (details: FieldProblem[], message?: string) =>
  new AppError('BAD_USER_INPUT', message ?? details.map((d) => `${d.field}: ${d.message}`).join('; '), details);
