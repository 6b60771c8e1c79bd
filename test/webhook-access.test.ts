import { beforeAll, describe, expect, it } from 'vitest';
import { createKeyPair } from '../src/auth/key-pairs.js';
import type { Scope } from '../src/auth/scopes.js';
import type { UserRole } from '../src/generated/prisma/enums.js';
import { fixtures } from './support/fixtures.js';
import { type TenantFixture, useHarness } from './support/harness.js';
import { until } from './support/smtp.js';
import { subscribe, until as untilTrue } from './support/subscriptions.js';
import { webhookReceiver, webhookWorkers } from './support/webhooks.js';

/**
 * Records that act for someone, and events read by someone (outside review 3: F7, F2, F8, F11): a
 * webhook endpoint is changed, tested, retried, rotated or deleted only by its owner or an
 * administrator, delivers what its owner reads at the time it delivers, and every reader of an
 * event sees of its record what that record's route shows them.
 */
const harness = useHarness();
const { h, tenant, rest } = harness;
const make = fixtures(harness);
const receiver = webhookReceiver();
const worker = webhookWorkers(() => h.db);

beforeAll(() => {
  process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = '1';
});

/** Another user of `t`'s tenant, with a key of `scopes` (within the role). */
async function colleague(t: TenantFixture, role: UserRole, scopes: Scope[]) {
  const user = await h.db.prisma.user.create({ data: { tenantId: t.tenantId, name: `A ${role}`, email: `${role}-${crypto.randomUUID()}@example.test`, role } });
  const keys = await createKeyPair(h.db.prisma, { tenantId: t.tenantId, userId: user.id, name: role, scopes, trustedDocuments: 'none' });
  return { userId: user.id, key: keys.secret.key };
}

const createLead = async (key: string, firstName = 'Ada') => {
  const created = await rest('POST', '/api/v1/leads', { key, body: { firstName, lastName: 'Lovelace', notes: 'private notes' } });
  expect(created.status).toBe(201);
  return created.body.data.id as string;
};

