import { describe, expect, it } from 'vitest';
import { revokeKey, rotateKeyPair } from '../src/auth/key-pairs.js';
import { LeadsDocument } from './generated/operations.js';
import { useHarness } from './support/harness.js';

const { h, tenant, rest, gql } = useHarness();
const DAY_MS = 24 * 60 * 60 * 1000;

async function expectRefused(key: string | null, status: 401 | 403) {
  const code = status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN';
  const viaRest = await rest('GET', '/api/v1/leads', { key });
  expect(viaRest.status).toBe(status);
  expect(viaRest.body).toEqual({ error: status === 401 ? 'Unauthorized' : 'Forbidden' });
  const viaGraphql = await gql(key, LeadsDocument, {});
  expect(viaGraphql.data).toBeNull();
  expect(viaGraphql.errors?.map((e) => e.extensions.code)).toEqual([code]);
}

describe('authentication', () => {
  it('accepts a valid secret key on both surfaces', async () => {
    const t = await tenant();
    expect((await rest('GET', '/api/v1/leads', { key: t.secret })).status).toBe(200);
    const result = await gql(t.secret, LeadsDocument, {});
    expect(result.errors).toBeUndefined();
    expect(result.data?.leads.data).toEqual([]);
  });

  it('answers 401 without a key, with a malformed key and with an unknown key', async () => {
    await expectRefused(null, 401);
    await expectRefused('not-a-key', 401);
    await expectRefused(`sk_live_${'x'.repeat(43)}`, 401);
    const t = await tenant();
    const other = await rest('GET', '/api/v1/leads', { headers: { authorization: `Basic ${t.secret}` } });
    expect(other.status).toBe(401);
  });

  it('refuses a revoked key at once', async () => {
    const t = await tenant();
    expect((await rest('GET', '/api/v1/leads', { key: t.secret })).status).toBe(200);
    await revokeKey(h.db.prisma, t.secretKeyId, new Date());
    await expectRefused(t.secret, 401);
  });

  it('keeps a rotated pair working for 24 hours, then refuses it', async () => {
    const t = await tenant();
    const rotated = await rotateKeyPair(h.db.prisma, t.secretKeyId, new Date());
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
      body: JSON.stringify({ query: '{ leads { hasMore } companies { total } }' }),
    });
    const body = await response.json();
    // Root list fields are non-null, so the refused field refuses the whole query.
    expect(body.data).toBeNull();
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatchObject({ path: ['companies'], extensions: { code: 'FORBIDDEN' } });
  });
});
