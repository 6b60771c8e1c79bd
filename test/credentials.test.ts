import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createKeyPair } from '../src/auth/key-pairs.js';
import type { Scope } from '../src/auth/scopes.js';
import type { UserRole } from '../src/generated/prisma/enums.js';
import { createUser } from '../src/tenants/tenant.service.js';
import { page, postForm, signIn } from './support/dashboard.js';
import { useHarness } from './support/harness.js';

const { h, tenant, rest } = useHarness();

/** A GraphQL request with `key`, answered as its parsed body. */
async function graphql(key: string, query: string, headers: Record<string, string> = {}) {
  const response = await h.app.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...headers },
    body: JSON.stringify({ query }),
  });
  // The answer's cost (extensions.cost) is test/query-cost.test.ts's concern.
  const { extensions: _cost, ...answer } = (await response.json()) as { data?: any; errors?: { message: string; extensions: { code: string } }[]; extensions?: unknown };
  return answer;
}
const codes = (answer: { errors?: { extensions: { code: string } }[] }) => answer.errors?.map((e) => e.extensions.code) ?? [];

/** Another user of `tenantId` with `role`, and a key pair of theirs carrying `scopes`. */
async function colleague(tenantId: string, role: UserRole, scopes: Scope[]) {
  const user = await createUser(h.db.prisma, { tenantId, name: `${role} ${randomUUID().slice(0, 6)}`, email: `${randomUUID().slice(0, 8)}@staff.example`, role });
  const pair = await createKeyPair(h.db.prisma, { tenantId, userId: user.id, name: `${role}'s integration`, scopes });
  return { userId: user.id, email: user.email, pairId: pair.id, secret: pair.secret.key };
}

const pairsOf = (tenantId: string) => h.db.prisma.apiKeyPair.findMany({ where: { tenantId }, include: { keys: true }, orderBy: { createdAt: 'asc' } });
/** What rotation and revocation change: which pairs exist, their expiry and their keys' revocation. */
const credentialsOf = async (tenantId: string) =>
  (await pairsOf(tenantId)).map((pair) => ({ id: pair.id, userId: pair.userId, expiresAt: pair.expiresAt, revoked: pair.keys.map((key) => key.revokedAt) }));
const rotate = (key: string, id: string, headers: Record<string, string> = {}) =>
  graphql(key, `mutation { rotateApiKeyPair(id: "${id}") { issuedApiKeyPair { secretKey publishableKey pair { id createdBy { id } scopes } } } }`, headers);
const revoke = (key: string, id: string) => graphql(key, `mutation { revokeApiKeyPair(id: "${id}") { apiKeyPair { status } } }`);

