import { describe, expect, it } from 'vitest';
import { createApp } from '../src/http/app.js';
import { useMetrics } from '../src/http/metrics.js';
import { useHarness } from './support/harness.js';

const { h, tenant, rest } = useHarness();

const json = { 'content-type': 'application/json' };

describe('request ids', () => {
  it('uses a sane X-Request-Id the client sends, replaces any other, and generates one otherwise', async () => {
    const t = await tenant();
    const sent = await rest('GET', '/api/v1/leads', { key: t.secret, headers: { 'x-request-id': 'lb-7f3a.42:req_1' } });
    expect(sent.headers.get('x-request-id')).toBe('lb-7f3a.42:req_1');
    for (const insane of ['x'.repeat(129), 'has space', '<script>', '']) {
      const replaced = await rest('GET', '/api/v1/leads', { key: t.secret, headers: { 'x-request-id': insane } });
      expect(replaced.headers.get('x-request-id'), insane).toMatch(/^[0-9a-f-]{36}$/);
    }
    const generated = await rest('GET', '/api/v1/leads', { key: t.secret });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('puts the request id in every 5xx body, REST and GraphQL', async () => {
    const broken = new Proxy(h.db.prisma, {
      get: (target, property) => (property === '$queryRaw' ? () => Promise.reject(new Error('timeout exceeded when trying to connect')) : Reflect.get(target, property)),
    });
    const app = createApp({ prisma: broken });
    const viaRest = await app.fetch('http://localhost/api/v1/leads', { headers: { authorization: `Bearer sk_live_${'q'.repeat(43)}`, 'x-request-id': 'outage-1' } });
    expect(viaRest.status).toBe(503);
    expect(await viaRest.json()).toEqual({ error: 'Service Unavailable', message: expect.any(String), requestId: 'outage-1' });
    expect(viaRest.headers.get('retry-after')).toBe('2');
    const viaGraphql = await app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { ...json, authorization: `Bearer sk_live_${'q'.repeat(43)}`, 'x-request-id': 'outage-2' },
      body: '{"query":"{ leads { totalCount } }"}',
    });
    expect(viaGraphql.status).toBe(503);
    const body = await viaGraphql.json();
    expect(body.errors[0].extensions).toEqual({ code: 'SERVICE_UNAVAILABLE', requestId: 'outage-2' });
    expect(viaGraphql.headers.get('retry-after')).toBe('2');
  });
});

