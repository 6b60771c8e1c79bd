import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../src/http/app.js';
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENT_TOKENS } from '../src/graphql/document-limits.js';
import { MAX_QUERY_COST } from '../src/graphql/limits.js';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from '../src/http/request-boundary.js';
import { logger } from '../src/shared/logger.js';
import { fixtures } from './support/fixtures.js';
import { useHarness } from './support/harness.js';

const harness = useHarness();
const { h, tenant, rest } = harness;
const make = fixtures(harness);

/** A body sent in chunks with no Content-Length, as `Transfer-Encoding: chunked` uploads arrive. */
function chunkedBody(totalBytes: number, chunk = '['.repeat(64 * 1024)) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      controller.enqueue(new TextEncoder().encode(chunk));
      sent += chunk.length;
    },
  });
}

async function graphql(key: string | null, query: string, variables?: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key) headers.authorization = `Bearer ${key}`;
  const response = await h.app.fetch('http://localhost/graphql', { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return { status: response.status, body: await response.json() };
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('request bodies', () => {
  it('stops reading a chunked body at 1 MiB and answers 413 on both surfaces', async () => {
    const t = await tenant();
    for (const path of ['/api/v1/leads', '/graphql']) {
      let pulled = 0;
      const body = chunkedBody(50 * MAX_BODY_BYTES);
      const counting = body.pipeThrough(new TransformStream({ transform: (c, ctl) => { pulled += c.byteLength; ctl.enqueue(c); } }));
      const response = await h.app.fetch(`http://localhost${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${t.secret}` },
        body: counting,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      const json = await response.json();
      expect(path === '/graphql' ? json.errors[0].extensions.code : json.error).toBe(path === '/graphql' ? 'PAYLOAD_TOO_LARGE' : 'Payload Too Large');
      expect(pulled).toBeLessThan(MAX_BODY_BYTES + 256 * 1024);
    }
    expect(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } })).toBe(0);
  });

  it('refuses JSON nested deeper than the limit with a 400, REST and GraphQL variables alike', async () => {
    const t = await tenant();
    const deepRest = await rest('POST', '/api/v1/leads', { key: t.secret, rawBody: `{"firstName":"A","lastName":"B","sourceAttribution":{"x":${nested(5000)}}}` });
    expect(deepRest.status).toBe(400);
    expect(deepRest.body).toMatchObject({ error: 'Bad Request', message: expect.stringContaining(`${MAX_JSON_DEPTH} levels`) });
    const deepVariables = await h.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.secret}` },
      body: `{"query":"mutation($a: JSONObject) { createLead(input: {firstName: \\"A\\", lastName: \\"B\\", sourceAttribution: $a}) { lead { id } } }","variables":{"a":{"x":${nested(3000)}}}}`,
    });
    expect(deepVariables.status).toBe(400);
    expect((await deepVariables.json()).errors[0].extensions.code).toBe('BAD_USER_INPUT');
    // Just within the limit is fine.
    const within = await rest('POST', '/api/v1/leads', { key: t.secret, rawBody: `{"firstName":"A","lastName":"B","sourceAttribution":{"x":${nested(MAX_JSON_DEPTH - 2)}}}` });
    expect(within.status).toBe(201);
    expect(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } })).toBe(1);
  });

  it('refuses strings that are not well-formed Unicode, and bodies that are not UTF-8', async () => {
    const t = await tenant();
    const lone = await rest('POST', '/api/v1/leads', { key: t.secret, rawBody: '{"firstName":"\\ud800","lastName":"B"}' });
    expect(lone.status).toBe(400);
    expect(lone.body.message).toMatch(/Unicode/);
    const viaVariables = await graphql(t.secret, 'mutation($i: CreateLeadInput!) { createLead(input: $i) { lead { id } } }', { i: { firstName: '\ud800', lastName: 'B' } });
    expect(viaVariables.status).toBe(400);
    const viaGet = await h.app.fetch(`http://localhost/graphql?query=${encodeURIComponent('query($s: String) { leads { totalCount } }')}&variables=${encodeURIComponent('{"s":"\\ud800"}')}`, {
      headers: { authorization: `Bearer ${t.secret}` },
    });
    expect(viaGet.status).toBe(400);
    const viaLiteral = await graphql(t.secret, 'mutation { createLead(input: {firstName: "\\ud800", lastName: "B"}) { lead { id } } }');
    expect(viaLiteral.body.data ?? null).toBeNull();
    const notUtf8 = await h.app.fetch('http://localhost/api/v1/leads', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.secret}` },
      body: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
    });
    expect(notUtf8.status).toBe(400);
    expect(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } })).toBe(0);
  });

  it('names every answer with X-Request-Id, refusals and unknown routes included', async () => {
    for (const [path, init] of [
      ['/api/v1/leads', {}],
      ['/api/v1/nowhere', {}],
      ['/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' }],
      ['/api/v1/leads', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":"\\ud800"}' }],
    ] as const) {
      const response = await h.app.fetch(`http://localhost${path}`, init);
      expect(response.headers.get('x-request-id'), path).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers a body that breaks off half-way with a 400, not a 500', async () => {
    const broken = new ReadableStream({ pull: (c) => c.error(new Error('connection reset')) });
    const response = await h.app.fetch('http://localhost/api/v1/leads', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: broken, duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(400);
  });
});

