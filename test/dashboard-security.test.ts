import { describe, expect, it } from 'vitest';
import { MAX_PENDING_LINKS } from '../src/auth/sign-in.js';
import { hashToken } from '../src/auth/tokens.js';
import { FORM_LIFETIME_MS, newFormToken } from '../src/dashboard/form-outcomes.js';
import type { PrismaClient } from '../src/generated/prisma/client.js';
import { createApp } from '../src/http/app.js';
import { gqlAsSession, linkTokenFor, page, postForm, signIn } from './support/dashboard.js';
import { useHarness } from './support/harness.js';
import { until } from './support/smtp.js';

const { h, tenant, rest, untilKeyRefused } = useHarness();

const emailOf = async (userId: string) => (await h.db.prisma.user.findUniqueOrThrow({ where: { id: userId } })).email;
/** The code of a GraphQL answer's first error (GraphQL answers HTTP 200 with its errors in the body). */
const codeOf = (answer: { errors?: { extensions: { code: string } }[] }) => answer.errors?.[0]?.extensions.code;
const viewerQuery = '{ viewer { credential scopes user { id role } tenant { id name } } }';
const createPair = (scopes: string[]) => `mutation { createApiKeyPair(input: { name: "CI", scopes: ${JSON.stringify(scopes)} }) { issuedApiKeyPair { secretKey publishableKey pair { id status scopes } } } }`;

