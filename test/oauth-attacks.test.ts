import { describe, expect, it } from 'vitest';
import { csrfTokenOf } from '../src/auth/sessions.js';
import { accessFollowsTheUser, authorize, connect, CookieJar, pkce, tokenRequest } from './support/oauth.js';
import { form, redirectUri, sha256, useOAuthApp } from './support/oauth-app.js';

/**
 * The authorization server (issue 44) tried further as an attacker would: what its table holds,
 * whether a token follows its user, forged consents, the pages of connecting reached from elsewhere,
 * and tokens used where they should not work.
 */
const { h, base, MCP, person, app, get, graphql, mcp, authorizationRequest, codeFor, refresh, leadsWith, until401 } = await useOAuthApp();

describe('nothing in clear', () => {
  it('no row of OAuthRecord holds a token, the code, or any value a cookie of the browser held', async () => {
    const { user } = await person();
    const jar = new CookieJar();
    const client = await app({ scope: 'leads.lead.read openid offline_access', resource: base });
    const { verifier, challenge } = pkce();
    const { redirect } = await authorize(base, { ...user, jar }, { ...client, challenge });
    const code = redirect.searchParams.get('code')!;
    const exchanged = await tokenRequest(base, { grant_type: 'authorization_code', code, code_verifier: verifier, client_id: client.clientId, redirect_uri: redirectUri });
    expect(exchanged.status).toBe(200);
    const refreshed = await refresh(client.clientId, exchanged.body.refresh_token!);
    expect(refreshed.status).toBe(200);
    // Another authorization in the same browser, left at the consent page (it asks for more): the
    // session is found by its cookie, and the interaction waiting for the user is stored.
    const waiting = await authorizationRequest({ client_id: client.clientId, redirect_uri: redirectUri, code_challenge: pkce().challenge, code_challenge_method: 'S256', scope: 'companies.read', resource: base }, jar);
    expect(waiting.location).toMatch(/\/oauth\/interaction\//);
    expect(jar.cookies.has('_session')).toBe(true);

    const secrets = new Map<string, string>([
      ['code', code],
      ['code_verifier', verifier],
      ['access token', exchanged.body.access_token!],
      ['refresh token', exchanged.body.refresh_token!],
      ['refreshed access token', refreshed.body.access_token!],
      ['refreshed refresh token', refreshed.body.refresh_token!],
      ['ID token', exchanged.body.id_token!],
      ...[...jar.seen].map(([value, name]) => [`the ${name} cookie's value`, value] as [string, string]),
    ]);
    const rows = await h.db.prisma.$queryRaw<{ kind: string; row: string }[]>`SELECT kind, "OAuthRecord"::text AS row FROM "OAuthRecord"`;
    expect(rows.map(({ kind }) => kind)).toEqual(expect.arrayContaining(['Client', 'Grant', 'AuthorizationCode', 'AccessToken', 'RefreshToken', 'Session', 'Interaction']));
    const found = [...secrets].flatMap(([name, secret]) => rows.filter(({ row }) => row.includes(secret)).map(({ kind }) => `${name} in a ${kind} row`));
    expect(found).toEqual([]);
  });
});

describe('access follows the user', () => {
  it("a token answers as its user's role, activity and grant stand now, within a second of each change", async () => {
    const { user, userId, admin } = await person('manager');
    const client = await app({ scope: 'leads.lead.read companies.read', resource: base });
    const { tokens } = await connect(base, user, client);
    const apps = await get(`/api/v1/connected-apps?userId=${userId}`, admin);
    expect(apps.status, JSON.stringify(apps.body)).toBe(200);
    const grantId = apps.body.data.find((connected: { clientId: string }) => connected.clientId === client.clientId)?.id;
    expect(grantId).toBeTruthy();
    const { answered, expected } = await accessFollowsTheUser({ changeOn: base, checkOn: [base], adminKey: admin, userId, token: tokens.access_token!, grantId });
    expect(answered).toEqual(expected);
    expect(await refresh(client.clientId, tokens.refresh_token!)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it("a token answers as its tenant's modules stand now: a module turned off is closed to it within a second", async () => {
    const { user, admin } = await person('manager', ['inspections']);
    const { tokens } = await connect(base, user, await app({ scope: 'inspections.read', resource: base }));
    const inspections = async () => (await get('/api/inspections/equipment-types', tokens.access_token)).status;
    const setModule = (enabled: boolean) => graphql(admin, `mutation { setModuleEnabled(module: inspections, enabled: ${enabled}) { __typename } }`);
    const until = async (status: number) => {
      const since = Date.now();
      while ((await inspections()) !== status && Date.now() - since < 1_000) await new Promise((resolve) => setTimeout(resolve, 10));
      return inspections();
    };
    expect(await inspections()).toBe(200);
    expect((await setModule(false)).body.errors).toBeUndefined();
    expect(await until(403)).toBe(403);
    expect((await setModule(true)).body.errors).toBeUndefined();
    expect(await until(200)).toBe(200);
  });

  it("a deactivated user's app cannot refresh its tokens either, until the user is reactivated", async () => {
    const { user, userId, admin } = await person();
    const client = await app({ scope: 'leads.lead.read', resource: base });
    const { tokens } = await connect(base, user, client);
    const setActive = (active: boolean) => graphql(admin, `mutation { ${active ? 'reactivateUser' : 'deactivateUser'}(id: "${userId}") { user { active } } }`);
    expect((await setActive(false)).body.errors).toBeUndefined();
    expect(await refresh(client.clientId, tokens.refresh_token!)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await setActive(true)).body.errors).toBeUndefined();
    const refreshed = await refresh(client.clientId, tokens.refresh_token!);
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(await leadsWith(refreshed.body.access_token!)).toBe(200);
  });

  it('an access token past its expiry is refused, though its process had it cached', async () => {
    const { exchange } = await codeFor();
    const { access_token } = (await exchange()).body;
    expect(await leadsWith(access_token!)).toBe(200);
    const aged = await h.db.prisma.oAuthRecord.updateMany({ where: { kind: 'AccessToken', idHash: sha256(access_token!) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(aged.count).toBe(1);
    expect(await until401(access_token!)).toBe(401);
  });
});

describe('consent, as an attacker would send it', () => {
  it('connects an app asking for every scope (as MCP clients ask for scopes_supported) with those the role holds', async () => {
    const { user } = await person('technician');
    const everything = (await get('/.well-known/oauth-protected-resource/mcp')).body.scopes_supported.join(' ');
    const { tokens, offered } = await connect(base, user, await app({ scope: everything, resource: MCP }));
    expect(offered.sort()).toEqual(['bookings.read', 'companies.read', 'contacts.read', 'inspections.read', 'inspections.write']);
    expect(tokens.scope!.split(' ').sort()).toEqual(offered);
  });

  it('a scope refused because the role lacked it is granted by a later consent once the role holds it', async () => {
    const { user, userId, admin } = await person('sales');
    const client = await app({ scope: 'leads.lead.read invoices.write', resource: base });
    const first = await connect(base, user, client);
    expect(first.tokens.scope).toBe('leads.lead.read');
    expect((await graphql(admin, `mutation { changeUserRole(id: "${userId}", role: manager) { user { role } } }`)).body.errors).toBeUndefined();
    const again = await connect(base, { ...user, jar: first.jar }, { ...client, prompt: 'consent' });
    expect(again.offered.sort()).toEqual(['invoices.write', 'leads.lead.read']);
    expect(again.tokens.scope!.split(' ').sort()).toEqual(['invoices.write', 'leads.lead.read']);
  });

  it('grants no scope the page did not offer: not one the role lacks, nor one the app did not ask for', async () => {
    const { user } = await person('sales');
    const forged = { ...user, choose: (offered: string[]) => [...offered, 'settings.manage', 'invoices.write', 'companies.write', 'no.such.scope'] };
    const { tokens, offered } = await connect(base, forged, await app({ scope: 'leads.lead.read settings.manage invoices.write', resource: base }));
    expect(offered).toEqual(['leads.lead.read']);
    expect(tokens.scope!.split(' ').sort()).toEqual(['leads.lead.read']);
    const viewer = await graphql(tokens.access_token!, '{ viewer { scopes } }');
    expect(viewer.body.data.viewer.scopes).toEqual(['leads.lead.read']);
  });

  it('takes the consent form only with its CSRF token, from the user who signed in, and a refusal sends no code', async () => {
    const { user } = await person();
    const client = await app({ scope: 'leads.lead.read', resource: base });
    const jar = new CookieJar();
    // A first connection signs this browser in (dashboard and authorization server sessions).
    await authorize(base, { ...user, jar }, { ...client, challenge: pkce().challenge });
    const started = await authorizationRequest({ client_id: client.clientId, redirect_uri: redirectUri, code_challenge: pkce().challenge, code_challenge_method: 'S256', scope: 'companies.read', resource: base }, jar);
    const consentUrl = new URL(started.location!, base).href;
    const page = await fetch(consentUrl, { headers: { cookie: jar.header() } }).then((response) => response.text());
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)![1]!;
    const submit = (fields: Record<string, string>, cookie = jar.header()) =>
      fetch(consentUrl, { method: 'POST', redirect: 'manual', headers: { cookie, origin: base, 'content-type': form }, body: new URLSearchParams(fields).toString() });

    expect((await submit({ decision: 'allow', scope: 'companies.read' })).status).toBe(403);
    expect((await submit({ decision: 'allow', scope: 'companies.read', csrf: `${csrf}x` })).status).toBe(403);
    // Another user's dashboard session, with its own valid CSRF token, cannot consent for this one.
    const other = await person();
    const otherJar = new CookieJar();
    await authorize(base, { ...other.user, jar: otherJar }, { ...client, challenge: pkce().challenge });
    const mixed = `${jar.header().replace(/bp_session=[^;]+/, `bp_session=${otherJar.cookies.get('bp_session')}`)}`;
    expect((await submit({ decision: 'allow', scope: 'companies.read', csrf: csrfTokenOf(otherJar.cookies.get('bp_session')!) }, mixed)).status).toBe(403);

    const refused = await submit({ decision: 'deny', csrf });
    let location = refused.headers.get('location')!;
    for (let hops = 0; new URL(location, base).origin === base && hops < 5; hops += 1) {
      const next = await fetch(new URL(location, base), { redirect: 'manual', headers: { cookie: jar.header() } });
      jar.take(next);
      location = next.headers.get('location')!;
    }
    const back = new URL(location);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.has('code')).toBe(false);
  });
});

describe('the pages of connecting, as an attacker would reach them', () => {
  it("are never framed, and work only in the browser that started the connection", async () => {
    const { user } = await person();
    const client = await app({ scope: 'leads.lead.read', resource: base });
    const jar = new CookieJar();
    await authorize(base, { ...user, jar }, { ...client, challenge: pkce().challenge });
    const started = await authorizationRequest({ client_id: client.clientId, redirect_uri: redirectUri, code_challenge: pkce().challenge, code_challenge_method: 'S256', scope: 'companies.read', resource: base }, jar);
    const consentUrl = new URL(started.location!, base).href;
    const consent = await fetch(consentUrl, { headers: { cookie: jar.header() } });
    expect(consent.status).toBe(200);
    expect(consent.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    // Its URL alone (leaked by a referrer or a log) is no use: another browser, or one signed in as someone else.
    expect((await fetch(consentUrl)).status).toBe(400);
    const other = new CookieJar();
    await authorize(base, { ...(await person()).user, jar: other }, { ...client, challenge: pkce().challenge });
    expect((await fetch(consentUrl, { headers: { cookie: other.header() } })).status).toBe(400);
    expect((await fetch(`${base}/oauth/interaction/made-up-uid`, { headers: { cookie: jar.header() } })).status).toBe(400);
  });
});

describe('tokens, as an attacker would use them', () => {
  it('token answers are not to be cached (RFC 6749 §5.1)', async () => {
    const { client, code, verifier } = await codeFor();
    const response = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': form },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier, client_id: client.clientId, redirect_uri: redirectUri }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
  });

  it('a refresh asking for more than was granted: invalid_scope', async () => {
    const { exchange, client } = await codeFor();
    const { refresh_token } = (await exchange()).body;
    const wider = await tokenRequest(base, { grant_type: 'refresh_token', refresh_token: refresh_token!, client_id: client.clientId, scope: 'leads.lead.read leads.lead.write' });
    expect(wider).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
  });

  it('an access token only in the Authorization header: not in the query, not as a refresh token', async () => {
    const { exchange, client } = await codeFor();
    const { access_token } = (await exchange()).body;
    expect((await get(`/api/v1/leads?access_token=${access_token}`)).status).toBe(401);
    expect(await refresh(client.clientId, access_token!)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('revocation (RFC 7009) ends a token for the client it was issued to, and for no other', async () => {
    const { exchange, client } = await codeFor();
    const { access_token } = (await exchange()).body;
    const revoke = (clientId: string) => fetch(`${base}/oauth/revoke`, { method: 'POST', headers: { 'content-type': form }, body: new URLSearchParams({ token: access_token!, client_id: clientId }) });
    const other = await app();
    expect((await revoke(other.clientId)).status).toBeLessThan(500);
    expect(await leadsWith(access_token!)).toBe(200);
    expect((await revoke(client.clientId)).status).toBe(200);
    expect(await until401(access_token!)).toBe(401);
  });

  it('a tool needing a scope the token lacks but the role holds: 403 insufficient_scope naming the scopes to ask for (step-up)', async () => {
    const { user } = await person();
    const { tokens } = await connect(base, user, await app({ scope: 'companies.read', resource: MCP }));
    const call = await mcp(tokens.access_token, 'tools/call', { name: 'leads', arguments: {} });
    expect(call.status).toBe(403);
    const challenge = call.headers.get('www-authenticate') ?? '';
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain('scope="companies.read leads.lead.read"');
    expect(challenge).toContain(`resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`);
  });
});
