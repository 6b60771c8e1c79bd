// `npm run bench:webhooks [-- --url postgresql://... --events 2000]` (also the last part of `npm run bench`)
//
// Webhook delivery throughput: events per second one server process (`npm start`, its delivery
// worker) POSTs, signed, to a local receiver answering 200 at once. The events are queued while
// the endpoint is disabled (its deliveries wait), then it is enabled: the clock runs from there
// until the receiver has every event, each `webhook-id` exactly once.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { createKeyPair } from '../src/auth/key-pairs.js';
import { openPostgres } from '../src/db/client.js';
import { applyMigrations } from '../src/db/schema-engine.js';
import { createTenant, createUser } from '../src/tenants/tenant.service.js';
import { serverNodeArgs } from '../scripts/start-command.js';
import { freePort, startServer } from './processes.js';
import { createScratchDatabase, withClient } from './scratch-db.js';
import { Teardown } from './teardown.js';

const { values: args } = parseArgs({ options: { url: { type: 'string' }, events: { type: 'string', default: '2000' } } });
const serverUrl = args.url ?? process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const EVENTS = Number(args.events);
if (!Number.isInteger(EVENTS) || EVENTS < 1) throw new Error(`--events must be a whole number of at least 1, got ${args.events}`);
const log = (line = '') => process.stdout.write(`${line}\n`);

async function main(teardown: Teardown) {
  const scratch = await createScratchDatabase(serverUrl);
  teardown.add(`drop database ${scratch.name}`, () => scratch.drop());
  const db = await openPostgres(scratch.url, 2);
  await applyMigrations(db.adapterFactory);
  const tenant = await createTenant(db.prisma, { name: 'Webhook bench', modules: [] });
  const admin = await createUser(db.prisma, { tenantId: tenant.id, name: 'Admin', email: 'admin@bench.example', role: 'manager' });
  const { secret } = await createKeyPair(db.prisma, { tenantId: tenant.id, userId: admin.id, name: 'bench', scopes: ['webhooks.manage', 'leads.lead.read'] });
  await db.close();

  const ids = new Set<string>();
  let posts = 0;
  let allReceived = () => {};
  const everyEvent = new Promise<void>((resolve) => (allReceived = resolve));
  const receiver = createServer((request, response) => {
    request.resume().on('end', () => {
      posts += 1;
      ids.add(String(request.headers['webhook-id']));
      response.writeHead(200).end();
      if (ids.size === EVENTS) allReceived();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  teardown.add('close the receiver', () => new Promise((resolve) => receiver.close(resolve)));

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const product = await startServer({
    name: 'product',
    args: serverNodeArgs(),
    env: { DATABASE_URL: scratch.url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', WEBHOOKS_ALLOW_PRIVATE_NETWORKS: '1' },
    readyUrl: `${base}/graphql`,
  });
  teardown.add('stop product server', () => product.stop());

  const call = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${base}/api${path}`, { method, headers: { authorization: `Bearer ${secret.key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()).data;
  };
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const endpoint = await call('POST', '/webhook-endpoints', { url, events: ['lead.created'] });
  await call('PATCH', `/webhook-endpoints/${endpoint.id}`, { status: 'disabled' });
  // Queued as the event log queues them (one event row and one delivery each), with a lead's data.
  await withClient(scratch.url, (client) =>
    client.query(
      `WITH events AS (
         INSERT INTO "Event" (id, "tenantId", type, data)
         SELECT gen_random_uuid(), $1::uuid, 'lead.created', jsonb_build_object('id', gen_random_uuid(), 'firstName', 'Bench', 'lastName', 'Lead ' || i, 'status', 'new')
         FROM generate_series(1, $2::int) i RETURNING id)
       INSERT INTO "WebhookDelivery" (id, "tenantId", "endpointId", "eventId") SELECT gen_random_uuid(), $1::uuid, $3::uuid, id FROM events`,
      [tenant.id, EVENTS, endpoint.id],
    ),
  );
  log(`${EVENTS} events queued for a disabled endpoint; enabling it`);
  const started = performance.now();
  await call('PATCH', `/webhook-endpoints/${endpoint.id}`, { status: 'enabled' });
  await everyEvent;
  const seconds = (performance.now() - started) / 1000;
  // Time for a duplicate to arrive, if any were sent.
  await new Promise((resolve) => setTimeout(resolve, 500));
  log(`Webhook delivery: ${EVENTS} events in ${seconds.toFixed(2)} s, ${(EVENTS / seconds).toFixed(0)} events/s to a local receiver (1 process, ${posts} POSTs, ${ids.size} distinct webhook-ids)`);
  if (posts !== EVENTS) throw new Error(`${posts} POSTs for ${EVENTS} events: every event must be sent once`);
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
