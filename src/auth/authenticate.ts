import type { PrismaClient } from '../generated/prisma/client.js';
import type { Authentication, KeyRecord, ResourceCheck } from './api-keys.js';
import { authenticate } from './api-keys.js';
import type { KeyLookup } from './key-cache.js';
import { authenticateSession, CSRF_HEADER, sessionCookieOf } from './sessions.js';

/**
 * Who a request acts as: the API key or OAuth access token in `Authorization` when one is sent (it
 * always wins), or else the dashboard's session cookie with its CSRF token. Every surface
 * authenticates this way; `acceptsResource` says which OAuth tokens are meant for where it arrived.
 */
export async function authenticateRequest(
  keys: KeyLookup<KeyRecord>,
  prisma: PrismaClient,
  headers: Headers,
  now: Date,
  acceptsResource: ResourceCheck,
): Promise<Authentication> {
  const authorization = headers.get('authorization');
  const session = authorization === null ? sessionCookieOf(headers) : null;
  if (session) return authenticateSession(prisma, session, headers.get(CSRF_HEADER), now);
  return authenticate(keys, prisma, authorization, now, acceptsResource);
}
