import type { PrismaClient } from '../generated/prisma/client.js';
import { type LeasedRounds, leasedRounds, settleEach } from '../shared/leased-rounds.js';
import { logger } from '../shared/logger.js';
import { onMailQueued, type OutboxMail } from './outbox.js';
import { mailTransport } from './transport.js';

export interface MailWorkerOptions {
  smtpUrl?: string;
  /** Sender, `Name <address>`. */
  from: string;
  dataDir: string;
  pollMs?: number;
  /** First retry delay; each further attempt waits twice as long, at most an hour. */
  retryBaseMs?: number;
  maxAttempts?: number;
  /** How long a claim lasts: a worker that dies holding messages releases them after it. */
  leaseMs?: number;
}

/** `stop()` also closes the transport. */
export type MailWorker = LeasedRounds;

interface ClaimedMessage {
  id: string;
  recipient: string;
  subject: string;
  message: Omit<OutboxMail, 'kind' | 'to' | 'subject'>;
  attempts: number;
}

const BATCH = 10;
const HOUR = 3_600_000;

/**
 * Delivers the outbox. Any number of server processes run one each: a message is claimed with
 * FOR UPDATE SKIP LOCKED under a lease, so no two workers send it at once, and its outcome is
 * recorded only by the worker still holding the lease. A worker that dies after sending but
 * before recording leaves the message to be sent again after the lease; its Message-ID stays
 * the same, so receivers can recognise the repeat.
 */
export function startMailWorker(prisma: PrismaClient, options: MailWorkerOptions): MailWorker {
  const { pollMs = 1000, retryBaseMs = 30_000, maxAttempts = 10, leaseMs = 5 * 60_000 } = options;
  const transport = mailTransport(options);
  const domain = /@([^>\s]+)/.exec(options.from)?.[1] ?? 'localhost';

  const claim = (token: string) => prisma.$queryRaw<ClaimedMessage[]>`
    UPDATE "OutboxMessage" SET "leaseToken" = ${token}::uuid, "leaseUntil" = now() + ${leaseMs} * interval '1 millisecond', attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM "OutboxMessage"
      WHERE status = 'pending' AND "nextAttemptAt" <= now() AND ("leaseUntil" IS NULL OR "leaseUntil" < now())
      ORDER BY "nextAttemptAt" LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
    RETURNING id, recipient, subject, message, attempts`;

  /** Sends one claimed message and records the outcome; only database errors escape. */
  async function deliver(message: ClaimedMessage, token: string) {
    const mail = { ...message.message, from: options.from, to: message.recipient, subject: message.subject, messageId: `<${message.id}@${domain}>` };
    // Only the send is guarded: a sent message whose record fails must not be rescheduled as unsent.
    const reason = await transport.send(message.id, mail).then(
      () => null,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    if (reason === null) {
      await prisma.$executeRaw`
        UPDATE "OutboxMessage" SET status = 'sent', "sentAt" = now(), "leaseUntil" = NULL, "lastError" = NULL
        WHERE id = ${message.id}::uuid AND "leaseToken" = ${token}::uuid`;
      return;
    }
    const failed = message.attempts >= maxAttempts;
    const delayMs = Math.min(retryBaseMs * 2 ** (message.attempts - 1), HOUR);
    await prisma.$executeRaw`
      UPDATE "OutboxMessage" SET status = ${failed ? 'failed' : 'pending'}::"OutboxStatus", "lastError" = ${reason.slice(0, 2000)},
        "leaseUntil" = NULL, "nextAttemptAt" = now() + ${delayMs} * interval '1 millisecond'
      WHERE id = ${message.id}::uuid AND "leaseToken" = ${token}::uuid`;
    if (failed) logger.error({ messageId: message.id, attempts: message.attempts, reason }, 'mail delivery failed for good');
    else logger.warn({ messageId: message.id, attempt: message.attempts, retryInMs: delayMs, reason }, 'mail delivery failed; will retry');
  }

  const rounds = leasedRounds('mail outbox', pollMs, claim, (messages, token) => settleEach(messages, (message) => deliver(message, token)));
  const unsubscribe = onMailQueued(rounds.kick);

  return {
    kick: rounds.kick,
    async stop() {
      unsubscribe();
      await rounds.stop();
      transport.close();
    },
  };
}
