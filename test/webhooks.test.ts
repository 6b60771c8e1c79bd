import dns from 'node:dns';
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CreateWebhookEndpointDocument, RetryWebhookDeliveryDocument, WebhookDeliveriesDocument } from './generated/operations.js';
import { useHarness } from './support/harness.js';
import { until } from './support/smtp.js';
import { webhookReceiver, webhookWorkers } from './support/webhooks.js';

const { h, tenant, rest, gql } = useHarness();
const receiver = webhookReceiver();
const worker = webhookWorkers(() => h.db);

// The receiver is on 127.0.0.1: endpoints are created with private addresses allowed (the flag is
// read at each creation), except where a test is about refusing them.
beforeAll(() => {
  process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = '1';
});

async function endpointFor(key: string, url: string, events = ['lead.created']) {
  const created = await rest('POST', '/api/webhook-endpoints', { key, body: { url, events } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as { id: string; secret: string };
}

const createLead = async (key: string, firstName = 'Ada') => {
  const created = await rest('POST', '/api/v1/leads', { key, body: { firstName, lastName: 'Lovelace' } });
  expect(created.status).toBe(201);
  return created.body.data.id as string;
};

const deliveriesOf = async (key: string, endpointId: string) => {
  const listed = await rest('GET', `/api/webhook-endpoints/${endpointId}/deliveries`, { key });
  expect(listed.status).toBe(200);
  return listed.body.data as any[];
};

describe('webhook delivery', () => {
  it('signs per Standard Webhooks: the library verifies the POST, whose body is {type, timestamp, data}', async () => {
    const t = await tenant();
    const hook = receiver.endpoint('signed');
    const endpoint = await endpointFor(t.secret, hook.url);
    worker();
    const leadId = await createLead(t.secret);
    await until(() => hook.received.length === 1, 'the webhook');

    const [webhook] = hook.received;
    const event = await h.db.prisma.event.findFirstOrThrow({ where: { tenantId: t.tenantId, type: 'lead.created' } });
    expect(webhook!.headers['webhook-id']).toBe(event.id);
    expect(webhook!.headers['content-type']).toBe('application/json');
    expect(webhook!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const verified = new Webhook(endpoint.secret).verify(webhook!.body, webhook!.headers as Record<string, string>) as any;
    expect(Object.keys(verified)).toEqual(['type', 'timestamp', 'data']);
    expect(verified).toMatchObject({ type: 'lead.created', timestamp: event.createdAt.toISOString(), data: { id: leadId, firstName: 'Ada' } });
    // A signature with another secret, or of another body, does not verify.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32).toString('base64')}`).verify(webhook!.body, webhook!.headers as Record<string, string>)).toThrow();
    expect(() => new Webhook(endpoint.secret).verify(webhook!.body.replace('Ada', 'Eve'), webhook!.headers as Record<string, string>)).toThrow();

    const [delivery] = await until(async () => {
      const deliveries = await deliveriesOf(t.secret, endpoint.id);
      return deliveries[0]?.status === 'delivered' ? deliveries : undefined;
    }, 'the delivery recorded');
    expect(delivery).toMatchObject({ eventId: event.id, eventType: 'lead.created', attempts: 1, lastStatusCode: 200, nextAttemptAt: null, log: [{ statusCode: 200, error: null }] });
    expect(delivery.deliveredAt).toEqual(expect.any(String));
  });

  it('records every delivery on its own: the delivered ones together when they finish together, every failure retried', async () => {
    const t = await tenant();
    const good = receiver.endpoint('round-good', (response) => void response.writeHead(204).end());
    // 500 concerns the event, not the endpoint's health: no circuit breaker hold (see webhooks-fairness.test.ts).
    const bad = receiver.endpoint('round-bad', (response) => void response.writeHead(500).end('busy'));
    const goodEndpoint = await endpointFor(t.secret, good.url);
    const badEndpoint = await endpointFor(t.secret, bad.url);
    // Queued before any worker runs; no retry within the test.
    for (const name of ['Ann', 'Bo', 'Cy', 'Di']) await createLead(t.secret, name);
    worker({ retryBaseMs: 60_000 });
    const delivered = await until(async () => {
      const deliveries = await deliveriesOf(t.secret, goodEndpoint.id);
      return deliveries.length === 4 && deliveries.every((delivery: any) => delivery.status === 'delivered') ? deliveries : undefined;
    }, 'the four deliveries to the good endpoint');
    const failed = await until(async () => {
      const deliveries = await deliveriesOf(t.secret, badEndpoint.id);
      return deliveries.length === 4 && deliveries.every((delivery: any) => delivery.attempts === 1) ? deliveries : undefined;
    }, 'the four failed attempts');
    expect(new Set(good.ids()).size).toBe(4);
    for (const delivery of delivered) {
      expect(delivery).toMatchObject({ attempts: 1, lastStatusCode: 204, nextAttemptAt: null, log: [{ statusCode: 204, error: null }] });
      expect(good.ids()).toContain(delivery.eventId);
    }
    for (const delivery of failed) {
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, log: [{ statusCode: 500, error: 'answered 500: busy' }] });
      expect(delivery.nextAttemptAt).toEqual(expect.any(String));
    }
    expect(await h.db.prisma.webhookAttempt.count({ where: { tenantId: t.tenantId } })).toBe(8);
    expect(await h.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: goodEndpoint.id } })).toMatchObject({ failingSince: null });
    expect((await h.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: badEndpoint.id } })).failingSince).toBeInstanceOf(Date);
  });

  it('retries a failing receiver with the same webhook-id, logs every attempt, and retries on demand', async () => {
    const t = await tenant();
    let calls = 0;
    const hook = receiver.endpoint('flaky', (response) => {
      calls += 1;
      // A long answer: the worker reads its first 4 KiB, for the log.
      if (calls === 1) response.writeHead(500).end(`database down ${'x'.repeat(1_000_000)}`);
      // The second call never answers: the worker gives up after its timeout.
      else if (calls > 2) response.writeHead(204).end();
    });
    const endpoint = await endpointFor(t.secret, hook.url);
    worker({ timeoutMs: 300 });
    await createLead(t.secret);

    const [delivery] = await until(async () => {
      const deliveries = await deliveriesOf(t.secret, endpoint.id);
      return deliveries[0]?.status === 'delivered' ? deliveries : undefined;
    }, 'the delivery after two failures');
    expect(new Set(hook.ids()).size).toBe(1);
    expect(hook.ids()).toHaveLength(3);
    expect(delivery).toMatchObject({ attempts: 3, lastStatusCode: 204, status: 'delivered' });
    expect(delivery.log.map((attempt: any) => attempt.statusCode)).toEqual([500, null, 204]);
    expect(delivery.log[0].error).toMatch(/^answered 500: database down x+$/);
    expect(delivery.log[0].error).toHaveLength(2000);
    expect(delivery.log[1].error).toBe('no answer within 300 ms');
    expect(delivery.log[1].durationMs).toBeGreaterThanOrEqual(300);
    expect(delivery.log.every((attempt: any) => Number.isInteger(attempt.durationMs) && attempt.durationMs >= 0)).toBe(true);

    const retried = await rest('POST', `/api/webhook-endpoints/${endpoint.id}/deliveries/${delivery.id}/retry`, { key: t.secret });
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ id: delivery.id, status: 'pending' });
    await until(() => hook.received.length === 4, 'the retried POST');
    expect(new Set(hook.ids()).size).toBe(1);
    await until(async () => (await h.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).attempts === 4, 'the retry recorded');

    // GraphQL retries and shows the same log.
    const again = await gql(t.secret, RetryWebhookDeliveryDocument, { endpointId: endpoint.id, deliveryId: delivery.id });
    expect(again.errors).toBeUndefined();
    expect(again.data?.retryWebhookDelivery.webhookDelivery).toEqual({ id: delivery.id, status: 'pending' });
    await until(async () => (await h.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).attempts === 5, 'the second retry recorded');
    const read = await gql(t.secret, WebhookDeliveriesDocument, { id: endpoint.id });
    const [logged] = read.data!.webhookDeliveries.nodes;
    expect(logged).toMatchObject({ id: delivery.id, eventId: hook.ids()[0], eventType: 'lead.created', status: 'delivered', attempts: 5, lastStatusCode: 204 });
    expect(logged!.log.map((attempt) => attempt.statusCode)).toEqual([500, null, 204, 204, 204]);
    expect(hook.ids()).toEqual(Array(5).fill(hook.ids()[0]));
    expect(await h.db.prisma.webhookAttempt.count({ where: { deliveryId: delivery.id } })).toBe(5);
  });

  it('fails a delivery after its retry window, disables an endpoint that failed everything that long and emails its creator; its waiting deliveries go when it is enabled again', async () => {
    const t = await tenant();
    let up = false;
    // Down for events, but its test events are answered: a success ends the endpoint's failing streak.
    const hook = receiver.endpoint('down', (response, webhook) => void response.writeHead(up || JSON.parse(webhook.body).type === 'webhook.test' ? 200 : 503).end());
    const endpoint = await endpointFor(t.secret, hook.url);
    worker({ retryBaseMs: 100, retryWindowMs: 4000 });
    await createLead(t.secret, 'First');
    // Halfway through the first delivery's window, so a loaded machine has 2 s either way: the test
    // event's success lands before that delivery's last retry (at the end of its window), and the
    // streak it restarts is not yet a whole window old when that retry fails.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await rest('POST', `/api/webhook-endpoints/${endpoint.id}/test`, { key: t.secret })).status).toBe(201);

    const first = await until(async () => {
      const deliveries = await deliveriesOf(t.secret, endpoint.id);
      return deliveries.find((d) => d.eventType === 'lead.created' && d.status === 'failed');
    }, 'the first delivery failed');
    expect(first.attempts).toBeGreaterThanOrEqual(4);
    expect(first).toMatchObject({ nextAttemptAt: null, lastStatusCode: 503 });
    expect((await h.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: first.id } })).lastError).toBe('answered 503');
    // It has not failed everything for a whole window: the test event succeeded meanwhile.
    expect((await rest('GET', `/api/webhook-endpoints/${endpoint.id}`, { key: t.secret })).body.data.status).toBe('enabled');

    // The next event's failures reach a whole window of failures while it is still being retried.
    // It is created a second after the first delivery failed for good: the streak began at the
    // latest with that last failure, so the endpoint is disabled (at the streak's fourth second) at
    // least a second before this delivery's own window ends. Created at once, a loaded machine could
    // make its window end with the streak's, and the attempt that disabled the endpoint failed it
    // for good too (seen once on PostgreSQL in CI).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await createLead(t.secret, 'Second');
    const disabled = await until(async () => {
      const read = await rest('GET', `/api/webhook-endpoints/${endpoint.id}`, { key: t.secret });
      return read.body.data.status === 'disabled' ? read.body.data : undefined;
    }, 'the endpoint disabled');
    expect(disabled.disabledReason).toBe('every delivery failed for 4 seconds');
    const creator = await h.db.prisma.user.findUniqueOrThrow({ where: { id: t.userId } });
    const mails = await h.db.prisma.outboxMessage.findMany({ where: { tenantId: t.tenantId, kind: 'webhook.endpoint_disabled' } });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: creator.email, subject: 'A webhook endpoint was disabled' });
    expect((mails[0]!.message as { text: string }).text).toContain(hook.url);

    // The disabled endpoint's pending delivery waits, unsent; a test event is sent all the same.
    const posts = hook.received.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hook.received.length).toBe(posts);
    const [second] = await deliveriesOf(t.secret, endpoint.id);
    expect(second).toMatchObject({ eventType: 'lead.created', status: 'pending' });
    expect((await rest('POST', `/api/webhook-endpoints/${endpoint.id}/test`, { key: t.secret })).status).toBe(201);
    await until(() => hook.received.length === posts + 1, 'the test event');

    up = true;
    const enabled = await rest('PATCH', `/api/webhook-endpoints/${endpoint.id}`, { key: t.secret, body: { status: 'enabled' } });
    expect(enabled.body.data).toMatchObject({ status: 'enabled', disabledReason: null });
    await until(async () => (await h.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: second.id } })).status === 'delivered', 'the waiting delivery sent');
    expect(await h.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({ status: 'failed' });
    expect(await h.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ failingSince: null });
  });

  it('signs with both secrets while a rotation overlaps, then with the new one only', async () => {
    const t = await tenant();
    const hook = receiver.endpoint('rotated');
    const endpoint = await endpointFor(t.secret, hook.url);
    const rotated = await rest('POST', `/api/webhook-endpoints/${endpoint.id}/rotate-secret`, { key: t.secret });
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body.data.secret as string;
    expect(newSecret).not.toBe(endpoint.secret);
    worker();

    await createLead(t.secret);
    await until(() => hook.received.length === 1, 'the webhook during the overlap');
    const during = hook.received[0]!;
    const headers = during.headers as Record<string, string>;
    const [first, second] = headers['webhook-signature']!.split(' ');
    expect(second).toBeDefined();
    expect(new Webhook(newSecret).sign(headers['webhook-id']!, new Date(Number(headers['webhook-timestamp']) * 1000), during.body)).toBe(first);
    expect(new Webhook(endpoint.secret).verify(during.body, headers)).toBeTruthy();
    expect(new Webhook(newSecret).verify(during.body, headers)).toBeTruthy();

    // 24 hours later (moved in the database) the old secret no longer signs.
    await h.db.prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { previousSecretExpiresAt: new Date(Date.now() - 1000) } });
    await createLead(t.secret);
    await until(() => hook.received.length === 2, 'the webhook after the overlap');
    const after = hook.received[1]!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(new Webhook(newSecret).verify(after.body, after.headers as Record<string, string>)).toBeTruthy();
    expect(() => new Webhook(endpoint.secret).verify(after.body, after.headers as Record<string, string>)).toThrow();
  });
});

