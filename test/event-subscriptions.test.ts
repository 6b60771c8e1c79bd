import { afterAll, describe, expect, it } from 'vitest';
import { createKeyPair } from '../src/auth/key-pairs.js';
import { createApp } from '../src/http/app.js';
import { createRateLimits } from '../src/http/rate-limits.js';
import { useHarness } from './support/harness.js';
import { subscribe, until } from './support/subscriptions.js';

const { h, tenant, rest, gql } = useHarness();

const url = 'http://localhost/graphql';
const fetchFn = ((input: RequestInfo | URL, init?: RequestInit) => h.app.fetch(input as string, init)) as typeof fetch;
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
  if (response.status === 200) await response.body?.cancel();
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

  it("never pushes what the key may not read, nor another tenant's events", async () => {
    const t = await tenant();
    const other = await tenant();
    const contactsOnly = (await createKeyPair(h.db.prisma, { tenantId: t.tenantId, userId: t.userId, name: 'contacts', scopes: ['contacts.read', 'contacts.write'] })).secret.key;
    const company = await rest('POST', '/api/v1/companies', { key: t.secret, body: { name: 'Acme' } });
    expect(company.status).toBe(201);
    const everything = await subscribed(t.secret);
    const withoutLeadScope = await subscribed(contactsOnly);
    await createLead(other.secret, 'Other');
    await createLead(t.secret, 'Mine');
    const contact = await rest('POST', '/api/v1/contacts/contact', { key: contactsOnly, body: { companyId: company.body.data.id, firstName: 'Con', lastName: 'Tact' } });
    expect(contact.status).toBe(201);
    await until(() => everything.messages.length >= 2 && withoutLeadScope.messages.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(everything.messages.map((m) => [m.data?.events.type, m.data?.events.data.firstName])).toEqual([['lead.created', 'Mine'], ['contact.created', 'Con']]);
    expect(withoutLeadScope.messages.map((m) => m.data?.events.type)).toEqual(['contact.created']);
  });

  it('refuses the publishable key (403) and no key (401)', async () => {
    const t = await tenant();
    for (const [key, status, code] of [[t.publishable, 403, 'FORBIDDEN'], [undefined, 401, 'UNAUTHENTICATED']] as const) {
      const refused = await connect(key, EVENTS);
      expect(refused.status).toBe(status);
      expect(refused.body).toContain(code);
    }
  });
});
