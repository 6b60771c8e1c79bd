import type { CORSOptions } from 'graphql-yoga';
import type { Operation } from '../graphql/operations.js';

/** What a browser page may send and read: the key, JSON, retries and request ids, MCP's headers (/mcp), and the headers that explain an answer. */
const allowedHeaders = ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id', 'Mcp-Method', 'Mcp-Name', 'MCP-Protocol-Version', 'Mcp-Session-Id', 'Last-Event-ID'];
const exposedHeaders = [
  'X-Request-Id',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Retry-After',
  'Idempotent-Replayed',
  'X-Required-Scope',
  'WWW-Authenticate',
  'Location',
  'Warning',
];

/**
 * CORS answers. Never with credentials: the API authenticates by the `Authorization` header, not
 * cookies, so a page gains nothing a credentialed request would add. The public operations
 * (those a publishable key may call: the booking widget's resources, availability and booking)
 * answer any origin (echoed back), since a website calls them from the guest's browser. Every other
 * path answers only the origins configured in `CORS_ORIGINS` (none by default), so no other page
 * can read its answers; an origin not listed (`null` included) gets no CORS headers at all.
 */
export function corsPolicy(operations: readonly Operation[], allowedOrigins: readonly string[]) {
  const publicRoutes = operations.filter((o) => o.access?.publicScope).map((o) => ({ pattern: o.pattern, method: o.route.method }));
  const allowed = new Set(allowedOrigins);
  const common = { credentials: false, allowedHeaders, exposedHeaders, maxAge: 600 };
  return (request: Request): CORSOptions => {
    const { pathname } = new URL(request.url);
    const methods = publicRoutes.filter((r) => r.pattern.test(pathname)).map((r) => r.method);
    if (methods.length) return { ...common, origin: '*', methods };
    const origin = request.headers.get('origin');
    if (!origin || !allowed.has(origin)) return false;
    return { ...common, origin: [origin], methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] };
  };
}
