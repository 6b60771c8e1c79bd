import type { PrismaClient } from '../generated/prisma/client.js';

/** A registered client no user has connected is forgotten after this long (registration is open to anyone). */
export const UNUSED_CLIENT_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the authorization server's records past their expiry (codes, tokens, grants, sessions:
 * refused anyway), and clients registered more than a day ago that no grant uses, with their
 * registration tokens: dynamic registration needs no account, so without this a flood of
 * registrations would stay for ever. A client forgotten registers again, as MCP clients do. Returns how many.
 */
export async function sweepOAuthRecords(prisma: PrismaClient, now: Date): Promise<number> {
  const expired = await prisma.oAuthRecord.deleteMany({ where: { expiresAt: { lt: now } } });
  const unused = await prisma.$executeRaw`
    DELETE FROM "OAuthRecord" c
     WHERE c.kind IN ('Client', 'RegistrationAccessToken') AND c."createdAt" < ${new Date(now.getTime() - UNUSED_CLIENT_MS)}
       AND NOT EXISTS (SELECT 1 FROM "OAuthRecord" g WHERE g.kind = 'Grant' AND g."clientId" = c."clientId")`;
  return expired.count + unused;
}