describe('who may act on a webhook endpoint (F7)', () => {
  it("refuses a webhooks.manage key of another user every change, test, retry, rotation and deletion of a manager's endpoint", async () => {
    const t = await tenant();
    const hook = receiver.endpoint('owned');
    const created = await rest('POST', '/api/webhook-endpoints', { key: t.secret, body: { url: hook.url, events: ['*'] } });
    expect(created.status).toBe(201);
    expect(created.body.data.ownerId).toBe(t.userId);
    const id = created.body.data.id;
    worker();
    await createLead(t.secret);
    await until(() => hook.received.length === 1, 'the webhook');
    const [delivery] = (await rest('GET', `/api/webhook-endpoints/${id}/deliveries`, { key: t.secret })).body.data;
    const intruder = await colleague(t, 'technician', []);
    const webhooksOnly = await colleague(t, 'manager', ['webhooks.manage']);
    for (const key of [webhooksOnly.key]) {
      const attempts = [
        await rest('PATCH', `/api/webhook-endpoints/${id}`, { key, body: { url: 'https://attacker.example/x' } }),
        await rest('PATCH', `/api/webhook-endpoints/${id}`, { key, body: { status: 'disabled' } }),
        await rest('POST', `/api/webhook-endpoints/${id}/deliveries/${delivery.id}/retry`, { key }),
        await rest('POST', `/api/webhook-endpoints/${id}/rotate-secret`, { key }),
        await rest('POST', `/api/webhook-endpoints/${id}/test`, { key }),
        await rest('DELETE', `/api/webhook-endpoints/${id}`, { key }),
      ];
      for (const attempt of attempts) {
        expect(attempt.status).toBe(403);
        expect(attempt.body.error).toBe('Forbidden');
      }
    }
    // The technician's key lacks the scope itself: 403 before anything.
    expect((await rest('PATCH', `/api/webhook-endpoints/${id}`, { key: intruder.key, body: { url: 'https://attacker.example/x' } })).status).toBe(403);
    const stored = await h.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect(stored).toMatchObject({ url: hook.url, status: 'enabled', createdByUserId: t.userId, previousSecret: null });
    expect(await h.db.prisma.webhookDelivery.count({ where: { endpointId: id } })).toBe(1);
    // Over GraphQL the refusal names the rule.
    const graphql = await h.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { authorization: `Bearer ${webhooksOnly.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: `mutation { rotateWebhookEndpointSecret(id: "${id}") { webhookEndpoint { id } } }` }),
    });
    expect((await graphql.json()).errors[0].message).toBe("Forbidden: only the endpoint's own user or an administrator may rotate it");
  });

  it('lets an administrator re-point it, and it then delivers what the administrator reads, as its owner', async () => {
    const t = await tenant();
    const admin = await colleague(t, 'system_admin', ['webhooks.manage', 'leads.lead.read', 'leads.lead.write']);
    const salesKey = (await createKeyPair(h.db.prisma, { tenantId: t.tenantId, userId: t.userId, name: 'hooks', scopes: ['webhooks.manage', 'leads.lead.read'] })).secret.key;
    const first = receiver.endpoint('sales-first');
    const second = receiver.endpoint('admin-second');
    const created = await rest('POST', '/api/webhook-endpoints', { key: salesKey, body: { url: first.url, events: ['lead.created'] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const repointed = await rest('PATCH', `/api/webhook-endpoints/${created.body.data.id}`, { key: admin.key, body: { url: second.url } });
    expect(repointed.status).toBe(200);
    expect(repointed.body.data).toMatchObject({ url: second.url, ownerId: admin.userId });
    worker();
    await createLead(admin.key);
    await until(() => second.received.length === 1, 'the webhook at the new URL');
    expect(first.received).toHaveLength(0);
  });

  it('refuses a second secret rotation within the overlap with 409, keeping both secrets (F11)', async () => {
    const t = await tenant();
    const hook = receiver.endpoint('rotations');
    const created = await rest('POST', '/api/webhook-endpoints', { key: t.secret, body: { url: hook.url, events: ['lead.created'] } });
    const id = created.body.data.id;
    const rotated = await rest('POST', `/api/webhook-endpoints/${id}/rotate-secret`, { key: t.secret });
    expect(rotated.status).toBe(200);
    const again = await rest('POST', `/api/webhook-endpoints/${id}/rotate-secret`, { key: t.secret });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('rotated less than 24 hours ago');
    const stored = await h.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect(stored).toMatchObject({ secret: rotated.body.data.secret, previousSecret: created.body.data.secret });
    // After the overlap, a rotation is allowed again.
    h.clock.offsetMs = 25 * 3_600_000;
    try {
      expect((await rest('POST', `/api/webhook-endpoints/${id}/rotate-secret`, { key: t.secret })).status).toBe(200);
    } finally {
      h.clock.offsetMs = 0;
    }
  });
});

describe("an endpoint delivers what its owner reads now (F2)", () => {
  it('stops delivering, disabled with the reason, once its owner is demoted below its events or deactivated', async () => {
    const t = await tenant();
    const manager = await colleague(t, 'manager', ['webhooks.manage', 'leads.lead.read', 'leads.lead.write']);
    const hook = receiver.endpoint('demoted-owner');
    const created = await rest('POST', '/api/webhook-endpoints', { key: manager.key, body: { url: hook.url, events: ['*'] } });
    const id = created.body.data.id;
    worker();
    await createLead(t.secret, 'Before');
    await until(() => hook.received.length === 1, 'the first webhook');
    await h.db.prisma.user.update({ where: { id: manager.userId }, data: { role: 'technician' } });
    await createLead(t.secret, 'After');
    const disabled = await until(async () => {
      const endpoint = await h.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id } });
      return endpoint.status === 'disabled' ? endpoint : undefined;
    }, 'the endpoint disabled');
    expect(disabled.disabledReason).toBe('the user it acts for no longer reads lead.created events; its owner or an administrator may enable it again for what they read');
    expect(hook.received).toHaveLength(1);
    // The delivery waits unsent, as a disabled endpoint's do.
    const pending = await h.db.prisma.webhookDelivery.findMany({ where: { endpointId: id, status: 'pending' } });
    expect(pending).toHaveLength(1);
    expect(pending[0]!.attempts).toBe(0);

    // Deactivated: an enabled endpoint is disabled at its next delivery.
    const other = await colleague(t, 'manager', ['webhooks.manage', 'leads.lead.read']);
    const second = receiver.endpoint('deactivated-owner');
    const secondId = (await rest('POST', '/api/webhook-endpoints', { key: other.key, body: { url: second.url, events: ['lead.created'] } })).body.data.id;
    await h.db.prisma.user.update({ where: { id: other.userId }, data: { deactivatedAt: new Date() } });
    await createLead(t.secret, 'Later');
    const gone = await until(async () => {
      const endpoint = await h.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: secondId } });
      return endpoint.status === 'disabled' ? endpoint : undefined;
    }, 'the second endpoint disabled');
    expect(gone.disabledReason).toContain('was deactivated');
    expect(second.received).toHaveLength(0);
  });
});

describe('events render for their reader (F8)', () => {
  it("shows a reader without leads.lead.read a booking event's lead as null, as GET /api/bookings/{id} does, on the list, a subscription and a webhook", async () => {
    const t = await tenant();
    const technician = await colleague(t, 'technician', ['bookings.read']);
    // A manager's integration that reads bookings and not leads: its endpoint reads as its key does.
    const bookingsOnly = await colleague(t, 'manager', ['bookings.read', 'webhooks.manage']);
    const hook = receiver.endpoint('bookings-only');
    expect((await rest('POST', '/api/webhook-endpoints', { key: bookingsOnly.key, body: { url: hook.url, events: ['booking.created'] } })).status).toBe(201);
    const fetchFn = ((input: RequestInfo | URL, init?: RequestInit) => h.app.fetch(input as string, init as never)) as typeof fetch;
    const subscription = await subscribe({ url: 'http://localhost/graphql', key: technician.key, query: 'subscription { events(types: ["booking.created"]) { id data } }', fetchFn });
    worker();
    const resource = await make.resource(t.secret, { name: 'Studio' });
    const slots = (await rest('GET', `/api/bookings/resources/${resource.id}/availability?from=2030-01-07&to=2030-01-07`, { key: t.secret })).body.slots;
    const booked = await rest('POST', '/api/bookings', { key: t.secret, body: { slotId: slots[0].slotId, firstName: 'Ann', lastName: 'Lee', email: 'ann.lee@example.test' } });
    expect(booked.status).toBe(201);
    const bookingId = booked.body.booking.id;

    const route = await rest('GET', `/api/bookings/${bookingId}`, { key: technician.key });
    expect(route.status).toBe(200);
    expect(route.body.booking.lead).toBeNull();
    expect((await rest('GET', `/api/bookings/${bookingId}`, { key: t.secret })).body.booking.lead).toMatchObject({ email: 'ann.lee@example.test' });

    const listed = await rest('GET', '/api/events?type=booking.created', { key: technician.key });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const event = listed.body.data[0];
    expect(event.data.lead).toBeNull();
    expect(event.data.id).toBe(bookingId);
    expect((await rest('GET', `/api/events/${event.id}`, { key: technician.key })).body.data.data.lead).toBeNull();
    // The manager who reads leads sees the lead, and the stored event keeps it whole.
    expect((await rest('GET', `/api/events/${event.id}`, { key: t.secret })).body.data.data.lead).toMatchObject({ email: 'ann.lee@example.test' });
    expect(((await h.db.prisma.event.findUniqueOrThrow({ where: { id: event.id } })).data as any).lead).toMatchObject({ email: 'ann.lee@example.test' });

    await untilTrue(() => subscription.received.messages.length > 0);
    expect(subscription.received.messages[0]!.data!.events.data.lead).toBeNull();
    subscription.unsubscribe();

    await until(() => hook.received.length === 1, 'the webhook');
    const body = JSON.parse(hook.received[0]!.body);
    expect(body.data.id).toBe(bookingId);
    expect(body.data.lead).toBeNull();
    // The booking's own guest fields are the booking's: a bookings reader sees them, as on its route.
    expect(body.data.email).toBe(route.body.booking.email);
  });
});
