import { randomUUID } from 'node:crypto';
import type { Plugin } from 'graphql-yoga';
import type { ErrorCode } from '../shared/errors.js';
import { ErrorCodes } from '../shared/errors.js';
import { logger } from '../shared/logger.js';

/** Largest request body accepted, on both surfaces (1 MiB), counted as the bytes arrive. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Deepest nesting of arrays and objects accepted in a JSON body. */
export const MAX_JSON_DEPTH = 64;

const isGraphqlPath = (url: string) => new URL(url).pathname === '/graphql';

/**
 * A refusal in the surface's own error shape: GraphQL clients read `errors[].extensions.code`,
 * REST clients `{error, message}`.
 */
export function refusal(request: Request, code: ErrorCode, message: string): Response {
  const { status, title } = ErrorCodes[code];
  const body = isGraphqlPath(request.url) ? { errors: [{ message, extensions: { code } }] } : { error: title, message };
  return Response.json(body, { status });
}

/**
 * The body's bytes, read no further than `MAX_BODY_BYTES` whatever `Content-Length` says (chunked
 * bodies have none): 'too large', or 'broken' when the upload fails half-way.
 */
async function readLimited(body: ReadableStream<Uint8Array>): Promise<Uint8Array | 'too large' | 'broken'> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const chunk = await reader.read().catch(() => null);
    if (!chunk) return 'broken';
    const { done, value } = chunk;
    if (done) break;
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

/**
 * What is wrong with a parsed JSON value that the API never accepts: nesting deeper than
 * `MAX_JSON_DEPTH` (recursive code further down would overflow the stack) or strings that are not
 * well-formed Unicode (lone surrogates, which PostgreSQL would silently store as U+FFFD).
 * Iterative, so a hostile depth cannot overflow this check itself.
 */
export function jsonProblem(value: unknown): string | null {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length) {
    const [item, depth] = pending.pop() as [unknown, number];
    if (typeof item === 'string') {
      if (!item.isWellFormed()) return 'contains a string that is not well-formed Unicode (a lone surrogate)';
    } else if (item && typeof item === 'object') {
      if (depth >= MAX_JSON_DEPTH) return `nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`;
      for (const [key, child] of Object.entries(item)) {
        if (!key.isWellFormed()) return 'contains a key that is not well-formed Unicode (a lone surrogate)';
        pending.push([child, depth + 1]);
      }
    }
  }
  return null;
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
export async function guardRequest(request: Request): Promise<Request | Response> {
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
  return new Request(request.url, { method: request.method, headers: request.headers, body: text || null, signal: request.signal });
}

/** What the boundary keeps about a request in its server context (shared by every hook of the request). */
interface BoundaryContext {
  requestId?: string;
  requestTimeoutMs?: number;
}

/**
 * Runs the work that answers a request within the boundary: it is answered 503 at the time limit,
 * and anything unexpected becomes a JSON 500 without internals, logged once with the request id.
 */
export async function withinBoundary(serverContext: object, request: Request, work: () => Promise<Response>): Promise<Response> {
  const { requestId, requestTimeoutMs = 10_000 } = serverContext as BoundaryContext;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Response>((resolve) => {
    timer = setTimeout(() => resolve(refusal(request, 'TIMEOUT', `The request took longer than ${requestTimeoutMs} ms`)), requestTimeoutMs);
  });
  try {
    return await Promise.race([work(), timeout]);
  } catch (error) {
    logger.error({ err: error, requestId }, 'unexpected error');
    return Response.json({ error: ErrorCodes.INTERNAL_SERVER_ERROR.title, requestId }, { status: 500 });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The boundary every request passes, GraphQL and REST alike, registered before every other
 * plugin: it names the request (`X-Request-Id` on every answer; the id reaches the GraphQL
 * context, where errors are logged with it), bounds its body (above), and runs the GraphQL
 * handler within the boundary; the REST plugin runs its routes within the same boundary.
 */
export const useRequestBoundary = ({ timeoutMs }: { timeoutMs: number }): Plugin => ({
  async onRequest({ request, setRequest, endResponse, requestHandler, setRequestHandler, serverContext }) {
    const boundary = serverContext as BoundaryContext;
    boundary.requestId = randomUUID();
    boundary.requestTimeoutMs = timeoutMs;
    const guarded = await guardRequest(request);
    if (guarded instanceof Response) return endResponse(guarded);
    setRequest(guarded);
    setRequestHandler((current, context) => withinBoundary(context, current, async () => requestHandler(current, context)));
  },
  onResponse({ request, response, serverContext }) {
    const { requestId } = serverContext as BoundaryContext;
    if (requestId) response.headers.set('x-request-id', requestId);
    // RFC 6750: every 401 says how to authenticate, and whether the key sent was the problem.
    if (response.status === 401) {
      const keySent = request.headers.has('authorization');
      response.headers.set('WWW-Authenticate', `Bearer realm="api"${keySent ? ', error="invalid_token"' : ''}`);
    }
  },
});
