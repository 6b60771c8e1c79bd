import { afterAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from './support/server-process.js';
import { secretKey, serverDatabase, startServer } from './support/server-process.js';
import { until } from './support/smtp.js';
import { webhookReceiver } from './support/webhooks.js';

/** Server processes as users run them: `npm start`, each with its webhook worker, on one database. */
describe('webhook delivery across server processes', { timeout: 180_000 }, () => {
  const receiver = webhookReceiver();
  const servers: ServerProcess[] = [];
  const databases: Awaited<ReturnType<typeof serverDatabase>>[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(databases.map((database) => database.drop()));
  });

  const database = async () => {
    const created = await serverDatabase({ WEBHOOKS_ALLOW_PRIVATE_NETWORKS: '1', WEBHOOK_POLL_MS: '100', WEBHOOK_LEASE_MS: '1500', WEBHOOK_RETRY_BASE_MS: '200' });
    databases.push(created);
    return created;
  };
  const server = async (env: NodeJS.ProcessEnv) => {
    const started = await startServer(env);
    servers.push(started);
    return started;
  };
  const call = async (base: string, key: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

  it('delivers what a process killed mid-delivery was sending, from the process that replaces it', async () => {
    const { env } = await database();
    let first = await server(env);
    const key = await secretKey(env);
    // The first POST hangs until its sender dies; later ones are answered at once.
    const hook = receiver.endpoint('crash', (response, webhook) => {
      if (hook.received[0] !== webhook) response.writeHead(200).end();
    });
    const endpoint = await call(first.base, key, 'POST', '/webhook-endpoints', { url: hook.url, events: ['lead.created'] });
    expect(endpoint.status).toBe(201);
    expect((await call(first.base, key, 'POST', '/v1/leads', { firstName: 'Crash', lastName: 'Test' })).status).toBe(201);
    await until(() => hook.received.length === 1, 'the POST that hangs');

    first.kill('SIGKILL');
    await first.exited;
    first = await server(env);
    await until(() => hook.received.length === 2, 'the POST after the restart', 20_000);
    expect(hook.ids()[1]).toBe(hook.ids()[0]);

    const deliveries = await until(async () => {
      const listed = await call(first.base, key, 'GET', `/webhook-endpoints/${endpoint.body.data.id}/deliveries`);
      return listed.body.data[0]?.status === 'delivered' ? listed.body.data : undefined;
    }, 'the delivery recorded');
    // The killed process's POST was never answered, so never logged: the log holds the one that succeeded.
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ attempts: 1, lastStatusCode: 200, log: [{ statusCode: 200, error: null }] });
  });

  it('cuts a hanging POST short on SIGTERM, so the server stops at once; the attempt is logged and retried', async () => {
    const { env: shared } = await database();
    // A timeout far longer than the stop takes: what ends the POST is the stop.
    const env = { ...shared, WEBHOOK_TIMEOUT_MS: '30000' };
    let first = await server(env);
    const key = await secretKey(env);
    let up = false;
    const hook = receiver.endpoint('shutdown', (response) => {
      if (up) response.writeHead(200).end();
    });
    const endpoint = await call(first.base, key, 'POST', '/webhook-endpoints', { url: hook.url, events: ['lead.created'] });
    expect((await call(first.base, key, 'POST', '/v1/leads', { firstName: 'Shut', lastName: 'Down' })).status).toBe(201);
    await until(() => hook.received.length === 1, 'the POST that hangs');

    const signalled = Date.now();
    first.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    // Well before the 30 s the POST would otherwise have been given.
    expect(Date.now() - signalled).toBeLessThan(5_000);

    up = true;
    first = await server(env);
    const [delivery] = await until(async () => {
      const listed = await call(first.base, key, 'GET', `/webhook-endpoints/${endpoint.body.data.id}/deliveries`);
      return listed.body.data[0]?.status === 'delivered' ? listed.body.data : undefined;
    }, 'the delivery retried', 20_000);
    expect(delivery).toMatchObject({ attempts: 2, log: [{ statusCode: null, error: 'cut short: this server was shutting down' }, { statusCode: 200 }] });
    expect(hook.ids()).toEqual([hook.ids()[0], hook.ids()[0]]);
  });

  it('delivers each event once to an endpoint when two processes share the work (PostgreSQL)', async ({ skip }) => {
    if (!process.env.TEST_DATABASE_URL) skip('two server processes need PostgreSQL (the embedded database serves one); run with TEST_DATABASE_URL');
    const { env } = await database();
    const processes = [await server(env), await server(env)];
    const key = await secretKey(env);
    const hook = receiver.endpoint('pair');
    const endpoint = await call(processes[0]!.base, key, 'POST', '/webhook-endpoints', { url: hook.url, events: ['lead.created'] });
    expect(endpoint.status).toBe(201);

    const EVENTS = 50;
    await Promise.all(
      Array.from({ length: EVENTS }, async (_, i) => {
        const created = await call(processes[i % 2]!.base, key, 'POST', '/v1/leads', { firstName: `Pair${i}`, lastName: 'Test' });
        expect(created.status).toBe(201);
      }),
    );
    await until(() => hook.received.length >= EVENTS, 'every event delivered', 30_000);
    // Time for a duplicate to arrive, if any were sent.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(hook.received).toHaveLength(EVENTS);
    expect(new Set(hook.ids()).size).toBe(EVENTS);
    const listed = await call(processes[1]!.base, key, 'GET', `/webhook-endpoints/${endpoint.body.data.id}/deliveries?limit=100`);
    expect(listed.body.data).toHaveLength(EVENTS);
    expect(listed.body.data.every((delivery: { status: string; attempts: number }) => delivery.status === 'delivered' && delivery.attempts === 1)).toBe(true);
  });
});
