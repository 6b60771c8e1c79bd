import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendSignInLinks } from '../src/auth/sign-in.js';
import { tenantDb } from '../src/db/tenant-scope.js';
import { startMailWorker } from '../src/mail/mail-worker.js';
import { enqueueMail } from '../src/mail/outbox.js';
import { fixtures } from './support/fixtures.js';
import type { TenantFixture } from './support/harness.js';
import { useHarness } from './support/harness.js';
import { settledOutbox, smtpServer, until } from './support/smtp.js';

const harness = useHarness();
const { h, tenant, rest } = harness;
const make = fixtures(harness);

const ics = (mail: ParsedMail) => mail.attachments.find((a) => a.filename?.endsWith('.ics'))?.content.toString('utf8') ?? '';

describe('guest emails', () => {
  const smtp = smtpServer();
  const workers: ReturnType<typeof startMailWorker>[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'bp-mail-'));
  let smtpUrl = '';
  let t: TenantFixture;
  const from = 'Acme Bookings <bookings@acme.example>';

  beforeAll(async () => {
    smtpUrl = `smtp://127.0.0.1:${await smtp.listen()}`;
    workers.push(startMailWorker(h.db.prisma, { smtpUrl, from, dataDir, pollMs: 50, retryBaseMs: 50 }));
    t = await tenant();
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends the guest a confirmation with the event, then a cancellation of the same event', async () => {
    const resource = await make.resource(t.secret, { name: 'Tasting room', timezone: 'America/New_York', addressLine1: '1 Vine St', city: 'Napa' });
    const slot = (await rest('GET', `/api/bookings/resources/${resource.id}/availability?from=2030-01-07&to=2030-01-07`, { key: t.secret })).body.slots[0];
    expect(slot.startsAt).toBe('2030-01-07T14:00:00.000Z');
    const booking = (await rest('POST', '/api/bookings', { key: t.secret, body: { slotId: slot.slotId, firstName: 'Ann', lastName: 'Lee', email: 'ann@guest.example' } })).body.booking;
    const confirmation = await until(() => smtp.received.find((m) => m.subject?.startsWith('Booking confirmed') && m.text?.includes(booking.id)), 'the confirmation');
    expect(confirmation.to).toMatchObject({ value: [{ address: 'ann@guest.example' }] });
    expect(confirmation.from).toMatchObject({ value: [{ address: 'bookings@acme.example', name: 'Acme Bookings' }] });
    expect(confirmation.subject).toBe('Booking confirmed: Tasting room, Monday 7 January 2030 at 09:00 (America/New_York)');
    expect(confirmation.messageId).toMatch(/@acme\.example>$/);
    const invite = confirmation.attachments.find((a) => a.filename === 'booking.ics');
    expect(invite?.contentType).toBe('text/calendar');
    expect(ics(confirmation)).toContain('METHOD:REQUEST');
    expect(ics(confirmation)).toContain('DTSTART:20300107T140000Z');
    expect(ics(confirmation)).toContain('DTEND:20300107T150000Z');
    expect(ics(confirmation)).toContain(`UID:${booking.id}@bookings`);
    expect(ics(confirmation)).toContain('LOCATION:1 Vine St\\, Napa');

    expect((await rest('DELETE', `/api/bookings/${booking.id}`, { key: t.secret })).status).toBe(200);
    const cancellation = await until(() => smtp.received.find((m) => m.subject?.startsWith('Booking cancelled') && m.text?.includes(booking.id)), 'the cancellation');
    expect(ics(cancellation)).toContain('METHOD:CANCEL');
    expect(ics(cancellation)).toContain('STATUS:CANCELLED');
    expect(ics(cancellation)).toContain(`UID:${booking.id}@bookings`);
    expect(ics(cancellation)).toContain('SEQUENCE:1');
    const rows = await settledOutbox(h.db.prisma, t.tenantId);
    expect(rows.map((r) => [r.kind, r.status, r.attempts])).toEqual([['booking.confirmed', 'sent', 1], ['booking.cancelled', 'sent', 1]]);
  });

  it('folds the calendar event\'s long lines at 75 octets, never inside a character (patches/ical-generator)', async () => {
    const name = `Salle de dégustation « Château » ${'é'.repeat(40)} 🍷🍷🍷 ${'x'.repeat(30)}`;
    const resource = await make.resource(t.secret, { name, addressLine1: `${'Quai '.repeat(30)}1`, city: 'Beaune' });
    const slot = (await rest('GET', `/api/bookings/resources/${resource.id}/availability?from=2030-01-08&to=2030-01-08`, { key: t.secret })).body.slots[0];
    const booking = (await rest('POST', '/api/bookings', { key: t.secret, body: { slotId: slot.slotId, firstName: 'Lou', lastName: 'Fold', email: 'lou@guest.example' } })).body.booking;
    const confirmation = await until(() => smtp.received.find((m) => m.text?.includes(booking.id)), 'the confirmation');
    const lines = ics(confirmation).split('\r\n');
    expect(Math.max(...lines.map((line) => Buffer.byteLength(line)))).toBeLessThanOrEqual(75);
    const unfolded = ics(confirmation).replace(/\r\n /g, '');
    expect(unfolded).toContain(`SUMMARY:${name}`);
    expect(unfolded).toContain(`LOCATION:${'Quai '.repeat(30)}1\\, Beaune`);
  });

  it('retries a delivery the server refused, and it arrives once', async () => {
    const resource = await make.resource(t.secret, { name: 'Flaky room' });
    const slot = (await rest('GET', `/api/bookings/resources/${resource.id}/availability?from=2030-01-07&to=2030-01-07`, { key: t.secret })).body.slots[0];
    const booking = (await rest('POST', '/api/bookings', { key: t.secret, body: { slotId: slot.slotId, firstName: 'Flo', lastName: 'Ky', email: 'flaky@guest.example' } })).body.booking;
    const row = await until(async () => {
      const message = await h.db.prisma.outboxMessage.findFirst({ where: { tenantId: t.tenantId, recipient: 'flaky@guest.example' } });
      return message?.status === 'sent' ? message : undefined;
    }, 'the retried delivery');
    expect(row.attempts).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.filter((m) => m.text?.includes(booking.id))).toHaveLength(1);
  });

  it('delivers each message once with two workers at once, and never one whose transaction rolled back', async () => {
    workers.push(startMailWorker(h.db.prisma, { smtpUrl, from, dataDir, pollMs: 20, retryBaseMs: 50 }));
    const db = tenantDb(h.db.prisma, t.tenantId);
    await db.$transaction(async (tx) => {
      for (let i = 0; i < 20; i += 1) await enqueueMail(tx, t.tenantId, { kind: 'test', to: `bulk${i}@guest.example`, subject: `Bulk ${i}`, text: 'Hello' });
    });
    await db
      .$transaction(async (tx) => {
        await enqueueMail(tx, t.tenantId, { kind: 'test', to: 'never@guest.example', subject: 'Rolled back', text: 'Never' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await until(() => h.db.prisma.outboxMessage.count({ where: { kind: 'test', status: 'sent' } }).then((n) => n === 20 || undefined), 'twenty deliveries');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const bulk = smtp.received.filter((m) => m.subject?.startsWith('Bulk '));
    expect(bulk).toHaveLength(20);
    expect(new Set(bulk.map((m) => m.subject)).size).toBe(20);
    expect(smtp.received.some((m) => m.subject === 'Rolled back')).toBe(false);
  });

  it('writes .eml files to DATA_DIR/mail when no SMTP server is configured', async () => {
    const other = await tenant();
    const fileDir = mkdtempSync(join(tmpdir(), 'bp-eml-'));
    // Only the file worker may take it: the others stop first (a worker that claimed it would hold it for its lease).
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await tenantDb(h.db.prisma, other.tenantId).$transaction((tx) => enqueueMail(tx, other.tenantId, { kind: 'test', to: 'file@guest.example', subject: 'On disk', text: 'Saved' }));
    const fileWorker = startMailWorker(h.db.prisma, { from, dataDir: fileDir, pollMs: 20 });
    try {
      const mailDir = join(fileDir, 'mail');
      const file = await until(
        () => (existsSync(mailDir) ? readdirSync(mailDir).find((name) => name.endsWith('.eml')) : undefined),
        'the .eml file',
      );
      const raw = readFileSync(join(mailDir, file), 'utf8');
      expect(raw).toContain('Subject: On disk');
      expect(raw).toContain('To: file@guest.example');
    } finally {
      await fileWorker.stop();
      rmSync(fileDir, { recursive: true, force: true });
    }
  });

  it('writes a sign-in link in the .eml as it is, so it can be copied from the file', async () => {
    const other = await tenant();
    const user = await h.db.prisma.user.findUniqueOrThrow({ where: { id: other.userId } });
    await h.db.prisma.user.update({ where: { id: user.id }, data: { name: 'Zoë Ørsted' } });
    const fileDir = mkdtempSync(join(tmpdir(), 'bp-eml-'));
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    const publicUrl = 'https://crm.a-rather-long-host-name.example.com/some/prefix';
    await sendSignInLinks(h.db.prisma, user.email, { now: new Date(), publicUrl });
    const fileWorker = startMailWorker(h.db.prisma, { from, dataDir: fileDir, pollMs: 20 });
    try {
      const mailDir = join(fileDir, 'mail');
      const file = await until(() => (existsSync(mailDir) ? readdirSync(mailDir).find((name) => name.endsWith('.eml')) : undefined), 'the .eml file');
      const raw = readFileSync(join(mailDir, file), 'utf8');
      // The link's line is well over 76 characters: quoted-printable would have broken it and written `=3D`.
      const link = new RegExp(`^${publicUrl.replace(/[.]/g, '\\.')}/dashboard/sign-in/link\\?token=[\\w-]+$`, 'm');
      expect(raw).toMatch(link);
      expect(raw.match(link)![0].length).toBeGreaterThan(76);
      expect(raw).not.toContain('=3D');
      // A name beyond ASCII is written as UTF-8 text too.
      expect(raw).toContain('Content-Transfer-Encoding: 8bit');
      expect(raw).toContain('Hello Zoë Ørsted,');
      // And a mail client reads the same text.
      const parsed = await simpleParser(readFileSync(join(mailDir, file)));
      expect(parsed.text).toMatch(link);
    } finally {
      await fileWorker.stop();
      rmSync(fileDir, { recursive: true, force: true });
    }
  });
});