describe('GraphQL documents', () => {
  it('refuses documents over the byte or token limit before parsing them, without a key too', async () => {
    const bytes = await graphql(null, `{ __typename } # ${'x'.repeat(MAX_DOCUMENT_BYTES)}`);
    expect(bytes.body.errors[0].extensions.code).toBe('QUERY_TOO_LARGE');
    const tokens = await graphql(null, `query Q1 { users { ${'totalCount '.repeat(MAX_DOCUMENT_TOKENS)} } }`);
    expect(tokens.body.errors[0]).toMatchObject({ extensions: { code: 'QUERY_TOO_LARGE' }, message: expect.stringContaining(`${MAX_DOCUMENT_TOKENS} tokens`) });
    const aliases = await graphql(null, `{ ${Array.from({ length: 21 }, (_, i) => `a${i}: users { totalCount }`).join(' ')} }`);
    expect(aliases.body.errors[0]).toMatchObject({ extensions: { code: 'QUERY_TOO_LARGE' }, message: 'Aliases limit of 20 exceeded, found 21.' });
    const depth = await graphql(null, `{ deals { nodes { company { contacts { edges { node { company { contacts { edges { node { company { contacts { edges { node { id } } } } } } } } } } } } } } }`);
    expect(depth.body.errors[0]).toMatchObject({ extensions: { code: 'QUERY_TOO_LARGE' }, message: expect.stringContaining('depth limit of 12') });
  });

  it('refuses an operation whose worst case exceeds the cost budget before any resolver runs', async () => {
    const t = await tenant({ scopes: ['pipeline', 'companies.read'] });
    const query = '{ companies(first: 100) { nodes { id deals(first: 100) { edges { node { id stage { deals(first: 100) { edges { node { id } } } } } } } } } }';
    const statements = await harness.countStatements(async () => {
      const result = await graphql(t.secret, query);
      expect(result.body.data ?? null).toBeNull();
      expect(result.body.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COSTLY', cost: { budget: MAX_QUERY_COST, estimate: expect.any(Number) } });
      expect(result.body.errors[0].extensions.cost.estimate).toBeGreaterThan(MAX_QUERY_COST);
    });
    expect(statements).toBe(0); // nothing but authentication, which is not counted
    // The same shape with small pages is fine, and variables count as their values.
    const small = await graphql(t.secret, 'query($n: Int) { companies(first: 10) { nodes { deals(first: $n) { totalCount } } } }', { n: 10 });
    expect(small.body.errors).toBeUndefined();
    const big = await graphql(t.secret, 'query($n: Int) { companies(first: 100) { nodes { deals(first: $n) { edges { node { id name value status notes createdAt } } } } } }', { n: 100 });
    expect(big.body.errors[0].extensions.code).toBe('QUERY_TOO_COSTLY');
  });

  it('lets introspection through without a key, within the cost limit', async () => {
    const result = await graphql(null, '{ __schema { types { name fields { name args { name type { name ofType { name } } } } } } }');
    expect(result.body.errors).toBeUndefined();
  });
});

describe('connection arguments', () => {
  it('answers bad sizes and cursors as BAD_USER_INPUT naming the argument', async () => {
    const t = await tenant();
    const company = await make.company(t.secret);
    const ask = (args: string) => graphql(t.secret, `{ company(id: "${company.id}") { contacts(${args}) { totalCount } } }`);
    for (const [args, field] of [
      ['first: -1', 'company.contacts.first'],
      ['first: 101', 'company.contacts.first'],
      ['after: "garbage"', 'company.contacts.after'],
      ['after: "R1BDOlM6bm90LWEtdXVpZA=="', 'company.contacts.after'],
    ] as const) {
      const result = await ask(args);
      expect(result.body.errors?.[0]?.extensions, args).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ field: field.split('.') }] });
    }
    const before = await ask('before: "R1BDOlM6bm90LWEtdXVpZA=="');
    expect(before.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});

