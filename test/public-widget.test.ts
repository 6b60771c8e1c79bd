import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/http/app.js';
import { createRateLimits, type RateLimits, type RateLimitSettings } from '../src/http/rate-limits.js';
import { fixtures } from './support/fixtures.js';
import type { TenantFixture } from './support/harness.js';
import { useHarness } from './support/harness.js';

/**
 * The booking widget: a publishable key that sits in a public web page, used by every visitor
 * and by anyone who reads the page.
 */
const harness = useHarness();
const { h, tenant, rest } = harness;
const make = fixtures(harness);

const opened: RateLimits[] = [];
afterAll(async () => {
  await Promise.all(opened.map((limits) => limits.close()));
});

const roomy: RateLimitSettings = { keyRequests: 100, ipRequests: 100, publicAddressRequests: 100, publicKeyRequests: 1000, publicBookingsPerHour: 100, windowSeconds: 60 };

/** An app with its own budgets behind one trusted proxy, so each call names its client address in `X-Forwarded-For`. */
async function limitedApp(settings: Partial<RateLimitSettings>) {
  const rateLimits = await createRateLimits({ ...roomy, ...settings });
  opened.push(rateLimits);
  const app = createApp({ prisma: h.db.prisma, rateLimits, trustProxyHops: 1 });
  const call = async (address: string, key: string, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { authorization: `Bearer ${key}`, 'x-forwarded-for': address };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await app.fetch(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, headers: response.headers, body: await response.json().catch(() => null) };
  };
  return { call };
}

const guest = (i: number) => ({ firstName: 'Ann', lastName: `Lee ${i}`, email: `guest-${i}-${Math.random().toString(36).slice(2)}@example.test` });