describe('dashboard sign-in', () => {
  it('sends a link that works once, stores only its hash, and opens a session cookie with the right attributes', async () => {
    const t = await tenant({ role: 'system_admin' });
    const email = await emailOf(t.userId);
    const asked = new Date(Date.now() - 1);
    const answer = await postForm(h.app, '/dashboard/sign-in', { email });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/dashboard/sign-in?sent');
    expect(await (await page(h.app, null, '/dashboard/sign-in?sent')).text()).toContain('we have emailed it a sign-in link');
    const token = await linkTokenFor(h.db.prisma, email, asked);
    const stored = await h.db.prisma.signInLink.findFirstOrThrow({ where: { userId: t.userId }, orderBy: { createdAt: 'desc' } });
    expect(stored.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeGreaterThan(14 * 60_000);

    // Opening the link (as a mail scanner would) does not use it.
    expect((await page(h.app, null, `/dashboard/sign-in/link?token=${token}`)).status).toBe(200);
    const used = await postForm(h.app, '/dashboard/sign-in/link', { token });
    expect(used.status).toBe(303);
    expect(used.headers.get('location')).toBe('/dashboard');
    const cookie = used.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^bp_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(await h.db.prisma.dashboardSession.count({ where: { userId: t.userId } })).toBe(1);

    const again = await postForm(h.app, '/dashboard/sign-in/link', { token });
    expect(again.status).toBe(400);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await h.db.prisma.dashboardSession.count({ where: { userId: t.userId } })).toBe(1);
  });

  it('refuses a link after 15 minutes', async () => {
    const t = await tenant();
    const email = await emailOf(t.userId);
    const asked = new Date(Date.now() - 1);
    await postForm(h.app, '/dashboard/sign-in', { email });
    const token = await linkTokenFor(h.db.prisma, email, asked);
    h.clock.offsetMs = 15 * 60_000 + 1000;
    try {
      expect((await postForm(h.app, '/dashboard/sign-in/link', { token })).status).toBe(400);
    } finally {
      h.clock.offsetMs = 0;
    }
    expect(await h.db.prisma.dashboardSession.count({ where: { userId: t.userId } })).toBe(0);
  });

  it('answers the same, in the same time, whether or not the email is known, and sends nothing to an unknown one', async () => {
    const t = await tenant();
    const known = await emailOf(t.userId);
    const unknown = `nobody-${Date.now()}@example.test`;
    const timings: Record<string, number[]> = { known: [], unknown: [] };
    const bodies = new Set<string>();
    for (let i = 0; i < 12; i += 1) {
      for (const [kind, email] of [['known', known], ['unknown', unknown]] as const) {
        const started = performance.now();
        const response = await postForm(h.app, '/dashboard/sign-in', { email });
        timings[kind]?.push(performance.now() - started);
        expect(response.status).toBe(303);
        bodies.add(`${response.headers.get('location')} ${await response.text()}`);
      }
    }
    expect(bodies.size).toBe(1);
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    // The answer leaves before the lookup: no database work is on its path for either address.
    expect(Math.abs(median(timings.known ?? []) - median(timings.unknown ?? []))).toBeLessThan(25);
    expect(await h.db.prisma.outboxMessage.count({ where: { recipient: unknown } })).toBe(0);
    // Twelve asks, but no flood: a few unused links at a time.
    await until(async () => (await h.db.prisma.signInLink.count({ where: { userId: t.userId } })) >= MAX_PENDING_LINKS, 'the links');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await h.db.prisma.signInLink.count({ where: { userId: t.userId } })).toBe(MAX_PENDING_LINKS);
    expect(await h.db.prisma.outboxMessage.count({ where: { recipient: known } })).toBe(MAX_PENDING_LINKS);
  });

  it('sends no link to a deactivated user, ends their sessions and stops their keys', async () => {
    const admin = await tenant({ role: 'system_admin' });
    const adminSession = await signIn(h.app, h.db.prisma, await emailOf(admin.userId));
    const invited = await gqlAsSession(h.app, adminSession, 'mutation { inviteUser(input: { name: "Robin Tech", email: "Robin.Tech@Example.test", role: technician }) { user { id email active } } }');
    expect(invited.data).toMatchObject({ inviteUser: { user: { email: 'robin.tech@example.test', active: true } } });
    const userId = (invited.data as { inviteUser: { user: { id: string } } }).inviteUser.user.id;
    const robin = await signIn(h.app, h.db.prisma, 'robin.tech@example.test');
    expect((await gqlAsSession(h.app, robin, viewerQuery)).data).toMatchObject({ viewer: { user: { role: 'technician' } } });

    const deactivated = await gqlAsSession(h.app, adminSession, `mutation { deactivateUser(id: "${userId}") { user { active } } }`);
    expect(deactivated.data).toEqual({ deactivateUser: { user: { active: false } } });
    expect(await h.db.prisma.dashboardSession.count({ where: { userId } })).toBe(0);
    expect(codeOf(await gqlAsSession(h.app, robin, viewerQuery))).toBe('UNAUTHENTICATED');
    const before = await h.db.prisma.signInLink.count({ where: { userId } });
    await postForm(h.app, '/dashboard/sign-in', { email: 'robin.tech@example.test' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await h.db.prisma.signInLink.count({ where: { userId } })).toBe(before);

    // The admin's own keys act as the admin; a deactivated user's keys stop.
    const member = await tenant({ role: 'sales', scopes: ['leads.lead.read'] });
    expect((await rest('GET', '/api/v1/leads', { key: member.secret })).status).toBe(200);
    await h.db.prisma.user.update({ where: { id: member.userId }, data: { deactivatedAt: new Date() } });
    await untilKeyRefused(member.secret, 401);
    const refused = await rest('GET', '/api/v1/leads', { key: member.secret });
    expect(refused.status).toBe(401);
  });
});

