import type { KeyRecord } from '../auth/api-keys.js';
import { scopesWithinRole } from '../auth/roles.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { TenantModule, UserRole } from '../generated/prisma/enums.js';

/** An access token as oidc-provider issues it: 256 random bits, base64url (43 characters). */
export const accessTokenPattern = /^[A-Za-z0-9_-]{43}$/;

interface AccessTokenRow {
  tenantId: string;
  userId: string;
  role: UserRole;
  deactivatedAt: Date | null;
  modules: TenantModule[];
  grantId: string;
  scope: string | null;
  resource: string | null;
  expiresAt: Date | null;
  grantExpiresAt: Date | null;
  lastUsedAt: Date | null;
}

/**
 * Reads an OAuth access token by its hash, with its grant (the connected app), user and tenant: one
 * indexed query. It becomes a credential like a key's (`KeyRecord`), so that the key cache keeps it
 * and authentication judges it the same way: the grant's scopes within its user's role as it is now,
 * refused once the user is deactivated, the token expired, or the grant revoked (its rows deleted).
 */
export async function loadAccessToken(prisma: PrismaClient, tokenHash: string): Promise<KeyRecord | undefined> {
  const rows = await prisma.$queryRaw<AccessTokenRow[]>`
    SELECT u."tenantId", u.id AS "userId", u.role::text AS role, u."deactivatedAt", t.modules::text[] AS modules,
           g."grantId", a.payload->>'scope' AS scope, a.payload->>'aud' AS resource, a."expiresAt",
           g."expiresAt" AS "grantExpiresAt", g."lastUsedAt"
      FROM "OAuthRecord" a
      JOIN "OAuthRecord" g ON g.kind = 'Grant' AND g."grantId" = a."grantId"
      JOIN "User" u ON u.id = a."userId"
      JOIN "Tenant" t ON t.id = u."tenantId"
     WHERE a.kind = 'AccessToken' AND a."idHash" = ${tokenHash}`;
  const token = rows[0];
  if (!token?.resource) return undefined;
  const expiresAt = [token.expiresAt, token.grantExpiresAt].filter((at): at is Date => at !== null).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
  return {
    tenantId: token.tenantId,
    revokedAt: null,
    expiresAt,
    deactivatedAt: token.deactivatedAt,
    lastUsedAt: token.lastUsedAt,
    principal: {
      credentialId: token.grantId,
      via: 'oauth',
      kind: 'secret',
      tenantId: token.tenantId,
      userId: token.userId,
      role: token.role,
      scopes: scopesWithinRole((token.scope ?? '').split(' '), token.role),
      modules: new Set(token.modules),
      rateLimit: null,
      resource: token.resource,
    },
  };
}

/** Records that a connected app was used (its grant's `lastUsedAt`, shown under Settings → Connected apps). */
export async function recordGrantUse(prisma: PrismaClient, grantId: string, now: Date): Promise<void> {
  await prisma.oAuthRecord.updateMany({ where: { kind: 'Grant', grantId }, data: { lastUsedAt: now } });
}
