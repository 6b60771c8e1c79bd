import type { IncomingMessage } from 'node:http';
import type { Authentication, KeyRecord } from '../auth/api-keys.js';
import type { KeyLookup } from '../auth/key-cache.js';
import { authenticateRequest } from '../auth/authenticate.js';
import { tenantDb } from '../db/tenant-scope.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { idempotent } from './idempotency.js';
import type { RateLimits, RateLimitVerdict } from './rate-limits.js';
import type { Admission } from './request-boundary.js';
import { bodyTextOf, refusal } from './request-boundary.js';

/** What admission leaves in the request's server context for the handlers and hooks after it. */
interface AdmittedContext {
  authentication?: Authentication;
  rateLimit?: RateLimitVerdict;
  /** Present when served by node:http (absent in tests that call the handler directly). */
  req?: IncomingMessage;
}

/** The authentication admission made of the request (every request the GraphQL or REST handler sees has one). */
export function authenticationOf(serverContext: object): Authentication {
  const { authentication } = serverContext as AdmittedContext;
  if (!authentication) throw new TypeError('request handled without admission');
  return authentication;
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
}

/** The client's address: the socket's peer, or behind trusted proxies the entry they added. */
function clientAddress(serverContext: AdmittedContext, request: Request, trustProxyHops: number): string {
  const forwarded = trustProxyHops > 0 ? request.headers.get('x-forwarded-for')?.split(',').map((entry) => entry.trim()) : undefined;
  if (forwarded?.length) return forwarded[Math.max(0, forwarded.length - trustProxyHops)] ?? 'unknown';
  return serverContext.req?.socket.remoteAddress ?? 'unknown';
}

/**
 * Admission of every API request, before its operation runs: the key is looked up (from memory,
 * or one indexed query; its verdict is used by the access checks later), the request spends from its budget (the
 * key's, or without a valid key the client address's, which is smaller) and is refused with 429
 * past it, and a POST with an `Idempotency-Key` is run at most once (src/http/idempotency.ts).
 */
export function createAdmission({ prisma, keys, now, rateLimits, trustProxyHops = 0 }: AdmissionOptions): Admission {
  return {
    async admit(request, serverContext, work) {
      const admitted = serverContext as AdmittedContext;
      const authentication = await authenticateRequest(keys, prisma, request.headers, now());
      admitted.authentication = authentication;
      const principal = 'principal' in authentication ? authentication.principal : null;
      if (rateLimits) {
        const verdict = await rateLimits.consume(
          principal ? { key: principal.credentialId, requests: principal.rateLimit } : { address: clientAddress(admitted, request, trustProxyHops) },
        );
        admitted.rateLimit = verdict;
        if (!verdict.allowed) {
          const wait = `${verdict.resetSeconds}`;
          return refusal(request, 'TOO_MANY_REQUESTS', `Rate limit of ${verdict.limit} requests exceeded; retry in ${wait} s`, { 'Retry-After': wait });
        }
      }
      return idempotent({
        request,
        bodyText: bodyTextOf(serverContext),
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
