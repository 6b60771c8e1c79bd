import { createHmac } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import { serverSecret } from '../db/server-secrets.js';
import type { TenantDb } from '../db/tenant-scope.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { badInput } from '../shared/errors.js';

const CHALLENGE_SECRET_NAME = 'lead-form-challenge-key';

/** How long a lead form's challenge may be solved and sent: a visitor filling a long form included. */
export const CHALLENGE_LIFETIME_MS = 10 * 60_000;

/**
 * The largest number a challenge hides: a browser tries half as many SHA-256 hashes on average
 * (altcha-lib's solver in Node on this project's CI machine: 20 000 took 0.4 s median, 0.9 s at
 * worst, so a phone's browser spends well under a second in the background while its visitor types).
 * It is not a wall against a determined script, which hashes natively far faster: it makes junk
 * cost work per lead, and the per-address budget bounds the rest.
 */
export const CHALLENGE_MAX_NUMBER = 20_000;

/**
 * The tenant's key for signing challenges, derived from the server's secret: a challenge issued
 * for one tenant's form is no proof for another's.
 */
async function hmacKeyOf(prisma: PrismaClient, tenantId: string): Promise<string> {
  return createHmac('sha256', await serverSecret(prisma, CHALLENGE_SECRET_NAME)).update(`lead-form:${tenantId}`).digest('hex');
}

/** A new ALTCHA challenge (v1: SHA-256) for the tenant's lead form, expiring in `CHALLENGE_LIFETIME_MS`. */
export async function newChallenge(prisma: PrismaClient, tenantId: string, now: Date, maxNumber = CHALLENGE_MAX_NUMBER): Promise<Challenge> {
  return createChallenge({
    algorithm: 'SHA-256',
    hmacKey: await hmacKeyOf(prisma, tenantId),
    maxnumber: maxNumber,
    expires: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
  });
}

/** What an ALTCHA widget submits: its payload as base64-encoded JSON. */
interface ProofPayload {
  algorithm: 'SHA-256';
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

const refuse = (message: string) => badInput([{ field: 'altcha', message }]);

function decoded(altcha: string): ProofPayload | null {
  try {
    const value = JSON.parse(Buffer.from(altcha, 'base64').toString('utf8')) as Partial<ProofPayload> | null;
    const text = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 200;
    if (!value || value.algorithm !== 'SHA-256' || !text(value.challenge) || !text(value.salt) || !/^[0-9a-f]{64}$/.test(String(value.signature))) return null;
    return Number.isSafeInteger(value.number) && (value.number as number) >= 0 ? (value as ProofPayload) : null;
  } catch {
    return null;
  }
}

/**
 * Checks a lead form's proof of work and spends it: a BAD_USER_INPUT on `altcha` when it is
 * missing, not an ALTCHA payload, not a solution of a challenge this server issued to the tenant,
 * expired, or already spent. Spent proofs are kept (in `db`, the transaction that creates the lead,
 * so a lead refused after this check leaves the proof unspent) until their challenge would have
 * expired anyway, and the tenant's expired ones are removed on the way.
 */
export async function spendProof(prisma: PrismaClient, db: TenantDb, tenantId: string, altcha: string | null | undefined, now: Date): Promise<void> {
  if (!altcha) throw refuse('a proof of work is required with a publishable key: solve the `challenge` of the lead form (GET /api/leads/form) and send its ALTCHA payload');
  const payload = decoded(altcha);
  if (!payload) throw refuse('is not an ALTCHA payload (base64-encoded JSON with algorithm, challenge, number, salt and signature)');
  const expires = Number(extractParams(payload).expires) * 1000;
  if (!(await verifySolution(payload, await hmacKeyOf(prisma, tenantId), false)) || !Number.isFinite(expires)) {
    throw refuse('is not a solution of a challenge this server issued for this form');
  }
  if (expires <= now.getTime()) throw refuse('the challenge has expired: fetch the lead form again for a new one');
  await db.spentFormChallenge.deleteMany({ where: { expiresAt: { lt: now } } });
  const { count } = await db.spentFormChallenge.createMany({ data: [{ tenantId, signature: payload.signature, expiresAt: new Date(expires) }], skipDuplicates: true });
  if (count === 0) throw refuse('this proof of work was already used: fetch the lead form again for a new challenge');
}
