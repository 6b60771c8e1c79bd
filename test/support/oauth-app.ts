import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { createHttpServer } from '../../src/http/server.js';
import { createUser } from '../../src/tenants/tenant.service.js';
import { useHarness } from './harness.js';
import { type Authorization, authorize, CookieJar, outboxLink, pkce, registerClient, tokenRequest, type User } from './oauth.js';
import { freePort } from './server-process.js';

export const redirectUri = 'http://127.0.0.1:9999/callback';
export const form = 'application/x-www-form-urlencoded';
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const bearer = (token: string | undefined): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

/**
 * The authorization server in the test's process, listening on a real port (oidc-provider answers
 * node:http requests only) that is also its public URL, over the test file's own database (PGlite,
 * or PostgreSQL with TEST_DATABASE_URL), so rows can be read and aged; and the calls its tests make.
 */
export async function useOAuthApp() {
  const base = `http://127.0.0.1:${await freePort()}`;
  const { h, tenant } = useHarness({ publicUrl: base });
  const MCP = `${base}/mcp`;

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

  /** The authorization endpoint as a browser meets it, without following where it sends the browser. */
  async function authorizationRequest(fields: Record<string, string>, jar = new CookieJar()) {
    const response = await fetch(`${base}/oauth/authorize?${new URLSearchParams({ response_type: 'code', state: 'state-1', ...fields })}`, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(response);
    const text = await response.text();
    return { status: response.status, location: response.headers.get('location'), type: response.headers.get('content-type'), text };
  }

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

  return { h, base, MCP, person, app, get, graphql, mcp, toolNames, authorizationRequest, codeFor, refresh, leadsWith, until401, post };
}
