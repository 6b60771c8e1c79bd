// `npm run bench:webhooks [-- --url postgresql://... --events 2000 --fair-events 20]` (also the last part of `npm run bench`)
//
// Webhook delivery, one server process (`npm start`, its delivery worker, default settings):
//
// 1. Throughput: events per second POSTed, signed, to a local receiver answering 200 at once. The
//    events are queued while the endpoint is disabled (its deliveries wait), then it is enabled:
//    the clock runs from there until the receiver has every event, each `webhook-id` exactly once.
// 2. Fairness (review finding F1): tenant C has 20 endpoints (a tenant's most) whose host accepts
//    the connection and never answers, with 60 events queued for each (1,200 deliveries); while
//    they hang, tenant D creates leads one at a time through the API (`--fair-events`, 500 ms
//    apart), and each `lead.created` is timed from the request to its arrival at D's healthy
//    receiver: p50, p99 and the most. Before fair delivery D waited 121.7 s for one event.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { createKeyPair } from '../src/auth/key-pairs.js';
import { openPostgres } from '../src/db/client.js';
import { applyMigrations } from '../src/db/schema-engine.js';
import type { PrismaClient } from '../src/generated/prisma/client.js';
import { createTenant, createUser } from '../src/tenants/tenant.service.js';
import { serverNodeArgs } from '../scripts/start-command.js';
import { freePort, startServer } from './processes.js';
import { createScratchDatabase, withClient } from './scratch-db.js';
import { Teardown } from './teardown.js';

const { values: args } = parseArgs({
  options: { url: { type: 'string' }, events: { type: 'string', default: '2000' }, 'fair-events': { type: 'string', default: '20' } },
});
const serverUrl = args.url ?? process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const EVENTS = Number(args.events);
const FAIR_EVENTS = Number(args['fair-events']);
if (!Number.isInteger(EVENTS) || EVENTS < 1) throw new Error(`--events must be a whole number of at least 1, got ${args.events}`);
if (!Number.isInteger(FAIR_EVENTS) || FAIR_EVENTS < 1) throw new Error(`--fair-events must be a whole number of at least 1, got ${args['fair-events']}`);
const HANGING_ENDPOINTS = 20;
const HANGING_EVENTS = 60;
const FAIR_SPACING_MS = 500;
const log = (line = '') => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function tenantWithKey(prisma: PrismaClient, name: string) {
  const tenant = await createTenant(prisma, { name, modules: [] });
  const admin = await createUser(prisma, { tenantId: tenant.id, name: 'Admin', email: `admin@${name.toLowerCase().replace(/\W+/g, '-')}.example`, role: 'manager' });
  const { secret } = await createKeyPair(prisma, { tenantId: tenant.id, userId: admin.id, name: 'bench', scopes: ['webhooks.manage', 'leads.lead.read', 'leads.lead.write'] });
  return { tenantId: tenant.id, key: secret.key };
}