describe('dashboard pages', () => {
  it('answer unknown paths 404 and other methods 405, HEAD like GET, all under a strict CSP', async () => {
    const signInPage = await page(h.app, null, '/dashboard/sign-in');
    expect(signInPage.status).toBe(200);
    expect(signInPage.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(signInPage.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await page(h.app, null, '/dashboard/nothing-here')).status).toBe(404);
    const put = await h.app.fetch('http://localhost/dashboard/settings/api-keys', { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('content-type')).toContain('text/html');
    const head = await h.app.fetch('http://localhost/dashboard/sign-in', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    // Signed-out visitors are sent to sign in, from every settings page.
    for (const path of ['/dashboard', '/dashboard/settings/api-keys', '/dashboard/settings/users', '/dashboard/settings/modules']) {
      expect((await page(h.app, null, path)).headers.get('location'), path).toBe('/dashboard/sign-in');
    }
  });
});

describe('dashboard sessions', () => {
  it('act as their user with the scopes of the role, in their own tenant only', async () => {
    const first = await tenant({ role: 'sales' });
    const second = await tenant({ role: 'sales' });
    await rest('POST', '/api/v1/leads', { key: second.secret, body: { firstName: 'Other', lastName: 'Tenant', email: 'other@example.test' } });
    const session = await signIn(h.app, h.db.prisma, await emailOf(first.userId));
    const viewer = await gqlAsSession(h.app, session, viewerQuery);
    expect(viewer.data).toMatchObject({ viewer: { credential: 'session', user: { id: first.userId, role: 'sales' }, tenant: { id: first.tenantId } } });
    expect((viewer.data as { viewer: { scopes: string[] } }).viewer.scopes).toContain('leads.lead.read');
    expect((viewer.data as { viewer: { scopes: string[] } }).viewer.scopes).not.toContain('settings.manage');

    const leads = await gqlAsSession(h.app, session, '{ leads(first: 100) { nodes { firstName } } }');
    expect(leads.data).toEqual({ leads: { nodes: [] } });
    // REST accepts the session the same way, and sees the same tenant.
    const viaRest = await h.app.fetch('http://localhost/api/v1/leads', { headers: { cookie: session.cookie, 'x-csrf-token': session.csrf } });
    expect(viaRest.status).toBe(200);
    expect((await viaRest.json()).data).toEqual([]);
  });

  it('cannot reach what the role does not allow', async () => {
    const t = await tenant({ role: 'technician' });
    const manager = await tenant({ role: 'manager' });
    const technician = await signIn(h.app, h.db.prisma, await emailOf(t.userId));
    for (const operation of [createPair(['companies.read']), '{ apiKeyPairs { totalCount } }', '{ leads { totalCount } }', 'mutation { setModuleEnabled(module: inspections, enabled: true) { tenant { modules } } }']) {
      const answer = await gqlAsSession(h.app, technician, operation);
      expect(answer.errors?.[0]?.extensions.code, operation).toBe('FORBIDDEN');
      expect(answer.data ?? null).toBeNull();
    }
    const managerSession = await signIn(h.app, h.db.prisma, await emailOf(manager.userId));
    const invite = await gqlAsSession(h.app, managerSession, 'mutation { inviteUser(input: { name: "X", email: "x@example.test", role: sales }) { user { id } } }');
    expect(invite.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect(await h.db.prisma.user.count({ where: { tenantId: manager.tenantId, email: 'x@example.test' } })).toBe(0);
    // Pages say so plainly.
    const keysPage = await page(h.app, technician, '/dashboard/settings/api-keys');
    expect(keysPage.status).toBe(403);
    expect(await keysPage.text()).toContain('Only administrators and managers can manage API keys.');
    expect((await page(h.app, managerSession, '/dashboard/settings/users')).status).toBe(403);
    expect((await page(h.app, managerSession, '/dashboard/settings/api-keys')).status).toBe(200);
  });

  it('refuse cross-site requests: no CSRF header, a form without the token, a post from another origin', async () => {
    const t = await tenant({ role: 'system_admin' });
    const session = await signIn(h.app, h.db.prisma, await emailOf(t.userId));
    const noHeader = await gqlAsSession(h.app, session, createPair(['leads.lead.read']), undefined, { csrf: false });
    expect(codeOf(noHeader)).toBe('UNAUTHENTICATED');
    expect(noHeader.errors?.[0]?.message).toContain('X-CSRF-Token');
    const wrongHeader = await gqlAsSession(h.app, { ...session, csrf: 'f'.repeat(64) }, createPair(['leads.lead.read']));
    expect(codeOf(wrongHeader)).toBe('UNAUTHENTICATED');
    // A form post: without the token, with another session's, from another site.
    const withoutToken = await postForm(h.app, '/dashboard/settings/api-keys', { name: 'x', scopes: 'leads.lead.read' }, { cookie: session.cookie });
    expect(withoutToken.status).toBe(403);
    const otherSite = await postForm(h.app, '/dashboard/settings/api-keys', { csrf: session.csrf, name: 'x', scopes: 'leads.lead.read' }, { cookie: session.cookie, origin: 'https://evil.example' });
    expect(otherSite.status).toBe(403);
    const fetchMetadata = await postForm(h.app, '/dashboard/settings/api-keys', { csrf: session.csrf, name: 'x', scopes: 'leads.lead.read' }, { cookie: session.cookie, 'sec-fetch-site': 'cross-site' });
    expect(fetchMetadata.status).toBe(403);
    // A form-encoded GraphQL post (what a cross-site form sends) is refused before it runs.
    const formGraphql = await h.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session.cookie },
      body: `query=${encodeURIComponent(createPair(['leads.lead.read']))}`,
    });
    expect(formGraphql.status).toBeGreaterThanOrEqual(400);
    expect(await h.db.prisma.apiKeyPair.count({ where: { tenantId: t.tenantId } })).toBe(1);
    // With the token, from the dashboard's own page: created.
    const created = await postForm(h.app, '/dashboard/settings/api-keys', { csrf: session.csrf, name: 'Website', scopes: ['leads.lead.read', 'contacts.read'] }, { cookie: session.cookie });
    expect(created.status).toBe(303);
    expect(await h.db.prisma.apiKeyPair.count({ where: { tenantId: t.tenantId } })).toBe(2);
  });

  it('end at sign-out and after 12 hours idle, and move their deadline on use at most once a minute', async () => {
    const t = await tenant();
    const email = await emailOf(t.userId);
    const session = await signIn(h.app, h.db.prisma, email);
    const stored = await h.db.prisma.dashboardSession.findFirstOrThrow({ where: { userId: t.userId } });
    await gqlAsSession(h.app, session, viewerQuery);
    expect((await h.db.prisma.dashboardSession.findUniqueOrThrow({ where: { id: stored.id } })).lastSeenAt).toEqual(stored.lastSeenAt);
    h.clock.offsetMs = 11 * 3_600_000;
    try {
      expect(codeOf(await gqlAsSession(h.app, session, viewerQuery))).toBeUndefined();
      const moved = await h.db.prisma.dashboardSession.findUniqueOrThrow({ where: { id: stored.id } });
      expect(moved.expiresAt.getTime()).toBeGreaterThan(stored.expiresAt.getTime());
      h.clock.offsetMs = 11 * 3_600_000 + 12 * 3_600_000 + 1000;
      expect(codeOf(await gqlAsSession(h.app, session, viewerQuery))).toBe('UNAUTHENTICATED');
    } finally {
      h.clock.offsetMs = 0;
    }
    const second = await signIn(h.app, h.db.prisma, email);
    const signedOut = await postForm(h.app, '/dashboard/sign-out', { csrf: second.csrf }, { cookie: second.cookie });
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('set-cookie')).toContain('Max-Age=0');
    expect(codeOf(await gqlAsSession(h.app, second, viewerQuery))).toBe('UNAUTHENTICATED');
    expect((await page(h.app, second, '/dashboard')).headers.get('location')).toBe('/dashboard/sign-in');
  });
});

