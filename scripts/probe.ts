/**
 * The attack list of the outside reviews, tried on a running server from outside: every answer
 * must be a deliberate 4xx or the right 2xx, the server must keep answering, and its memory stay
 * bounded. Prints one line per probe and a summary; exits non-zero when a probe found a 5xx, a
 * crash or an answer it did not expect.
 *
 *   DATABASE_URL=postgresql://... npm start &        # a server (PORT, default 4000)
 *   DATABASE_URL=postgresql://... SERVER_PID=<pid> npx tsx scripts/probe.ts
 *
 * It makes its own tenants, users and keys through the command line (same DATABASE_URL). Without
 * network access, run the server with WEBHOOKS_ALLOW_PRIVATE_NETWORKS=1 and give PROBE_HOOK_URL
 * (any local http URL) for the webhook endpoint it creates.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const base = process.env.PROBE_URL ?? `http://127.0.0.1:${process.env.PORT ?? 4000}`;
const serverPid = process.env.SERVER_PID;
let failures = 0;

const cli = (...args: string[]) => JSON.parse(execFileSync('npx', ['tsx', 'src/cli/main.ts', ...args], { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent' } }));

function rssMb(): string {
  if (!serverPid) return '?';
  const status = readFileSync(`/proc/${serverPid}/status`, 'utf8');
  return String(Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024));
}

function report(name: string, ok: boolean, detail: string) {
  if (!ok) failures += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail} (server RSS ${rssMb()} MB)`);
}

async function call(method: string, path: string, { key, body, headers = {} }: { key?: string; body?: string; headers?: Record<string, string> } = {}) {
  try {
    const response = await fetch(base + path, {
      method,
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body,
    });
    const text = await response.text();
    return { status: response.status, text };
  } catch (error) {
    return { status: 0, text: String(error) };
  }
}

/** Every status in `statuses` is one of `allowed`. */
const expectStatuses = (name: string, statuses: number[], allowed: number[]) =>
  report(name, statuses.every((s) => allowed.includes(s)), `statuses ${[...new Set(statuses)].join(',')}`);

async function alive(name: string) {
  const health = await call('GET', '/health/live');
  report(`${name}: still answering`, health.status === 200, `/health/live ${health.status}`);
}

