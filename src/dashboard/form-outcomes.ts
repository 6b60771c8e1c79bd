import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { hashToken } from '../auth/tokens.js';
import { tenantDb } from '../db/tenant-scope.js';
import { Prisma, type PrismaClient } from '../generated/prisma/client.js';
import type { CreateApiKeyPairMutation, CreateWebhookEndpointMutation } from './generated/operations.js';

/** How long a rendered form may be sent (once); what it did is kept as long, to know it when it comes again. */
export const FORM_LIFETIME_MS = 60 * 60 * 1000;
/** How long the page after a form waits for the work of the same form sent a moment before (a double click). */
const OUTCOME_WAIT_MS = 5_000;

/** What a form did, shown once on the page its post redirects to. */
export interface Outcome {
  done?: string;
  /** The keys of a created or rotated pair: shown on that page, never again. */
  issued?: { keys: NonNullable<CreateApiKeyPairMutation['createApiKeyPair']['issuedApiKeyPair']>; rotated: boolean };
  /** The signing secret of a created or rotated webhook endpoint: shown on that page, never again. */
  webhookSecret?: { endpoint: NonNullable<CreateWebhookEndpointMutation['createWebhookEndpoint']['webhookEndpoint']>; rotated: boolean };
  /** A new website key's publishable key and the resource chosen with it: the snippet and the preview, shown on that page only. */
  website?: { publishableKey: string; pairName: string; resourceId: string | null };
}

/** A new form's one-time token: when it was rendered (base 36 milliseconds), then 128 random bits. */
export const newFormToken = (now: Date) => `${now.getTime().toString(36)}.${randomBytes(16).toString('base64url')}`;

const TOKEN_PATTERN = /^([0-9a-z]{1,11})\.[\w-]{22}$/;

/** When the form was rendered, or null for anything that is not a form token. */
function renderedAt(token: string): number | null {
  const match = TOKEN_PATTERN.exec(token);
  return match ? Number.parseInt(match[1] as string, 36) : null;
}

/**
 * What a form did is sealed (AES-256-GCM) under a key derived from the session's cookie, which
 * only the browser holds (the database has its hash): a copy of the database cannot read the keys
 * a page is about to show, and another session cannot either. The token is bound in as well.
 */
function cipherKey(sessionToken: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionToken, '', 'dashboard form outcome', 32));
}

function seal(sessionToken: string, token: string, outcome: Outcome): Uint8Array<ArrayBuffer> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cipherKey(sessionToken), iv).setAAD(Buffer.from(token));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(outcome), 'utf8'), cipher.final()]);
  return new Uint8Array(Buffer.concat([iv, cipher.getAuthTag(), sealed]));
}

function unseal(sessionToken: string, token: string, sealed: Uint8Array): Outcome | null {
  try {
    const bytes = Buffer.from(sealed);
    const decipher = createDecipheriv('aes-256-gcm', cipherKey(sessionToken), bytes.subarray(0, 12)).setAAD(Buffer.from(token));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')) as Outcome;
  } catch {
    return null;
  }
}

/** The form was not sent before: run it. Sent before: show what it did. Expired (or no token): send it again from a fresh page. */
export type Claim = 'run' | 'sent' | 'expired';

/**
 * The forms of one signed-in session: each is honoured once (its token, claimed in the database,
 * so every process knows), and what it did waits, sealed, for the page its post redirects to,
 * which shows it once and empties it.
 */
export function formOutcomes(prisma: PrismaClient, tenantId: string, sessionToken: string) {
  const db = tenantDb(prisma, tenantId);
  const ofSession = { session: { tokenHash: hashToken(sessionToken) } };

  return {
    async claim(token: string, now: Date): Promise<Claim> {
      const rendered = renderedAt(token);
      // A little ahead is a clock difference between processes; a token far ahead is made up.
      if (rendered === null || rendered > now.getTime() + 60_000 || now.getTime() - rendered >= FORM_LIFETIME_MS) return 'expired';
      const session = await db.dashboardSession.findFirst({ where: { tokenHash: hashToken(sessionToken) }, select: { id: true } });
      if (!session) return 'expired';
      try {
        await db.dashboardFormOutcome.create({ data: { token, sessionId: session.id, expiresAt: new Date(rendered + FORM_LIFETIME_MS) } as never, select: { token: true } });
        return 'run';
      } catch (error) {
        if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return 'sent';
        throw error;
      }
    },

    /** The form did its work: what it did waits for the page after it. */
    async settle(token: string, outcome: Outcome, now: Date): Promise<void> {
      await db.dashboardFormOutcome.updateMany({ where: { token, ...ofSession }, data: { sealed: seal(sessionToken, token, outcome), doneAt: now } });
    },

    /** The form changed nothing (it was refused): it may be sent again. */
    async release(token: string): Promise<void> {
      await db.dashboardFormOutcome.deleteMany({ where: { token, ...ofSession, doneAt: null } });
    },

    /**
     * What the form did, the first time its page asks (then never again): waits a moment for a
     * form still running, which is what the second post of a double click finds.
     */
    async take(token: string, now: Date): Promise<Outcome | null> {
      const deadline = Date.now() + OUTCOME_WAIT_MS;
      for (;;) {
        const found = await db.dashboardFormOutcome.findFirst({ where: { token, ...ofSession, expiresAt: { gt: now } }, select: { sealed: true, doneAt: true } });
        if (!found) return null;
        if (found.doneAt) {
          if (!found.sealed) return null;
          // Of two pages asking at once, one shows it.
          const { count } = await db.dashboardFormOutcome.updateMany({ where: { token, sealed: { not: null } }, data: { sealed: null } });
          return count === 1 ? unseal(sessionToken, token, found.sealed) : null;
        }
        if (Date.now() >= deadline) return null;
        await sleep(100);
      }
    },
  };
}

export type FormOutcomes = ReturnType<typeof formOutcomes>;