describe('key pair operations', () => {
  it('create, list, rotate and revoke, with the rules on scopes; never with a publishable key', async () => {
    const t = await tenant({ role: 'manager', scopes: ['settings.manage', 'leads.lead.read'] });
    const asPublishable = await h.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.publishable}` },
      body: JSON.stringify({ query: createPair(['leads.lead.read']) }),
    });
    expect((await asPublishable.json()).errors[0].extensions.code).toBe('FORBIDDEN');

    const call = async (query: string) => {
      const response = await h.app.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${t.secret}` },
        body: JSON.stringify({ query }),
      });
      return response.json();
    };
    const beyond = await call(createPair(['leads.lead.read', 'invoices.read']));
    expect(beyond.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(beyond.errors[0].message + JSON.stringify(beyond.errors[0].extensions)).toContain('invoices.read');
    const unknown = await call(createPair(['leads.everything']));
    expect(unknown.errors[0].extensions.code).toBe('BAD_USER_INPUT');

    const created = (await call(createPair(['leads.lead.read']))).data.createApiKeyPair.issuedApiKeyPair;
    expect(created.secretKey).toMatch(/^sk_live_/);
    expect(created.pair).toMatchObject({ status: 'active', scopes: ['leads.lead.read'] });
    expect((await rest('GET', '/api/v1/leads', { key: created.secretKey })).status).toBe(200);
    expect((await rest('GET', '/api/v1/companies', { key: created.secretKey })).status).toBe(403);

    const listed = (await call('{ apiKeyPairs { totalCount nodes { id name status lastUsedAt createdBy { id } keys { kind hint } } } }')).data.apiKeyPairs;
    const mine = listed.nodes.find((pair: { id: string }) => pair.id === created.pair.id);
    expect(mine.keys.map((key: { hint: string }) => key.hint)).toEqual([`pk_live_…${created.publishableKey.slice(-4)}`, `sk_live_…${created.secretKey.slice(-4)}`]);
    expect(mine.lastUsedAt).not.toBeNull();
    expect(mine.createdBy.id).toBe(t.userId);
    expect(JSON.stringify(listed)).not.toContain(created.secretKey);

    const rotated = (await call(`mutation { rotateApiKeyPair(id: "${created.pair.id}") { issuedApiKeyPair { secretKey pair { id status } } } }`)).data.rotateApiKeyPair.issuedApiKeyPair;
    expect(rotated.pair.status).toBe('active');
    const old = (await call(`{ apiKeyPairs { nodes { id status } } }`)).data.apiKeyPairs.nodes.find((pair: { id: string }) => pair.id === created.pair.id);
    expect(old.status).toBe('expiring');

    const revoked = (await call(`mutation { revokeApiKeyPair(id: "${rotated.pair.id}") { apiKeyPair { status } } }`)).data.revokeApiKeyPair.apiKeyPair;
    expect(revoked.status).toBe('revoked');
    expect((await rest('GET', '/api/v1/leads', { key: rotated.secretKey })).status).toBe(401);
    const again = await call(`mutation { rotateApiKeyPair(id: "${rotated.pair.id}") { issuedApiKeyPair { secretKey } } }`);
    expect(again.errors[0].extensions.code).toBe('CONFLICT');

    const other = await tenant();
    const foreign = await call(`mutation { revokeApiKeyPair(id: "${other.secretKeyId}") { apiKeyPair { status } } }`);
    expect(foreign.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await rest('GET', '/api/v1/leads', { key: other.secret })).status).toBe(200);
  });

  it('record lastUsedAt at most once a minute', async () => {
    const t = await tenant();
    const lastUsed = async () => (await h.db.prisma.apiKey.findUniqueOrThrow({ where: { id: t.secretKeyId } })).lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await rest('GET', '/api/v1/leads', { key: t.secret });
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await rest('GET', '/api/v1/leads', { key: t.secret });
    expect(await lastUsed()).toEqual(first);
    h.clock.offsetMs = 61_000;
    try {
      await rest('GET', '/api/v1/leads', { key: t.secret });
    } finally {
      h.clock.offsetMs = 0;
    }
    expect((await lastUsed())?.getTime()).toBeGreaterThan(first?.getTime() ?? 0);
  });
});

