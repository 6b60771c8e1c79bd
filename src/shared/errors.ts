import { GraphQLError } from 'graphql';

/** Every failure a client can cause, with the HTTP status REST answers it with. */
export const ErrorCodes = {
  BAD_USER_INPUT: { status: 400, title: 'Bad Request' },
  UNAUTHENTICATED: { status: 401, title: 'Unauthorized' },
  FORBIDDEN: { status: 403, title: 'Forbidden' },
  NOT_FOUND: { status: 404, title: 'Not Found' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method Not Allowed' },
  CONFLICT: { status: 409, title: 'Conflict' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'Payload Too Large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Unsupported Media Type' },
  INTERNAL_SERVER_ERROR: { status: 500, title: 'Internal Server Error' },
} as const;

export type ErrorCode = keyof typeof ErrorCodes;

export interface FieldProblem {
  field: string;
  message: string;
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
  ) {
    super(message ?? ErrorCodes[code].title, {
      // No `http` extension: GraphQL answers 200 with the code; REST maps the code to a status.
      extensions: { code, ...(details ? { details } : {}) },
    });
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

export const badInput = (details: FieldProblem[], message?: string) =>
  new AppError('BAD_USER_INPUT', message ?? details.map((d) => `${d.field}: ${d.message}`).join('; '), details);