/** Waits (up to a second) for a change to reach the key cache through the database's announcement. */
async function until(check: () => Promise<boolean>) {
  const since = Date.now();
  while (!(await check()) && Date.now() - since < 1_000) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("nobody obtains keys acting as another user, or with scopes they do not hold (S4)", () => {
  it("a manager can neither rotate nor revoke the administrator's pair, and nothing changes", async () => {
    const admin = await tenant({ role: 'system_admin' });
    const mallory = await colleague(admin.tenantId, 'manager', ['settings.manage', 'leads.lead.read']);
    const adminPairId = (await pairsOf(admin.tenantId))[0]!.id;
    const before = await credentialsOf(admin.tenantId);

    const rotated = await rotate(mallory.secret, adminPairId);
    expect(codes(rotated)).toEqual(['FORBIDDEN']);
    expect(rotated.errors?.[0]?.message).toMatch(/only .* own/i);
    const revoked = await revoke(mallory.secret, adminPairId);
    expect(codes(revoked)).toEqual(['FORBIDDEN']);
    expect(await credentialsOf(admin.tenantId)).toEqual(before);
    expect((await rest('GET', '/api/v1/leads', { key: admin.secret })).status).toBe(200);

    // The list tells each caller what it may do with each pair.
    const listed = await graphql(mallory.secret, '{ apiKeyPairs { nodes { id allowedActions } } }');
    const actions = Object.fromEntries(listed.data.apiKeyPairs.nodes.map((pair: { id: string; allowedActions: string[] }) => [pair.id, pair.allowedActions]));
    expect(actions).toEqual({ [adminPairId]: [], [mallory.pairId]: ['rotate', 'revoke', 'update'] });
  });

  it('an administrator revokes anyone\'s pair, but rotates only her own: rotation would hand her keys acting as someone else', async () => {
    const admin = await tenant({ role: 'system_admin' });
    const manager = await colleague(admin.tenantId, 'manager', ['settings.manage', 'leads.lead.read']);
    expect(codes(await rotate(admin.secret, manager.pairId))).toEqual(['FORBIDDEN']);
    expect((await pairsOf(admin.tenantId)).length).toBe(2);
    expect(await revoke(admin.secret, manager.pairId)).toEqual({ data: { revokeApiKeyPair: { apiKeyPair: { status: 'revoked' } } } });
    const own = await rotate(admin.secret, (await pairsOf(admin.tenantId))[0]!.id);
    expect(own.data.rotateApiKeyPair.issuedApiKeyPair?.pair.createdBy.id).toBe(admin.userId);
  });

  it('a key rotates its own pair only when it holds every scope the pair carries', async () => {
    const t = await tenant({ role: 'manager' });
    const narrow = await createKeyPair(h.db.prisma, { tenantId: t.tenantId, userId: t.userId, name: 'narrow', scopes: ['settings.manage'] });
    const broadPairId = (await pairsOf(t.tenantId))[0]!.id;
    const refused = await rotate(narrow.secret.key, broadPairId);
    expect(codes(refused)).toEqual(['FORBIDDEN']);
    expect(refused.errors?.[0]?.message).toContain('invoices.write');
    expect((await pairsOf(t.tenantId)).length).toBe(2);
    expect((await rotate(narrow.secret.key, narrow.id)).data.rotateApiKeyPair.issuedApiKeyPair?.pair.scopes).toEqual(['settings.manage']);
  });

  it("the dashboard's buttons follow the same rules", async () => {
    const admin = await tenant({ role: 'system_admin' });
    const mallory = await colleague(admin.tenantId, 'manager', ['settings.manage']);
    const adminPairId = (await pairsOf(admin.tenantId))[0]!.id;
    const session = await signIn(h.app, h.db.prisma, mallory.email);
    const keysPage = await (await page(h.app, session, '/dashboard/settings/api-keys')).text();
    expect(keysPage).toContain(`value="${mallory.pairId}"`);
    expect(keysPage).not.toContain(`value="${adminPairId}"`);
    expect(keysPage).not.toContain(`revoke?id=${adminPairId}`);
    const forged = await postForm(h.app, '/dashboard/settings/api-keys/rotate', { csrf: session.csrf, id: adminPairId }, { cookie: session.cookie });
    expect(forged.status).toBe(403);
    expect(await forged.text()).not.toMatch(/sk_live_/);
    expect((await pairsOf(admin.tenantId)).map((pair) => pair.expiresAt)).toEqual([null, null]);
  });
});

describe("a key's scopes are its pair's within its user's current role (S5)", () => {
  it('a demoted manager keeps only what a technician may do, at once, and cannot create keys', async () => {
    const admin = await tenant({ role: 'system_admin' });
    const mallory = await colleague(admin.tenantId, 'manager', ['settings.manage', 'leads.lead.read', 'companies.read']);
    const viewerScopes = async () => (await graphql(mallory.secret, '{ viewer { scopes } }')).data?.viewer.scopes;
    expect(await viewerScopes()).toEqual(['companies.read', 'leads.lead.read', 'settings.manage']);

    const demoted = await graphql(admin.secret, `mutation { changeUserRole(id: "${mallory.userId}", role: technician) { user { role } } }`);
    expect(demoted.data).toEqual({ changeUserRole: { user: { role: 'technician' } } });
    await until(async () => (await viewerScopes())?.length === 1);
    expect(await viewerScopes()).toEqual(['companies.read']);
    expect((await rest('GET', '/api/v1/leads', { key: mallory.secret })).status).toBe(403);
    expect((await rest('GET', '/api/v1/companies', { key: mallory.secret })).status).toBe(200);
    const created = await graphql(mallory.secret, 'mutation { createApiKeyPair(input: { name: "x", scopes: ["settings.manage"] }) { issuedApiKeyPair { secretKey } } }');
    expect(codes(created)).toEqual(['FORBIDDEN']);
    expect(codes(await rotate(mallory.secret, mallory.pairId))).toEqual(['FORBIDDEN']);
    expect((await pairsOf(admin.tenantId)).length).toBe(2);

    // Promoted again, the pair's scopes come back: they were never widened, only held back.
    await graphql(admin.secret, `mutation { changeUserRole(id: "${mallory.userId}", role: manager) { user { role } } }`);
    await until(async () => (await viewerScopes())?.length === 3);
    expect(await viewerScopes()).toEqual(['companies.read', 'leads.lead.read', 'settings.manage']);
  });

  it("nobody creates a pair with scopes its user's role does not allow, the command line's way included", async () => {
    const t = await tenant({ role: 'system_admin' });
    const technician = await createUser(h.db.prisma, { tenantId: t.tenantId, name: 'Tess', email: `${randomUUID().slice(0, 8)}@staff.example`, role: 'technician' });
    await expect(createKeyPair(h.db.prisma, { tenantId: t.tenantId, userId: technician.id, name: 'all', scopes: ['inspections.read', 'invoices.write'] })).rejects.toThrow(
      /technician.*invoices\.write/,
    );
    expect(await h.db.prisma.apiKeyPair.count({ where: { userId: technician.id } })).toBe(0);
  });
});

describe('credentials are never stored in clear (S6)', () => {
  it('a key creation or rotation with Idempotency-Key stores no key, and its retry is a 409 that creates nothing', async () => {
    const t = await tenant();
    const create = () => graphql(t.secret, 'mutation { createApiKeyPair(input: { name: "Once", scopes: ["leads.lead.read"] }) { issuedApiKeyPair { secretKey publishableKey pair { id } } } }', { 'idempotency-key': 'create-once' });
    const first = await create();
    expect(first.data.createApiKeyPair.issuedApiKeyPair?.secretKey).toMatch(/^sk_live_/);
    const retried = await create();
    expect(codes(retried)).toEqual(['CREDENTIALS_NOT_REPLAYED']);
    expect(retried.errors?.[0]?.message).toContain(first.data.createApiKeyPair.issuedApiKeyPair?.pair.id);
    expect(JSON.stringify(retried)).not.toMatch(/[sp]k_live_/);
    expect((await pairsOf(t.tenantId)).filter((pair) => pair.name === 'Once')).toHaveLength(1);

    const rotated = await rotate(t.secret, first.data.createApiKeyPair.issuedApiKeyPair?.pair.id, { 'idempotency-key': 'rotate-once' });
    expect(rotated.data.rotateApiKeyPair.issuedApiKeyPair?.secretKey).toMatch(/^sk_live_/);
    expect(codes(await rotate(t.secret, first.data.createApiKeyPair.issuedApiKeyPair?.pair.id, { 'idempotency-key': 'rotate-once' }))).toEqual(['CREDENTIALS_NOT_REPLAYED']);
    expect((await pairsOf(t.tenantId)).filter((pair) => pair.name === 'Once')).toHaveLength(2);

    const stored = await h.db.prisma.idempotentRequest.findMany({ where: { tenantId: t.tenantId } });
    expect(stored.map((row) => row.key).sort()).toEqual(['create-once', 'rotate-once']);
    const everything = JSON.stringify(stored);
    for (const secret of [first.data.createApiKeyPair.issuedApiKeyPair?.secretKey, first.data.createApiKeyPair.issuedApiKeyPair?.publishableKey, rotated.data.rotateApiKeyPair.issuedApiKeyPair?.secretKey]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toMatch(/[sp]k_live_/);
  });
});

describe('rotation happens once per pair (S14)', () => {
  it('an expiring, revoked or expired pair answers 409, and changes nothing', async () => {
    const t = await tenant();
    const pairId = (await pairsOf(t.tenantId))[0]!.id;
    const successor = (await rotate(t.secret, pairId)).data.rotateApiKeyPair.issuedApiKeyPair;
    expect(successor.secretKey).toMatch(/^sk_live_/);
    const spare = await createKeyPair(h.db.prisma, { tenantId: t.tenantId, userId: t.userId, name: 'spare', scopes: ['settings.manage', 'leads.lead.read'] });
    expect(await revoke(t.secret, spare.id)).toEqual({ data: { revokeApiKeyPair: { apiKeyPair: { status: 'revoked' } } } });
    const before = await credentialsOf(t.tenantId);
    const again = await rotate(t.secret, pairId);
    expect(codes(again)).toEqual(['CONFLICT']);
    expect(again.errors?.[0]?.message).toMatch(/already rotated/);
    expect(codes(await rotate(t.secret, spare.id))).toEqual(['CONFLICT']);
    h.clock.offsetMs = 25 * 60 * 60 * 1000;
    try {
      const expired = await rotate(successor.secretKey, pairId);
      expect(expired.errors?.[0]?.message).toMatch(/expired/);
    } finally {
      h.clock.offsetMs = 0;
    }
    expect(await credentialsOf(t.tenantId)).toEqual(before);
  });

  it('five rotations of one pair at once make one new pair', async () => {
    const t = await tenant();
    const pairId = (await pairsOf(t.tenantId))[0]!.id;
    const answers = await Promise.all(Array.from({ length: 5 }, () => rotate(t.secret, pairId)));
    expect(answers.filter((answer) => answer.data?.rotateApiKeyPair.issuedApiKeyPair)).toHaveLength(1);
    expect(answers.flatMap(codes).sort()).toEqual(['CONFLICT', 'CONFLICT', 'CONFLICT', 'CONFLICT']);
    expect(await pairsOf(t.tenantId)).toHaveLength(2);
  });
});

describe('an administrator always remains (S13)', () => {
  for (const [change, mutation] of [
    ['deactivating', (id: string) => `mutation { deactivateUser(id: "${id}") { user { active } } }`],
    ['demoting', (id: string) => `mutation { changeUserRole(id: "${id}", role: technician) { user { role } } }`],
  ] as const) {
    it(`two administrators ${change} each other at once: one succeeds, the other is refused`, async () => {
      const alex = await tenant({ role: 'system_admin' });
      const zed = await colleague(alex.tenantId, 'system_admin', ['settings.manage']);
      const answers = await Promise.all([graphql(alex.secret, mutation(zed.userId)), graphql(zed.secret, mutation(alex.userId))]);
      expect(answers.map(codes).flat()).toEqual(['FORBIDDEN']);
      const admins = await h.db.prisma.user.count({ where: { tenantId: alex.tenantId, role: 'system_admin', deactivatedAt: null } });
      expect(admins).toBe(1);
    });
  }
});
