import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createKeyPair } from '../src/auth/key-pairs.js';
import type { Scope } from '../src/auth/scopes.js';
import type { UserRole } from '../src/generated/prisma/enums.js';
import { createUser } from '../src/tenants/tenant.service.js';
import type { BrowserSession } from './support/dashboard.js';
import { page, postForm, signIn } from './support/dashboard.js';
import { useHarness } from './support/harness.js';

const { h, tenant, rest, countStatements } = useHarness();

const CONNECTED_APPS = '/dashboard/settings/connected-apps';
const API = `http://localhost/api`;
const MCP = `http://localhost/mcp`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface NewGrant {
  tenantId: string;
  userId: string;
  clientId?: string;
  clientName?: string;
  /** Scopes by resource, as oidc-provider stores them. */
  resources?: Record<string, string>;
  createdAt?: Date;
  lastUsedAt?: Date | null;
  expiresAt?: Date | null;
}

/**
 * A connected app as the authorization server leaves it (src/oauth/adapter.ts): its grant, and an
 * access token, a refresh token and a consumed code of that grant. The OAuth flow is tested with
 * real tokens elsewhere; here only the rows matter.
 */
async function connectApp(grant: NewGrant) {
  const grantId = randomBytes(16).toString('base64url');
  const clientId = grant.clientId ?? 'https://agent.example/oauth/client.json';
  const resources = grant.resources ?? { [API]: 'openid offline_access leads.lead.read', [MCP]: 'companies.read leads.lead.read' };
  const owner = { tenantId: grant.tenantId, userId: grant.userId, clientId, grantId };
  const expiresAt = grant.expiresAt === undefined ? new Date(Date.now() + 14 * 86_400_000) : grant.expiresAt;
  await h.db.prisma.oAuthRecord.create({
    data: {
      ...owner,
      kind: 'Grant',
      idHash: sha256(grantId),
      clientName: grant.clientName ?? 'Research agent',
      payload: { accountId: grant.userId, clientId, resources, openid: { scope: 'openid offline_access' } },
      createdAt: grant.createdAt,
      lastUsedAt: grant.lastUsedAt ?? null,
      expiresAt,
    },
  });
  await h.db.prisma.oAuthRecord.createMany({
    data: ['AccessToken', 'RefreshToken', 'AuthorizationCode'].map((kind) => ({ ...owner, kind, idHash: sha256(randomUUID()), payload: { accountId: grant.userId, grantId } })),
  });
  return grantId;
}

/** Another user of `tenantId` with `role`, and a secret key of theirs carrying `scopes`. */
async function colleague(tenantId: string, role: UserRole, scopes: Scope[] = ['settings.manage']) {
  const suffix = randomUUID().slice(0, 8);
  const user = await createUser(h.db.prisma, { tenantId, name: `Colleague ${suffix}`, email: `colleague-${suffix}@staff.example`, role });
  const pair = await createKeyPair(h.db.prisma, { tenantId, userId: user.id, name: 'integration', scopes });
  return { userId: user.id, email: user.email, name: user.name, secret: pair.secret.key };
}

async function graphql(key: string, query: string, variables: Record<string, unknown> = {}) {
  const response = await h.app.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query, variables }),
  });
  const { data, errors } = (await response.json()) as { data?: any; errors?: { message: string; extensions: { code: string } }[] };
  return { status: response.status, data, errors };
}

const rowsOf = (grantId: string) => h.db.prisma.oAuthRecord.findMany({ where: { grantId }, select: { kind: true }, orderBy: { kind: 'asc' } });