/** Queues `count` lead.created events of a tenant, each with a delivery to every one of `endpointIds`, as the event log queues them. */
const queueEvents = (url: string, tenantId: string, count: number, endpointIds: string[]) =>
  withClient(url, (client) =>
    client.query(
      `WITH events AS (
         INSERT INTO "Event" (id, "tenantId", type, data)
         SELECT gen_random_uuid(), $1::uuid, 'lead.created', jsonb_build_object('id', gen_random_uuid(), 'firstName', 'Bench', 'lastName', 'Lead ' || i, 'status', 'new')
         FROM generate_series(1, $2::int) i RETURNING id)
       INSERT INTO "WebhookDelivery" (id, "tenantId", "endpointId", "eventId")
       SELECT gen_random_uuid(), $1::uuid, endpoint, events.id FROM events, unnest($3::uuid[]) endpoint`,
      [tenantId, count, endpointIds],
    ),
  );

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main(teardown: Teardown) {
  const scratch = await createScratchDatabase(serverUrl);
  teardown.add(`drop database ${scratch.name}`, () => scratch.drop());
  const db = await openPostgres(scratch.url, 2);
  await applyMigrations(db.adapterFactory);
  const bench = await tenantWithKey(db.prisma, 'Webhook bench');
  const slowTenant = await tenantWithKey(db.prisma, 'Tenant C');
  const healthyTenant = await tenantWithKey(db.prisma, 'Tenant D');
  await db.close();

  // One receiver: /hooks answers 200 at once (throughput), /healthy too (tenant D), /hang/<n> never answers (tenant C).
  const ids = new Set<string>();
  let posts = 0;
  let allReceived = () => {};
  const everyEvent = new Promise<void>((resolve) => (allReceived = resolve));
  const arrivals = new Map<string, number>();
  const hanging = new Set<ServerResponse>();
  let hangingPosts = 0;
  let hangingMax = 0;
  const receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      if (request.url?.startsWith('/hang/')) {
        hangingPosts += 1;
        hanging.add(response);
        hangingMax = Math.max(hangingMax, hanging.size);
        response.on('close', () => hanging.delete(response));
        return;
      }
      if (request.url === '/healthy') {
        // By the lead's id, which the API answered when it was created.
        arrivals.set((JSON.parse(body) as { data: { id: string } }).data.id, performance.now());
        response.writeHead(200).end();
        return;
      }
      posts += 1;
      ids.add(id);
      response.writeHead(200).end();
      if (ids.size === EVENTS) allReceived();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  teardown.add('close the receiver', () => {
    receiver.closeAllConnections();
    return new Promise((resolve) => receiver.close(resolve));
  });
  const receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const product = await startServer({
    name: 'product',
    args: serverNodeArgs(),
    env: { DATABASE_URL: scratch.url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', WEBHOOKS_ALLOW_PRIVATE_NETWORKS: '1' },
    readyUrl: `${base}/graphql`,
  });
  teardown.add('stop product server', () => product.stop());

  const call = async (key: string, method: string, path: string, body: unknown) => {
    const response = await fetch(`${base}/api${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()).data;
  };

  // 1. Throughput.
  const endpoint = await call(bench.key, 'POST', '/webhook-endpoints', { url: `${receiverBase}/hooks`, events: ['lead.created'] });
  await call(bench.key, 'PATCH', `/webhook-endpoints/${endpoint.id}`, { status: 'disabled' });
  await queueEvents(scratch.url, bench.tenantId, EVENTS, [endpoint.id]);
  log(`${EVENTS} events queued for a disabled endpoint; enabling it`);
  const started = performance.now();
  await call(bench.key, 'PATCH', `/webhook-endpoints/${endpoint.id}`, { status: 'enabled' });
  await everyEvent;
  const seconds = (performance.now() - started) / 1000;
  // Time for a duplicate to arrive, if any were sent.
  await sleep(500);
  log(`Webhook delivery: ${EVENTS} events in ${seconds.toFixed(2)} s, ${(EVENTS / seconds).toFixed(0)} events/s to a local receiver (1 process, one endpoint: its share of 4 in flight and up to 16 with idle slots; ${posts} POSTs, ${ids.size} distinct webhook-ids)`);
  if (posts !== EVENTS) throw new Error(`${posts} POSTs for ${EVENTS} events: every event must be sent once`);

  // 2. Fairness: tenant D's healthy endpoint while tenant C's endpoints hang.
  const slowEndpoints: string[] = [];
  for (let i = 0; i < HANGING_ENDPOINTS; i++) {
    const created = await call(slowTenant.key, 'POST', '/webhook-endpoints', { url: `${receiverBase}/hang/${i}`, events: ['lead.created'] });
    slowEndpoints.push(created.id);
  }
  await call(healthyTenant.key, 'POST', '/webhook-endpoints', { url: `${receiverBase}/healthy`, events: ['lead.created'] });
  await queueEvents(scratch.url, slowTenant.tenantId, HANGING_EVENTS, slowEndpoints);
  const hangStarted = performance.now();
  while (hanging.size === 0) {
    if (performance.now() - hangStarted > 10_000) throw new Error("tenant C's deliveries were never POSTed");
    await sleep(10);
  }
  log(`Tenant C: ${HANGING_ENDPOINTS} endpoints that never answer, ${HANGING_EVENTS} events queued for each (${HANGING_ENDPOINTS * HANGING_EVENTS} deliveries); tenant D creates ${FAIR_EVENTS} leads, ${FAIR_SPACING_MS} ms apart`);
  const latencies: number[] = [];
  for (let i = 0; i < FAIR_EVENTS; i++) {
    const sent = performance.now();
    const lead = await call(healthyTenant.key, 'POST', '/v1/leads', { firstName: 'Healthy', lastName: `Lead ${i}` });
    const deadline = sent + 60_000;
    while (!arrivals.has(lead.id)) {
      if (performance.now() > deadline) throw new Error(`tenant D's event for lead ${lead.id} did not arrive within 60 s`);
      await sleep(2);
    }
    latencies.push(arrivals.get(lead.id)! - sent);
    await sleep(Math.max(0, FAIR_SPACING_MS - (performance.now() - sent)));
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  log(
    `Fair delivery: tenant D's lead.created from the API call to its receiver while tenant C's endpoints hang: ` +
      `p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms over ${FAIR_EVENTS} events ` +
      `(tenant C: ${hangingPosts} POSTs in ${((performance.now() - hangStarted) / 1000).toFixed(1)} s, at most ${hangingMax} hanging at once)`,
  );
}

const teardown = new Teardown();
let ok = false;
try {
  await main(teardown);
  ok = true;
} catch (error) {
  process.stderr.write(`\nWEBHOOK BENCHMARK FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
} finally {
  log(await teardown.run());
}
process.exit(ok ? 0 : 1);
