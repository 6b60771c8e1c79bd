import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/http/app.js';
import { BookHeldSlotDocument, HoldSeatDocument, ReleaseSeatDocument } from './generated/operations.js';
import { fixtures } from './support/fixtures.js';
import { type TenantFixture, useHarness } from './support/harness.js';
import { type ServerProcess, secretKey, serverDatabase, startServer } from './support/server-process.js';

/** Slot holds: a seat of a slot held while a guest types, on both surfaces, raced and expired. */
const harness = useHarness();
const { h, tenant, rest, gql } = harness;
const make = fixtures(harness);

const guest = (i: number) => ({ firstName: 'Guest', lastName: String(i), email: `hold-guest${i}@example.test` });
const statusCounts = (statuses: number[]) => statuses.reduce<Record<number, number>>((counts, s) => ({ ...counts, [s]: (counts[s] ?? 0) + 1 }), {});
type Slot = { slotId: string; startsAt: string; remaining: number };

async function openSlots(t: TenantFixture, resourceId: string, key = t.secret): Promise<Slot[]> {
  const answer = await rest('GET', `/api/bookings/resources/${resourceId}/availability?from=2030-01-07&to=2030-01-07`, { key });
  expect(answer.status).toBe(200);
  return answer.body.slots;
}
const remainingOf = async (t: TenantFixture, resourceId: string, slotId: string) => (await openSlots(t, resourceId)).find((s) => s.slotId === slotId)?.remaining ?? 0;
const holdsOf = (resourceId: string) => h.db.prisma.bookingHold.count({ where: { resourceId } });

