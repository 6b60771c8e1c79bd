import { beforeAll, describe, expect, it } from 'vitest';
import { cachedKeys } from '../src/auth/authenticate.js';
import { createKeyPair } from '../src/auth/key-pairs.js';
import { createApp } from '../src/http/app.js';
import type { TenantFixture } from './support/harness.js';
import { useHarness } from './support/harness.js';

/** Publishable keys bound to the origins of the pages that may use them (src/auth/origins.ts). */
const { h, tenant, rest } = useHarness();

const pairFields = 'id name allowedOrigins';

async function graphql(key: string, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await h.app.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const createPair = (key: string, input: Record<string, unknown>) =>
  graphql(key, `mutation($input: CreateApiKeyPairInput!) { createApiKeyPair(input: $input) { issuedApiKeyPair { publishableKey pair { ${pairFields} } } userErrors { field message code } } }`, { input });
const updatePair = (key: string, id: string, input: Record<string, unknown>) =>
  graphql(key, `mutation($id: UUID!, $input: UpdateApiKeyPairInput!) { updateApiKeyPair(id: $id, input: $input) { apiKeyPair { ${pairFields} } userErrors { field message code } } }`, { id, input });

describe('allowed origins of a key pair', () => {
  let t: TenantFixture;
  const pairsNamed = (name: string) => h.db.prisma.apiKeyPair.findMany({ where: { tenantId: t.tenantId, name } });

  beforeAll(async () => {
    t = await tenant({ role: 'system_admin' });
  });

  it('are set on creation and replaced on update over GraphQL, normalised as browsers send them', async () => {
    const created = await createPair(t.secret, {
      name: 'Shop widget',
      scopes: ['bookings.read'],
      allowedOrigins: ['HTTPS://Shop.Example:443/', 'https://shop.example', 'http://127.0.0.1:5555', 'https://staging.shop.example:8443', 'http://localhost:80'],
    });
    expect(created.body.errors).toBeUndefined();
    const { pair } = created.body.data.createApiKeyPair.issuedApiKeyPair;
    expect(pair.allowedOrigins).toEqual(['https://shop.example', 'http://127.0.0.1:5555', 'https://staging.shop.example:8443', 'http://localhost']);
    const listed = await graphql(t.secret, '{ apiKeyPairs(filter: {search: "Shop widget"}) { nodes { allowedOrigins } } }');
    expect(listed.body.data.apiKeyPairs.nodes).toEqual([{ allowedOrigins: pair.allowedOrigins }]);

    const updated = await updatePair(t.secret, pair.id, { allowedOrigins: ['https://www.shop.example'] });
    expect(updated.body.data.updateApiKeyPair).toEqual({ apiKeyPair: { id: pair.id, name: 'Shop widget', allowedOrigins: ['https://www.shop.example'] }, userErrors: [] });
    // Rotation keeps them.
    const rotated = await graphql(t.secret, `mutation($id: UUID!) { rotateApiKeyPair(id: $id) { issuedApiKeyPair { pair { ${pairFields} } } } }`, { id: pair.id });
    expect(rotated.body.data.rotateApiKeyPair.issuedApiKeyPair.pair).toMatchObject({ name: 'Shop widget', allowedOrigins: ['https://www.shop.example'] });
    // Other settings leave them as they are; an empty list unbinds the key.
    expect((await updatePair(t.secret, pair.id, { trustedDocuments: 'all' })).body.data.updateApiKeyPair.apiKeyPair.allowedOrigins).toEqual(['https://www.shop.example']);
    expect((await updatePair(t.secret, pair.id, { allowedOrigins: [] })).body.data.updateApiKeyPair.apiKeyPair.allowedOrigins).toEqual([]);
    // Without them, a pair lists none.
    const plain = await createPair(t.secret, { name: 'Unbound', scopes: ['bookings.read'] });
    expect(plain.body.data.createApiKeyPair.issuedApiKeyPair.pair.allowedOrigins).toEqual([]);
  });

  it('are created, listed and updated over REST', async () => {
    const created = await rest('POST', '/api/v1/key-pairs', { key: t.secret, body: { name: 'REST widget', scopes: ['bookings.read'], allowedOrigins: ['https://rest.example'] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ pair: { name: 'REST widget', allowedOrigins: ['https://rest.example'], status: 'active' }, publishableKey: expect.stringMatching(/^pk_live_/), secretKey: expect.stringMatching(/^sk_live_/) });
    const id = created.body.data.pair.id;
    const patched = await rest('PATCH', `/api/v1/key-pairs/${id}`, { key: t.secret, body: { allowedOrigins: ['https://rest.example', 'https://b.rest.example'] } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data).toMatchObject({ id, allowedOrigins: ['https://rest.example', 'https://b.rest.example'] });
    const listed = await rest('GET', '/api/v1/key-pairs?limit=100', { key: t.secret });
    expect(listed.status).toBe(200);
    expect(listed.body.data.find((p: { id: string }) => p.id === id)).toMatchObject({ allowedOrigins: ['https://rest.example', 'https://b.rest.example'] });
    // Without settings.manage: 403, nothing changed.
    const reader = await tenant({ scopes: ['leads.lead.read'] });
    expect((await rest('GET', '/api/v1/key-pairs', { key: reader.secret })).status).toBe(403);
  });

  it('refuses bad origins with 400 naming each, saving nothing', async () => {
    const bad = ['https://shop.example/contact', 'ftp://shop.example', 'http://shop.example', 'https://user:pw@shop.example', 'https://shop.example?x=1', 'https://shop.example#top', 'shop.example', 'https://*.shop.example', ''];
    const refused = await rest('POST', '/api/v1/key-pairs', { key: t.secret, body: { name: 'Bad origins', scopes: ['bookings.read'], allowedOrigins: ['https://fine.example', ...bad] } });
    expect(refused.status).toBe(400);
    expect(refused.body.details.map((d: { field: string }) => d.field)).toEqual(bad.map((_, i) => `allowedOrigins.${i + 1}`));
    for (const [i, entry] of bad.entries()) expect(refused.body.details[i].message).toContain(`"${entry}"`);
    expect(refused.body.details[2].message).toContain('https');
    expect(await pairsNamed('Bad origins')).toHaveLength(0);

    const tooMany = await createPair(t.secret, { name: 'Bad origins', scopes: ['bookings.read'], allowedOrigins: Array.from({ length: 21 }, (_, i) => `https://site${i}.example`) });
    expect(tooMany.body.data.createApiKeyPair).toEqual({ issuedApiKeyPair: null, userErrors: [{ field: ['input', 'allowedOrigins'], message: expect.stringContaining('at most 20'), code: 'TOO_LONG' }] });
    // 21 entries naming 20 origins once normalised are fine.
    const twenty = [...Array.from({ length: 20 }, (_, i) => `https://site${i}.example`), 'https://SITE0.example'];
    expect((await createPair(t.secret, { name: 'Twenty', scopes: ['bookings.read'], allowedOrigins: twenty })).body.data.createApiKeyPair.issuedApiKeyPair.pair.allowedOrigins).toHaveLength(20);
    expect(await pairsNamed('Bad origins')).toHaveLength(0);

    const pair = await createKeyPair(h.db.prisma, { tenantId: t.tenantId, userId: t.userId, name: 'Kept', scopes: ['bookings.read'], allowedOrigins: ['https://kept.example'] });
    const badUpdate = await updatePair(t.secret, pair.id, { allowedOrigins: ['https://ok.example', 'https://kept.example/path'] });
    expect(badUpdate.body.data.updateApiKeyPair.userErrors).toEqual([{ field: ['input', 'allowedOrigins', '1'], message: expect.stringContaining('"https://kept.example/path"'), code: 'INVALID' }]);
    const badPatch = await rest('PATCH', `/api/v1/key-pairs/${pair.id}`, { key: t.secret, body: { allowedOrigins: ['javascript:alert(1)'] } });
    expect(badPatch.status).toBe(400);
    expect((await h.db.prisma.apiKeyPair.findUniqueOrThrow({ where: { id: pair.id } })).allowedOrigins).toEqual(['https://kept.example']);
  });

  it('may be changed only by the pair’s own user or an administrator', async () => {
    const owner = await tenant({ role: 'manager' });
    const colleague = await createKeyPair(h.db.prisma, { tenantId: owner.tenantId, userId: (await h.db.prisma.user.create({ data: { tenantId: owner.tenantId, name: 'Col', email: `col-${Date.now()}@example.test`, role: 'manager' } })).id, name: 'Colleague', scopes: ['settings.manage'], trustedDocuments: 'none' });
    const pair = await createKeyPair(h.db.prisma, { tenantId: owner.tenantId, userId: owner.userId, name: 'Mine', scopes: ['bookings.read'] });
    const refused = await rest('PATCH', `/api/v1/key-pairs/${pair.id}`, { key: colleague.secret.key, body: { allowedOrigins: ['https://evil.example'] } });
    expect(refused.status).toBe(403);
    expect((await h.db.prisma.apiKeyPair.findUniqueOrThrow({ where: { id: pair.id } })).allowedOrigins).toEqual([]);
  });
});

describe('a publishable key bound to origins', () => {
  let t: TenantFixture;
  let bound: { id: string; publishable: string; secret: string };
  let unbound: string;
  const resources = (key: string, origin?: string) => rest('GET', '/api/bookings/resources', { key, headers: origin ? { origin } : {} });

  beforeAll(async () => {
    t = await tenant();
    const pair = await createKeyPair(h.db.prisma, { tenantId: t.tenantId, userId: t.userId, name: 'Bound', scopes: ['bookings.read', 'leads.lead.write'], trustedDocuments: 'none', allowedOrigins: ['https://shop.example', 'http://127.0.0.1:5555'] });
    bound = { id: pair.id, publishable: pair.publishable.key, secret: pair.secret.key };
    unbound = (await createKeyPair(h.db.prisma, { tenantId: t.tenantId, userId: t.userId, name: 'Unbound', scopes: ['bookings.read'], trustedDocuments: 'none' })).publishable.key;
  });

  it('works from a listed origin, with CORS for it', async () => {
    for (const origin of ['https://shop.example', 'http://127.0.0.1:5555']) {
      const answer = await resources(bound.publishable, origin);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
    }
  });

  it('is refused from another origin with 403 and no CORS headers, on REST, GraphQL and the lead form', async () => {
    const refused = await resources(bound.publishable, 'https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Forbidden', message: 'This publishable key may be used only from https://shop.example, http://127.0.0.1:5555; this page is https://evil.example' });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    // Letter case and ports matter as browsers send them: another port is another origin.
    expect((await resources(bound.publishable, 'https://shop.example:8443')).status).toBe(403);
    expect((await resources(bound.publishable, 'null')).status).toBe(403);

    const viaGraphql = await graphql(bound.publishable, '{ bookableResources { nodes { id } } }', undefined, { origin: 'https://evil.example' });
    expect(viaGraphql.status).toBe(403);
    expect(viaGraphql.body.errors[0]).toMatchObject({ message: expect.stringContaining('may be used only from https://shop.example'), extensions: { code: 'FORBIDDEN' } });
    expect(viaGraphql.headers.get('access-control-allow-origin')).toBeNull();

    const leads = await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } });
    const form = await rest('POST', '/api/leads/form', { key: bound.publishable, headers: { origin: 'https://evil.example' }, body: { firstName: 'A', lastName: 'B', email: 'a@example.test' } });
    expect(form.status).toBe(403);
    expect(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } })).toBe(leads);
  });

  it('works without an Origin header (a server or a native app), and its secret key is not bound', async () => {
    const answer = await resources(bound.publishable);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect((await resources(bound.secret, 'https://evil.example')).status).toBe(200);
  });

  it('answers any origin’s preflight (it carries no key); a pair without origins keeps answering any origin', async () => {
    const preflight = await h.app.fetch('http://localhost/api/bookings/resources', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://evil.example');
    const free = await resources(unbound, 'https://anywhere.example');
    expect(free.status).toBe(200);
    expect(free.headers.get('access-control-allow-origin')).toBe('https://anywhere.example');
  });

  it('follows an update at once (the key cache hears of it)', async () => {
    const admin = await tenant({ role: 'system_admin' });
    const pair = await createKeyPair(h.db.prisma, { tenantId: admin.tenantId, userId: admin.userId, name: 'Moving', scopes: ['bookings.read'], trustedDocuments: 'none', allowedOrigins: ['https://old.example'] });
    const key = pair.publishable.key;
    expect((await resources(key, 'https://old.example')).status).toBe(200); // cached now
    const moved = await rest('PATCH', `/api/v1/key-pairs/${pair.id}`, { key: admin.secret, body: { allowedOrigins: ['https://new.example'] } });
    expect(moved.status).toBe(200);
    const since = Date.now();
    while ((await resources(key, 'https://old.example')).status !== 403 && Date.now() - since < 2_000) await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await resources(key, 'https://old.example')).status).toBe(403);
    expect((await resources(key, 'https://new.example')).status).toBe(200);
  });

  it('reaches another process’s key cache (its own cache on the same database, told by NOTIFY)', async () => {
    const admin = await tenant({ role: 'system_admin' });
    const pair = await createKeyPair(h.db.prisma, { tenantId: admin.tenantId, userId: admin.userId, name: 'Elsewhere', scopes: ['bookings.read'], trustedDocuments: 'none' });
    const otherKeys = await cachedKeys(h.db);
    try {
      const other = createApp({ prisma: h.db.prisma, keyLookup: otherKeys.find });
      const fromEvil = () => other.fetch('http://localhost/api/bookings/resources', { headers: { authorization: `Bearer ${pair.publishable.key}`, origin: 'https://evil.example' } });
      expect((await fromEvil()).status).toBe(200); // unbound, and now in the other cache
      expect((await rest('PATCH', `/api/v1/key-pairs/${pair.id}`, { key: admin.secret, body: { allowedOrigins: ['https://shop.example'] } })).status).toBe(200);
      const since = Date.now();
      while ((await fromEvil()).status !== 403 && Date.now() - since < 2_000) await new Promise((resolve) => setTimeout(resolve, 10));
      expect((await fromEvil()).status).toBe(403);
    } finally {
      await otherKeys.stop();
    }
  });
});