describe('the time limit', () => {
  it('answers 503 in the surface’s own shape when a request runs past it', async () => {
    const slow = new Proxy(h.db.prisma, {
      get: (target, property) => {
        const value = Reflect.get(target, property);
        return property === '$queryRaw' ? (...args: unknown[]) => new Promise((r) => setTimeout(r, 1500)).then(() => (value as Function).apply(target, args)) : value;
      },
    });
    const app = createApp({ prisma: slow, requestTimeoutMs: 200 });
    const key = `Bearer sk_live_${'x'.repeat(43)}`;
    const viaRest = await app.fetch('http://localhost/api/v1/leads', { headers: { authorization: key } });
    expect(viaRest.status).toBe(503);
    expect(await viaRest.json()).toEqual({ error: 'Service Unavailable', message: 'The request took longer than 200 ms', requestId: viaRest.headers.get('x-request-id') });
    expect(viaRest.headers.get('retry-after')).toBe('2');
    const viaGraphql = await app.fetch('http://localhost/graphql', { method: 'POST', headers: { 'content-type': 'application/json', authorization: key }, body: '{"query":"{ leads { totalCount } }"}' });
    expect(viaGraphql.status).toBe(503);
    expect((await viaGraphql.json()).errors[0].extensions.code).toBe('TIMEOUT');
  });
});

describe('the last-resort handler', () => {
  it('turns an unexpected failure into a JSON 500 with a request id and no internals, logged once', async () => {
    const broken = new Proxy(h.db.prisma, {
      get: (target, property) => (property === '$queryRaw' ? () => Promise.reject(new Error('database exploded at /secret/path')) : Reflect.get(target, property)),
    });
    const app = createApp({ prisma: broken });
    const key = `Bearer sk_live_${'x'.repeat(43)}`;
    const logged = vi.spyOn(logger, 'error');
    try {
      for (const [path, init] of [
        ['/api/v1/leads', { headers: { authorization: key } }],
        ['/graphql', { method: 'POST', headers: { 'content-type': 'application/json', authorization: key }, body: '{"query":"{ leads { totalCount } }"}' }],
      ] as const) {
        logged.mockClear();
        const response = await app.fetch(`http://localhost${path}`, init);
        const text = await response.text();
        expect(text).not.toMatch(/exploded|secret|at .*\.ts/);
        const requestId = response.headers.get('x-request-id');
        expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
        expect(text).toContain(requestId);
        if (path === '/graphql') expect(JSON.parse(text).errors[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');
        else expect(response.status).toBe(500);
        expect(logged.mock.calls.map((c) => c[1]), path).toHaveLength(1);
      }
    } finally {
      logged.mockRestore();
    }
  });
});
