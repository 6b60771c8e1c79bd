import { EventEmitter } from 'node:events';
import type { TenantDb } from '../db/tenant-scope.js';

/** An email to queue: what nodemailer sends, with attachments as text (an .ics file) or base64 (a PDF). */
export interface OutboxMail {
  /** What produced it, such as `booking.confirmed`. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: string; encoding?: 'base64' }[];
}

const queued = new EventEmitter();

/**
 * Queues an email in the caller's transaction, so it is sent if and only if the change that
 * caused it commits. Delivery happens later, in a worker (src/mail/mail-worker.ts).
 */
export async function enqueueMail(tx: Pick<TenantDb, 'outboxMessage'>, tenantId: string, mail: OutboxMail): Promise<void> {
  const { kind, to, subject, ...message } = mail;
  await tx.outboxMessage.create({ data: { tenantId, kind, recipient: to, subject, message } });
}

/** Wakes this process's worker after a commit that queued mail (other processes find it by polling). */
export function mailQueued(): void {
  queued.emit('queued');
}

/** Subscribes a worker to `mailQueued`; returns the unsubscribe function. */
export function onMailQueued(listener: () => void): () => void {
  queued.on('queued', listener);
  return () => queued.off('queued', listener);
}
