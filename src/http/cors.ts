import type { CORSOptions } from 'graphql-yoga';
import { originRefusal } from '../auth/origins.js';
import type { Operation } from '../graphql/operations.js';
import { admittedPrincipal } from './admission.js';

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
 * (those a publishable key may call: the booking widget's resources, availability and booking,
 * the lead form) answer any origin (echoed back), since a website calls them from the guest's
 * browser; but an answer to a publishable key whose pair lists origins (src/auth/origins.ts)
 * carries CORS headers only for those, so no other page can read it. A preflight carries no key,
 * so it is answered for any origin; the request that follows is refused (403) from an unlisted
 * one, and its answer has no CORS headers either. Every other
 * path answers only the origins configured in `CORS_ORIGINS` (none by default), so no other page
 * can read its answers; an origin not listed (`null` included) gets no CORS headers at all.
 */
export function corsPolicy(operations: readonly Operation[], allowedOrigins: readonly string[]) {
  const publicRoutes = operations.filter((o) => o.access?.publicScope).map((o) => ({ pattern: o.pattern, method: o.route.method }));
  const allowed = new Set(allowedOrigins);
  const common = { credentials: false, allowedHeaders, exposedHeaders, maxAge: 600 };
  return (request: Request, serverContext: unknown): CORSOptions => {
    const { pathname } = new URL(request.url);
    const methods = publicRoutes.filter((r) => r.pattern.test(pathname)).map((r) => r.method);
    if (methods.length) return keyAllowsOrigin(request, serverContext) ? { ...common, origin: '*', methods } : false;
    const origin = request.headers.get('origin');
    if (!origin || !allowed.has(origin)) return false;
    return { ...common, origin: [origin], methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] };
  };
}

/** Whether the request's key may be used from its page: always for a preflight, which admission never sees (it carries no key). */
function keyAllowsOrigin(request: Request, serverContext: unknown): boolean {
  if (request.method === 'OPTIONS') return true;
  return originRefusal(admittedPrincipal(serverContext as object), request.headers.get('origin')) === null;
}
