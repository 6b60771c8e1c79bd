import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfTokenOf } from '../src/auth/sessions.js';
import { createHttpServer } from '../src/http/server.js';
import { createUser } from '../src/tenants/tenant.service.js';
import { useHarness } from './support/harness.js';
import { accessFollowsTheUser, type Authorization, authorize, connect, CookieJar, outboxLink, pkce, registerClient, tokenRequest, type User } from './support/oauth.js';
import { freePort } from './support/server-process.js';

/**
 * The authorization server (issue 44) tried as an attacker would, in the test's process, listening
 * on a real port: oidc-provider answers node:http requests only. The database is the test's own
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL), so rows can be read and aged.
 */
const base = `http://127.0.0.1:${await freePort()}`;
const { h, tenant } = useHarness({ publicUrl: base });
const MCP = `${base}/mcp`;
const redirectUri = 'http://127.0.0.1:9999/callback';

let server: ReturnType<typeof createHttpServer>;
beforeAll(async () => {
  server = createHttpServer(h.app, { headersTimeoutMs: 10_000, receiveTimeoutMs: 10_000, keepAliveTimeoutMs: 1_000 });
  await new Promise<void>((resolve) => server.listen(Number(new URL(base).port), '127.0.0.1', resolve));
  expect((server.address() as AddressInfo).port).toBe(Number(new URL(base).port));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A user of a fresh tenant, connecting from this test's browser: sign-in links come from the outbox. */
async function person(role: 'manager' | 'sales' | 'technician' = 'manager', modules: 'inspections'[] = []) {
  const owner = await tenant({ role: 'system_admin', modules });
  const user = await createUser(h.db.prisma, { tenantId: owner.tenantId, name: `Connecting ${role}`, email: `${role}-${randomUUID()}@example.test`, role });
  const connecting: User = { email: user.email, mailbox: (email, after) => outboxLink(h.db.prisma, email, after) };
  return { ...owner, admin: owner.secret, user: connecting, userId: user.id };
}

/** A registered client and the request it makes. */
async function app(request: Omit<Authorization, 'clientId' | 'redirectUri'> = {}): Promise<Authorization> {
  return { clientId: await registerClient(base, redirectUri), redirectUri, ...request };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const bearer = (token: string | undefined): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

async function get(path: string, token?: string) {
  const response = await fetch(`${base}${path}`, { headers: bearer(token) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
}

async function graphql(token: string, query: string) {
  const response = await fetch(`${base}/graphql`, { method: 'POST', headers: { ...bearer(token), 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  return { status: response.status, body: (await response.json()) as { data?: any; errors?: { message: string }[] } };
}

/** A JSON-RPC call to /mcp (2025-06-18, no session), its answer read from JSON or the event stream. */
async function mcp(token: string | undefined, method: string, params: Record<string, unknown> = {}) {
  const response = await fetch(MCP, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('event-stream') ? /^data: (.*)$/m.exec(text)?.[1] : text;
  return { status: response.status, headers: response.headers, body: json ? JSON.parse(json) : undefined };
}

const toolNames = async (token: string) => {
  const listed = await mcp(token, 'tools/list');
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  return (listed.body.result.tools as { name: string }[]).map((tool) => tool.name);
};

describe('discovery', () => {
  it('/mcp without a token names its protected-resource metadata, which names this authorization server', async () => {
    const refused = await mcp(undefined, 'tools/list');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain(`resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`);
    const metadata = await get('/.well-known/oauth-protected-resource/mcp');
    expect(metadata.status).toBe(200);
    expect(metadata.body).toMatchObject({ resource: MCP, authorization_servers: [base] });
  });

  it('REST without a token names the root metadata, whose resource is the whole API', async () => {
    const refused = await get('/api/v1/leads');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain(`resource_metadata="${base}/.well-known/oauth-protected-resource"`);
    expect((await get('/.well-known/oauth-protected-resource')).body).toMatchObject({ resource: base, authorization_servers: [base] });
  });

  it('the authorization server metadata allows S256 alone, public clients alone, and names itself in redirects', async () => {
    const metadata = await get('/.well-known/oauth-authorization-server');
    expect(metadata.status).toBe(200);
    expect(metadata.body).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
      token_endpoint_auth_methods_supported: ['none'],
      response_types_supported: ['code'],
    });
  });
});

describe('the code flow', () => {
  it('gives a token for the API that reads REST, GraphQL (as oauth) and /mcp, with iss in the redirect', async () => {
    const { user } = await person();
    const { tokens, redirect } = await connect(base, user, await app({ scope: 'leads.lead.read companies.read', resource: base }));
    expect(redirect.searchParams.get('iss')).toBe(base);
    expect(redirect.searchParams.get('state')).toBe('state-1');
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 1800, scope: expect.stringContaining('leads.lead.read') });
    expect(tokens.refresh_token).toBeTruthy();
    expect((await get('/api/v1/leads?limit=1', tokens.access_token)).status).toBe(200);
    const viewer = await graphql(tokens.access_token!, '{ viewer { credential } leads(first: 1) { totalCount } }');
    expect(viewer.body.errors).toBeUndefined();
    expect(viewer.body.data.viewer.credential).toBe('oauth');
    expect(await toolNames(tokens.access_token!)).toContain('leads');
  });

  it('gives a token for /mcp that /mcp takes and REST and GraphQL refuse', async () => {
    const { user } = await person();
    const { tokens } = await connect(base, user, await app({ scope: 'leads.lead.read', resource: MCP }));
    expect((await mcp(tokens.access_token, 'tools/list')).status).toBe(200);
    expect((await get('/api/v1/leads', tokens.access_token)).status).toBe(401);
    expect((await graphql(tokens.access_token!, '{ viewer { credential } }')).status).toBe(401);
  });

  it('lists on /mcp only the tools of the scopes the user allowed', async () => {
    const { user } = await person();
    const chosen = { ...user, choose: (offered: string[]) => offered.filter((scope) => scope.startsWith('companies')) };
    const { tokens, offered } = await connect(base, chosen, await app({ scope: 'leads.lead.read leads.lead.write companies.read', resource: MCP }));
    expect(offered.sort()).toEqual(['companies.read', 'leads.lead.read', 'leads.lead.write']);
    expect(tokens.scope?.split(' ')).not.toContain('leads.lead.read');
    const names = await toolNames(tokens.access_token!);
    expect(names).toContain('companies');
    expect(names.filter((name) => /lead/i.test(name))).toEqual([]);
  });
});

/** The authorization endpoint as a browser meets it, without following where it sends the browser. */
async function authorizationRequest(fields: Record<string, string>, jar = new CookieJar()) {
  const response = await fetch(`${base}/oauth/authorize?${new URLSearchParams({ response_type: 'code', state: 'state-1', ...fields })}`, { redirect: 'manual', headers: { cookie: jar.header() } });
  jar.take(response);
  const text = await response.text();
  return { status: response.status, location: response.headers.get('location'), type: response.headers.get('content-type'), text };
}

describe('refused authorization requests', () => {
  it('without PKCE, or with the plain method: back to the app with invalid_request and no code', async () => {
    const { clientId } = await app();
    const { challenge, verifier } = pkce();
    const cases: Record<string, string>[] = [{}, { code_challenge: verifier, code_challenge_method: 'plain' }, { code_challenge: challenge, code_challenge_method: 'plain' }, { code_challenge_method: 'S256' }];
    for (const fields of cases) {
      const answer = await authorizationRequest({ client_id: clientId, redirect_uri: redirectUri, ...fields });
      expect(answer.status, JSON.stringify(fields)).toBe(303);
      const back = new URL(answer.location!);
      expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
      expect(back.searchParams.get('error'), JSON.stringify(fields)).toBe('invalid_request');
      expect(back.searchParams.get('iss')).toBe(base);
      expect(back.searchParams.has('code')).toBe(false);
    }
  });

  it('to a redirect URI that differs from the registered one in any way: a page saying why here, never a redirect there', async () => {
    const { clientId } = await app();
    const { challenge } = pkce();
    const variants = [
      'http://127.0.0.1:9999/callback/',
      'http://127.0.0.1:9998/callback',
      'http://127.0.0.1/callback',
      'http://127.0.0.1:9999/callbacks',
      'http://127.0.0.1:9999/callback?next=evil',
      'http://127.0.0.1:9999/callback#fragment',
      'http://localhost:9999/callback',
      'https://127.0.0.1:9999/callback',
      'http://127.0.0.1:9999/CALLBACK',
      'http://evil.example/callback',
    ];
    for (const variant of variants) {
      const answer = await authorizationRequest({ client_id: clientId, redirect_uri: variant, code_challenge: challenge, code_challenge_method: 'S256' });
      expect(answer.location, variant).toBeNull();
      expect(answer.status, variant).toBe(400);
      expect(answer.type).toContain('text/html');
      expect(answer.text, variant).toMatch(/invalid_(redirect_uri|request)/);
    }
  });

  it('for a client nobody registered: a page saying so, no redirect, and what the request said is shown as text', async () => {
    const answer = await authorizationRequest({ client_id: 'nobody"><script>alert(1)</script>', redirect_uri: `${redirectUri}<img src=x onerror=alert(1)>`, code_challenge: pkce().challenge, code_challenge_method: 'S256' });
    expect(answer).toMatchObject({ status: 400, location: null });
    expect(answer.text).toContain('invalid_client');
    expect(answer.text).not.toMatch(/<script>alert|<img/);
  });

  it('for other response types, a malformed challenge or a request object: back to the app with an error; a huge scope: no 5xx', async () => {
    const { clientId } = await app();
    const cases: [Record<string, string>, string][] = [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ response_type: 'code id_token' }, 'unsupported_response_type'],
      [{ code_challenge: 'short' }, 'invalid_request'],
      [{ request: 'eyJhbGciOiJub25lIn0.eyJzY29wZSI6InNldHRpbmdzLm1hbmFnZSJ9.' }, 'request_not_supported'],
      [{ request_uri: 'https://evil.example/request.jwt' }, 'request_uri_not_supported'],
      [{ scope: 'leads.lead.read '.repeat(400) }, ''],
    ];
    for (const [fields, error] of cases) {
      const answer = await authorizationRequest({ client_id: clientId, redirect_uri: redirectUri, code_challenge: pkce().challenge, code_challenge_method: 'S256', ...fields });
      const label = `${JSON.stringify(fields).slice(0, 80)}: ${answer.status} ${answer.location ?? answer.text.slice(0, 200)}`;
      expect(answer.status, label).toBeLessThan(500);
      const back = answer.location ? new URL(answer.location, base) : null;
      // Errors for the implicit response types come in the fragment, as those would have.
      const said = new URLSearchParams(back?.hash.slice(1) || back?.search);
      if (error) expect(said.get('error'), label).toBe(error);
      expect(said.has('code') || said.has('access_token'), label).toBe(false);
    }
  });

  it('for an unknown resource: back to the app with invalid_target', async () => {
    const { clientId } = await app();
    for (const resource of ['https://elsewhere.example', `${base}/graphql`, `${base}/mcp/x`, `${base.replace('127.0.0.1', 'localhost')}`]) {
      const answer = await authorizationRequest({ client_id: clientId, redirect_uri: redirectUri, code_challenge: pkce().challenge, code_challenge_method: 'S256', resource });
      expect(answer.status, resource).toBe(303);
      expect(new URL(answer.location!).searchParams.get('error'), resource).toBe('invalid_target');
    }
  });
});

/** A user's consent and the code it sends back, not yet exchanged. */
async function codeFor(request?: Omit<Authorization, 'clientId' | 'redirectUri'>) {
  const { user } = await person();
  const client = await app({ scope: 'leads.lead.read', resource: base, ...request });
  const { verifier, challenge } = pkce();
  const { redirect } = await authorize(base, user, { ...client, challenge });
  const code = redirect.searchParams.get('code')!;
  const exchange = (fields: Record<string, string> = {}) =>
    tokenRequest(base, { grant_type: 'authorization_code', code, code_verifier: verifier, client_id: client.clientId, redirect_uri: redirectUri, ...fields });
  return { client, code, verifier, exchange };
}

const refresh = (clientId: string, refreshToken: string) => tokenRequest(base, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId });
const leadsWith = async (token: string) => (await get('/api/v1/leads?limit=1', token)).status;

/** REST's answer to `token` once it is refused, or after a second: a revocation reaches the key cache by the database's notification. */
async function until401(token: string) {
  const since = Date.now();
  let status = await leadsWith(token);
  while (status !== 401 && Date.now() - since < 1_000) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    status = await leadsWith(token);
  }
  return status;
}

/**
 * Racing requests with one code or refresh token: at most one is served, the others are refused as
 * replays, and the grant is gone with every token issued under it (the winner's included).
 */
async function expectReplayEndedFamily(clientId: string, answers: { status: number; body: Record<string, string> }[]) {
  const statuses = JSON.stringify(answers.map((answer) => [answer.status, answer.body.error]));
  expect(answers.filter((answer) => answer.status === 200).length, statuses).toBeLessThanOrEqual(1);
  expect(answers.filter((answer) => answer.status === 400 && answer.body.error === 'invalid_grant').length, statuses).toBeGreaterThanOrEqual(answers.length - 1);
  for (const served of answers.filter((answer) => answer.status === 200)) {
    expect(await until401(served.body.access_token!)).toBe(401);
    expect((await refresh(clientId, served.body.refresh_token!)).status).toBe(400);
  }
  // The winner may save its tokens after the grant is deleted: they stay until they expire, worthless without it.
  expect(await h.db.prisma.oAuthRecord.count({ where: { clientId, kind: 'Grant' } })).toBe(0);
}

describe('refused token requests', () => {
  it('a wrong code_verifier, another redirect URI or another client: invalid_grant, and the code still works for its owner', async () => {
    const { exchange, client } = await codeFor();
    const other = await app();
    expect(await exchange({ code_verifier: pkce().verifier })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await exchange({ code_verifier: '' })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await exchange({ redirect_uri: `${redirectUri}/` })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await exchange({ client_id: other.clientId })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const exchanged = await exchange({ client_id: client.clientId });
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
  });

  it('a code used twice: invalid_grant, and the tokens of its first use stop working', async () => {
    const { exchange, client } = await codeFor();
    const first = await exchange();
    expect(first.status).toBe(200);
    expect(await leadsWith(first.body.access_token!)).toBe(200);
    expect(await exchange()).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await until401(first.body.access_token!)).toBe(401);
    expect(await refresh(client.clientId, first.body.refresh_token!)).toMatchObject({ status: 400 });
  });

  it('a code sent three times at once: the replays are refused and end what the first use got, as a later replay does', async () => {
    const { exchange, client } = await codeFor();
    const answers = await Promise.all([exchange(), exchange(), exchange()]);
    await expectReplayEndedFamily(client.clientId, answers);
  });

  it('an expired code: invalid_grant', async () => {
    const { exchange, code } = await codeFor();
    const aged = await h.db.prisma.oAuthRecord.updateMany({ where: { kind: 'AuthorizationCode', idHash: sha256(code) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(aged.count).toBe(1);
    expect(await exchange()).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('a code for one resource exchanged for another: invalid_target', async () => {
    const { exchange } = await codeFor({ resource: MCP });
    expect(await exchange({ resource: 'https://elsewhere.example' })).toMatchObject({ status: 400, body: { error: 'invalid_target' } });
  });
});

describe('refresh token rotation', () => {
  it('gives a new refresh token each time; the old one replayed is refused and ends the whole family', async () => {
    const { exchange, client } = await codeFor();
    const first = (await exchange()).body;
    const second = await refresh(client.clientId, first.refresh_token!);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    const third = await refresh(client.clientId, second.body.refresh_token!);
    expect(third.status).toBe(200);
    expect(third.body.refresh_token).not.toBe(second.body.refresh_token);
    expect(await leadsWith(third.body.access_token!)).toBe(200);

    expect(await refresh(client.clientId, first.refresh_token!)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await refresh(client.clientId, third.body.refresh_token!)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    for (const token of [first.access_token!, second.body.access_token!, third.body.access_token!]) expect(await until401(token)).toBe(401);
    const family = { clientId: client.clientId, kind: { in: ['Grant', 'AccessToken', 'RefreshToken', 'AuthorizationCode'] } };
    expect(await h.db.prisma.oAuthRecord.count({ where: family })).toBe(0);
  });

  it('a refresh token sent three times at once: the replays are refused and end the family, as a later replay does', async () => {
    const { exchange, client } = await codeFor();
    const { refresh_token } = (await exchange()).body;
    const answers = await Promise.all([refresh(client.clientId, refresh_token!), refresh(client.clientId, refresh_token!), refresh(client.clientId, refresh_token!)]);
    await expectReplayEndedFamily(client.clientId, answers);
  });
});

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

  it('an access token past its expiry is refused, though its process had it cached', async () => {
    const { exchange } = await codeFor();
    const { access_token } = (await exchange()).body;
    expect(await leadsWith(access_token!)).toBe(200);
    const aged = await h.db.prisma.oAuthRecord.updateMany({ where: { kind: 'AccessToken', idHash: sha256(access_token!) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(aged.count).toBe(1);
    expect(await until401(access_token!)).toBe(401);
  });
});

/** A POST as a client might send it, and what came back: status, type and the JSON body when there is one. */
async function post(path: string, body: string, contentType?: string) {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: contentType ? { 'content-type': contentType } : {}, body });
  const text = await response.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, type: response.headers.get('content-type') ?? '', json, text: text.slice(0, 300) };
}

const form = 'application/x-www-form-urlencoded';

describe('bad input', () => {
  it('malformed token requests get a 4xx JSON error, never a 5xx', async () => {
    const { clientId } = await app();
    const cases: [string, string, string | undefined][] = [
      ['empty body', '', form],
      ['no content type', 'grant_type=authorization_code', undefined],
      ['JSON where a form is expected', JSON.stringify({ grant_type: 'authorization_code', code: 'x', client_id: clientId }), 'application/json'],
      ['unknown grant_type', new URLSearchParams({ grant_type: 'password', username: 'a', password: 'b', client_id: clientId }).toString(), form],
      ['client credentials', new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId }).toString(), form],
      ['no client', new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x' }).toString(), form],
      ['unknown client', new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x', client_id: 'nobody' }).toString(), form],
      ['unknown refresh token', new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x', client_id: clientId }).toString(), form],
      ['huge scope', new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x', client_id: clientId, scope: 'leads.lead.read '.repeat(4000) }).toString(), form],
      ['repeated parameter', `grant_type=refresh_token&grant_type=authorization_code&client_id=${clientId}`, form],
      ['broken percent-encoding', `grant_type=%E0%A4%A&client_id=${clientId}&code=%`, form],
      ['a client secret from a public client', new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x', client_id: clientId, client_secret: 'guess' }).toString(), form],
    ];
    for (const [name, body, type] of cases) {
      const answer = await post('/oauth/token', body, type);
      expect(answer.status, `${name}: ${answer.text}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${name}: ${answer.text}`).toBeLessThan(500);
      expect(answer.json, `${name}: ${answer.text}`).toMatchObject({ error: expect.any(String) });
    }
  });

  it('malformed registrations get a 4xx JSON error, never a 5xx', async () => {
    const register = (metadata: unknown) => post('/oauth/register', JSON.stringify(metadata), 'application/json');
    const cases: [string, Promise<Awaited<ReturnType<typeof post>>>][] = [
      ['empty body', post('/oauth/register', '', 'application/json')],
      ['not JSON', post('/oauth/register', '{"redirect_uris": [', 'application/json')],
      ['a form', post('/oauth/register', 'redirect_uris=http://127.0.0.1/cb', form)],
      ['an array', register([{ redirect_uris: [redirectUri] }])],
      ['a string', register('hello')],
      ['no redirect URI', register({ client_name: 'x' })],
      ['redirect_uris not a list', register({ redirect_uris: redirectUri })],
      ['a redirect URI that is no URL', register({ redirect_uris: ['not a url'] })],
      ['a javascript: redirect URI', register({ redirect_uris: ['javascript:alert(1)//'] })],
      ['a data: redirect URI', register({ redirect_uris: ['data:text/html,<script>alert(1)</script>'] })],
      ['a redirect URI with a fragment', register({ redirect_uris: ['https://app.example/cb#x'] })],
      ['a confidential client', register({ redirect_uris: [redirectUri], token_endpoint_auth_method: 'client_secret_basic' })],
      ['the implicit grant', register({ redirect_uris: [redirectUri], grant_types: ['implicit'], response_types: ['token'] })],
      ['a huge name', register({ redirect_uris: [redirectUri], client_name: 'x'.repeat(2_000_000) })],
    ];
    for (const [name, sent] of cases) {
      const answer = await sent;
      expect(answer.status, `${name}: ${answer.text}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${name}: ${answer.text}`).toBeLessThan(500);
      expect(answer.json, `${name}: ${answer.text}`).toMatchObject({ error: expect.any(String) });
    }
  });

  it('registers https redirect URIs and loopback http ones, and no http URI of another host', async () => {
    const register = (redirectUris: string[], applicationType?: string) =>
      post('/oauth/register', JSON.stringify({ redirect_uris: redirectUris, ...(applicationType ? { application_type: applicationType } : {}) }), 'application/json');
    for (const accepted of [['https://app.example/callback'], ['http://127.0.0.1:8123/callback'], ['http://localhost:8123/callback'], ['http://[::1]:8123/callback']]) {
      const answer = await register(accepted);
      expect(answer.status, `${accepted}: ${answer.text}`).toBe(201);
      expect(answer.json).toMatchObject({ redirect_uris: accepted, token_endpoint_auth_method: 'none' });
      expect(answer.json).not.toHaveProperty('client_secret');
      const stored = await h.db.prisma.oAuthRecord.findFirst({ where: { kind: 'Client', clientId: String(answer.json?.client_id) }, select: { payload: true } });
      expect(stored?.payload).not.toHaveProperty('client_secret');
    }
    for (const [refused, applicationType] of [['http://app.example/callback'], ['http://app.example/callback', 'native'], ['http://10.0.0.1/callback']] as [string, string?][]) {
      const answer = await register([refused], applicationType);
      expect(answer.status, `${refused}: ${answer.text}`).toBe(400);
      expect(answer.json).toMatchObject({ error: 'invalid_redirect_uri' });
    }
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
