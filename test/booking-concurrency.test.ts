import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtures } from './support/fixtures.js';
import { useHarness } from './support/harness.js';
import { type ServerProcess, secretKey, serverDatabase, startServer } from './support/server-process.js';

const harness = useHarness();
const { h, tenant, rest } = harness;
const make = fixtures(harness);

const guest = (i: number) => ({ firstName: 'Guest', lastName: String(i), email: `guest${i}@example.test` });
const statusCounts = (statuses: number[]) => statuses.reduce<Record<number, number>>((counts, s) => ({ ...counts, [s]: (counts[s] ?? 0) + 1 }), {});

describe('a slot never holds more than maxConcurrent confirmed bookings', () => {
  it('200 concurrent requests for one slot of a resource taking 3: three 201s, 197 409s', async () => {
    const t = await tenant();
    const resource = await make.resource(t.secret, { maxConcurrent: 3 });
    const slot = (await rest('GET', `/api/bookings/resources/${resource.id}/availability?from=2030-01-07&to=2030-01-07`, { key: t.secret })).body.slots[0];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => rest('POST', '/api/bookings', { key: t.secret, body: { slotId: slot.slotId, ...guest(i) } })),
    );
    expect(statusCounts(answers.map((a) => a.status))).toEqual({ 201: 3, 409: 197 });
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error === 'Conflict')).toBe(true);
    expect(await h.db.prisma.booking.count({ where: { resourceId: resource.id, status: 'confirmed' } })).toBe(3);
    // Refused requests wrote nothing: one lead and one queued email per booking.
    expect(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } })).toBe(3);
    expect(await h.db.prisma.outboxMessage.count({ where: { tenantId: t.tenantId } })).toBe(3);
  }, 60_000);
});

describe('bookings beside changes to their resource', () => {
  it('books 40 slots while the resource is renamed and re-slugged 20 times: every answer a success, none deadlocked', async () => {
    const t = await tenant();
    const resource = await make.resource(t.secret, { maxConcurrent: 1 });
    const slots = (await rest('GET', `/api/bookings/resources/${resource.id}/availability?from=2030-01-07&to=2030-01-12`, { key: t.secret })).body.slots.slice(0, 40);
    expect(slots).toHaveLength(40);
    // A booking writes its row (a KEY SHARE lock on the resource through the foreign key) before it
    // locks the resource; a slug change is a key update of the resource's row.
    const answers = await Promise.all([
      ...slots.map((slot: { slotId: string }, i: number) => rest('POST', '/api/bookings', { key: t.secret, body: { slotId: slot.slotId, ...guest(i) } })),
      ...Array.from({ length: 20 }, (_, i) => rest('PATCH', `/api/bookings/resources/${resource.id}`, { key: t.secret, body: { name: `Room ${i}`, slug: `room-${i}` } })),
    ]);
    expect(statusCounts(answers.map((a) => a.status))).toEqual({ 200: 20, 201: 40 });
    expect(await h.db.prisma.booking.count({ where: { resourceId: resource.id, status: 'confirmed' } })).toBe(40);
  }, 60_000);
});

// Two server processes need a database both can reach: PostgreSQL (the embedded one lives in one process).
describe.runIf(process.env.TEST_DATABASE_URL)('across two server processes on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof serverDatabase>>;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
  });

  it('still gives exactly three 201s, and each confirmation email is written once', async () => {
    database = await serverDatabase({ MAIL_POLL_MS: '100' });
    servers.push(await startServer(database.env), await startServer(database.env));
    const key = await secretKey(database.env);
    const call = (server: ServerProcess, method: string, path: string, body?: unknown) =>
      fetch(`${server.base}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const resource = (await call(a, 'POST', '/api/bookings/resources', { type: 'room', name: 'Shared', timezone: 'UTC', defaultDurationMinutes: 60, maxConcurrent: 3 })).body.data;
    await call(b, 'PUT', `/api/bookings/resources/${resource.id}/hours`, { hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '17:00' })) });
    const slot = (await call(b, 'GET', `/api/bookings/resources/${resource.id}/availability?from=2030-01-07&to=2030-01-07`)).body.slots[0];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => call(i % 2 ? a : b, 'POST', '/api/bookings', { slotId: slot.slotId, ...guest(i) })),
    );
    expect(statusCounts(answers.map((r) => r.status))).toEqual({ 201: 3, 409: 197 });
    const listed = await call(a, 'GET', `/api/bookings?resourceId=${resource.id}&status=confirmed`);
    expect(listed.body.total).toBe(3);
    // Without SMTP_URL both processes' mail workers write to DATA_DIR/mail: three confirmations, none twice
    // (the demo seed that made the key also delivered an inspection report).
    const mailDir = join(database.env.DATA_DIR as string, 'mail');
    const confirmations = () =>
      existsSync(mailDir) ? readdirSync(mailDir).filter((f) => f.endsWith('.eml') && readFileSync(join(mailDir, f), 'utf8').includes('Subject: Booking confirmed')) : [];
    const deadline = Date.now() + 15_000;
    while (confirmations().length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500));
    expect(confirmations()).toHaveLength(3);
    for (const server of servers) expect(server.stderr()).not.toMatch(/"level":(50|60)/);
  }, 120_000);
});