describe('response headers', () => {
  it('answers API requests with nosniff and no-store, errors included', async () => {
    const t = await tenant();
    for (const answer of [
      await rest('GET', '/api/v1/leads', { key: t.secret }),
      await rest('GET', '/api/v1/leads'),
      await rest('GET', '/api/v1/nothing-here', { key: t.secret }),
      await rest('POST', '/graphql', { key: t.secret, body: { query: '{ leads { totalCount } }' } }),
    ]) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('serves the HTML pages under a strict Content-Security-Policy', async () => {
    const docs = await h.app.fetch('http://localhost/docs');
    const graphiql = await h.app.fetch('http://localhost/graphql', { headers: { accept: 'text/html' } });
    for (const page of [docs, graphiql]) {
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|\*/);
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    }
    // GraphiQL's scripts are files of this origin, like the reference's: nothing inline runs.
    expect(graphiql.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
  });
});

describe('REST methods and created records', () => {
  it('answers every 201 whose record has a path of its own with that path as Location, which GET then reads', async () => {
    const t = await tenant({ role: 'system_admin' });
    const lead = await rest('POST', '/api/v1/leads', { key: t.secret, body: { firstName: 'Lee', lastName: 'Ward' } });
    expect(lead.status).toBe(201);
    expect(lead.headers.get('location')).toBe(`/api/v1/leads/${lead.body.data.id}`);
    expect((await rest('GET', lead.headers.get('location')!, { key: t.secret })).body).toEqual(lead.body);
    const resource = await rest('POST', '/api/bookings/resources', { key: t.secret, body: { type: 'room', name: 'Loft', timezone: 'UTC', defaultDurationMinutes: 30 } });
    expect(resource.headers.get('location')).toBe(`/api/bookings/resources/${resource.body.data.id}`);
    // A record under another one: the path names both.
    const closure = await rest('POST', `/api/bookings/resources/${resource.body.data.id}/closures`, {
      key: t.secret,
      body: { startsAt: '2030-01-01T00:00:00Z', endsAt: '2030-01-02T00:00:00Z' },
    });
    expect(closure.headers.get('location')).toBe(`/api/bookings/resources/${resource.body.data.id}/closures/${closure.body.data.id}`);
    // A record with no path of its own (a pipeline is read in the pipelines list) has none; a refusal none either.
    const pipeline = await rest('POST', '/api/v1/pipeline/pipelines', { key: t.secret, body: { name: 'Sales' } });
    expect(pipeline.status).toBe(201);
    expect(pipeline.headers.get('location')).toBeNull();
    const refused = await rest('POST', '/api/v1/leads', { key: t.secret, body: { lastName: 'Ward' } });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('location')).toBeNull();
  });

  it('answers HEAD on every GET route as GET would, without a body, and names HEAD in Allow', async () => {
    const t = await tenant();
    const lead = await rest('POST', '/api/v1/leads', { key: t.secret, body: { firstName: 'Lee', lastName: 'Ward' } });
    for (const path of ['/api/v1/leads', `/api/v1/leads/${lead.body.data.id}`, '/api/bookings/resources']) {
      const get = await h.app.fetch(`http://localhost${path}`, { headers: { authorization: `Bearer ${t.secret}` } });
      const head = await h.app.fetch(`http://localhost${path}`, { method: 'HEAD', headers: { authorization: `Bearer ${t.secret}` } });
      expect(head.status, path).toBe(200);
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
      expect(await head.text()).toBe('');
    }
    const missing = await h.app.fetch(`http://localhost/api/v1/leads/${crypto.randomUUID()}`, { method: 'HEAD', headers: { authorization: `Bearer ${t.secret}` } });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('');
    expect((await h.app.fetch('http://localhost/api/v1/leads', { method: 'HEAD' })).status).toBe(401);
    const wrong = await rest('DELETE', '/api/v1/leads', { key: t.secret });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, POST, HEAD');
    // A route without GET takes no HEAD.
    const noGet = await h.app.fetch(`http://localhost/api/bookings/${crypto.randomUUID()}/complete`, { method: 'HEAD', headers: { authorization: `Bearer ${t.secret}` } });
    expect(noGet.status).toBe(405);
    expect(noGet.headers.get('allow')).toBe('POST');
  });
});

describe('CORS', () => {
  const preflight = (app: ReturnType<typeof createApp>, path: string, origin: string) =>
    app.fetch(`http://localhost${path}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' } });

  it('answers no origin by default, the null origin included, and never allows credentials', async () => {
    for (const origin of ['https://evil.example', 'null']) {
      for (const path of ['/graphql', '/api/v1/leads']) {
        const answer = await preflight(h.app, path, origin);
        expect(answer.headers.get('access-control-allow-origin'), `${origin} ${path}`).toBeNull();
        expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
      }
    }
  });

  it('allows the configured origins, without credentials, exposing the headers clients need', async () => {
    const app = createApp({ prisma: h.db.prisma, corsOrigins: ['https://app.example.com'] });
    const allowed = await preflight(app, '/api/v1/leads', 'https://app.example.com');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();
    expect(allowed.headers.get('access-control-allow-headers')).toContain('Idempotency-Key');
    const t = await tenant();
    const actual = await app.fetch('http://localhost/api/v1/leads', { headers: { origin: 'https://app.example.com', authorization: `Bearer ${t.secret}` } });
    expect(actual.headers.get('access-control-expose-headers')).toMatch(/X-Request-Id.*RateLimit-Remaining.*Retry-After/);
    const other = await preflight(app, '/api/v1/leads', 'https://app.example.com.evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows any origin on the public booking operations, still without credentials', async () => {
    const answer = await preflight(h.app, '/api/bookings/resources', 'https://some-salon.example');
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://some-salon.example');
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('CSRF', () => {
  const mutation = 'mutation { createLead(input: { firstName: "Cross", lastName: "Site" }) { lead { id } } }';

  it('refuses GraphQL bodies a page on another site can send without a preflight, and runs nothing', async () => {
    const t = await tenant();
    const form = new URLSearchParams({ query: mutation });
    const multipart = new FormData();
    multipart.set('operations', JSON.stringify({ query: mutation }));
    multipart.set('map', '{}');
    for (const body of [form, multipart, JSON.stringify({ query: mutation })]) {
      const headers: Record<string, string> = typeof body === 'string' ? { 'content-type': 'text/plain' } : {};
      const answer = await h.app.fetch('http://localhost/graphql', { method: 'POST', headers, body });
      expect(answer.status).toBe(403);
      const { errors } = await answer.json();
      expect(errors[0].extensions.code).toBe('FORBIDDEN');
      expect(errors[0].message).toMatch(/CSRF/);
    }
    expect(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } })).toBe(0);
    // With the key's header (which no page can add to a simple request) the same form body runs.
    const keyed = await h.app.fetch('http://localhost/graphql', { method: 'POST', headers: { authorization: `Bearer ${t.secret}` }, body: form });
    expect(keyed.status).toBe(200);
    expect(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } })).toBe(1);
  });
});

describe('health', () => {
  it('answers liveness and readiness without a key', async () => {
    const live = await h.app.fetch('http://localhost/health/live');
    expect(live.status).toBe(200);
    const ready = await h.app.fetch('http://localhost/health/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('is not ready while shutting down, and closes each connection', async () => {
    const app = createApp({ prisma: h.db.prisma, draining: () => true });
    const ready = await app.fetch('http://localhost/health/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', checks: { shutdown: 'in progress' } });
    expect(ready.headers.get('connection')).toBe('close');
  });

  it('is not ready when a migration is missing or the database does not answer', async () => {
    await h.db.prisma.$executeRawUnsafe(`UPDATE _prisma_migrations SET rolled_back_at = now() WHERE migration_name = (SELECT max(migration_name) FROM _prisma_migrations)`);
    try {
      const missing = await h.app.fetch('http://localhost/health/ready');
      expect(missing.status).toBe(503);
      expect((await missing.json()).checks.migrations).toMatch(/^pending: \d+_\w+$/);
    } finally {
      await h.db.prisma.$executeRawUnsafe(`UPDATE _prisma_migrations SET rolled_back_at = NULL`);
    }
    const down = new Proxy(h.db.prisma, {
      get: (target, property) => (property === '$queryRaw' ? () => Promise.reject(new Error('Connection terminated unexpectedly')) : Reflect.get(target, property)),
    });
    const answer = await createApp({ prisma: down }).fetch('http://localhost/health/ready');
    expect(answer.status).toBe(503);
    const body = await answer.text();
    expect(JSON.parse(body).checks.database).toBe('unavailable');
    // The database's own words stay in the log.
    expect(body).not.toContain('Connection terminated');
  });
});

describe('metrics', () => {
  it('are not served unless enabled', async () => {
    expect((await h.app.fetch('http://localhost/metrics')).status).toBe(404);
  });

  it('count requests by route pattern and status, GraphQL operations, and the outbox', async () => {
    const app = createApp({ prisma: h.db.prisma, metrics: useMetrics({ prisma: h.db.prisma }) });
    const t = await tenant();
    const headers = { authorization: `Bearer ${t.secret}` };
    const lead = await (await app.fetch('http://localhost/api/v1/leads', { method: 'POST', headers: { ...headers, ...json }, body: '{"firstName":"Me","lastName":"Tric"}' })).json();
    await app.fetch(`http://localhost/api/v1/leads/${lead.data.id}`, { headers });
    await app.fetch('http://localhost/api/v1/leads/not-a-uuid', { headers });
    await app.fetch('http://localhost/graphql', { method: 'POST', headers: { ...headers, ...json }, body: '{"query":"{ leads { totalCount } companies { totalCount } }"}' });
    const scraped = await app.fetch('http://localhost/metrics');
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scraped.text();
    expect(text).toContain('http_requests_total{method="POST",route="POST /api/v1/leads",status="201"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="GET /api/v1/leads/:id",status="200"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="GET /api/v1/leads/:id",status="400"} 1');
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.5",method="POST",route="/graphql",status="200"} 1');
    expect(text).toContain('graphql_operations_total{type="query",field="companies"} 1');
    expect(text).toContain('graphql_operations_total{type="mutation",field="createLead"} 1');
    expect(text).toMatch(/^outbox_pending_messages \d+$/m);
    expect(text).toContain('process_resident_memory_bytes');
    // No raw id became a label.
    expect(text).not.toContain(lead.data.id);
  });
});
