import type { PrismaClient } from '../generated/prisma/client.js';
import type { ApiKeyKind, TenantModule, TrustedDocumentsRule, UserRole } from '../generated/prisma/enums.js';
import type { Database } from '../db/client.js';
import { limitedToTrustedDocuments } from '../trusted-documents/trusted-document.rules.js';
import { scopesWithinRole } from './roles.js';
import type { Scope } from './scopes.js';
import { hashToken, newToken } from './tokens.js';

const prefixes: Record<ApiKeyKind, string> = { publishable: 'pk_live_', secret: 'sk_live_' };

/** 32 random bytes (256 bits) after the prefix, base64url: `sk_live_` + 43 characters. */
export const keyPattern = /^(pk|sk)_live_[A-Za-z0-9_-]{43}$/;

export function generateKey(kind: ApiKeyKind): string {
  return prefixes[kind] + newToken();
}

/**
 * Who a request acts as: an API key, a dashboard session (which acts as a secret key with its user's
 * role's scopes), or an OAuth access token of an app or agent its user connected (src/oauth/).
 */
export interface Principal {
  /** The API key's id, the dashboard session's, or the OAuth grant's (the connected app's, the same across its rotating tokens). */
  credentialId: string;
  via: 'key' | 'session' | 'oauth';
  kind: ApiKeyKind;
  tenantId: string;
  userId: string;
  role: UserRole;
  /** What it may do: a key's pair's scopes within its user's current role; a session's, its role's. */
  scopes: ReadonlySet<Scope>;
  modules: ReadonlySet<TenantModule>;
  /** Requests per rate-limit window set for this key's pair; null for the server's default. */
  rateLimit: number | null;
  /**
   * An API key's pair, whether the key runs only trusted documents over GraphQL, and the origins
   * whose pages may use its publishable key (src/auth/origins.ts); absent for a session.
   */
  pair?: { id: string; trustedDocumentsOnly: boolean; allowedOrigins: readonly string[] };
  /** An OAuth token's resource (RFC 8707): the URL under which it may be used (src/oauth/resources.ts). */
  resource?: string;
}

/** Why a request has no principal; all of them are a 401 to the client. */
export type AuthFailure =
  | 'missing'
  | 'malformed'
  | 'unknown'
  | 'revoked'
  | 'expired'
  /** The key's user, or the session's, has been deactivated. */
  | 'deactivated'
  /** The dashboard session is unknown, signed out or idle for too long. */
  | 'session-ended'
  /** A dashboard session cookie came without its `X-CSRF-Token` header. */
  | 'csrf'
  /** An OAuth access token used outside the resource it was issued for (an /mcp token at REST or GraphQL). */
  | 'wrong-resource';

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
  pairId: string;
  trustedDocuments: TrustedDocumentsRule;
  allowedOrigins: string[] | null;
  lastUsedAt: Date | null;
  deactivatedAt: Date | null;
}

/** What authentication knows of a key: its state, and the principal it acts as while valid. */
export interface KeyRecord {
  tenantId: string;
  revokedAt: Date | null;
  expiresAt: Date | null;
  deactivatedAt: Date | null;
  /** When the key was last recorded as used (moved forward by this process when it records a use). */
  lastUsedAt: Date | null;
  principal: Principal;
}

/** `lastUsedAt` and a session's last-seen time are written at most this often, not on every request. */
export const USAGE_RECORD_INTERVAL_MS = 60_000;

export function bearerToken(header: string | null): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
}

/** Reads a key by its hash: one indexed query. */
export async function loadKey(prisma: PrismaClient, keyHash: string): Promise<KeyRecord | undefined> {
  // One flat join, written by hand: the ORM's nested form cost more CPU than the rest of a typical request.
  const rows = await prisma.$queryRaw<KeyRow[]>`
    SELECT k.id, k.kind::text AS kind, k."revokedAt", k."lastUsedAt", k."tenantId", p.scopes, p."expiresAt", p."rateLimit",
           p.id AS "pairId", p."trustedDocuments"::text AS "trustedDocuments", p."allowedOrigins",
           u.id AS "userId", u.role::text AS role, u."deactivatedAt", t.modules::text[] AS modules
      FROM "ApiKey" k
      JOIN "ApiKeyPair" p ON p.id = k."pairId"
      JOIN "User" u ON u.id = p."userId"
      JOIN "Tenant" t ON t.id = u."tenantId"
     WHERE k."keyHash" = ${keyHash}`;
  const key = rows[0];
  if (!key) return undefined;
  return {
    tenantId: key.tenantId,
    revokedAt: key.revokedAt,
    expiresAt: key.expiresAt,
    deactivatedAt: key.deactivatedAt,
    lastUsedAt: key.lastUsedAt,
    principal: {
      credentialId: key.id,
      via: 'key',
      kind: key.kind,
      tenantId: key.tenantId,
      userId: key.userId,
      role: key.role,
      scopes: scopesWithinRole(key.scopes, key.role),
      modules: new Set(key.modules),
      rateLimit: key.rateLimit,
      pair: { id: key.pairId, trustedDocumentsOnly: limitedToTrustedDocuments(key.trustedDocuments, key.kind), allowedOrigins: key.allowedOrigins ?? [] },
    },
  };
}
