import { jsonProblem, MAX_JSON_DEPTH } from '../shared/json-limits.js';
import { Request as ServerRequest } from '@whatwg-node/fetch';
import { randomUUID } from 'node:crypto';
import type { Plugin } from 'graphql-yoga';
import type { ErrorCode } from '../shared/errors.js';
import { AppError, ErrorCodes } from '../shared/errors.js';
import { requestScope } from '../shared/request-scope.js';
import { metadataUrlOf, type Resources } from '../oauth/resources.js';
import { MCP_PATH } from '../shared/mcp-path.js';
import { toClientError } from './error-mapping.js';

/** Largest request body accepted, on both surfaces (1 MiB), counted as the bytes arrive. */
export { MAX_JSON_DEPTH };
export const MAX_BODY_BYTES = 1024 * 1024;

/** Seconds a client should wait before retrying a 503 (the database is back, or another process serves). */
export const RETRY_AFTER_UNAVAILABLE_SECONDS = 2;

export const isGraphqlPath = (url: string) => new URL(url).pathname === '/graphql';

/** A URL path as routes know it: a trailing slash names the same resource (`/api/v1/companies/` is `/api/v1/companies`). */
export const canonicalPathname = (pathname: string) => (pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname);

export { MCP_PATH };

export const isMcpPath = (url: string) => canonicalPathname(new URL(url).pathname) === MCP_PATH;

/**
 * A refusal in the surface's own error shape: GraphQL clients read `errors[].extensions.code`,
 * REST clients `{error, message}`. A 5xx also names the request (`requestId`), to quote when
 * reporting it.
 */
export function refusal(request: Request, code: ErrorCode, message: string, headers: Record<string, string> = {}): Response {
  const { status, title } = ErrorCodes[code];
  const requestId = status >= 500 ? requestScope.getStore()?.requestId : undefined;
  const body = isGraphqlPath(request.url)
    ? { errors: [{ message, extensions: { code, ...(requestId ? { requestId } : {}) } }] }
    : { error: title, ...(message !== title ? { message } : {}), ...(requestId ? { requestId } : {}) };
  return Response.json(body, { status, headers });
}

/** An `X-Request-Id` a client or proxy sent, used as the request's id when it is a sane token. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The body's bytes, read no further than `MAX_BODY_BYTES` whatever `Content-Length` says (chunked
 * bodies have none): 'too large', or 'broken' when the upload fails half-way.
 */
async function readLimited(body: ReadableStream<Uint8Array | string>): Promise<Uint8Array | 'too large' | 'broken'> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const chunk = await reader.read().catch(() => null);
    if (!chunk) return 'broken';
    if (chunk.done) break;
    // Bodies built in-process from a string or URLSearchParams stream text, not bytes.
    const value = typeof chunk.value === 'string' ? Buffer.from(chunk.value) : chunk.value;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      // Stop reading: the rest of the upload is never buffered.
      await reader.cancel().catch(() => {});
      return 'too large';
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/** Malformed JSON is left to each surface, which answers it in its own words. */
function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

const isJson = (request: Request) => /^application\/(.+\+)?json\b/i.test(request.headers.get('content-type') ?? '');

/**
 * Bounds what a request can make the server hold before any other code sees it: the body is
 * read with a byte limit (413), and a JSON body that is too deep or not well-formed Unicode is a
 * 400. Returns the request to handle (its body now buffered) or the refusal.
 */
export async function guardRequest(request: Request, boundary: BoundaryContext, streamed?: (request: Request) => boolean): Promise<Request | Response> {
  // A file upload's body is the route's to stream, under its own byte limit (src/http/uploads.ts).
  if (streamed?.(request)) return request;
  const tooLarge = () => refusal(request, 'PAYLOAD_TOO_LARGE', `Request bodies are limited to ${MAX_BODY_BYTES} bytes`);
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) return tooLarge();
  if (!request.body) {
    // A GraphQL GET carries its variables as JSON in the query string.
    const variables = isGraphqlPath(request.url) ? new URL(request.url).searchParams.get('variables') : null;
    const problem = variables ? jsonProblem(parseOrUndefined(variables)) : null;
    return problem ? refusal(request, 'BAD_USER_INPUT', `The variables ${problem}`) : request;
  }
  const bytes = await readLimited(request.body);
  if (bytes === 'too large') return tooLarge();
  if (bytes === 'broken') return refusal(request, 'BAD_USER_INPUT', 'The request body could not be read to its end');
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return refusal(request, 'BAD_USER_INPUT', 'The body is not valid UTF-8');
  }
  if (isJson(request) && text.trim()) {
    const problem = jsonProblem(parseOrUndefined(text));
    if (problem) return refusal(request, 'BAD_USER_INPUT', `The JSON body ${problem}`);
  }
  boundary.bodyText = text;
  // The server's own fetch implementation (Yoga's): its requests hold a string body as is, where
  // Node's global `Request` would wrap it in a web stream for Yoga to read back.
  return new ServerRequest(request.url, { method: request.method, headers: request.headers, body: text || null, signal: request.signal }) as Request;
}

/** What a request is, for admission: an API call (the default), a dashboard page, or a sign-in page. */
export type RequestKind = 'api' | 'page' | 'sign-in';

/**
 * What stands between an arriving request and the work that answers it (authentication, rate
 * limits, idempotency: src/http/admission.ts): it answers itself, or lets `work` answer.
 */
export interface Admission {
  admit(request: Request, serverContext: object, work: () => Promise<Response>, kind?: RequestKind): Promise<Response>;
  /** Headers every answer to the request carries (its rate-limit budget). */
  headers(serverContext: object): Record<string, string> | undefined;
}