describe('connected apps over REST and GraphQL', () => {
  it("lists the tenant's apps in force, newest first, with their user, scopes and verified domain", async () => {
    const admin = await tenant({ role: 'system_admin' });
    const sales = await colleague(admin.tenantId, 'sales', ['leads.lead.read']);
    const older = await connectApp({ tenantId: admin.tenantId, userId: admin.userId, createdAt: new Date('2026-11-01T10:00:00Z'), lastUsedAt: new Date('2026-11-20T08:30:00Z') });
    const registered = await connectApp({
      tenantId: admin.tenantId,
      userId: sales.userId,
      clientId: 'crm-sync',
      clientName: 'CRM sync',
      resources: { [API]: 'leads.lead.read' },
      createdAt: new Date('2026-11-10T10:00:00Z'),
    });
    await connectApp({ tenantId: admin.tenantId, userId: sales.userId, expiresAt: new Date(Date.now() - 1000) });
    const elsewhere = await tenant({ role: 'system_admin' });
    await connectApp({ tenantId: elsewhere.tenantId, userId: elsewhere.userId });

    const listed = await rest('GET', '/api/v1/connected-apps', { key: admin.secret });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      data: [
        {
          id: registered,
          name: 'CRM sync',
          clientId: 'crm-sync',
          verifiedDomain: null,
          user: { id: sales.userId, name: sales.name, email: sales.email },
          scopes: ['leads.lead.read'],
          createdAt: '2026-11-10T10:00:00.000Z',
          lastUsedAt: null,
          expiresAt: expect.any(String),
          revocable: true,
        },
        {
          id: older,
          name: 'Research agent',
          clientId: 'https://agent.example/oauth/client.json',
          verifiedDomain: 'agent.example',
          user: { id: admin.userId, name: expect.any(String), email: expect.any(String) },
          scopes: ['companies.read', 'leads.lead.read'],
          createdAt: '2026-11-01T10:00:00.000Z',
          lastUsedAt: '2026-11-20T08:30:00.000Z',
          expiresAt: expect.any(String),
          revocable: true,
        },
      ],
      nextCursor: null,
      hasMore: false,
    });

    // The page, then every app's user at once: two statements however many apps.
    expect(await countStatements(() => rest('GET', '/api/v1/connected-apps', { key: admin.secret }))).toBe(2);

    // Paged by cursor, and filtered by user.
    const first = await rest('GET', '/api/v1/connected-apps?limit=1', { key: admin.secret });
    expect(first.body).toMatchObject({ data: [{ id: registered }], hasMore: true });
    const second = await rest('GET', `/api/v1/connected-apps?limit=1&cursor=${first.body.nextCursor}`, { key: admin.secret });
    expect(second.body).toMatchObject({ data: [{ id: older }], hasMore: false });
    const own = await rest('GET', `/api/v1/connected-apps?userId=${admin.userId}`, { key: admin.secret });
    expect(own.body.data.map((app: { id: string }) => app.id)).toEqual([older]);
    expect((await rest('GET', '/api/v1/connected-apps?userId=nobody', { key: admin.secret })).status).toBe(400);

    const answer = await graphql(
      admin.secret,
      'query($userId: UUID) { connectedApps(filter: { userId: $userId }) { totalCount nodes { id name verifiedDomain scopes user { id } revocable } } }',
      { userId: sales.userId },
    );
    expect(answer).toEqual({
      status: 200,
      data: { connectedApps: { totalCount: 1, nodes: [{ id: registered, name: 'CRM sync', verifiedDomain: null, scopes: ['leads.lead.read'], user: { id: sales.userId }, revocable: true }] } },
      errors: undefined,
    });
  });

  it('is refused without settings.manage, and another tenant sees none of them', async () => {
    const admin = await tenant({ role: 'system_admin' });
    const grantId = await connectApp({ tenantId: admin.tenantId, userId: admin.userId });
    const sales = await colleague(admin.tenantId, 'sales', ['leads.lead.read']);
    expect((await rest('GET', '/api/v1/connected-apps', { key: sales.secret })).status).toBe(403);
    expect((await rest('DELETE', `/api/v1/connected-apps/${grantId}`, { key: sales.secret })).status).toBe(403);
    const refused = await graphql(sales.secret, '{ connectedApps { nodes { id } } }');
    expect(refused.errors?.map((e) => e.extensions.code)).toEqual(['FORBIDDEN']);

    const other = await tenant({ role: 'system_admin' });
    expect((await rest('GET', '/api/v1/connected-apps', { key: other.secret })).body).toEqual({ data: [], nextCursor: null, hasMore: false });
    expect((await rest('DELETE', `/api/v1/connected-apps/${grantId}`, { key: other.secret })).status).toBe(404);
    expect((await rest('DELETE', '/api/v1/connected-apps/no-such-app', { key: admin.secret })).status).toBe(404);
    expect((await rest('DELETE', `/api/v1/connected-apps/${'x'.repeat(65)}`, { key: admin.secret })).status).toBe(400);
    expect(await rowsOf(grantId)).toHaveLength(4);
  });

  it("revokes an app with its tokens; a colleague who is neither its user nor an administrator may not", async () => {
    const admin = await tenant({ role: 'system_admin' });
    const manager = await colleague(admin.tenantId, 'manager');
    const other = await colleague(admin.tenantId, 'manager');
    const mine = await connectApp({ tenantId: admin.tenantId, userId: manager.userId });
    const theirs = await connectApp({ tenantId: admin.tenantId, userId: other.userId });
    const admins = await connectApp({ tenantId: admin.tenantId, userId: admin.userId });

    // The manager sees every app of the tenant, and may revoke only their own.
    const listed = await graphql(manager.secret, '{ connectedApps { nodes { id revocable } } }');
    expect(Object.fromEntries(listed.data.connectedApps.nodes.map((app: { id: string; revocable: boolean }) => [app.id, app.revocable]))).toEqual({ [mine]: true, [theirs]: false, [admins]: false });
    const refused = await rest('DELETE', `/api/v1/connected-apps/${theirs}`, { key: manager.secret });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/Only the connected app's own user or an administrator may revoke it/);
    const revoke = 'mutation($id: String!) { revokeConnectedApp(id: $id) { deletedId userErrors { code message } } }';
    expect((await graphql(manager.secret, revoke, { id: admins })).errors?.map((e) => e.extensions.code)).toEqual(['FORBIDDEN']);
    expect((await graphql(manager.secret, revoke, { id: 'no-such-app' })).data.revokeConnectedApp).toEqual({
      deletedId: null,
      userErrors: [{ code: 'NOT_FOUND', message: 'connected app not found' }],
    });
    expect(await rowsOf(theirs)).toHaveLength(4);
    expect(await rowsOf(admins)).toHaveLength(4);

    expect(await rest('DELETE', `/api/v1/connected-apps/${mine}`, { key: manager.secret })).toMatchObject({ status: 200, body: { success: true } });
    expect(await rowsOf(mine)).toEqual([]);
    // An administrator revokes anyone's.
    const revoked = await graphql(admin.secret, revoke, { id: theirs });
    expect(revoked.data.revokeConnectedApp).toEqual({ deletedId: theirs, userErrors: [] });
    expect(await rowsOf(theirs)).toEqual([]);
    expect(await rowsOf(admins)).toHaveLength(4);
    expect((await rest('DELETE', `/api/v1/connected-apps/${mine}`, { key: manager.secret })).status).toBe(404);
  });
});

