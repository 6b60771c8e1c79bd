import { randomUUID } from 'node:crypto';
import { parse } from 'graphql';
import { afterAll, describe, expect, it } from 'vitest';
import { createKeyPair } from '../src/auth/key-pairs.js';
import { writeEvent } from '../src/events/event-log.js';
import { createEventStream, SUBSCRIBER_QUEUE_LIMIT } from '../src/events/event-stream.js';
import { createApp } from '../src/http/app.js';
import { createRateLimits } from '../src/http/rate-limits.js';
import { useHarness } from './support/harness.js';
import { type Received, subscribe, until } from './support/subscriptions.js';

const { h, tenant, rest, gql } = useHarness();

const url = 'http://localhost/graphql';
const fetchFn = ((input: RequestInfo | URL, init?: RequestInit) => h.app.fetch(input as string, init as never)) as typeof fetch;
const EVENTS = 'subscription { events { id type createdAt data } }';
const open: { unsubscribe(): void }[] = [];
afterAll(() => open.forEach((s) => s.unsubscribe()));

async function subscribed(key: string | undefined, query = EVENTS, via = fetchFn) {
  const subscription = await subscribe({ url, key, query, fetchFn: via });
  open.push(subscription);
  return subscription.received;
}

/** A subscription's connection as a client opens it, answered at once when it is refused. */
async function connect(key: string | undefined, query: string, app = h.app) {
  const headers: Record<string, string> = { accept: 'text/event-stream', 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) };
  const response = await app.fetch(url, { method: 'POST', headers, body: JSON.stringify({ query }) });
  if (response.status === 200) {
    // Past its first heartbeat, so that the stream has started before it is cancelled.
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
  }
  return { status: response.status, headers: response.headers, body: response.status === 200 ? '' : await response.text() };
}

const createLead = async (key: string, firstName = 'Ada') => {
  const created = await rest('POST', '/api/v1/leads', { key, body: { firstName, lastName: 'Lovelace' } });
  expect(created.status).toBe(201);
  return created.body.data as { id: string };
};

