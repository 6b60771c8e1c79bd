import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { CSRF_HEADER, csrfTokenOf, SESSION_COOKIE } from '../auth/sessions.js';
import type { ErrorCode } from '../shared/errors.js';

export interface ApiError {
  message: string;
  /** `field`: the path of the value at fault from the operation's arguments (`["input", "name"]`). */
  extensions?: { code?: ErrorCode; details?: { field: string[] | null; message: string }[] };
}

export type ApiResult<TData> = { data: TData; errors?: undefined } | { data?: undefined; errors: ApiError[] };

/**
 * Runs one of the dashboard's typed operations (src/dashboard/operations/) as the signed-in user.
 * Its mutations do not select `userErrors`, so a refusal comes back in `errors` and a mutation
 * answered with `data` always holds its record.
 */
export type ApiClient = <TData, TVariables>(document: TypedDocumentNode<TData, TVariables>, variables: TVariables) => Promise<ApiResult<TData>>;

const printed = new WeakMap<object, string>();

/**
 * The dashboard's way to the data: POST /graphql with the session cookie and its CSRF token, as
 * the browser itself could send it, through the whole pipeline (admission, access checks, the
 * same resolvers). Nothing in the dashboard reads the database.
 */
export function apiClient(handle: (request: Request) => Promise<Response>, origin: string, sessionToken: string, requestId: string): ApiClient {
  return async (document, variables) => {
    let query = printed.get(document);
    if (!query) printed.set(document, (query = print(document)));
    const response = await handle(
      new Request(`${origin}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `${SESSION_COOKIE}=${sessionToken}`,
          [CSRF_HEADER]: csrfTokenOf(sessionToken),
          'x-request-id': requestId,
        },
        body: JSON.stringify({ query, variables }),
      }),
    );
    const body = (await response.json()) as { data?: unknown; errors?: ApiError[] };
    return body.errors?.length ? { errors: body.errors } : { data: body.data as never };
  };
}
