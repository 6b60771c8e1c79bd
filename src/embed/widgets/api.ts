/** A problem with one field of a request, as the API's 400 answers list them. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** Why a call failed: `code` names the kind (for `bp-error` and the widget's words), `message` is the server's. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: FieldProblem[] = [],
  ) {
    super(message);
  }
}

/** The code of a refusal by its status, when the body names none: the API's own error codes. */
const codeOfStatus: Record<number, string> = { 400: 'BAD_USER_INPUT', 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 409: 'CONFLICT', 429: 'TOO_MANY_REQUESTS' };

export type Api = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** Calls the REST API at `base` with the publishable key; an answer that is not 2xx throws an ApiError. */
export function restApi(base: string, key: string): Api {
  return async (method, path, body) => {
    const headers: Record<string, string> = { authorization: `Bearer ${key}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${base}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch {
      // A refused CORS request looks like this too: the page cannot read why.
      throw new ApiError(0, 'NETWORK_ERROR', 'The API cannot be reached');
    }
    const text = await response.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (response.ok) return json;
    const code = json?.code ?? codeOfStatus[response.status] ?? 'INTERNAL_SERVER_ERROR';
    throw new ApiError(response.status, code, json?.message ?? json?.error ?? response.statusText, Array.isArray(json?.details) ? json.details : []);
  };
}

/** The API's origin: the `api` attribute, else the origin this module was loaded from. */
export const apiBase = (element: HTMLElement) => (element.getAttribute('api') || new URL(import.meta.url).origin).replace(/\/+$/, '');