describe('the booking widget (publishable keys)', () => {
  let t: TenantFixture;
  let resource: { id: string };
  /** Open slots of the widget's resource, not yet used by an earlier test. */
  let freeSlots: string[] = [];
  const takeSlots = (n: number) => freeSlots.splice(0, n);

  beforeAll(async () => {
    t = await tenant();
    resource = await make.resource(t.secret, { name: 'Public studio', published: true, defaultDurationMinutes: 15, maxConcurrent: 1 }, [['00:00', '24:00']]);
    const open = await rest('GET', `/api/bookings/resources/${resource.id}/availability?from=2030-01-07&to=2030-01-07`, { key: t.secret });
    freeSlots = open.body.slots.map((s: { slotId: string }) => s.slotId);
    expect(freeSlots.length).toBe(96);
  });

  const bookingsOf = (lastNamePrefix: string) => h.db.prisma.booking.count({ where: { tenantId: t.tenantId, lastName: { startsWith: lastNamePrefix } } });
  const mailsTo = (email: string) => h.db.prisma.outboxMessage.count({ where: { tenantId: t.tenantId, kind: 'booking.confirmed', recipient: { equals: email, mode: 'insensitive' } } });

  it('counts a publishable key per client address, under a larger ceiling for the whole widget', async () => {
    const { call } = await limitedApp({ publicAddressRequests: 3, publicKeyRequests: 5 });
    const list = (address: string) => call(address, t.publishable, 'GET', '/api/bookings/resources');
    const first = [await list('203.0.113.1'), await list('203.0.113.1'), await list('203.0.113.1')];
    expect(first.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(first.map((a) => a.headers.get('ratelimit-remaining'))).toEqual(['2', '1', '0']);
    expect(first[0]!.headers.get('ratelimit-limit')).toBe('3');
    // One visitor over its budget...
    const refused = await list('203.0.113.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too Many Requests', message: expect.stringContaining('Rate limit of 3 requests') });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // ...leaves the others served: its refused requests did not spend the widget's ceiling.
    expect((await list('203.0.113.2')).status).toBe(200);
    expect((await list('203.0.113.3')).status).toBe(200);
    // The widget's ceiling (5 here), across every address, refuses past it.
    const ceiling = await list('203.0.113.4');
    expect(ceiling.status).toBe(429);
    expect(ceiling.body.message).toContain('Rate limit of 5 requests');
    expect((await list('203.0.113.5')).status).toBe(429);
    // The pair's secret key keeps its own budget.
    expect((await call('203.0.113.4', t.secret, 'GET', '/api/bookings/resources')).status).toBe(200);
  });

  it('spends one request of the budget per mutation field, aliases and fragments included, refusing before anything runs', async () => {
    const { call } = await limitedApp({ keyRequests: 10 });
    const slots = takeSlots(16);
    const fields = (from: number, to: number, alias: string) =>
      slots.slice(from, to).map((slotId, i) => `${alias}${i}: createBooking(input: {slotId: "${slotId}", firstName: "Spam", lastName: "Alias ${i}", email: "victim${i}@example.test"}) { booking { id } }`);
    const graphql = (query: string) => call('198.51.100.1', t.secret, 'POST', '/graphql', { query });

    // 12 fields (half of them through a fragment) against a budget of 10: refused, nothing booked or mailed.
    const tooMany = await graphql(`mutation { ${fields(0, 6, 'b').join(' ')} ...More } fragment More on Mutation { ${fields(6, 12, 'c').join(' ')} }`);
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.errors[0].extensions.code).toBe('TOO_MANY_REQUESTS');
    expect(tooMany.body.errors[0].message).toContain('12 mutation fields');
    expect(Number(tooMany.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(tooMany.body.data ?? null).toBeNull();
    expect(await bookingsOf('Alias')).toBe(0);
    expect(await h.db.prisma.outboxMessage.count({ where: { tenantId: t.tenantId, recipient: { startsWith: 'victim' } } })).toBe(0);

    // A fresh key: 4 fields spend 4 of its 10 requests, as 4 requests would.
    const fresh = await tenant();
    const freshResource = await make.resource(fresh.secret, { name: 'Fresh', published: true });
    const freshSlots = (await rest('GET', `/api/bookings/resources/${freshResource.id}/availability?from=2030-01-07&to=2030-01-07`, { key: fresh.secret })).body.slots.map((s: { slotId: string }) => s.slotId);
    const four = freshSlots.slice(0, 4).map((slotId: string, i: number) => `b${i}: createBooking(input: {slotId: "${slotId}", firstName: "Four", lastName: "Alias ${i}", email: "four${i}@example.test"}) { booking { id } }`);
    const booked = await call('198.51.100.1', fresh.secret, 'POST', '/graphql', { query: `mutation { ${four.join(' ')} }` });
    expect(booked.status).toBe(200);
    expect(booked.body.errors).toBeUndefined();
    expect(Object.keys(booked.body.data)).toHaveLength(4);
    expect(booked.headers.get('ratelimit-remaining')).toBe('6');
    expect(await h.db.prisma.booking.count({ where: { tenantId: fresh.tenantId } })).toBe(4);
  });

  it('limits the bookings one client address makes through a publishable key, on both surfaces', async () => {
    const { call } = await limitedApp({ publicBookingsPerHour: 2 });
    const [s1, s2, s3, s4, s5] = takeSlots(5);
    const book = (address: string, slotId: string, i: number) => call(address, t.publishable, 'POST', '/api/bookings', { slotId, ...guest(i), lastName: `Hourly ${i}` });
    expect((await book('192.0.2.1', s1!, 1)).status).toBe(201);
    expect((await book('192.0.2.1', s2!, 2)).status).toBe(201);
    const refused = await book('192.0.2.1', s3!, 3);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too Many Requests', message: expect.stringContaining('2 bookings per hour') });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    // Over GraphQL, from the same address: refused as well, with an HTTP 429.
    const viaGraphql = await call('192.0.2.1', t.publishable, 'POST', '/graphql', {
      query: `mutation { createBooking(input: {slotId: "${s3}", firstName: "Ann", lastName: "Hourly 4", email: "h4@example.test"}) { booking { id } } }`,
    });
    expect(viaGraphql.status).toBe(429);
    expect(viaGraphql.body.errors[0].extensions).toEqual({ code: 'TOO_MANY_REQUESTS' });
    expect(await bookingsOf('Hourly')).toBe(2);
    // Another visitor of the same widget books.
    expect((await book('192.0.2.2', s4!, 5)).status).toBe(201);
    expect(await bookingsOf('Hourly')).toBe(3);
    // A secret key is not a public booking: not limited by address.
    const staff = await call('192.0.2.1', t.secret, 'POST', '/api/bookings', { slotId: s5, ...guest(6), lastName: 'Hourly staff' });
    expect(staff.status).toBe(201);
  });

  it('mails one guest address at most 3 confirmations per hour from publishable keys; the bookings are still made', async () => {
    const email = `often-${Math.random().toString(36).slice(2)}@example.test`;
    const slots = takeSlots(7);
    // At once, as from several server processes: the count is taken under the address's lock.
    const statuses = await Promise.all(
      slots.slice(0, 6).map(async (slotId, i) => {
        const cased = i % 2 ? email.toUpperCase() : email;
        return (await rest('POST', '/api/bookings', { key: t.publishable, body: { slotId, firstName: 'Ann', lastName: `Often ${i}`, email: cased } })).status;
      }),
    );
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201]);
    expect(await bookingsOf('Often')).toBe(6);
    // One guest whatever the letter case: every booking is on the one lead the first created.
    const leads = await h.db.prisma.booking.findMany({ where: { tenantId: t.tenantId, lastName: { startsWith: 'Often' } }, select: { leadId: true }, distinct: ['leadId'] });
    expect(leads).toHaveLength(1);
    expect(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId, email: { equals: email, mode: 'insensitive' } } })).toBe(1);
    expect(await mailsTo(email)).toBe(3);
    // The business's own bookings (secret keys) are always confirmed to the guest.
    expect((await rest('POST', '/api/bookings', { key: t.secret, body: { slotId: slots[6], firstName: 'Ann', lastName: 'Often staff', email } })).status).toBe(201);
    expect(await mailsTo(email)).toBe(4);
  });

  it('does not print the guest-supplied name in the confirmation as the business’s words', async () => {
    const [slotId] = takeSlots(1);
    const email = `named-${Math.random().toString(36).slice(2)}@example.test`;
    const firstName = 'Your booking needs a deposit: pay at https://evil.example/pay';
    expect((await rest('POST', '/api/bookings', { key: t.publishable, body: { slotId, firstName, lastName: 'Now', email } })).status).toBe(201);
    const mail = await h.db.prisma.outboxMessage.findFirstOrThrow({ where: { tenantId: t.tenantId, recipient: email } });
    const { text } = mail.message as { text: string };
    expect(text).not.toContain('evil.example');
    expect(text).not.toContain('deposit');
    expect(text).toContain('Public studio');
    expect(text).toContain('If you did not make this booking');
  });

  it('never tells a publishable key the guest’s lead, on either surface; a secret key still sees it', async () => {
    const [s1, s2, s3] = takeSlots(3);
    const existing = await make.lead(t.secret, { email: `known-${Math.random().toString(36).slice(2)}@example.test` });
    const viaRest = await rest('POST', '/api/bookings', { key: t.publishable, body: { slotId: s1, firstName: 'Kim', lastName: 'Known', email: existing.email } });
    expect(viaRest.status).toBe(201);
    expect(viaRest.body.booking.leadId).toBeNull();
    const stored = await h.db.prisma.booking.findUniqueOrThrow({ where: { id: viaRest.body.booking.id } });
    expect(stored.leadId).toBe(existing.id);

    const response = await h.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.publishable}` },
      body: JSON.stringify({ query: `mutation { createBooking(input: {slotId: "${s2}", firstName: "Kim", lastName: "Known", email: "${existing.email}"}) { booking { id leadId lead { id } } } }` }),
    });
    const viaGraphql = await response.json();
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data.createBooking.booking).toMatchObject({ leadId: null, lead: null });
    expect((await h.db.prisma.booking.findUniqueOrThrow({ where: { id: viaGraphql.data.createBooking.booking?.id } })).leadId).toBe(existing.id);

    const staff = await rest('POST', '/api/bookings', { key: t.secret, body: { slotId: s3, firstName: 'Kim', lastName: 'Known', email: existing.email } });
    expect(staff.body.booking.leadId).toBe(existing.id);
  });
});
