import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from './support/server-process.js';
import { cli, serverDatabase, startServer } from './support/server-process.js';

async function ok(env: NodeJS.ProcessEnv, ...args: string[]) {
  const result = await cli(env, ...args);
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout.trim().split('\n')).toHaveLength(1);
  return JSON.parse(result.stdout);
}

describe('command line', { timeout: 120_000 }, () => {
  let env: NodeJS.ProcessEnv;
  let database: Awaited<ReturnType<typeof serverDatabase>>;
  let server: ServerProcess | undefined;

  // With TEST_DATABASE_URL the CLI and server share a scratch PostgreSQL database instead.
  beforeAll(async () => {
    database = await serverDatabase();
    env = database.env;
  });

  afterAll(async () => {
    await server?.stop();
    await database.drop();
  });

  it('creates tenants, users, keys and custom fields, printing one JSON object each', { timeout: 240_000 }, async () => {
    const tenant = await ok(env, 'tenant', 'create', '--name', 'Acme Lifts', '--module', 'inspections');
    expect(tenant).toEqual({ id: expect.any(String), name: 'Acme Lifts', modules: ['inspections'] });
    const user = await ok(env, 'user', 'create', '--tenant', tenant.id, '--name', 'Ann', '--email', 'ann@acme.example', '--role', 'manager');
    expect(user).toEqual({ id: expect.any(String), name: 'Ann', email: 'ann@acme.example', role: 'manager' });
    const keys = await ok(env, 'key', 'create', '--tenant', tenant.id, '--user', user.id, '--name', 'CRM sync', '--scopes', 'leads.lead.read,leads.lead.write');
    expect(keys).toEqual({
      id: expect.any(String),
      name: 'CRM sync',
      scopes: ['leads.lead.read', 'leads.lead.write'],
      rateLimit: null,
      trustedDocuments: 'publishable',
      allowedOrigins: [],
      publishable: { id: expect.any(String), key: expect.stringMatching(/^pk_live_[\w-]{43}$/) },
      secret: { id: expect.any(String), key: expect.stringMatching(/^sk_live_[\w-]{43}$/) },
    });
    const limited = await ok(env, 'key', 'create', '--tenant', tenant.id, '--user', user.id, '--name', 'Bulk import', '--scopes', 'leads.lead.write', '--rate-limit', '500');
    expect(limited.rateLimit).toBe(500);
    const everyDocument = await ok(env, 'key', 'create', '--tenant', tenant.id, '--user', user.id, '--name', 'Explorer', '--scopes', 'leads.lead.read', '--trusted-documents', 'none');
    expect(everyDocument.trustedDocuments).toBe('none');
    const tightened = await ok(env, 'key', 'update', '--id', everyDocument.secret.id, '--trusted-documents', 'all');
    expect(tightened).toEqual({ id: everyDocument.id, name: 'Explorer', trustedDocuments: 'all', allowedOrigins: [] });
    // A publishable key bound to the pages that may use it; `key update` replaces the whole list.
    const widget = await ok(env, 'key', 'create', '--tenant', tenant.id, '--user', user.id, '--name', 'Website', '--scopes', 'leads.lead.write', '--allowed-origins', 'https://Shop.example,http://127.0.0.1:5555');
    expect(widget.allowedOrigins).toEqual(['https://shop.example', 'http://127.0.0.1:5555']);
    const rebound = await ok(env, 'key', 'update', '--id', widget.publishable.id, '--allowed-origins', 'https://www.shop.example');
    expect(rebound).toEqual({ id: widget.id, name: 'Website', trustedDocuments: 'publishable', allowedOrigins: ['https://www.shop.example'] });
    const badOrigin = await cli(env, 'key', 'update', '--id', widget.id, '--allowed-origins', 'https://ok.example,http://shop.example/contact');
    expect(badOrigin.code).toBe(1);
    expect(badOrigin.stderr).toContain('allowedOrigins.1: "http://shop.example/contact"');
    const rotated = await ok(env, 'key', 'rotate', '--id', limited.secret.id);
    expect(rotated.rateLimit).toBe(500);
    // A pair's scopes stay within what its user's role allows, on the command line too.
    const technician = await ok(env, 'user', 'create', '--tenant', tenant.id, '--name', 'Tess', '--email', 'tess@acme.example', '--role', 'technician');
    const beyondRole = await cli(env, 'key', 'create', '--tenant', tenant.id, '--user', technician.id, '--name', 'Tablet', '--scopes', 'inspections.write,invoices.write');
    expect(beyondRole.code).toBe(1);
    expect(beyondRole.stderr).toBe("error: scopes: the user's role (technician) does not allow invoices.write\n");
    const withinRole = await ok(env, 'key', 'create', '--tenant', tenant.id, '--user', technician.id, '--name', 'Tablet', '--scopes', 'inspections.write');
    expect(withinRole.scopes).toEqual(['inspections.write']);
    const field = await ok(env, 'custom-field', 'create', '--tenant', tenant.id, '--entity', 'lead', '--key', 'tier', '--type', 'select', '--required', '--options', 'gold,silver');
    expect(field).toEqual({ id: expect.any(String), entity: 'lead', key: 'tier', label: 'Tier', type: 'select', required: true, options: ['gold', 'silver'], order: 0 });
    const labelled = await ok(env, 'custom-field', 'create', '--tenant', tenant.id, '--entity', 'lead', '--key', 'poNumber', '--type', 'text', '--label', 'PO number', '--order', '5');
    expect(labelled).toMatchObject({ key: 'poNumber', label: 'PO number', order: 5, required: false, options: [] });
  });

  it('prints a one-line error and exits non-zero on bad input', async () => {
    for (const args of [
      ['user', 'create', '--tenant', 'nope', '--name', 'A', '--email', 'a@b.example', '--role', 'king'],
      ['tenant', 'create'],
      ['tenant', 'destroy'],
      ['key', 'revoke', '--id', '01a20000-0000-7000-8000-000000000000'],
      ['tenant', 'create', '--name', 'X', '--colour', 'red'],
      ['key', 'create', '--tenant', 'nope', '--user', 'nope', '--name', 'X', '--scopes', 'pipeline', '--rate-limit', '0'],
      ['custom-field', 'create', '--tenant', '01a20000-0000-7000-8000-000000000000', '--entity', 'lead', '--key', 'k', '--type', 'text', '--order', 'first'],
    ]) {
      const result = await cli(env, ...args);
      expect(result.code, args.join(' ')).not.toBe(0);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });

  it('works while the server runs: a revoked key is refused on the next request', { timeout: 180_000 }, async () => {
    server = await startServer(env);
    const { base } = server;
    const demo = await ok(env, 'seed', 'demo');
    expect(demo.keys.secret.key).toMatch(/^sk_live_/);
    expect(demo.users.map((u: { role: string }) => u.role).sort()).toEqual(['field_coordinator', 'manager', 'sales', 'system_admin', 'technician']);
    const call = (key: string) => fetch(`${base}/api/v1/leads`, { headers: { authorization: `Bearer ${key}` } });
    const before = await call(demo.keys.secret.key);
    expect(before.status).toBe(200);
    expect((await before.json()).data.length).toBeGreaterThan(0);
    const inspections = await (await fetch(`${base}/api/inspections?limit=100`, { headers: { authorization: `Bearer ${demo.keys.secret.key}` } })).json();
    expect(new Set(inspections.data.map((i: { inspection: { status: string } }) => i.inspection.status))).toEqual(
      new Set(['draft', 'submitted', 'in_review', 'approved', 'delivered', 'rejected']),
    );
    const invoices = await (await fetch(`${base}/api/invoices?limit=100`, { headers: { authorization: `Bearer ${demo.keys.secret.key}` } })).json();
    expect(new Set(invoices.data.map((i: { status: string }) => i.status))).toEqual(new Set(['draft', 'sent', 'viewed', 'partially_paid', 'paid', 'overdue', 'voided']));
    const rotated = await ok(env, 'key', 'rotate', '--id', demo.keys.secret.id);
    expect((await call(rotated.secret.key)).status).toBe(200);
    expect((await call(demo.keys.secret.key)).status).toBe(200);
    // Revoking a key revokes its pair: its publishable partner stops too.
    const revoked = await ok(env, 'key', 'revoke', '--id', demo.keys.secret.id);
    expect(revoked).toEqual({
      id: demo.keys.id,
      keys: [
        { id: demo.keys.publishable.id, kind: 'publishable', revokedAt: expect.any(String) },
        { id: demo.keys.secret.id, kind: 'secret', revokedAt: expect.any(String) },
      ],
    });
    expect((await call(demo.keys.secret.key)).status).toBe(401);
    expect((await call(demo.keys.publishable.key)).status).toBe(401);
    expect((await call(rotated.secret.key)).status).toBe(200);
    // The pair's own id names it too.
    expect((await ok(env, 'key', 'revoke', '--id', rotated.id)).keys.map((key: { revokedAt: string | null }) => key.revokedAt)).not.toContain(null);
    expect((await call(rotated.secret.key)).status).toBe(401);
  });
});
