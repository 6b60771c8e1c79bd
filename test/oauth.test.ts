import { describe, expect, it } from 'vitest';
import { authorize, connect, pkce } from './support/oauth.js';
import { form, redirectUri, sha256, useOAuthApp } from './support/oauth-app.js';

/**
 * The authorization server (issue 44) as clients meet it, and what it refuses: discovery, the code
 * flow on both resources, authorization and token requests an attacker would send, refresh
 * rotation, and malformed input. Its defences further: test/oauth-attacks.test.ts.
 */
const { h, base, MCP, person, app, get, graphql, mcp, toolNames, authorizationRequest, codeFor, refresh, leadsWith, until401, post } = await useOAuthApp();

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

  it('for a client ID that is a URL the server must not fetch (plain http, a private address, credentials, a fragment): a page, no redirect', async () => {
    const { challenge } = pkce();
    const ids = ['http://app.example/client.json', 'https://127.0.0.1:1/client.json', 'https://localhost/client.json', 'https://10.0.0.1/client.json', 'https://user:pw@app.example/client.json', 'https://app.example/client.json#x', 'https://app.example'];
    for (const clientId of ids) {
      const answer = await authorizationRequest({ client_id: clientId, redirect_uri: redirectUri, code_challenge: challenge, code_challenge_method: 'S256' });
      expect(answer.status, `${clientId}: ${answer.text.slice(0, 200)}`).toBe(400);
      expect(answer.location, clientId).toBeNull();
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

  it('a refresh token presented by another client: invalid_grant, and it still works for its own', async () => {
    const { exchange, client } = await codeFor();
    const { refresh_token } = (await exchange()).body;
    const other = await app();
    expect(await refresh(other.clientId, refresh_token!)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await refresh(client.clientId, refresh_token!)).status).toBe(200);
  });

  it('a refresh token sent three times at once: the replays are refused and end the family, as a later replay does', async () => {
    const { exchange, client } = await codeFor();
    const { refresh_token } = (await exchange()).body;
    const answers = await Promise.all([refresh(client.clientId, refresh_token!), refresh(client.clientId, refresh_token!), refresh(client.clientId, refresh_token!)]);
    await expectReplayEndedFamily(client.clientId, answers);
  });
});

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
      ['a name the consent page cannot show (50 KB)', register({ redirect_uris: [redirectUri], client_name: 'x'.repeat(50_000) })],
      ['eleven redirect URIs', register({ redirect_uris: Array.from({ length: 11 }, (_, i) => `http://127.0.0.1:${8000 + i}/cb`) })],
      ['a redirect URI of 3,000 characters', register({ redirect_uris: [`http://127.0.0.1/${'a'.repeat(3_000)}`] })],
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
