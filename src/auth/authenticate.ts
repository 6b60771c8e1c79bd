import type { Database } from '../db/client.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { accessTokenPattern, loadAccessToken, recordGrantUse } from '../oauth/access-tokens.js';
import type { Authentication, KeyRecord } from './api-keys.js';
import { bearerToken, keyPattern, loadKey, USAGE_RECORD_INTERVAL_MS } from './api-keys.js';
import { cachedKeyLookup, type KeyLookup } from './key-cache.js';
import { hashToken } from './tokens.js';
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

/** How an OAuth access token's hash is told apart from a key's in the credential cache. */
const ACCESS_TOKEN_PREFIX = 'oauth:';

/** Reads a credential by the lookup name `authenticate` gives it: a key's hash, or `oauth:` and an access token's. */
export const loadCredential = (prisma: PrismaClient) => (name: string) =>
  name.startsWith(ACCESS_TOKEN_PREFIX) ? loadAccessToken(prisma, name.slice(ACCESS_TOKEN_PREFIX.length)) : loadKey(prisma, name);

/** A server's credential lookup on `db`: from this process's memory, kept current by the database's announcements. */
export const cachedKeys = (db: Pick<Database, 'prisma' | 'listen'>) => cachedKeyLookup(loadCredential(db.prisma), db.listen);

/** The name a bearer secret is looked up by, or null when it is neither a key nor an access token. */
function lookupNameOf(token: string): string | null {
  if (keyPattern.test(token)) return hashToken(token);
  if (accessTokenPattern.test(token)) return ACCESS_TOKEN_PREFIX + hashToken(token);
  return null;
}

/** Whether an OAuth token issued for a resource may be used where the request is (src/oauth/resources.ts). */
export type ResourceCheck = (resource: string) => boolean;

/**
 * Resolves the key or OAuth access token of a request through `keys` (src/auth/key-cache.ts: from
 * memory, kept current by the database's announcements). Revocation and expiry are judged against
 * `now` on every request, and an access token's resource against where it is used. The key's
 * `lastUsedAt` (an app's, its grant's) is written when it is a minute old or more.
 */
export async function authenticate(
  keys: KeyLookup<KeyRecord>,
  prisma: PrismaClient,
  header: string | null,
  now: Date,
  acceptsResource: ResourceCheck,
): Promise<Authentication> {
  const token = bearerToken(header);
  if (token === null) return { failure: 'missing' };
  const name = lookupNameOf(token);
  if (name === null) return { failure: 'malformed' };
  const key = await keys(name);
  if (!key) return { failure: 'unknown' };
  if (key.revokedAt && key.revokedAt <= now) return { failure: 'revoked' };
  if (key.expiresAt && key.expiresAt <= now) return { failure: 'expired' };
  if (key.deactivatedAt) return { failure: 'deactivated' };
  const { principal } = key;
  if (principal.resource !== undefined && !acceptsResource(principal.resource)) return { failure: 'wrong-resource' };
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= USAGE_RECORD_INTERVAL_MS) {
    key.lastUsedAt = now;
    if (principal.via === 'oauth') await recordGrantUse(prisma, principal.credentialId, now);
    else await prisma.apiKey.update({ where: { id: principal.credentialId }, data: { lastUsedAt: now }, select: { id: true } });
  }
  return { principal };
}