/** What a thrown error is to the client: the database unavailable (503), or an unexpected failure (500, logged once). */
export function failureOf(error: unknown): { code: 'SERVICE_UNAVAILABLE' | 'INTERNAL_SERVER_ERROR'; message: string } {
  const { message, extensions } = toClientError(error);
  return { code: extensions?.code === 'SERVICE_UNAVAILABLE' ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_SERVER_ERROR', message };
}

/** What the boundary keeps about a request in its server context (shared by every hook of the request). */
interface BoundaryContext {
  requestId?: string;
  requestTimeoutMs?: number;
  /** The body as received (after the checks above), for idempotency's fingerprint. */
  bodyText?: string;
  /** Whether the body streams to its route unread (an upload): it has no `bodyText`. */
  streamedBody?: boolean;
  admission?: Admission;
}

export const bodyTextOf = (serverContext: object) => (serverContext as BoundaryContext).bodyText ?? '';
export const streamsBody = (serverContext: object) => (serverContext as BoundaryContext).streamedBody === true;

/**
 * Runs the work that answers a request within the boundary, after admission (as the `kind` of
 * request it is): it is answered 503 at the time limit, a database that is unavailable gives a
 * 503 and anything unexpected a JSON 500 without internals, logged once; every log line on the
 * way carries the request id. The work may ask for a signal (`abortSignal()`: made on demand, as
 * most work never needs one) that aborts at the time limit, with the TIMEOUT error, or when the
 * client goes: work that would outlive its answer (storing an upload) stops with it.
 */
export async function withinBoundary(serverContext: object, request: Request, work: (abortSignal: () => AbortSignal) => Promise<Response>, kind: RequestKind = 'api'): Promise<Response> {
  const { requestId = randomUUID(), requestTimeoutMs = 10_000, admission } = serverContext as BoundaryContext;
  return requestScope.run({ requestId }, async () => {
    let timedOut: AbortController | undefined;
    let signal: AbortSignal | undefined;
    const abortSignal = () => (signal ??= AbortSignal.any([(timedOut = new AbortController()).signal, request.signal]));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<Response>((resolve) => {
      timer = setTimeout(() => {
        const message = `The request took longer than ${requestTimeoutMs} ms`;
        timedOut?.abort(new AppError('TIMEOUT', message));
        resolve(refusal(request, 'TIMEOUT', message));
      }, requestTimeoutMs);
    });
    const run = () => work(abortSignal);
    try {
      return await Promise.race([admission ? admission.admit(request, serverContext, run, kind) : run(), timeout]);
    } catch (error) {
      const { code, message } = failureOf(error);
      return refusal(request, code, message);
    } finally {
      clearTimeout(timer);
    }
  });
}

/**
 * The boundary every request passes, GraphQL and REST alike, registered before every other
 * plugin: it names the request (the client's `X-Request-Id` when it sends a sane one, else a new
 * UUID; on every answer and every log line of the request), bounds its body (above), and runs the
 * GraphQL handler within the boundary; the REST plugin runs its routes within the same boundary.
 * Every answer leaves with the headers an API's answers need: no MIME sniffing, no caching unless
 * the answer says otherwise, `Retry-After` on a 503.
 */
export const useRequestBoundary = ({
  timeoutMs,
  admission,
  resources,
  streamed,
  streamedTimeoutMs = timeoutMs,
}: {
  timeoutMs: number;
  /** The time limit of a request whose body a route streams (an upload): its handling is its receiving. */
  streamedTimeoutMs?: number;
  admission?: Admission;
  resources?: Resources;
  /** Requests whose body a route streams itself (uploads): not read here. */
  streamed?: (request: Request) => boolean;
}): Plugin => ({
  async onRequest({ request, setRequest, endResponse, requestHandler, setRequestHandler, serverContext }) {
    const boundary = serverContext as BoundaryContext;
    const sent = request.headers.get('x-request-id');
    boundary.requestId = sent && REQUEST_ID_PATTERN.test(sent) ? sent : randomUUID();
    boundary.streamedBody = streamed?.(request) === true;
    boundary.requestTimeoutMs = boundary.streamedBody ? streamedTimeoutMs : timeoutMs;
    boundary.admission = admission;
    const guarded = await guardRequest(request, boundary, streamed);
    if (guarded instanceof Response) return endResponse(guarded);
    setRequest(guarded);
    setRequestHandler((current, context) => withinBoundary(context, current, async () => requestHandler(current, context)));
  },
  onResponse({ request, response, serverContext }) {
    const { requestId, admission } = serverContext as BoundaryContext;
    const headers = response.headers;
    if (requestId) headers.set('X-Request-Id', requestId);
    headers.set('X-Content-Type-Options', 'nosniff');
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
    if (response.status === 503 && !headers.has('Retry-After')) headers.set('Retry-After', String(RETRY_AFTER_UNAVAILABLE_SECONDS));
    for (const [name, value] of Object.entries(admission?.headers(serverContext) ?? {})) headers.set(name, value);
    // RFC 6750: every 401 says how to authenticate, and whether the key or token sent was the
    // problem; RFC 9728: where the resource's metadata names the authorization server (MCP clients start there).
    if (response.status === 401) {
      const keySent = request.headers.has('authorization');
      const metadata = resources && metadataUrlOf(isMcpPath(request.url) ? resources.mcp : resources.api);
      headers.set('WWW-Authenticate', `Bearer realm="api"${metadata ? `, resource_metadata="${metadata}"` : ''}${keySent ? ', error="invalid_token"' : ''}`);
    }
  },
});