describe('settings pages', () => {
  it('invite, change a role, deactivate and reactivate users, and turn a module on and off, through their forms', async () => {
    const t = await tenant({ role: 'system_admin' });
    const session = await signIn(h.app, h.db.prisma, await emailOf(t.userId));
    const post = (path: string, fields: Record<string, string | string[]>) => postForm(h.app, path, { csrf: session.csrf, ...fields }, { cookie: session.cookie });
    /** A form that worked answers 303; the page it leads to says what it did. */
    const done = async (path: string, fields: Record<string, string | string[]>) => {
      const answer = await post(path, fields);
      expect(answer.status).toBe(303);
      const next = await page(h.app, session, answer.headers.get('location') ?? '');
      expect(next.status).toBe(200);
      return next.text();
    };

    expect(await done('/dashboard/settings/users/invite', { name: 'Pat Field', email: 'pat@example.test', role: 'field_coordinator' })).toContain('Invitation sent to pat@example.test.');
    const pat = await h.db.prisma.user.findFirstOrThrow({ where: { tenantId: t.tenantId, email: 'pat@example.test' } });
    expect(pat.role).toBe('field_coordinator');
    await linkTokenFor(h.db.prisma, 'pat@example.test');
    const again = await post('/dashboard/settings/users/invite', { name: 'Pat Again', email: 'PAT@example.test', role: 'sales' });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('already exists');
    const blank = await post('/dashboard/settings/users/invite', { name: ' ', email: 'not-an-email', role: 'sales' });
    expect(blank.status).toBe(400);
    expect(await h.db.prisma.user.count({ where: { tenantId: t.tenantId } })).toBe(2);

    expect(await done('/dashboard/settings/users/role', { id: pat.id, role: 'sales' })).toContain('Role changed.');
    expect((await h.db.prisma.user.findUniqueOrThrow({ where: { id: pat.id } })).role).toBe('sales');
    const own = await post('/dashboard/settings/users/role', { id: t.userId, role: 'technician' });
    expect(own.status).toBe(409);
    expect((await h.db.prisma.user.findUniqueOrThrow({ where: { id: t.userId } })).role).toBe('system_admin');
    const badRole = await post('/dashboard/settings/users/role', { id: pat.id, role: 'overlord' });
    expect(badRole.status).toBe(400);

    expect(await done('/dashboard/settings/users/deactivate', { id: pat.id })).toContain('User deactivated');
    expect((await h.db.prisma.user.findUniqueOrThrow({ where: { id: pat.id } })).deactivatedAt).not.toBeNull();
    expect(await done('/dashboard/settings/users/reactivate', { id: pat.id })).toContain('User reactivated.');
    expect((await h.db.prisma.user.findUniqueOrThrow({ where: { id: pat.id } })).deactivatedAt).toBeNull();
    const stranger = await tenant();
    expect((await post('/dashboard/settings/users/deactivate', { id: stranger.userId })).status).toBe(404);
    expect((await h.db.prisma.user.findUniqueOrThrow({ where: { id: stranger.userId } })).deactivatedAt).toBeNull();

    expect(await done('/dashboard/settings/modules', { modules: 'inspections' })).toContain('Modules saved.');
    expect((await h.db.prisma.tenant.findUniqueOrThrow({ where: { id: t.tenantId } })).modules).toEqual(['inspections']);
    expect(await done('/dashboard/settings/modules', {})).toContain('Modules saved.');
    expect((await h.db.prisma.tenant.findUniqueOrThrow({ where: { id: t.tenantId } })).modules).toEqual([]);
  });

  it('show a create form again with what was wrong, and create nothing', async () => {
    const t = await tenant({ role: 'manager' });
    const session = await signIn(h.app, h.db.prisma, await emailOf(t.userId));
    const post = (fields: Record<string, string | string[]>) => postForm(h.app, '/dashboard/settings/api-keys', { csrf: session.csrf, ...fields }, { cookie: session.cookie });
    const noScopes = await post({ name: 'Nothing' });
    expect(noScopes.status).toBe(400);
    const body = await noScopes.text();
    expect(body).toContain('at least one scope is required');
    expect(body).toContain('value="Nothing"');
    expect((await post({ name: '', scopes: 'leads.lead.read' })).status).toBe(400);
    expect((await post({ name: 'x'.repeat(201), scopes: 'leads.lead.read' })).status).toBe(400);
    expect(await h.db.prisma.apiKeyPair.count({ where: { tenantId: t.tenantId } })).toBe(1);
    const revokeOther = await postForm(h.app, '/dashboard/settings/api-keys/revoke', { csrf: session.csrf, id: 'not-a-uuid' }, { cookie: session.cookie });
    expect(revokeOther.status).toBeLessThan(500);
    expect(revokeOther.status).toBeGreaterThanOrEqual(400);
  });

  it('honour each form once: sent twice at once or again later, it creates one pair, whose keys the next page shows once, sealed until then', async () => {
    const t = await tenant({ role: 'manager' });
    const session = await signIn(h.app, h.db.prisma, await emailOf(t.userId));
    const fields = { csrf: session.csrf, form: newFormToken(new Date()), name: 'Twice', scopes: 'leads.lead.read' };
    const send = () => postForm(h.app, '/dashboard/settings/api-keys', fields, { cookie: session.cookie });
    const pairs = () => h.db.prisma.apiKeyPair.count({ where: { tenantId: t.tenantId, name: 'Twice' } });

    // A double click: both posts lead to the page that shows the keys.
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    const location = `/dashboard/settings/api-keys?outcome=${encodeURIComponent(fields.form)}`;
    expect(answers.map((answer) => answer.headers.get('location'))).toEqual([location, location]);
    expect(await pairs()).toBe(1);
    // Until that page shows them, the keys wait sealed: never in clear in the database.
    const waiting = await h.db.prisma.dashboardFormOutcome.findUniqueOrThrow({ where: { token: fields.form } });
    expect(waiting.sealed?.length).toBeGreaterThan(100);
    expect(Buffer.from(waiting.sealed ?? []).toString('latin1')).not.toContain('_live_');
    // Another session of the same user cannot take them.
    const other = await signIn(h.app, h.db.prisma, await emailOf(t.userId));
    const fullKey = /[sp]k_live_[\w-]{43}/;
    expect(await (await page(h.app, other, location)).text()).not.toMatch(fullKey);

    const shown = await (await page(h.app, session, location)).text();
    const secret = /sk_live_[\w-]{43}/.exec(shown)?.[0] ?? '';
    expect((await rest('GET', '/api/v1/leads', { key: secret })).status).toBe(200);
    expect((await h.db.prisma.dashboardFormOutcome.findUniqueOrThrow({ where: { token: fields.form } })).sealed).toBeNull();
    // Shown once: not on a reload, and the same form sent again creates nothing and shows nothing.
    expect(await (await page(h.app, session, location)).text()).not.toMatch(fullKey);
    const again = await send();
    expect(again.status).toBe(303);
    expect(await (await page(h.app, session, again.headers.get('location') ?? '')).text()).not.toMatch(fullKey);
    expect(await pairs()).toBe(1);
  });

  it('refuse a form without its one-time token, or older than its lifetime, and change nothing', async () => {
    const t = await tenant({ role: 'manager' });
    const session = await signIn(h.app, h.db.prisma, await emailOf(t.userId));
    const stale = newFormToken(new Date(Date.now() - FORM_LIFETIME_MS - 1_000));
    for (const form of ['', 'not-a-token', stale, newFormToken(new Date(Date.now() + 3_600_000))]) {
      const answer = await postForm(h.app, '/dashboard/settings/api-keys', { csrf: session.csrf, form, name: 'Stale', scopes: 'leads.lead.read' }, { cookie: session.cookie });
      expect(answer.status, form).toBe(400);
      expect(await answer.text()).toContain('This form has expired');
    }
    expect(await h.db.prisma.apiKeyPair.count({ where: { tenantId: t.tenantId, name: 'Stale' } })).toBe(0);
    expect(await h.db.prisma.dashboardFormOutcome.count({ where: { tenantId: t.tenantId } })).toBe(0);
  });
});