async function main() {
  const tenant = cli('tenant', 'create', '--name', `Probe ${Date.now()}`);
  const other = cli('tenant', 'create', '--name', `Other ${Date.now()}`);
  const manager = cli('user', 'create', '--tenant', tenant.id, '--name', 'Manager', '--email', `m-${Date.now()}@probe.test`, '--role', 'manager');
  const colleague = cli('user', 'create', '--tenant', tenant.id, '--name', 'Colleague', '--email', `c-${Date.now()}@probe.test`, '--role', 'manager');
  const outsider = cli('user', 'create', '--tenant', other.id, '--name', 'Outsider', '--email', `o-${Date.now()}@probe.test`, '--role', 'manager');
  const allScopes = 'leads.lead.read,leads.lead.write,pipeline,bookings.read,bookings.manage,bookings.resources.manage,companies.read,companies.write,contacts.read,contacts.write,invoices.read,invoices.write,settings.manage,webhooks.manage';
  const keys = cli('key', 'create', '--tenant', tenant.id, '--user', manager.id, '--name', 'probe', '--scopes', allScopes, '--rate-limit', '100000');
  const webhooksOnly = cli('key', 'create', '--tenant', tenant.id, '--user', colleague.id, '--name', 'hooks', '--scopes', 'webhooks.manage,settings.manage');
  const foreign = cli('key', 'create', '--tenant', other.id, '--user', outsider.id, '--name', 'foreign', '--scopes', allScopes);
  const K = keys.secret.key as string;
  const PK = keys.publishable.key as string;

  // New routes with no key, the publishable key, another tenant's key, and a key without the scope.
  const endpoint = await call('POST', '/api/webhook-endpoints', { key: K, body: JSON.stringify({ url: process.env.PROBE_HOOK_URL ?? 'https://example.com/hook', events: ['*'] }) });
  report('create an endpoint', endpoint.status === 201, `status ${endpoint.status} ${endpoint.text.slice(0, 200)}`);
  const endpointId = JSON.parse(endpoint.text).data?.id ?? '00000000-0000-0000-0000-000000000000';
  for (const [who, key, allowed] of [['no key', undefined, [401]], ['publishable', PK, [401, 403]], ['other tenant', foreign.secret.key, [404]], ['colleague with webhooks.manage', webhooksOnly.secret.key, [403]]] as const) {
    const statuses = [
      (await call('PATCH', `/api/webhook-endpoints/${endpointId}`, { key, body: JSON.stringify({ url: 'https://attacker.example/x' }) })).status,
      (await call('POST', `/api/webhook-endpoints/${endpointId}/rotate-secret`, { key })).status,
      (await call('POST', `/api/webhook-endpoints/${endpointId}/test`, { key })).status,
      (await call('DELETE', `/api/webhook-endpoints/${endpointId}`, { key })).status,
    ];
    expectStatuses(`endpoint changes by ${who}`, statuses, [...allowed]);
  }

  // Malformed requests on write routes.
  const deep = '['.repeat(5000) + ']'.repeat(5000);
  const big = JSON.stringify({ firstName: 'x'.repeat(2 * 1024 * 1024), lastName: 'y' });
  const malformed: number[] = [];
  for (const path of ['/api/v1/leads', '/api/v1/leads/', '/api/webhook-endpoints', '/api/bookings', '/api/v1/leads?unknown=1']) {
    malformed.push((await call('POST', path, { key: K, body: deep })).status);
    malformed.push((await call('POST', path, { key: K, body: big })).status);
    malformed.push((await call('POST', path, { key: K, body: '{"firstName":' })).status);
  }
  expectStatuses('deep, 2 MB and broken bodies', malformed, [400, 413, 422]);

  // GraphQL: the widest aliased query, ten at once, with and without a key.
  const widest = `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: leads(first: 100) { nodes { id notes intent customFields company { name } } }`).join(' ')} }`;
  const wide = await Promise.all(
    Array.from({ length: 10 }, (_, i) => call('POST', '/graphql', { key: i % 2 ? K : undefined, body: JSON.stringify({ query: widest }) })),
  );
  expectStatuses('ten widest aliased queries at once', wide.map((r) => r.status), [200, 400, 401, 422, 503]);
  const introspection = await Promise.all(
    Array.from({ length: 10 }, () => call('POST', '/graphql', { body: JSON.stringify({ query: `{ ${Array.from({ length: 5 }, (_, i) => `s${i}: __schema { types { name fields { name } } }`).join(' ')} }` }) })),
  );
  expectStatuses('ten aliased introspections at once', introspection.map((r) => r.status), [400]);
  await alive('after the wide queries');

  // A stream of distinct documents.
  const distinct: number[] = [];
  for (let i = 0; i < 300; i += 1) distinct.push((await call('POST', '/graphql', { key: K, body: JSON.stringify({ query: `query Q${i} { leads(first: ${1 + (i % 100)}) { nodes { id } } }` }) })).status);
  expectStatuses('300 distinct documents', distinct, [200, 429]);

  // MCP: a batch, a batch with the publishable key, and resources with the publishable key.
  const mcpHeaders = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
  const batch = JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'graphql', arguments: { query: '{ leads(first: 100) { nodes { notes intent } } }' } } })));
  const batches = await Promise.all([K, PK, K, PK, K].map((key) => call('POST', '/mcp', { key, body: batch, headers: mcpHeaders })));
  expectStatuses('MCP batches of 100 calls', batches.map((r) => r.status), [400]);
  const read = await call('POST', '/mcp', { key: PK, headers: mcpHeaders, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'platform://openapi.json' } }) });
  report('publishable key reads no resource', !read.text.includes('"openapi"'), `status ${read.status}`);
  await alive('after the MCP batches');

  // Hundreds of subscriptions from one key.
  const controllers: AbortController[] = [];
  const opened: number[] = [];
  for (let i = 0; i < 300; i += 1) {
    const controller = new AbortController();
    controllers.push(controller);
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      signal: controller.signal,
      headers: { authorization: `Bearer ${K}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: 'subscription { events(types: ["lead.created"]) { id } }' }),
    }).catch(() => null);
    opened.push(response?.status ?? 0);
    if (response && response.status !== 200) await response.text();
  }
  report('300 subscriptions of one key', opened.filter((s) => s === 200).length <= 20 && opened.every((s) => s === 200 || s === 429), `${opened.filter((s) => s === 200).length} open, the rest ${[...new Set(opened.filter((s) => s !== 200))].join(',')}`);
  for (const controller of controllers) controller.abort();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await alive('after 300 subscriptions opened and closed');

  // The largest trusted-documents manifest, then using it.
  const padded = `query Big { __typename }\n#${'x'.repeat(900 * 1024)}`;
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const hash = sha256(padded);
  const registered = await call('POST', '/graphql', {
    key: K,
    body: JSON.stringify({ query: 'mutation R($input: RegisterTrustedDocumentsInput!) { registerTrustedDocuments(input: $input) { trustedDocumentRegistration { added } } }', variables: { input: { documents: { [hash]: padded } } } }),
  });
  report('a 900 KB trusted document is refused', registered.text.includes('BAD_USER_INPUT'), `status ${registered.status}`);
  const many = Object.fromEntries(Array.from({ length: 600 }, (_, i) => `query M${i} { __typename }`).map((d) => [sha256(d), d]));
  const manifest = await call('POST', '/graphql', {
    key: K,
    body: JSON.stringify({ query: 'mutation R($input: RegisterTrustedDocumentsInput!) { registerTrustedDocuments(input: $input) { trustedDocumentRegistration { added } } }', variables: { input: { documents: many } } }),
  });
  report('a manifest of 600 documents is refused', manifest.text.includes('at most 500 documents'), `status ${manifest.status}`);
  await alive('at the end');

  console.log(failures ? `${failures} probe(s) failed` : 'every probe answered as expected');
  process.exit(failures ? 1 : 0);
}

await main();