describe('a hold takes a seat while the guest types', () => {
  it('REST: holds a seat (201, Location), others see one fewer, booking with the hold takes that seat and uses the hold up', async () => {
    const t = await tenant();
    const resource = await make.resource(t.secret, { maxConcurrent: 2, published: true });
    const [slot] = await openSlots(t, resource.id);
    const held = await rest('POST', '/api/bookings/holds', { key: t.publishable, body: { slotId: slot!.slotId } });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect(held.headers.get('location')).toBe(`/api/bookings/holds/${held.body.data.id}`);
    expect(held.body.data).toMatchObject({ slotId: slot!.slotId, resourceId: resource.id, startsAt: slot!.startsAt });
    const expiresIn = Date.parse(held.body.data.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(4 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60_000);
    expect(await remainingOf(t, resource.id, slot!.slotId)).toBe(1);

    // Another caller takes the last free seat; the holder still books through its hold.
    expect((await rest('POST', '/api/bookings', { key: t.secret, body: { slotId: slot!.slotId, ...guest(1) } })).status).toBe(201);
    expect(await remainingOf(t, resource.id, slot!.slotId)).toBe(0);
    expect((await rest('POST', '/api/bookings', { key: t.secret, body: { slotId: slot!.slotId, ...guest(2) } })).status).toBe(409);
    const booked = await rest('POST', '/api/bookings', { key: t.publishable, body: { slotId: slot!.slotId, holdId: held.body.data.id, ...guest(3) } });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(await holdsOf(resource.id)).toBe(0);
    expect(await h.db.prisma.booking.count({ where: { resourceId: resource.id, status: 'confirmed' } })).toBe(2);
  });

  it('GraphQL: holds, books with the hold, and a hold of another slot is refused in userErrors', async () => {
    const t = await tenant();
    const resource = await make.resource(t.secret, { maxConcurrent: 1 });
    const [first, second] = await openSlots(t, resource.id);
    const held = await gql(t.secret, HoldSeatDocument, { input: { slotId: first!.slotId } });
    const hold = held.data!.createBookingHold.bookingHold!;
    expect(hold).toMatchObject({ slotId: first!.slotId, resourceId: resource.id });
    expect(await remainingOf(t, resource.id, first!.slotId)).toBe(0);

    const wrong = await gql(t.secret, BookHeldSlotDocument, { input: { slotId: second!.slotId, holdId: hold.id, ...guest(1) } });
    expect(wrong.data!.createBooking.booking).toBeNull();
    expect(wrong.data!.createBooking.userErrors).toEqual([expect.objectContaining({ code: 'INVALID', field: ['input', 'holdId'] })]);
    expect(await h.db.prisma.booking.count({ where: { resourceId: resource.id } })).toBe(0);

    const booked = await gql(t.secret, BookHeldSlotDocument, { input: { slotId: first!.slotId, holdId: hold.id, ...guest(2) } });
    expect(booked.data!.createBooking).toMatchObject({ booking: { status: 'confirmed', startsAt: first!.startsAt }, userErrors: [] });
    expect(await holdsOf(resource.id)).toBe(0);

    const full = await gql(t.secret, HoldSeatDocument, { input: { slotId: first!.slotId } });
    expect(full.data!.createBookingHold).toMatchObject({ bookingHold: null, userErrors: [expect.objectContaining({ code: 'UNAVAILABLE', message: 'The slot is no longer available: the slot is fully booked' })] });
  });

  it('a hold that expires gives its seat back, and a booking naming it is judged like any other', async () => {
    const t = await tenant();
    const resource = await make.resource(t.secret, { maxConcurrent: 1 });
    const [slot] = await openSlots(t, resource.id);
    const held = await rest('POST', '/api/bookings/holds', { key: t.secret, body: { slotId: slot!.slotId } });
    expect(held.status).toBe(201);
    expect(await remainingOf(t, resource.id, slot!.slotId)).toBe(0);
    h.clock.offsetMs += 5 * 60_000 + 1_000;
    try {
      expect(await remainingOf(t, resource.id, slot!.slotId)).toBe(1);
      const booked = await rest('POST', '/api/bookings', { key: t.secret, body: { slotId: slot!.slotId, holdId: held.body.data.id, ...guest(1) } });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      expect((await rest('DELETE', `/api/bookings/holds/${held.body.data.id}`, { key: t.secret })).status).toBe(404);
    } finally {
      h.clock.offsetMs -= 5 * 60_000 + 1_000;
    }
  });

  it('one live hold per holder: a second replaces the first; releasing frees the seat; another caller can neither release nor use it', async () => {
    const t = await tenant();
    const resource = await make.resource(t.secret, { maxConcurrent: 1 });
    const [first, second] = await openSlots(t, resource.id);
    const a = (await rest('POST', '/api/bookings/holds', { key: t.secret, body: { slotId: first!.slotId } })).body.data;
    const b = (await rest('POST', '/api/bookings/holds', { key: t.secret, body: { slotId: second!.slotId } })).body.data;
    expect(await remainingOf(t, resource.id, first!.slotId)).toBe(1);
    expect(await remainingOf(t, resource.id, second!.slotId)).toBe(0);
    expect(await h.db.prisma.bookingHold.findMany({ where: { resourceId: resource.id }, select: { id: true } })).toEqual([{ id: b.id }]);
    expect((await rest('DELETE', `/api/bookings/holds/${a.id}`, { key: t.secret })).status).toBe(404);

    // Another pair of the tenant is another holder.
    const other = await tenant();
    expect((await rest('DELETE', `/api/bookings/holds/${b.id}`, { key: other.secret })).status).toBe(404);
    const stranger = await rest('POST', '/api/bookings', { key: t.publishable, body: { slotId: second!.slotId, holdId: b.id, ...guest(1) } });
    expect(stranger.status).toBe(409);
    expect(await holdsOf(resource.id)).toBe(1);

    const released = await gql(t.secret, ReleaseSeatDocument, { id: b.id });
    expect(released.data!.releaseBookingHold).toMatchObject({ bookingHold: { id: b.id }, userErrors: [] });
    expect(await remainingOf(t, resource.id, second!.slotId)).toBe(1);
    expect(await holdsOf(resource.id)).toBe(0);
  });

  it('refuses bad requests with a 400 and holds nothing', async () => {
    const t = await tenant();
    const resource = await make.resource(t.secret, { maxConcurrent: 1 });
    const [slot] = await openSlots(t, resource.id);
    const bad = [
      {},
      { slotId: null },
      { slotId: 42 },
      { slotId: 'not-a-slot' },
      { slotId: 'x'.repeat(500) },
      { slotId: slot!.slotId, extra: true },
    ];
    for (const body of bad) {
      const answer = await rest('POST', '/api/bookings/holds', { key: t.secret, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toBe('Bad Request');
    }
    expect((await rest('POST', '/api/bookings/holds', { key: t.secret, rawBody: '{"slotId":' })).status).toBe(400);
    expect((await rest('DELETE', '/api/bookings/holds/not-a-uuid', { key: t.secret })).status).toBe(400);
    expect((await rest('POST', '/api/bookings', { key: t.secret, body: { slotId: slot!.slotId, holdId: 'nope', ...guest(1) } })).status).toBe(400);
    expect((await rest('POST', '/api/bookings/holds', { body: { slotId: slot!.slotId } })).status).toBe(401);
    expect(await holdsOf(resource.id)).toBe(0);
    expect(await h.db.prisma.booking.count({ where: { resourceId: resource.id } })).toBe(0);
  });

  it("a publishable key's visitors are told apart by address: each holds its own seat, and one cannot release another's", async () => {
    const t = await tenant();
    const resource = await make.resource(t.secret, { maxConcurrent: 2, published: true });
    const [slot] = await openSlots(t, resource.id);
    const app = createApp({ prisma: h.db.prisma, trustProxyHops: 1 });
    const call = async (address: string, method: string, path: string, body?: unknown) => {
      const headers = { authorization: `Bearer ${t.publishable}`, 'x-forwarded-for': address, 'content-type': 'application/json' };
      const response = await app.fetch(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, body: await response.json().catch(() => null) };
    };
    const one = await call('203.0.113.1', 'POST', '/api/bookings/holds', { slotId: slot!.slotId });
    const two = await call('203.0.113.2', 'POST', '/api/bookings/holds', { slotId: slot!.slotId });
    expect([one.status, two.status]).toEqual([201, 201]);
    expect((await call('203.0.113.3', 'POST', '/api/bookings/holds', { slotId: slot!.slotId })).status).toBe(409);
    expect((await call('203.0.113.2', 'DELETE', `/api/bookings/holds/${one.body.data.id}`)).status).toBe(404);
    expect((await call('203.0.113.1', 'DELETE', `/api/bookings/holds/${one.body.data.id}`)).status).toBe(200);
    expect(await holdsOf(resource.id)).toBe(1);
  });
});

describe('holds and bookings racing for a slot never overbook it', () => {
  it.each([1, 2])('maxConcurrent %i: 60 concurrent holds and bookings, exactly that many places taken', async (places) => {
    const t = await tenant();
    const resource = await make.resource(t.secret, { maxConcurrent: places });
    const [slot] = await openSlots(t, resource.id);
    // Each hold from its own pair, so none replaces another.
    const holders = await Promise.all(Array.from({ length: 30 }, () => tenantKeyOf(t)));
    const answers = await Promise.all([
      ...holders.map((key) => rest('POST', '/api/bookings/holds', { key, body: { slotId: slot!.slotId } })),
      ...Array.from({ length: 30 }, (_, i) => rest('POST', '/api/bookings', { key: t.secret, body: { slotId: slot!.slotId, ...guest(i) } })),
    ]);
    const taken = answers.filter((a) => a.status === 201).length;
    expect(statusCounts(answers.map((a) => a.status))).toEqual({ 201: places, 409: 60 - places });
    const held = await holdsOf(resource.id);
    const booked = await h.db.prisma.booking.count({ where: { resourceId: resource.id, status: 'confirmed' } });
    expect(held + booked).toBe(taken);
  }, 60_000);
});

/** Another secret key of the tenant: another pair, so another holder. */
async function tenantKeyOf(t: TenantFixture): Promise<string> {
  const created = await rest('POST', '/api/v1/key-pairs', { key: t.secret, body: { name: `holder ${Math.random()}`, scopes: ['bookings.read', 'bookings.manage'] } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data.secretKey;
}

describe.runIf(process.env.TEST_DATABASE_URL)('across two server processes on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof serverDatabase>>;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
  });

  it('holds and bookings through two processes take exactly the places there are', async () => {
    database = await serverDatabase();
    servers.push(await startServer(database.env), await startServer(database.env));
    const key = await secretKey(database.env);
    const call = (server: ServerProcess, method: string, path: string, body: unknown, bearer = key) =>
      fetch(`${server.base}${path}`, { method, headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      }));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const resource = (await call(a, 'POST', '/api/bookings/resources', { type: 'room', name: 'Shared', timezone: 'UTC', defaultDurationMinutes: 60, maxConcurrent: 2 })).body.data;
    await call(b, 'PUT', `/api/bookings/resources/${resource.id}/hours`, { hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '17:00' })) });
    const slots = await fetch(`${a.base}/api/bookings/resources/${resource.id}/availability?from=2030-01-07&to=2030-01-07`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.json());
    const slotId = slots.slots[0].slotId;
    const holders = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => (await call(i % 2 ? a : b, 'POST', '/api/v1/key-pairs', { name: `holder ${i}`, scopes: ['bookings.read', 'bookings.manage'] })).body.data.secretKey as string),
    );
    const answers = await Promise.all([
      ...holders.map((holder, i) => call(i % 2 ? a : b, 'POST', '/api/bookings/holds', { slotId }, holder)),
      ...Array.from({ length: 10 }, (_, i) => call(i % 2 ? b : a, 'POST', '/api/bookings', { slotId, ...guest(i) })),
    ]);
    expect(statusCounts(answers.map((r) => r.status))).toEqual({ 201: 2, 409: 18 });
  }, 120_000);
});