describe('refusals on dashboard pages', () => {
  it('are pages with the layout and the way back, never JSON: 503 with Retry-After, 500 with the request id', async () => {
    const t = await tenant({ role: 'manager' });
    const session = await signIn(h.app, h.db.prisma, await emailOf(t.userId));
    // The test database, except that the query that finds a session fails with `failure`.
    let failure = new Error('connect ECONNREFUSED 127.0.0.1:5432');
    const failing = new Proxy(h.db.prisma, { get: (target, name) => (name === '$queryRaw' ? () => Promise.reject(failure) : Reflect.get(target, name)) });
    const app = createApp({ prisma: failing as PrismaClient });

    const unavailable = await page(app, session, '/dashboard/settings/api-keys');
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('content-type')).toContain('text/html');
    expect(unavailable.headers.get('retry-after')).toBe('2');
    const unavailablePage = await unavailable.text();
    expect(unavailablePage).toContain('<title>Please try again · Business Platform</title>');
    expect(unavailablePage).toContain('href="/dashboard/settings/api-keys">Try again</a>');

    failure = new Error('disk on fire');
    const failed = await page(app, session, '/dashboard/settings/api-keys');
    expect(failed.status).toBe(500);
    expect(failed.headers.get('content-type')).toContain('text/html');
    const failedPage = await failed.text();
    expect(failedPage).toContain('Something went wrong');
    expect(failedPage).toContain(`<code>${failed.headers.get('x-request-id')}</code>`);
    expect(failedPage).not.toContain('disk on fire');
    expect(failedPage).toContain('href="/dashboard">Back to the dashboard</a>');
  });
});
