import type { IncomingMessage } from 'node:http';
import type { Authentication, KeyRecord, Principal } from '../auth/api-keys.js';
import type { KeyLookup } from '../auth/key-cache.js';
import { authenticateRequest } from '../auth/authenticate.js';
import { originRefusal } from '../auth/origins.js';
import { sessionCookieOf, sessionOf } from '../auth/sessions.js';
import { tenantDb } from '../db/tenant-scope.js';
import { resourceCovers, type Resources } from '../oauth/resources.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { idempotent } from './idempotency.js';
import type { RateLimits, RateLimitSubject, RateLimitVerdict } from './rate-limits.js';
import type { Admission, RequestKind } from './request-boundary.js';
import { bodyTextOf, isMcpPath, refusal, streamsBody } from './request-boundary.js';
import { fileDigest, nodeRequestOf } from './uploads.js';

/** What admission leaves in the request's server context for the handlers and hooks after it. */
interface AdmittedContext extends PageCall {
  authentication?: Authentication;
  rateLimit?: RateLimitVerdict;
  /** Who spent the request, for the operation's extra mutation fields (src/http/mutation-budget.ts). */
  budget?: { rateLimits: RateLimits; subject: RateLimitSubject };
  /** Present when served by node:http (absent in tests that call the handler directly). */
  req?: IncomingMessage;
  /** The client's address, for an API call (who holds a widget's seat: src/bookings/booking-hold.service.ts). */
  clientAddress?: string;
}

/** Set only in the server context of an API call a dashboard page or /mcp makes for itself, never from a client's request. */
export interface PageCall {
  /** The page spent the budget: one page view is one request, however many API calls it makes. */
  paidByPage?: boolean;
  /** Made by /mcp for its `graphql` tool: an OAuth token is judged as /mcp judged it, for the resource /mcp is. */
  forMcp?: boolean;
}

export const pageCallContext = (surface?: 'mcp'): PageCall => ({ paidByPage: true, ...(surface ? { forMcp: true } : {}) });

/** The authentication admission made of the request (every request the GraphQL or REST handler sees has one). */
export function authenticationOf(serverContext: object): Authentication {
  const { authentication } = serverContext as AdmittedContext;
  if (!authentication) throw new TypeError('request handled without admission');
  return authentication;
}

/** The client's address admission found for an API call (see `clientAddress`). */
export const admittedClientAddress = (serverContext: object): string | undefined => (serverContext as AdmittedContext).clientAddress;

/** Who admission found a request acts as; null when it has none, or was answered before admission (a body too large). */
export function admittedPrincipal(serverContext: object): Principal | null {
  const { authentication } = serverContext as AdmittedContext;
  return authentication && 'principal' in authentication ? authentication.principal : null;
}

export interface AdmissionOptions {
  prisma: PrismaClient;
  /** How keys are found (src/auth/key-cache.ts). */
  keys: KeyLookup<KeyRecord>;
  now: () => Date;
  /** Request budgets; none when omitted. */
  rateLimits?: RateLimits;
  /** Proxies whose `X-Forwarded-For` entries name the client (0: the socket's peer is the client). */
  trustProxyHops?: number;
  /** The OAuth resources this server is (src/oauth/resources.ts): a token is accepted where its resource covers. */
  resources: Resources;
}

/** Which OAuth tokens a request may carry: those for the whole API, and at /mcp (or for its tools) those for /mcp. */
export const resourceCheckFor = (resources: Resources, request: Request, serverContext: object) => {
  const surface = isMcpPath(request.url) || (serverContext as PageCall).forMcp ? 'mcp' : 'api';
  return (resource: string) => resourceCovers(resources, resource, surface);
};

/** The client's address: the socket's peer, or behind trusted proxies the entry they added. */
function clientAddress(serverContext: AdmittedContext, request: Request, trustProxyHops: number): string {
  const forwarded = trustProxyHops > 0 ? request.headers.get('x-forwarded-for')?.split(',').map((entry) => entry.trim()) : undefined;
  if (forwarded?.length) return forwarded[Math.max(0, forwarded.length - trustProxyHops)] ?? 'unknown';
  return serverContext.req?.socket.remoteAddress ?? 'unknown';
}

/** The mutation a publishable key's lead form sends: it spends the address's public leads, not its bookings. */
const LEAD_FORM_FIELD = 'submitLeadForm';
/** A widget's seat holds spend no public bookings: a visitor has one live hold at a time, and tries several times before booking once. */
const SEAT_HOLD_FIELDS = new Set(['createBookingHold', 'releaseBookingHold']);

/**
 * Spends what an admitted operation's mutation fields (by name) cost beyond the request itself:
 * one request of the same budget for each field after the first, and, through a publishable key,
 * one of its address's public leads for each lead form sent and one of its public bookings for
 * each other field but seat holds. The budget that refuses, with its verdict, or null when every budget allows
 * them (or none is configured).
 */
