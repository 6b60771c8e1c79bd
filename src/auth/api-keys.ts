import { createHash, randomBytes } from 'node:crypto';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { ApiKeyKind, TenantModule, UserRole } from '../generated/prisma/enums.js';
import type { Scope } from './scopes.js';
import { isScope } from './scopes.js';

const prefixes: Record<ApiKeyKind, string> = { publishable: 'pk_live_', secret: 'sk_live_' };

/** 32 random bytes (256 bits) after the prefix, base64url: `sk_live_` + 43 characters. */
const keyPattern = /^(pk|sk)_live_[A-Za-z0-9_-]{43}$/;

export function generateKey(kind: ApiKeyKind): string {
  return prefixes[kind] + randomBytes(32).toString('base64url');
}

/**
 * Keys carry 256 bits of entropy, so a plain SHA-256 is a safe verifier (no salt or slow hash
 * needed), and looking a key up by its hash compares nothing secret in application code: what the
 * index lookup could leak by timing is a hash of the presented key, not of any stored one.
 */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export interface Principal {
  keyId: string;
  kind: ApiKeyKind;
  tenantId: string;
  userId: string;
  role: UserRole;
  scopes: ReadonlySet<Scope>;
  modules: ReadonlySet<TenantModule>;
  /** Requests per rate-limit window set for this key's pair; null for the server's default. */
  rateLimit: number | null;
}

/** Why a request has no principal; all of them are a 401 to the client. */
export type AuthFailure = 'missing' | 'malformed' | 'unknown' | 'revoked' | 'expired';

export type Authentication = { principal: Principal } | { failure: AuthFailure };

interface KeyRow {
  id: string;
  kind: ApiKeyKind;
  revokedAt: Date | null;
  tenantId: string;
  scopes: string[];
  expiresAt: Date | null;
  userId: string;
  role: UserRole;
  modules: TenantModule[];
  rateLimit: number | null;
}

export function bearerToken(header: string | null): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
}

/** Resolves the key of a request. One indexed query, every request: revocation is immediate for every process. */
export async function authenticate(prisma: PrismaClient, header: string | null, now: Date): Promise<Authentication> {
  const token = bearerToken(header);
  if (token === null) return { failure: 'missing' };
  if (!keyPattern.test(token)) return { failure: 'malformed' };
  // One flat join, written by hand: this runs on every request, and the ORM's nested form cost
  // more CPU than the rest of a typical request.
  const rows = await prisma.$queryRaw<KeyRow[]>`
    SELECT k.id, k.kind::text AS kind, k."revokedAt", k."tenantId", p.scopes, p."expiresAt", p."rateLimit",
           u.id AS "userId", u.role::text AS role, t.modules::text[] AS modules
      FROM "ApiKey" k
      JOIN "ApiKeyPair" p ON p.id = k."pairId"
      JOIN "User" u ON u.id = p."userId"
      JOIN "Tenant" t ON t.id = u."tenantId"
     WHERE k."keyHash" = ${hashKey(token)}`;
  const key = rows[0];
  if (!key) return { failure: 'unknown' };
  if (key.revokedAt && key.revokedAt <= now) return { failure: 'revoked' };
  if (key.expiresAt && key.expiresAt <= now) return { failure: 'expired' };
  return {
    principal: {
      keyId: key.id,
      kind: key.kind,
      tenantId: key.tenantId,
      userId: key.userId,
      role: key.role,
      scopes: new Set(key.scopes.filter(isScope)),
      modules: new Set(key.modules),
      rateLimit: key.rateLimit,
    },
  };
}
