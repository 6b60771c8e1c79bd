import { z } from 'zod';
import { lockForUpdate, type TenantDb } from '../db/tenant-scope.js';
import type { Prisma, PrismaClient } from '../generated/prisma/client.js';
import { TrustedDocumentsRule } from '../generated/prisma/enums.js';
import { AppError, badInput, notFound } from '../shared/errors.js';
import { parseOrThrow, requiredText } from '../shared/validation.js';
import { generateKey } from './api-keys.js';
import { type PairAction, type PairCaller, refusalOf } from './key-pair.rules.js';
import { parseAllowedOrigins } from './origins.js';
import { scopesWithinRole } from './roles.js';
import type { Scope } from './scopes.js';
import { allScopes, isScope } from './scopes.js';
import { hashToken } from './tokens.js';

/** How long a rotated pair keeps working. */
export const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

export interface IssuedKeyPair {
  /** The new pair's id. */
  id: string;
  name: string;
  scopes: Scope[];
  /** Requests per rate-limit window of each key; null for the server's default. */
  rateLimit: number | null;
  /** Which of its keys run only the tenant's trusted documents over GraphQL. */
  trustedDocuments: TrustedDocumentsRule;
  /** Origins whose pages may use its publishable key; empty: any page. */
  allowedOrigins: string[];
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

/** Which keys of a pair run only trusted documents, as the command line names it. */
export function parseTrustedDocumentsRule(value: string): TrustedDocumentsRule {
  const rules = Object.values(TrustedDocumentsRule);
  if (!(rules as string[]).includes(value)) throw badInput([{ field: 'trustedDocuments', message: `must be one of ${rules.join(', ')}` }]);
  return value as TrustedDocumentsRule;
}

/** A pair's own request budget: a whole number of requests per window, at least 1. */
export function parseRateLimit(value: string): number {
  const limit = Number(value);
  if (!/^\d{1,9}$/.test(value) || limit < 1) throw badInput([{ field: 'rateLimit', message: 'must be a whole number of requests per window, at least 1' }]);
  return limit;
}

const PairName = z.object({ name: requiredText(200).transform((name) => name.trim()) });

export interface NewKeyPair {
  tenantId: string;
  /** The user the keys act as: their creator. */
  userId: string;
  name: string;
  scopes: Scope[];
  rateLimit?: number | null;
  /** Which of its keys run only trusted documents (default: the publishable key). */
  trustedDocuments?: TrustedDocumentsRule;
  /** Origins whose pages may use its publishable key (src/auth/origins.ts); none: any page. */
  allowedOrigins?: readonly string[];
  /** What the caller holds: a pair may not carry anything else (absent for the command line, which the server's operator runs). */
  grantableScopes?: ReadonlySet<Scope>;
}

/**
 * Creates a publishable + secret key pair acting as `userId`, who must be an active user of
 * `tenantId`: every key is issued here, so here its scopes are checked against what the caller
 * holds and what the user's role allows (the command line's pairs included).
 */
export async function createKeyPair(prisma: Prisma.TransactionClient, args: NewKeyPair): Promise<IssuedKeyPair> {
  const { name } = parseOrThrow(PairName, { name: args.name });
  const allowedOrigins = parseAllowedOrigins(args.allowedOrigins ?? []);
  const beyond = args.grantableScopes ? args.scopes.filter((scope) => !args.grantableScopes?.has(scope)) : [];
  if (beyond.length) throw badInput([{ field: 'scopes', message: `you may not grant scopes you do not hold: ${beyond.join(', ')}` }]);
  const user = await prisma.user.findFirst({ where: { id: args.userId, tenantId: args.tenantId }, select: { deactivatedAt: true, role: true } });
  if (!user) throw new AppError('NOT_FOUND', 'user not found in this tenant');
  if (user.deactivatedAt) throw badInput([{ field: 'userId', message: 'the user is deactivated' }]);
  const allowed = scopesWithinRole(args.scopes, user.role);
  const outsideRole = args.scopes.filter((scope) => !allowed.has(scope));
  if (outsideRole.length) throw badInput([{ field: 'scopes', message: `the user's role (${user.role}) does not allow ${outsideRole.join(', ')}` }]);
  const keys = { publishable: generateKey('publishable'), secret: generateKey('secret') };
  const stored = (kind: 'publishable' | 'secret') => ({ tenantId: args.tenantId, kind, keyHash: hashToken(keys[kind]), lastFour: keys[kind].slice(-4) });
  const pair = await prisma.apiKeyPair.create({
    data: {
      tenantId: args.tenantId,
      userId: args.userId,
      name,
      scopes: args.scopes,
      rateLimit: args.rateLimit ?? null,
      trustedDocuments: args.trustedDocuments,
      allowedOrigins,
      keys: { create: [stored('publishable'), stored('secret')] },
    },
    select: { id: true, trustedDocuments: true, keys: { select: { id: true, kind: true } } },
  });
  const idOf = (kind: 'publishable' | 'secret') => pair.keys.find((k) => k.kind === kind)?.id ?? '';
  return {
    id: pair.id,
    name,
    scopes: args.scopes,
    rateLimit: args.rateLimit ?? null,
    trustedDocuments: pair.trustedDocuments,
    allowedOrigins,
    publishable: { id: idOf('publishable'), key: keys.publishable },
    secret: { id: idOf('secret'), key: keys.secret },
  };
}

/**
 * The pair the command line names: by its id, or by the id of either of its keys (`key create`
 * prints all three). Read across tenants, as the operator's command line does.
 */
export async function pairNamed(prisma: PrismaClient, id: string): Promise<{ id: string; tenantId: string }> {
  const select = { id: true, tenantId: true } as const;
  const pair =
    (await prisma.apiKeyPair.findUnique({ where: { id }, select })) ??
    (await prisma.apiKey.findUnique({ where: { id }, select: { pair: { select } } }))?.pair;
  if (!pair) throw notFound('API key pair');
  return pair;
}

/** The pair `pairId` of the tenant, locked until the transaction `tx` ends. */
async function lockedPair(tx: Prisma.TransactionClient, pairId: string) {
  await lockForUpdate(tx, 'ApiKeyPair', pairId);
  const pair = await tx.apiKeyPair.findUnique({ where: { id: pairId }, include: { keys: { select: { revokedAt: true } } } });
  if (!pair) throw notFound('API key pair');
  return pair;
}

/**
 * The pair `pairId`, locked until `tx` ends, once `caller` is found to may `action` it
 * (src/auth/key-pair.rules.ts; null for the command line): what changes, rotates or adds to a pair
 * passes here, registering its trusted documents included.
 */
export async function pairOpenTo(tx: Prisma.TransactionClient, pairId: string, action: PairAction, caller: PairCaller | null, now: Date) {
  const pair = await lockedPair(tx, pairId);
  const refusal = refusalOf(action, pair, caller, now);
  if (refusal) throw refusal;
  return pair;
}

/**
 * Revokes both keys of a pair immediately (those already revoked keep their time), if `caller`
 * may (src/auth/key-pair.rules.ts; null for the command line).
 */
export async function revokeKeyPair(db: TenantDb, pairId: string, caller: PairCaller | null, now: Date) {
  return db.$transaction(async (tx) => {
    const pair = await pairOpenTo(tx, pairId, 'revoke', caller, now);
    await tx.apiKey.updateMany({ where: { pairId, revokedAt: null }, data: { revokedAt: now } });
    const keys = await tx.apiKey.findMany({ where: { pairId }, select: { id: true, kind: true, revokedAt: true }, orderBy: { kind: 'asc' } });
    return { id: pair.id, keys };
  });
}

export interface KeyPairChanges {
  trustedDocuments?: TrustedDocumentsRule | null;
  /** The whole new list of origins (src/auth/origins.ts); an empty list lets any page use the publishable key again. */
  allowedOrigins?: readonly string[] | null;
}

/**
 * Changes which keys of a pair run only trusted documents, and which origins' pages may use its
 * publishable key, if `caller` may (src/auth/key-pair.rules.ts; null for the command line). Every
 * process's key cache hears of it at once (the pair's trigger).
 */
export async function updateKeyPair(db: TenantDb, pairId: string, caller: PairCaller | null, changes: KeyPairChanges, now: Date) {
  // Checked before the pair is looked at: bad input is refused whoever asks, and nothing is saved.
  const allowedOrigins = changes.allowedOrigins == null ? undefined : parseAllowedOrigins(changes.allowedOrigins);
  return db.$transaction(async (tx) => {
    await pairOpenTo(tx, pairId, 'update', caller, now);
    return tx.apiKeyPair.update({
      where: { id: pairId },
      data: { trustedDocuments: changes.trustedDocuments ?? undefined, allowedOrigins },
      select: { id: true, name: true, trustedDocuments: true, allowedOrigins: true },
    });
  });
}

/**
 * Issues a new pair with the same name, user, scopes, budget, trusted-documents rule and origins, and the old pair stops working
 * 24 hours from `now`, if `caller` may (src/auth/key-pair.rules.ts: its own user, holding its
 * scopes, once; null for the command line). The pair stays locked meanwhile, so of concurrent
 * rotations one issues a pair and the others find it already rotated.
 */
export async function rotateKeyPair(db: TenantDb, pairId: string, caller: PairCaller | null, now: Date): Promise<IssuedKeyPair> {
  return db.$transaction(async (tx) => {
    const pair = await pairOpenTo(tx, pairId, 'rotate', caller, now);
    const issued = await createKeyPair(tx, {
      tenantId: pair.tenantId,
      userId: pair.userId,
      name: pair.name,
      scopes: parseScopes(pair.scopes),
      rateLimit: pair.rateLimit,
      trustedDocuments: pair.trustedDocuments,
      allowedOrigins: pair.allowedOrigins,
      grantableScopes: caller?.scopes,
    });
    // Documents registered for the old pair alone are the new pair's too: its clients send the same hashes.
    const documents = await tx.trustedDocument.findMany({ where: { pairId: pair.id }, select: { hash: true, document: true } });
    if (documents.length) await tx.trustedDocument.createMany({ data: documents.map((d) => ({ ...d, tenantId: pair.tenantId, pairId: issued.id })) });
    await tx.apiKeyPair.update({ where: { id: pair.id }, data: { expiresAt: new Date(now.getTime() + ROTATION_GRACE_MS) }, select: { id: true } });
    return issued;
  });
}
