import type { PrismaClient } from '../generated/prisma/client.js';
import { AppError, badInput } from '../shared/errors.js';
import { generateKey, hashKey } from './api-keys.js';
import type { Scope } from './scopes.js';
import { allScopes, isScope } from './scopes.js';

/** How long a rotated pair keeps working. */
export const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

export interface IssuedKeyPair {
  name: string;
  scopes: Scope[];
  /** Requests per rate-limit window of each key; null for the server's default. */
  rateLimit: number | null;
  /** The keys in clear text: shown this once, only their hashes are stored. */
  publishable: { id: string; key: string };
  secret: { id: string; key: string };
}

export function parseScopes(list: string[]): Scope[] {
  const unknown = list.filter((s) => !isScope(s));
  if (unknown.length) throw badInput([{ field: 'scopes', message: `unknown scopes ${unknown.join(', ')}; known: ${allScopes.join(', ')}` }]);
  if (!list.length) throw badInput([{ field: 'scopes', message: 'at least one scope is required' }]);
  return [...new Set(list)] as Scope[];
}

/** A pair's own request budget: a whole number of requests per window, at least 1. */
export function parseRateLimit(value: string): number {
  const limit = Number(value);
  if (!/^\d{1,9}$/.test(value) || limit < 1) throw badInput([{ field: 'rateLimit', message: 'must be a whole number of requests per window, at least 1' }]);
  return limit;
}

/** Creates a publishable + secret key pair acting as `userId`, who must belong to `tenantId`. */
export async function createKeyPair(
  prisma: PrismaClient,
  args: { tenantId: string; userId: string; name: string; scopes: Scope[]; rateLimit?: number | null },
): Promise<IssuedKeyPair> {
  const user = await prisma.user.findFirst({ where: { id: args.userId, tenantId: args.tenantId }, select: { id: true } });
  if (!user) throw new AppError('NOT_FOUND', 'user not found in this tenant');
  const keys = { publishable: generateKey('publishable'), secret: generateKey('secret') };
  const pair = await prisma.apiKeyPair.create({
    data: {
      tenantId: args.tenantId,
      userId: args.userId,
      name: args.name,
      scopes: args.scopes,
      rateLimit: args.rateLimit ?? null,
      keys: {
        create: [
          { tenantId: args.tenantId, kind: 'publishable', keyHash: hashKey(keys.publishable) },
          { tenantId: args.tenantId, kind: 'secret', keyHash: hashKey(keys.secret) },
        ],
      },
    },
    select: { keys: { select: { id: true, kind: true } } },
  });
  const idOf = (kind: 'publishable' | 'secret') => pair.keys.find((k) => k.kind === kind)?.id ?? '';
  return {
    name: args.name,
    scopes: args.scopes,
    rateLimit: args.rateLimit ?? null,
    publishable: { id: idOf('publishable'), key: keys.publishable },
    secret: { id: idOf('secret'), key: keys.secret },
  };
}

async function findKey(prisma: PrismaClient, keyId: string) {
  const key = await prisma.apiKey.findUnique({ where: { id: keyId }, include: { pair: true } });
  if (!key) throw new AppError('NOT_FOUND', 'API key not found');
  return key;
}

/** Revokes one key immediately: the next request with it gets 401, in every server process. */
export async function revokeKey(prisma: PrismaClient, keyId: string, now: Date) {
  await findKey(prisma, keyId);
  return prisma.apiKey.update({ where: { id: keyId }, data: { revokedAt: now }, select: { id: true, revokedAt: true } });
}

/** Issues a new pair with the same name, user, scopes and budget; the old pair stops working 24 hours from `now`. */
export async function rotateKeyPair(prisma: PrismaClient, keyId: string, now: Date): Promise<IssuedKeyPair> {
  const { pair } = await findKey(prisma, keyId);
  const issued = await createKeyPair(prisma, {
    tenantId: pair.tenantId,
    userId: pair.userId,
    name: pair.name,
    scopes: parseScopes(pair.scopes),
    rateLimit: pair.rateLimit,
  });
  const expiresAt = new Date(now.getTime() + ROTATION_GRACE_MS);
  // An earlier expiry (a pair rotated twice) is kept.
  await prisma.apiKeyPair.updateMany({
    where: { id: pair.id, OR: [{ expiresAt: null }, { expiresAt: { gt: expiresAt } }] },
    data: { expiresAt },
  });
  return issued;
}
