import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import type { PrismaClient } from '../../src/generated/prisma/client.js';
import { startMailWorker } from '../../src/mail/mail-worker.js';

/** A real SMTP server in the test process; it refuses the first delivery to `flaky@` addresses with a temporary error. */
export function smtpServer() {
  const received: ParsedMail[] = [];
  const refusedOnce = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('flaky@') && !refusedOnce.has(address.address)) {
        refusedOnce.add(address.address);
        return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  return {
    received,
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first truthy value of `check`, polled every 25 ms, or a timeout naming `what`. */
export async function until<T>(check: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The outbox messages of a tenant (of one kind, if given), oldest first, once none is pending: the
 * worker marks a message sent a moment after the SMTP server has accepted it.
 */
export const settledOutbox = (prisma: PrismaClient, tenantId: string, kind?: string) =>
  until(async () => {
    const messages = await prisma.outboxMessage.findMany({ where: { tenantId, ...(kind ? { kind } : {}) }, orderBy: { createdAt: 'asc' } });
    return messages.some((m) => m.status === 'pending') ? undefined : messages;
  }, 'the outbox messages settled');

/**
 * For a describe block: a real SMTP server and this process's mail worker delivering the outbox
 * to it (from a scratch data directory), started before its tests and stopped after them.
 */
export function mailDelivery(prisma: () => PrismaClient, from: string) {
  const smtp = smtpServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'bp-mail-'));
  let worker: ReturnType<typeof startMailWorker>;
  beforeAll(async () => {
    worker = startMailWorker(prisma(), { smtpUrl: `smtp://127.0.0.1:${await smtp.listen()}`, from, dataDir, pollMs: 50, retryBaseMs: 50 });
  });
  afterAll(async () => {
    await worker.stop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return smtp;
}
