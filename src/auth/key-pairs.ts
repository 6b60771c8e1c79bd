import { z } from 'zod';
import type { PrismaClient } from '../generated/prisma/client.js';
import { AppError, badInput, notFound } from '../shared/errors.js';
import { parseOrThrow, requiredText } from '../shared/validation.js';
import { generateKey } from './api-keys.js';
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

const PairName = z.object({ name: requiredText(200).transform((name) => name.trim()) });

export interface NewKeyPair {
  tenantId: string;
  /** The user the keys act as: their creator. */
  userId: string;
  name: string;
  scopes: Scope[];
  rateLimit?: number | null;
  /** The scopes the creator holds: a pair may not carry any other (absent from the command line, which the server's operator runs). */
  grantableScopes?: ReadonlySet<Scope>;
}

/** Creates a publishable + secret key pair acting as `userId`, who must be an active user of `tenantId`. */
export async function createKeyPair(prisma: PrismaClient, args: NewKeyPair): Promise<IssuedKeyPair> {
  const { name } = parseOrThrow(PairName, { name: args.name });
  const beyond = args.grantableScopes ? args.scopes.filter((scope) => !args.grantableScopes?.has(scope)) : [];
  if (beyond.length) throw badInput([{ field: 'scopes', message: `you may not grant scopes you do not hold: ${beyond.join(', ')}` }]);
  const user = await prisma.user.findFirst({ where: { id: args.userId, tenantId: args.tenantId }, select: { deactivatedAt: true } });
  if (!user) throw new AppError('NOT_FOUND', 'user not found in this tenant');
  if (user.deactivatedAt) throw badInput([{ field: 'userId', message: 'the user is deactivated' }]);
  const keys = { publishable: generateKey('publishable'), secret: generateKey('secret') };
  const stored = (kind: 'publishable' | 'secret') => ({ tenantId: args.tenantId, kind, keyHash: hashToken(keys[kind]), lastFour: keys[kind].slice(-4) });
  const pair = await prisma.apiKeyPair.create({
    data: {
      tenantId: args.tenantId,
      userId: args.userId,
      name,
      scopes: args.scopes,
      rateLimit: args.rateLimit ?? null,
      keys: { create: [stored('publishable'), stored('secret')] },
    },
    select: { id: true, keys: { select: { id: true, kind: true } } },
  });
  const idOf = (kind: 'publishable' | 'secret') => pair.keys.find((k) => k.kind === kind)?.id ?? '';
  return {
    id: pair.id,
    name,
    scopes: args.scopes,
    rateLimit: args.rateLimit ?? null,
    publishable: { id: idOf('publishable'), key: keys.publishable },
    secret: { id: idOf('secret'), key: keys.secret },
  };
}

/** The pair a key belongs to (the command line names keys, the dashboard and GraphQL name pairs). */
export async function pairOfKey(prisma: PrismaClient, keyId: string): Promise<string> {
  const key = await prisma.apiKey.findUnique({ where: { id: keyId }, select: { pairId: true } });
  if (!key) throw notFound('API key');
  return key.pairId;
}

/** Revokes one key immediately: the next request with it gets 401, in every server process. */
export async function revokeKey(prisma: PrismaClient, keyId: string, now: Date) {
  await pairOfKey(prisma, keyId);
  return prisma.apiKey.update({ where: { id: keyId }, data: { revokedAt: now }, select: { id: true, revokedAt: true } });
}

/** Revokes both keys of a pair immediately (those already revoked keep their time). */
export async function revokeKeyPair(prisma: PrismaClient, pairId: string, now: Date): Promise<void> {
  const pair = await prisma.apiKeyPair.findUnique({ where: { id: pairId }, select: { id: true } });
  if (!pair) throw notFound('API key pair');
  await prisma.apiKey.updateMany({ where: { pairId, revokedAt: null }, data: { revokedAt: now } });
}

/**
 * Issues a new pair with the same name, user, scopes and budget; the old pair stops working 24
 * hours from `now` (an earlier end, from an earlier rotation, is kept). A revoked pair cannot be
 * rotated: its keys are already dead, and rotating would bring its scopes back to life.
 */
export async function rotateKeyPair(prisma: PrismaClient, pairId: string, now: Date): Promise<IssuedKeyPair> {
  const pair = await prisma.apiKeyPair.findUnique({ where: { id: pairId }, include: { keys: { select: { revokedAt: true } } } });
  if (!pair) throw notFound('API key pair');
  if (pair.keys.every((key) => key.revokedAt && key.revokedAt <= now)) throw new AppError('CONFLICT', 'this key pair is revoked; create a new one');
  if (pair.expiresAt && pair.expiresAt <= now) throw new AppError('CONFLICT', 'this key pair has expired; create a new one');
  const issued = await createKeyPair(prisma, {
    tenantId: pair.tenantId,
    userId: pair.userId,
    name: pair.name,
    scopes: parseScopes(pair.scopes),
    rateLimit: pair.rateLimit,
  });
  const expiresAt = new Date(now.getTime() + ROTATION_GRACE_MS);
  await prisma.apiKeyPair.updateMany({
    where: { id: pair.id, OR: [{ expiresAt: null }, { expiresAt: { gt: expiresAt } }] },
    data: { expiresAt },
  });
  return issued;
}