describe('Settings → Connected apps in the dashboard', () => {
  async function signedInAs(role: UserRole) {
    const t = await tenant({ role });
    const { email, name } = await h.db.prisma.user.findUniqueOrThrow({ where: { id: t.userId } });
    return { ...t, name, session: await signIn(h.app, h.db.prisma, email) };
  }
  const post = (session: BrowserSession, path: string, fields: Record<string, string>) => postForm(h.app, path, { csrf: session.csrf, ...fields }, { cookie: session.cookie });
  const shown = async (session: BrowserSession, path: string) => {
    const answer = await page(h.app, session, path);
    expect(answer.status, path).toBe(200);
    return answer.text();
  };

  it('lists each app with its user, last use and scopes in words, and the Revoke form disconnects it', async () => {
    const admin = await signedInAs('system_admin');
    const sales = await colleague(admin.tenantId, 'sales', ['leads.lead.read']);
    const agent = await connectApp({ tenantId: admin.tenantId, userId: sales.userId, lastUsedAt: new Date('2026-11-20T08:30:00Z') });
    const own = await connectApp({ tenantId: admin.tenantId, userId: admin.userId, clientId: 'crm-sync', clientName: 'CRM sync', resources: { [API]: 'pipeline' } });

    const home = await shown(admin.session, '/dashboard');
    expect(home).toContain(`href="${CONNECTED_APPS}"`);
    const list = await shown(admin.session, CONNECTED_APPS);
    expect(list).toContain('<h2>Research agent</h2>');
    expect(list).toContain('From <strong>agent.example</strong>');
    expect(list).toContain(`${sales.name} (${sales.email})`);
    expect(list).toContain('<time datetime="2026-11-20T08:30:00.000Z">2026-11-20 08:30 UTC</time>');
    expect(list).toContain('<li>List and retrieve companies and sites.</li><li>List and retrieve leads.</li>');
    expect(list).toContain('Registered app <code>crm-sync</code>');
    expect(list).toContain('<li>Read and write pipeline deals, pipelines, stages and activities.</li>');
    expect(list).toContain('aria-label="Revoke Research agent"');

    // The users page counts each user's apps and links to their list.
    const users = await shown(admin.session, '/dashboard/settings/users');
    expect(users).toContain(`<a href="${CONNECTED_APPS}?user=${sales.userId}">1 connected app</a>`);
    const salesApps = await shown(admin.session, `${CONNECTED_APPS}?user=${sales.userId}`);
    expect(salesApps).toContain(`Showing the apps ${sales.name} connected.`);
    expect(salesApps).toContain('<h2>Research agent</h2>');
    expect(salesApps).not.toContain('CRM sync');

    // Revoking from the filtered list: post, redirect back to it, what was done shown once.
    const revoked = await post(admin.session, `${CONNECTED_APPS}/revoke`, { id: agent, user: sales.userId });
    expect(revoked.status).toBe(303);
    const location = revoked.headers.get('location') ?? '';
    expect(location).toMatch(new RegExp(`^${CONNECTED_APPS}\\?user=${sales.userId}&outcome=`));
    const after = await shown(admin.session, location);
    expect(after).toContain('The app is disconnected');
    expect(after).toContain('No connected apps.');
    expect(await rowsOf(agent)).toEqual([]);
    expect(await rowsOf(own)).toHaveLength(4);
    expect(await shown(admin.session, '/dashboard/settings/users')).toContain(`<a href="${CONNECTED_APPS}?user=${sales.userId}">0 connected apps</a>`);
  });

  it("shows a manager colleagues' apps without a Revoke button, refuses a forged revoke, and is not open to roles without settings.manage", async () => {
    const manager = await signedInAs('manager');
    const other = await colleague(manager.tenantId, 'manager');
    const theirs = await connectApp({ tenantId: manager.tenantId, userId: other.userId, clientName: 'Their agent' });
    const list = await shown(manager.session, CONNECTED_APPS);
    expect(list).toContain('<h2>Their agent</h2>');
    expect(list).not.toContain('Revoke Their agent');
    const forged = await post(manager.session, `${CONNECTED_APPS}/revoke`, { id: theirs });
    expect(forged.status).toBe(403);
    expect(await rowsOf(theirs)).toHaveLength(4);
    // Without the session's CSRF token, nothing is done.
    expect((await postForm(h.app, `${CONNECTED_APPS}/revoke`, { id: theirs }, { cookie: manager.session.cookie })).status).toBe(403);

    const technician = await signedInAs('technician');
    const refused = await page(h.app, technician.session, CONNECTED_APPS);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Only administrators and managers can manage connected apps.');
    expect(await shown(technician.session, '/dashboard')).not.toContain(CONNECTED_APPS);
  });
});
