import { describe, expect, it } from 'vitest';
import { pairNamed, revokeKeyPair, rotateKeyPair } from '../src/auth/key-pairs.js';
import { tenantDb } from '../src/db/tenant-scope.js';
import { LeadsDocument } from './generated/operations.js';
import { useHarness } from './support/harness.js';

const { h, tenant, rest, gql, untilKeyRefused } = useHarness();
const DAY_MS = 24 * 60 * 60 * 1000;

async function expectRefused(key: string | null, status: 401 | 403) {
  const code = status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN';
  const viaRest = await rest('GET', '/api/v1/leads', { key });
  expect(viaRest.status).toBe(status);
  expect(viaRest.body).toEqual({ error: status === 401 ? 'Unauthorized' : 'Forbidden' });
  const viaGraphql = await gql(key, LeadsDocument, {});
  // GraphQL answers HTTP 401 as REST does (every credential failure alike); a refused scope is 200 with the error.
  expect(viaGraphql.status).toBe(status === 401 ? 401 : 200);
  expect(viaGraphql.data).toBeNull();
  expect(viaGraphql.errors?.map((e) => e.extensions.code)).toEqual([code]);
}

describe('authentication', () => {
  it('accepts a valid secret key on both surfaces', async () => {
    const t = await tenant();
    expect((await rest('GET', '/api/v1/leads', { key: t.secret })).status).toBe(200);
    const result = await gql(t.secret, LeadsDocument, {});
    expect(result.errors).toBeUndefined();
    expect(result.data?.leads.nodes).toEqual([]);
  });

  it('answers 401 without a key, with a malformed key and with an unknown key', async () => {
    await expectRefused(null, 401);
    await expectRefused('not-a-key', 401);
    await expectRefused(`sk_live_${'x'.repeat(43)}`, 401);
    const t = await tenant();
    const other = await rest('GET', '/api/v1/leads', { headers: { authorization: `Basic ${t.secret}` } });
    expect(other.status).toBe(401);
  });

  it('refuses a revoked pair\'s keys within a second', async () => {
    const t = await tenant();
    expect((await rest('GET', '/api/v1/leads', { key: t.secret })).status).toBe(200);
    await revokeKeyPair(tenantDb(h.db.prisma, t.tenantId), (await pairNamed(h.db.prisma, t.secretKeyId)).id, null, new Date());
    await untilKeyRefused(t.secret, 401);
    await expectRefused(t.secret, 401);
    await expectRefused(t.publishable, 401);
  });

  it("refuses a deactivated user's keys on both surfaces with 401", async () => {
    const t = await tenant({ role: 'sales', scopes: ['leads.lead.read'] });
    expect((await rest('GET', '/api/v1/leads', { key: t.secret })).status).toBe(200);
    await h.db.prisma.user.update({ where: { id: t.userId }, data: { deactivatedAt: new Date() } });
    await untilKeyRefused(t.secret, 401);
    await expectRefused(t.secret, 401);
    const viaGraphql = await gql(t.secret, LeadsDocument, {});
    expect(viaGraphql.errors?.[0]?.message).toContain('deactivated');
  });

  it('keeps a rotated pair working for 24 hours, then refuses it', async () => {
    const t = await tenant();
    const rotated = await rotateKeyPair(tenantDb(h.db.prisma, t.tenantId), (await pairNamed(h.db.prisma, t.secretKeyId)).id, null, new Date());
    expect(rotated.secret.key).toMatch(/^sk_live_/);
    expect(rotated.publishable.key).toMatch(/^pk_live_/);
    expect((await rest('GET', '/api/v1/leads', { key: t.secret })).status).toBe(200);
    expect((await rest('GET', '/api/v1/leads', { key: rotated.secret.key })).status).toBe(200);
    try {
      h.clock.offsetMs = DAY_MS - 60_000;
      expect((await rest('GET', '/api/v1/leads', { key: t.secret })).status).toBe(200);
      h.clock.offsetMs = DAY_MS + 1000;
      await expectRefused(t.secret, 401);
      expect((await rest('GET', '/api/v1/leads', { key: rotated.secret.key })).status).toBe(200);
    } finally {
      h.clock.offsetMs = 0;
    }
  });

  it('answers 403 when the key lacks the scope', async () => {
    const t = await tenant({ scopes: ['contacts.read'] });
    await expectRefused(t.secret, 403);
    expect((await rest('POST', '/api/v1/leads', { key: t.secret, body: { firstName: 'A', lastName: 'B' } })).status).toBe(403);
    expect(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } })).toBe(0);
    const reader = await tenant({ scopes: ['leads.lead.read'] });
    const write = await rest('POST', '/api/v1/leads', { key: reader.secret, body: { firstName: 'A', lastName: 'B' } });
    expect(write).toMatchObject({ status: 403, body: { error: 'Forbidden' } });
  });

  it('never lets a publishable key read private data, whatever its scopes', async () => {
    const t = await tenant();
    await expectRefused(t.publishable, 403);
    for (const path of ['/api/v1/contacts/contact', '/api/v1/companies']) {
      expect((await rest('GET', path, { key: t.publishable })).status).toBe(403);
    }
  });

  it('checks scopes per GraphQL field', async () => {
    const t = await tenant({ scopes: ['leads.lead.read'] });
    const response = await h.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { authorization: `Bearer ${t.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ leads { totalCount } companies { totalCount } }' }),
    });
    const body = await response.json();
    // Root list fields are non-null, so the refused field refuses the whole query.
    expect(body.data).toBeNull();
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatchObject({ path: ['companies'], extensions: { code: 'FORBIDDEN' } });
  });
});

describe('authentication is discoverable, and checked before input', () => {
  const graphql = async (key: string | null, query: string, variables?: Record<string, unknown>) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) };
    const response = await h.app.fetch('http://localhost/graphql', { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    return { status: response.status, headers: response.headers, body: await response.json() };
  };

  it('says how to authenticate on every 401: WWW-Authenticate, and the reason in GraphQL', async () => {
    // RFC 9728: where an OAuth client finds the authorization server.
    const metadata = 'resource_metadata="http://localhost/.well-known/oauth-protected-resource"';
    const missing = await rest('GET', '/api/v1/leads');
    expect(missing.headers.get('www-authenticate')).toBe(`Bearer realm="api", ${metadata}`);
    const unknown = await rest('GET', '/api/v1/leads', { key: `sk_live_${'x'.repeat(43)}` });
    expect(unknown).toMatchObject({ status: 401, body: { error: 'Unauthorized' } });
    expect(unknown.headers.get('www-authenticate')).toBe(`Bearer realm="api", ${metadata}, error="invalid_token"`);
    const viaGraphql = await graphql(null, '{ leads { totalCount } }');
    expect(viaGraphql.status).toBe(401);
    expect(viaGraphql.headers.get('www-authenticate')).toBe(`Bearer realm="api", ${metadata}`);
    expect(viaGraphql.body.errors[0]).toMatchObject({ path: ['leads'], extensions: { code: 'UNAUTHENTICATED' } });
    expect(viaGraphql.body.errors[0].message).toContain('Authorization: Bearer');
    const nonsense = await graphql('nonsense', '{ leads { totalCount } }');
    expect(nonsense.status).toBe(401);
    expect(nonsense.headers.get('www-authenticate')).toBe(`Bearer realm="api", ${metadata}, error="invalid_token"`);
    expect(nonsense.body.errors[0].message).toContain('Bearer <key>');
    // What needs no key (introspection, `__typename`) still answers without one.
    expect(await graphql(null, '{ __typename }')).toMatchObject({ status: 200, body: { data: { __typename: 'Query' } } });
  });

  it('names the missing scope: X-Required-Scope on REST (body unchanged), extensions.requiredScope on GraphQL, nested fields too', async () => {
    const t = await tenant({ scopes: ['companies.read'] });
    const refused = await rest('GET', '/api/v1/leads', { key: t.secret });
    expect(refused).toMatchObject({ status: 403, body: { error: 'Forbidden' } });
    expect(Object.keys(refused.body)).toEqual(['error']);
    expect(refused.headers.get('x-required-scope')).toBe('leads.lead.read');
    const root = await graphql(t.secret, '{ leads { totalCount } }');
    expect(root.body.errors[0].extensions).toEqual({ code: 'FORBIDDEN', requiredScope: 'leads.lead.read' });
    expect(root.body.errors[0].message).toContain('leads.lead.read');
    await rest('POST', '/api/v1/companies', { key: (await tenant()).secret, body: { name: 'Elsewhere' } });
    const company = await rest('POST', '/api/v1/companies', { key: t.secret, body: { name: 'Acme' } });
    expect(company.headers.get('x-required-scope')).toBe('companies.write');
    const writer = await tenant({ scopes: ['companies.read', 'companies.write'] });
    await rest('POST', '/api/v1/companies', { key: writer.secret, body: { name: 'Acme' } });
    const nested = await graphql(writer.secret, '{ companies { nodes { name contacts { totalCount } } } }');
    expect(nested.body.errors[0]).toMatchObject({ path: ['companies', 'nodes', 0, 'contacts'], extensions: { code: 'FORBIDDEN', requiredScope: 'contacts.read' } });
  });

  it('authenticates, then authorizes, then validates, on both surfaces, and changes nothing', async () => {
    const none = [
      await rest('POST', '/api/v1/leads', { body: {} }),
      await rest('POST', '/api/v1/leads', { body: { firstName: 42, unknown: true } }),
      await rest('GET', '/api/v1/leads?foo=1&limit=abc'),
      await rest('PATCH', '/api/v1/leads/not-a-uuid', { body: {} }),
      await rest('POST', '/api/v1/leads', { rawBody: 'not json', headers: { 'content-type': 'text/plain' } }),
    ];
    for (const answer of none) expect(answer).toMatchObject({ status: 401, body: { error: 'Unauthorized' } });
    const reader = await tenant({ scopes: ['leads.lead.read'] });
    const forbidden = [
      await rest('POST', '/api/v1/leads', { key: reader.secret, body: { firstName: 42 } }),
      await rest('PATCH', '/api/v1/leads/not-a-uuid', { key: reader.secret, body: { status: 'nope' } }),
      await rest('GET', '/api/v1/pipeline/deals?foo=1', { key: reader.secret }),
    ];
    for (const answer of forbidden) expect(answer).toMatchObject({ status: 403, body: { error: 'Forbidden' } });
    const create = 'mutation($input: CreateLeadInput!) { createLead(input: $input) { lead { id } } }';
    const anonymous = await graphql(null, create, { input: { firstName: 42 } });
    expect(anonymous.body.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual(['UNAUTHENTICATED']);
    const withoutScope = await graphql(reader.secret, create, { input: { firstName: 42 } });
    expect(withoutScope.body.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual(['FORBIDDEN']);
    // A root field left out by @skip/@include is not asked for, so it refuses nothing.
    const skipped = await graphql(reader.secret, 'query($with: Boolean!) { deals @include(if: $with) { totalCount } leads { totalCount } }', { with: false });
    expect(skipped.body).toEqual({ data: { leads: { totalCount: 0 } }, extensions: { cost: expect.any(Object) } });
    const included = await graphql(reader.secret, 'query($with: Boolean!) { ...Both } fragment Both on Query { deals @include(if: $with) { totalCount } }', { with: true });
    expect(included.body.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual(['FORBIDDEN']);
    const cursor = await graphql(reader.secret, '{ deals(first: 5000) { totalCount } }');
    expect(cursor.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(await h.db.prisma.lead.count({ where: { tenantId: reader.tenantId } })).toBe(0);
  });
});