export async function spendOnMutationFields(
  serverContext: object,
  fieldNames: readonly string[],
): Promise<{ budget: 'requests' | 'public bookings' | 'public leads'; verdict: RateLimitVerdict } | null> {
  const admitted = serverContext as AdmittedContext;
  const fields = fieldNames.length;
  if (!admitted.budget || fields < 1) return null;
  const { rateLimits, subject } = admitted.budget;
  if (fields > 1) {
    admitted.rateLimit = await rateLimits.consume(subject, fields - 1);
    if (!admitted.rateLimit.allowed) return { budget: 'requests', verdict: admitted.rateLimit };
  }
  if ('publishableKey' in subject) {
    const leads = fieldNames.filter((name) => name === LEAD_FORM_FIELD).length;
    const leadVerdict = leads ? await rateLimits.consumePublicLeads(subject.publishableKey, subject.address, leads) : null;
    if (leadVerdict && !leadVerdict.allowed) return { budget: 'public leads', verdict: leadVerdict };
    const bookings = fields - leads - fieldNames.filter((name) => SEAT_HOLD_FIELDS.has(name)).length;
    const verdict = bookings > 0 ? await rateLimits.consumePublicBookings(subject.publishableKey, subject.address, bookings) : null;
    if (verdict && !verdict.allowed) return { budget: 'public bookings', verdict };
  }
  return null;
}

/**
 * Who a request acts as, for its budget. An API call: its key, or the session cookie with its CSRF
 * header. A dashboard page: the session cookie alone (a page view changes nothing by itself; its
 * forms carry their token). A sign-in page: nobody, whatever it carries; it is the way in for
 * anyone, so it keeps the address's small budget.
 */
async function authenticationFor(kind: RequestKind, request: Request, serverContext: object, { keys, prisma, now, resources }: AdmissionOptions): Promise<Authentication> {
  if (kind === 'api') return authenticateRequest(keys, prisma, request.headers, now(), resourceCheckFor(resources, request, serverContext));
  const session = kind === 'page' ? sessionCookieOf(request.headers) : null;
  return session ? sessionOf(prisma, session, now()) : { failure: 'missing' };
}

/**
 * Whose budget a request spends: a secret key's; its signed-in user's (every session together); a
 * publishable key's, which every visitor of the page it sits in shares, per client address and
 * within the key's own ceiling; or without either, the client address's.
 */
function subjectOf(authentication: Authentication, address: () => string): RateLimitSubject {
  if (!('principal' in authentication)) return { address: address() };
  const { principal } = authentication;
  if (principal.via === 'session') return { user: principal.userId };
  // A connected app spends its own budget (its grant's), as a key does, across its rotating tokens.
  if (principal.kind === 'publishable') return { publishableKey: principal.credentialId, address: address(), requests: principal.rateLimit };
  return { key: principal.credentialId, requests: principal.rateLimit };
}

/**
 * Admission of every request, before its work runs: the key or session is looked up (from memory,
 * or one indexed query; its verdict is used by the access checks later), the request spends from
 * its budget (`subjectOf`) and is refused with 429 past it, a publishable key used from a page its
 * pair does not list is refused with 403 (src/auth/origins.ts), and an API POST with an `Idempotency-Key` is run at
 * most once (src/http/idempotency.ts). The API calls a dashboard page makes for itself spend nothing.
 */
export function createAdmission(options: AdmissionOptions): Admission {
  const { prisma, now, rateLimits, trustProxyHops = 0 } = options;
  return {
    async admit(request, serverContext, work, kind = 'api') {
      const admitted = serverContext as AdmittedContext;
      const counted = rateLimits !== undefined && !admitted.paidByPage;
      // A page is authenticated only to know whose budget it spends: its API calls authenticate themselves.
      const authentication: Authentication = kind === 'api' || counted ? await authenticationFor(kind, request, serverContext, options) : { failure: 'missing' };
      const address = () => (admitted.clientAddress ??= clientAddress(admitted, request, trustProxyHops));
      if (kind === 'api') {
        admitted.authentication = authentication;
        address();
      }
      if (rateLimits && counted) {
        const subject = subjectOf(authentication, address);
        admitted.budget = { rateLimits, subject };
        const verdict = await rateLimits.consume(subject);
        admitted.rateLimit = verdict;
        if (!verdict.allowed) {
          const wait = `${verdict.resetSeconds}`;
          return refusal(request, 'TOO_MANY_REQUESTS', `Rate limit of ${verdict.limit} requests exceeded; retry in ${wait} s`, { 'Retry-After': wait });
        }
      }
      if (kind !== 'api') return work();
      const principal = 'principal' in authentication ? authentication.principal : null;
      // Here, where every surface's requests pass (REST, GraphQL, /mcp, subscriptions), not per route.
      const wrongOrigin = originRefusal(principal, request.headers.get('origin'));
      if (wrongOrigin) return refusal(request, 'FORBIDDEN', wrongOrigin);
      return idempotent({
        request,
        bodyText: bodyTextOf(serverContext),
        streamedFileDigest: streamsBody(serverContext) ? () => fileDigest(request, nodeRequestOf(serverContext), request.signal) : undefined,
        db: principal ? tenantDb(prisma, principal.tenantId) : null,
        apiKeyId: principal?.credentialId ?? null,
        now: now(),
        produce: work,
      });
    },
    headers(serverContext) {
      const { rateLimit } = serverContext as AdmittedContext;
      if (!rateLimit) return undefined;
      return {
        'RateLimit-Limit': String(rateLimit.limit),
        'RateLimit-Remaining': String(rateLimit.remaining),
        'RateLimit-Reset': String(rateLimit.resetSeconds),
      };
    },
  };
}
