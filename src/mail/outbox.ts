import { EventEmitter } from 'node:events';
import { insertStatement, newRow } from '../db/sql-insert.js';
import type { TenantDb } from '../db/tenant-scope.js';
import type { Prisma } from '../generated/prisma/client.js';

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

/** The INSERT queuing `mail` (a row built whole here: src/db/sql-insert.ts), for a statement that writes more with it. */
export function mailInsert(tenantId: string, mail: OutboxMail, now = new Date()): Prisma.Sql {
  const { kind, to, subject, ...message } = mail;
  const row = newRow('OutboxMessage', tenantId, { kind, recipient: to, subject, message: { ...message }, status: 'pending', attempts: 0, nextAttemptAt: now }, now);
  return insertStatement('OutboxMessage', row);
}

/**
 * Queues an email in the caller's transaction, so it is sent if and only if the change that
 * caused it commits. Delivery happens later, in a worker (src/mail/mail-worker.ts).
 */
export async function enqueueMail(tx: Pick<TenantDb, '$executeRaw'>, tenantId: string, mail: OutboxMail): Promise<void> {
  await tx.$executeRaw(mailInsert(tenantId, mail));
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