describe('webhook addresses', () => {
  const withPrivateNetworks = async <T>(allowed: boolean, work: () => Promise<T>) => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = allowed ? '1' : '0';
    try {
      return await work();
    } finally {
      process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = '1';
    }
  };

  const notPublic = /must resolve only to public internet addresses \(webhooks are never sent to private, loopback, link-local, reserved or cloud metadata addresses\)/;

  it.each([
    ['https://127.0.0.1/hooks', notPublic],
    ['https://localhost/hooks', /its host localhost must resolve only to public internet addresses/],
    ['https://169.254.169.254/latest/meta-data', notPublic],
    ['https://[::1]/hooks', notPublic],
    ['https://[::ffff:127.0.0.1]/hooks', notPublic],
    ['https://10.0.0.1/hooks', notPublic],
    // IPv6 outside global unicast 2000::/3, whatever ipaddr.js calls it: IPv4-compatible (`::/96`, "unicast" to it), NAT64, unique-local, link-local, discard, segment routing.
    ['https://[::127.0.0.1]/hooks', notPublic],
    ['https://[::a9fe:a9fe]/latest/meta-data', notPublic],
    ['https://[::8.8.8.8]/hooks', notPublic],
    ['https://[64:ff9b::7f00:1]/hooks', notPublic],
    ['https://[fd12:3456::1]/hooks', notPublic],
    ['https://[fe80::1]/hooks', notPublic],
    ['https://[100::1]/hooks', notPublic],
    ['https://[5f00::1]/hooks', notPublic],
    // Within 2000::/3 but not a host on the internet: 6to4, Teredo, documentation.
    ['https://[2002:7f00:1::1]/hooks', notPublic],
    ['https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hooks', notPublic],
    ['https://[2001:db8::1]/hooks', notPublic],
    // Metadata services: by name, and Azure's WireServer, which is no private range.
    ['https://metadata.google.internal/computeMetadata/v1/', notPublic],
    ['https://168.63.129.16/machine', notPublic],
    ['http://example.com/hooks', /must be an https URL/],
    ['https://user:secret@example.com/hooks', /must not carry a user name or password/],
  ])('refuses %s at creation (400, nothing created)', async (url, message) => {
    const t = await tenant();
    const refused = await withPrivateNetworks(false, () => rest('POST', '/api/webhook-endpoints', { key: t.secret, body: { url, events: ['lead.created'] } }));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(message);
    expect(await h.db.prisma.webhookEndpoint.count({ where: { tenantId: t.tenantId } })).toBe(0);
  });

  it('refuses the same on GraphQL: BAD_USER_INPUT naming the url, nothing created', async () => {
    const t = await tenant();
    const refused = await withPrivateNetworks(false, () =>
      gql(t.secret, CreateWebhookEndpointDocument, { input: { url: 'https://169.254.169.254/latest/meta-data', events: ['lead.created'] } }),
    );
    expect(refused.data?.createWebhookEndpoint.webhookEndpoint ?? null).toBeNull();
    expect(refused.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    expect(refused.errors?.[0]?.extensions.details).toEqual([{ field: ['input', 'url'], message: expect.stringMatching(notPublic), code: 'INVALID' }]);
    expect(await h.db.prisma.webhookEndpoint.count({ where: { tenantId: t.tenantId } })).toBe(0);
  });

  it('refuses a private address again at delivery: the attempt fails with the reason and nothing is sent', async () => {
    const connections: Socket[] = [];
    const listener = createServer((socket) => connections.push(socket.destroy()));
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    try {
      const t = await tenant();
      const endpoint = await endpointFor(t.secret, `https://127.0.0.1:${(listener.address() as AddressInfo).port}/hooks`);
      worker({ allowPrivateNetworks: false });
      await createLead(t.secret);
      const [delivery] = await until(async () => {
        const deliveries = await deliveriesOf(t.secret, endpoint.id);
        return deliveries[0]?.attempts >= 1 ? deliveries : undefined;
      }, 'the refused attempt');
      expect(delivery).toMatchObject({ status: 'pending', lastStatusCode: null, log: [{ statusCode: null }] });
      expect(delivery.log[0].error).toMatch(/^not sent: the URL its host 127\.0\.0\.1 must resolve only to public internet addresses/);
      expect(connections).toHaveLength(0);
    } finally {
      listener.close();
    }
  });

  it('accepts public addresses: IPv4, global unicast IPv6, IPv4-mapped IPv6 of a public IPv4', async () => {
    const t = await tenant();
    for (const url of ['https://1.1.1.1/hooks', 'https://[2606:4700:4700::1111]/hooks', 'https://[::ffff:8.8.8.8]/hooks']) {
      const created = await withPrivateNetworks(false, () => rest('POST', '/api/webhook-endpoints', { key: t.secret, body: { url, events: ['lead.created'] } }));
      expect(created.status, `${url}: ${JSON.stringify(created.body)}`).toBe(201);
    }
  });

  it('answers a name that does not resolve as one that resolves to a private address: no oracle for internal names', async () => {
    const t = await tenant();
    const messageFor = async (url: string) => {
      const refused = await withPrivateNetworks(false, () => rest('POST', '/api/webhook-endpoints', { key: t.secret, body: { url, events: ['lead.created'] } }));
      expect(refused.status).toBe(400);
      return (refused.body.details as { field: string; message: string }[]).map((d) => ({ ...d, message: d.message.replace(new URL(url).hostname, '<host>') }));
    };
    const unknown = await messageFor('https://no-such-host.invalid/hooks');
    expect(unknown).toEqual([{ field: 'url', message: expect.stringMatching(notPublic) }]);
    expect(await messageFor('https://localhost/hooks')).toEqual(unknown);
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
    'http://169.254.170.2/v2/credentials',
    'http://[fd00:ec2::254]/latest/meta-data',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://metadata.google.internal./computeMetadata/v1/',
    'http://[fd20:ce::254]/computeMetadata/v1/',
    'http://100.100.100.200/latest/meta-data',
    'http://192.0.0.192/opc/v1/instance/',
    'http://168.63.129.16/machine',
    'http://[::ffff:169.254.169.254]/latest/meta-data',
    'http://[::a9fe:a9fe]/latest/meta-data',
    'http://[64:ff9b::a9fe:a9fe]/latest/meta-data',
    'http://0.0.0.0:8080/hooks',
  ])('refuses the cloud metadata address %s even with private networks allowed', async (url) => {
    const t = await tenant();
    const refused = await withPrivateNetworks(true, () => rest('POST', '/api/webhook-endpoints', { key: t.secret, body: { url, events: ['lead.created'] } }));
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([{ field: 'url', message: expect.stringMatching(/is a cloud metadata service or unspecified address, which webhooks are never sent to/) }]);
    expect(await h.db.prisma.webhookEndpoint.count({ where: { tenantId: t.tenantId } })).toBe(0);
  });

  it('accepts private, loopback and unique-local addresses with private networks allowed', async () => {
    const t = await tenant();
    for (const url of ['http://127.0.0.1:4000/hooks', 'http://10.1.2.3/hooks', 'http://[::1]:4000/hooks', 'http://[fd12:3456::1]/hooks', 'http://localhost:4000/hooks']) {
      const created = await withPrivateNetworks(true, () => rest('POST', '/api/webhook-endpoints', { key: t.secret, body: { url, events: ['lead.created'] } }));
      expect(created.status, `${url}: ${JSON.stringify(created.body)}`).toBe(201);
    }
  });
});