describe('subscription { events }', () => {
  it('pushes an event committed over REST, with exactly what GET /api/events/{id} answers', async () => {
    const t = await tenant();
    const received = await subscribed(t.secret);
    const lead = await createLead(t.secret);
    await until(() => received.messages.length > 0);
    expect(received.ended).toBeNull();
    expect(received.messages).toHaveLength(1);
    const pushed = received.messages[0]!.data!.events;
    const stored = await rest('GET', `/api/events/${pushed.id}`, { key: t.secret });
    expect(stored.status).toBe(200);
    expect(pushed).toEqual({ id: stored.body.data.id, type: 'lead.created', createdAt: stored.body.data.createdAt, data: stored.body.data.data });
    expect(pushed.data.id).toBe(lead.id);
    const row = await h.db.prisma.event.findUniqueOrThrow({ where: { id: pushed.id } });
    expect(pushed.data).toEqual(row.data);
  });

  it('sends only the types asked for, and refuses a type that does not exist', async () => {
    const t = await tenant();
    const updatesOnly = await subscribed(t.secret, 'subscription { events(types: ["lead.updated"]) { type data } }');
    const lead = await createLead(t.secret);
    const updated = await rest('PATCH', `/api/v1/leads/${lead.id}`, { key: t.secret, body: { firstName: 'Grace' } });
    expect(updated.status).toBe(200);
    await until(() => updatesOnly.messages.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(updatesOnly.messages.map((m) => m.data?.events.type)).toEqual(['lead.updated']);
    expect(updatesOnly.messages[0]!.data!.events.data.firstName).toBe('Grace');

    const typo = await connect(t.secret, 'subscription { events(types: ["lead.creatd"]) { id } }');
    expect(typo.status).toBe(400);
    expect(typo.body).toContain('BAD_USER_INPUT');
    expect(typo.body).toContain('\\"lead.creatd\\" is not an event type');
  });

  it('lets test events and delivery retries (announced to the webhook workers) pass by a subscriber of every type', async () => {
    const t = await tenant();
    const received = await subscribed(t.secret);
    const endpoint = (await rest('POST', '/api/webhook-endpoints', { key: t.secret, body: { url: 'https://93.184.215.14/hooks', events: ['lead.created'] } })).body.data;
    const test = await rest('POST', `/api/webhook-endpoints/${endpoint.id}/test`, { key: t.secret });
    expect(test.status).toBe(201);
    expect((await rest('POST', `/api/webhook-endpoints/${endpoint.id}/deliveries/${test.body.data.id}/retry`, { key: t.secret })).status).toBe(200);
    await createLead(t.secret);
    await until(() => received.messages.length > 0);
    expect(received.ended).toBeNull();
    expect(received.messages.map((m) => m.data?.events.type)).toEqual(['lead.created']);
  });

  it("never pushes what the key may not read, nor another tenant's events", async () => {
    const t = await tenant();
    const other = await tenant();
    const contactsOnly = (await createKeyPair(h.db.prisma, { tenantId: t.tenantId, userId: t.userId, name: 'contacts', scopes: ['contacts.read', 'contacts.write'] })).secret.key;
    const everything = await subscribed(t.secret);
    const withoutLeadScope = await subscribed(contactsOnly);
    const company = await rest('POST', '/api/v1/companies', { key: t.secret, body: { name: 'Acme' } });
    expect(company.status).toBe(201);
    await createLead(other.secret, 'Other');
    await createLead(t.secret, 'Mine');
    const contact = await rest('POST', '/api/v1/contacts/contact', { key: contactsOnly, body: { companyId: company.body.data.id, firstName: 'Con', lastName: 'Tact' } });
    expect(contact.status).toBe(201);
    await until(() => everything.messages.length >= 3 && withoutLeadScope.messages.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(everything.messages.map((m) => [m.data?.events.type, m.data?.events.data.firstName])).toEqual([['company.created', undefined], ['lead.created', 'Mine'], ['contact.created', 'Con']]);
    expect(withoutLeadScope.messages.map((m) => m.data?.events.type)).toEqual(['contact.created']);
  });

  it('refuses the publishable key (403), no key (401), and a client that does not accept an event stream (406)', async () => {
    const t = await tenant();
    for (const [key, status, code] of [[t.publishable, 403, 'FORBIDDEN'], [undefined, 401, 'UNAUTHENTICATED']] as const) {
      const refused = await connect(key, EVENTS);
      expect(refused.status).toBe(status);
      expect(refused.body).toContain(code);
    }
    const asJson = await h.app.fetch(url, { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${t.secret}` }, body: JSON.stringify({ query: EVENTS }) });
    expect(asJson.status).toBe(406);
  });
});

describe('an open subscription', () => {
  const lastError = (received: Received) => received.messages.at(-1)?.errors?.[0];

  it('ends when its key pair is revoked, with the reason as its last message', async () => {
    const t = await tenant();
    const received = await subscribed(t.secret);
    const pair = await h.db.prisma.apiKeyPair.findFirstOrThrow({ where: { tenantId: t.tenantId } });
    const revoked = await gql(t.secret, parse(`mutation { revokeApiKeyPair(id: "${pair.id}") { apiKeyPair { status } } }`));
    expect(revoked.errors).toBeUndefined();
    expect(await h.db.prisma.apiKey.count({ where: { pairId: pair.id, revokedAt: null } })).toBe(0);
    await until(() => received.ended !== null);
    expect(received.ended).toEqual({ completed: true });
    expect(lastError(received)).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' }, message: expect.stringContaining('revoked') });
  });

  it("ends when its user is deactivated, and when the key's role no longer reads what it subscribed to", async () => {
    const deactivated = await tenant();
    const byDeactivation = await subscribed(deactivated.secret);
    await h.db.prisma.user.update({ where: { id: deactivated.userId }, data: { deactivatedAt: new Date() } });
    await until(() => byDeactivation.ended !== null);
    expect(lastError(byDeactivation)).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' }, message: expect.stringContaining('deactivated') });

    const demoted = await tenant({ role: 'manager' });
    const leadsAndBookings = await subscribed(demoted.secret, 'subscription { events(types: ["lead.created", "booking.created"]) { id } }');
    const stillOpen = await subscribed(demoted.secret, 'subscription { events(types: ["booking.created"]) { id } }');
    // A technician reads bookings, not leads.
    await h.db.prisma.user.update({ where: { id: demoted.userId }, data: { role: 'technician' } });
    await until(() => leadsAndBookings.ended !== null);
    expect(lastError(leadsAndBookings)).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(stillOpen.ended).toBeNull();
  });
});

describe('subscriptions through the HTTP stack', () => {
  /** An app of its own with a hub of its own, so these tests can stop it and set budgets and timeouts. */
  async function ownApp(options: { keyRequests?: number; requestTimeoutMs?: number } = {}) {
    const eventStream = await createEventStream({ prisma: h.db.prisma, listen: h.db.listen, credentialChanges: () => {} });
    stops.push(eventStream.stop);
    const rateLimits = options.keyRequests
      ? await createRateLimits({ keyRequests: options.keyRequests, ipRequests: 1000, publicAddressRequests: 1000, publicKeyRequests: 1000, publicBookingsPerHour: 1000, windowSeconds: 60 })
      : undefined;
    if (rateLimits) stops.push(rateLimits.close);
    const app = createApp({ prisma: h.db.prisma, eventStream, rateLimits, requestTimeoutMs: options.requestTimeoutMs });
    const via = ((input: RequestInfo | URL, init?: RequestInit) => app.fetch(input as string, init as never)) as typeof fetch;
    return { app, eventStream, via };
  }
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  it('spends exactly one request of the key’s budget per connection, and refuses the one past it with 429', async () => {
    const t = await tenant();
    const { app } = await ownApp({ keyRequests: 3 });
    const connections = [];
    for (let i = 0; i < 3; i += 1) connections.push(await connect(t.secret, EVENTS, app));
    expect(connections.map((c) => [c.status, c.headers.get('ratelimit-remaining')])).toEqual([[200, '2'], [200, '1'], [200, '0']]);
    const refused = await connect(t.secret, EVENTS, app);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(refused.body).toContain('TOO_MANY_REQUESTS');
  });

  it('outlives the request timeout, and ends when the server drains', async () => {
    const t = await tenant();
    const { app, eventStream, via } = await ownApp({ requestTimeoutMs: 200 });
    const received = await subscribed(t.secret, EVENTS, via);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await createLead(t.secret);
    await until(() => received.messages.length > 0);
    expect(received.messages[0]?.data?.events.type).toBe('lead.created');
    expect(received.ended).toBeNull();
    await eventStream.stop();
    await until(() => received.ended !== null);
    expect(received.ended).toEqual({ completed: true });
    expect(received.messages.at(-1)?.errors?.[0]).toMatchObject({ extensions: { code: 'SERVICE_UNAVAILABLE' } });
    const whileDraining = await connect(t.secret, EVENTS, app);
    expect(whileDraining.status).toBe(503);
    expect(whileDraining.body).toContain('SERVICE_UNAVAILABLE');
  });

  it('ends a subscriber that does not keep up, after what it was sent', async () => {
    const t = await tenant();
    const response = await h.app.fetch(url, {
      method: 'POST',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json', authorization: `Bearer ${t.secret}` },
      body: JSON.stringify({ query: 'subscription { events { id data } }' }),
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The client reads nothing more while far more events than its queue holds (and the stream's buffers take) commit at once.
    const padding = 'x'.repeat(2_000);
    await h.db.prisma.$transaction(async (tx) => {
      for (let i = 0; i < SUBSCRIBER_QUEUE_LIMIT * 5; i += 1) await writeEvent(tx, { id: randomUUID(), tenantId: t.tenantId, type: 'lead.created', data: { i, padding } });
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value);
    const messages = text.split('\n').filter((line) => line.startsWith('data: {')).map((line) => JSON.parse(line.slice(6)));
    const delivered = messages.filter((m) => m.data).map((m) => m.data.events.data.i);
    expect(delivered.length).toBeLessThan(SUBSCRIBER_QUEUE_LIMIT * 5);
    // What it was sent, it was sent in order and whole.
    expect(delivered).toEqual(delivered.map((_: number, index: number) => index));
    expect(messages.at(-1).errors[0].message).toContain(`fell more than ${SUBSCRIBER_QUEUE_LIMIT} events behind`);
    expect(text.trimEnd().endsWith('event: complete\ndata:')).toBe(true);
  });
});

describe('open streams are counted (outside review 3, F5)', () => {
  const limits = { perKey: 2, perTenant: 3, perProcess: 4 };
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  it('refuses a stream past its key’s, its tenant’s or the process’s count before it opens, and counts a closed one out', async () => {
    const eventStream = await createEventStream({ prisma: h.db.prisma, listen: h.db.listen, credentialChanges: () => {}, limits });
    stops.push(eventStream.stop);
    const app = createApp({ prisma: h.db.prisma, eventStream });
    const via = ((input: RequestInfo | URL, init?: RequestInit) => app.fetch(input as string, init as never)) as typeof fetch;
    const t = await tenant();
    const colleague = await createKeyPair(h.db.prisma, { tenantId: t.tenantId, userId: t.userId, name: 'second', scopes: ['leads.lead.read'] });
    const first = await subscribe({ url, key: t.secret, query: EVENTS, fetchFn: via });
    const second = await subscribe({ url, key: t.secret, query: EVENTS, fetchFn: via });
    const perKey = await connect(t.secret, EVENTS, app);
    expect(perKey.status).toBe(429);
    expect(perKey.headers.get('retry-after')).toBe('10');
    expect(perKey.body).toContain('at most 2 open subscriptions');
    // Another key of the tenant has places of its own, up to the tenant's.
    const third = await subscribe({ url, key: colleague.secret.key, query: EVENTS, fetchFn: via });
    const perTenant = await connect(colleague.secret.key, EVENTS, app);
    expect(perTenant.status).toBe(429);
    expect(perTenant.body).toContain('A tenant may hold at most 3');
    // Another tenant takes the process's last place; the next one anywhere is a 503.
    const other = await tenant();
    const fourth = await subscribe({ url, key: other.secret, query: EVENTS, fetchFn: via });
    const perProcess = await connect(other.secret, EVENTS, app);
    expect(perProcess.status).toBe(503);
    expect(perProcess.headers.get('retry-after')).toBe('10');
    for (const held of [first, second, third, fourth]) expect(held.received.ended).toBeNull();
    // Closed streams give their places back.
    first.unsubscribe();
    fourth.unsubscribe();
    await until(() => false, 200);
    const again = await subscribe({ url, key: t.secret, query: EVENTS, fetchFn: via });
    expect(again.received.ended).toBeNull();
    for (const held of [second, third, again]) held.unsubscribe();
  });

  it('refuses with 403 a stream of types the key does not read, as webhook endpoints are', async () => {
    const t = await tenant();
    const contactsOnly = (await createKeyPair(h.db.prisma, { tenantId: t.tenantId, userId: t.userId, name: 'contacts', scopes: ['contacts.read'] })).secret.key;
    const refused = await connect(contactsOnly, 'subscription { events(types: ["lead.created"]) { id } }');
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('leads.lead.read');
    const nothing = (await createKeyPair(h.db.prisma, { tenantId: t.tenantId, userId: t.userId, name: 'webhooks', scopes: ['webhooks.manage'] })).secret.key;
    expect((await connect(nothing, EVENTS)).status).toBe(403);
    expect((await connect(contactsOnly, 'subscription { events(types: ["contact.created"]) { id } }')).status).toBe(200);
  });
});