describe('webhook addresses at the connection (DNS rebinding)', () => {
  // Names under `rebind.test` resolve to a harmless address when the URL is checked (dns.promises)
  // and to another when the connection is made (dns.lookup), as a hostile DNS server would answer.
  const atConnection = new Map<string, string>();
  const realLookup = dns.lookup;
  const realPromisesLookup = dns.promises.lookup;
  afterEach(() => {
    vi.restoreAllMocks();
    atConnection.clear();
  });
  function rebinding(checked: string) {
    vi.spyOn(dns.promises, 'lookup').mockImplementation((async (host: string, options: dns.LookupAllOptions) =>
      host.endsWith('.rebind.test') ? [{ address: checked, family: checked.includes(':') ? 6 : 4 }] : realPromisesLookup(host, options)) as typeof dns.promises.lookup);
    vi.spyOn(dns, 'lookup').mockImplementation(((host: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
      const address = atConnection.get(host);
      if (!address) return (realLookup as (...args: unknown[]) => void)(host, options, callback);
      const family = address.includes(':') ? 6 : 4;
      process.nextTick(() => (options.all ? callback(null, [{ address, family }]) : callback(null, address, family)));
    }) as typeof dns.lookup);
  }

  const refusedAttempt = async (key: string, endpointId: string) => {
    const [delivery] = await until(async () => {
      const deliveries = await deliveriesOf(key, endpointId);
      return deliveries[0]?.attempts >= 1 ? deliveries : undefined;
    }, 'the refused attempt');
    expect(delivery).toMatchObject({ status: 'pending', lastStatusCode: null, log: [{ statusCode: null }] });
    return delivery.log[0].error as string;
  };

  it('refuses an IPv4-compatible IPv6 address a name turns into after the check', async () => {
    rebinding('93.184.215.14');
    atConnection.set('v6.rebind.test', '::7f00:1');
    const t = await tenant();
    const endpoint = await endpointFor(t.secret, 'https://v6.rebind.test/hooks');
    worker({ allowPrivateNetworks: false, timeoutMs: 2000 });
    await createLead(t.secret);
    expect(await refusedAttempt(t.secret, endpoint.id)).toBe('its host v6.rebind.test resolved to ::7f00:1 when connecting, not a public internet address');
  });

  it('refuses a metadata address a name turns into after the check, even with private networks allowed', async () => {
    rebinding('127.0.0.1');
    atConnection.set('meta.rebind.test', '169.254.169.254');
    const t = await tenant();
    const endpoint = await endpointFor(t.secret, 'http://meta.rebind.test:8080/hooks');
    worker({ allowPrivateNetworks: true, timeoutMs: 2000 });
    await createLead(t.secret);
    expect(await refusedAttempt(t.secret, endpoint.id)).toBe('its host meta.rebind.test resolved to 169.254.169.254 when connecting, a cloud metadata service or unspecified address');
  });

  it('refuses a metadata address an endpoint was saved with before it was refused at creation, with private networks allowed', async () => {
    const t = await tenant();
    const endpoint = await endpointFor(t.secret, 'http://127.0.0.1:9/hooks');
    await h.db.prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { url: 'http://169.254.169.254/latest/meta-data' } });
    worker({ allowPrivateNetworks: true, timeoutMs: 2000 });
    await createLead(t.secret);
    expect(await refusedAttempt(t.secret, endpoint.id)).toMatch(/^not sent: the URL its host 169\.254\.169\.254 is a cloud metadata service or unspecified address/);
  });
});
