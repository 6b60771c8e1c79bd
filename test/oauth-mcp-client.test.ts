import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthClientProvider, OAuthDiscoveryState, OAuthTokens } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineBrowser } from './support/browser.js';
import { mailedLink } from './support/oauth.js';
import { secretKey, serverDatabase, startServer, type ServerProcess } from './support/server-process.js';

/**
 * An MCP agent connecting as current clients do, with the official SDK's own OAuth support: the
 * 401's metadata, registration (a client ID metadata document served over https, or dynamic
 * registration), the user's sign-in and consent in Chromium, the code exchange with PKCE and the
 * resource, the `iss` check; then tools of the granted scopes only, and step-up for a scope it lacks.
 */

/** An agent's OAuth state, as a desktop MCP client keeps it; the browser step is the test's. */
class AgentOAuth implements OAuthClientProvider {
  pendingAuthorization: URL | undefined;
  private client: OAuthClientInformationMixed | undefined;
  private saved: OAuthTokens | undefined;
  private verifier = '';
  private discovery: OAuthDiscoveryState | undefined;
  constructor(
    readonly redirectUrl: string,
    readonly clientMetadataUrl?: string,
  ) {}
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'Test Agent', redirect_uris: [this.redirectUrl], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }
  clientInformation = () => this.client;
  saveClientInformation = (client: OAuthClientInformationMixed) => void (this.client = client);
  tokens = () => this.saved;
  saveTokens = (tokens: OAuthTokens) => void (this.saved = tokens);
  redirectToAuthorization = (url: URL) => void (this.pendingAuthorization = url);
  saveCodeVerifier = (verifier: string) => void (this.verifier = verifier);
  codeVerifier = () => this.verifier;
  // Kept so the SDK can check that the code comes back from the authorization server it was sent to (SEP-2352).
  saveDiscoveryState = (state: OAuthDiscoveryState) => void (this.discovery = state);
  discoveryState = () => this.discovery;
}

/** A one-route server where the browser lands after consent (the agent's loopback redirect). */
async function callbackServer() {
  const landed: URL[] = [];
  const server = createServer((req, res) => {
    landed.push(new URL(req.url ?? '/', 'http://127.0.0.1'));
    res.end('You can close this window.');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`, landed, server };
}

/** The agent's client ID metadata document at an https URL, with a certificate the API server is told to trust. */
async function metadataDocumentServer(dir: string, redirectUri: string) {
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost'], { stdio: 'ignore' });
  let url = '';
  const server = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('cache-control', 'max-age=60');
    res.end(JSON.stringify({ client_id: url, client_name: 'Metadata Agent', client_uri: url.replace(/\/[^/]*$/, ''), redirect_uris: [redirectUri], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://localhost:${(server.address() as AddressInfo).port}/agent/client.json`;
  return { url, cert, server };
}

const EMAIL = 'alex@demo.example';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What axe-core finds serious or critical on the page (its source evaluated by the test: the page's CSP forbids inline scripts, not DevTools). */
async function seriousViolations(page: Awaited<ReturnType<ReturnType<typeof offlineBrowser>['page']>>['page']) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const results = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return (results.violations as { id: string; impact: string }[]).map((v) => ({ id: v.id, impact: v.impact }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

describe('an MCP agent signs in with OAuth (the SDK client, Chromium for the user)', () => {
  const browser = offlineBrowser();
  let api: ServerProcess;
  let base: string;
  let drop: () => Promise<void>;
  let dataDir: string;
  let callback: Awaited<ReturnType<typeof callbackServer>>;
  let metadata: Awaited<ReturnType<typeof metadataDocumentServer>>;
  let context: Awaited<ReturnType<typeof browser.page>>;
  const servers: Server[] = [];

  beforeAll(async () => {
    callback = await callbackServer();
    metadata = await metadataDocumentServer(mkdtempSync(join(tmpdir(), 'bp-cimd-')), callback.url);
    servers.push(callback.server, metadata.server);
    const database = await serverDatabase({ OAUTH_ALLOW_PRIVATE_NETWORKS: '1', NODE_EXTRA_CA_CERTS: metadata.cert });
    drop = database.drop;
    dataDir = database.env.DATA_DIR!;
    await secretKey(database.env); // seeds the demo tenant, whose manager is alex@demo.example
    api = await startServer(database.env);
    base = `http://localhost:${api.port}`;
    context = await browser.page([base, new URL(callback.url).origin]);
  });

  afterAll(async () => {
    await browser.close();
    await api?.stop();
    await drop?.();
    for (const server of servers) server.close();
  });

  /** The user's part in Chromium: sign in by the emailed link when needed, then consent, keeping only `keep` of the scopes offered. */
  async function consentInBrowser(authorization: URL, keep: (scope: string) => boolean): Promise<{ offered: string[]; landed: URL; text: string }> {
    const { page } = context;
    const before = callback.landed.length;
    await page.goto(authorization.href);
    if (await page.locator('input[name="email"]').count()) {
      expect(await seriousViolations(page)).toEqual([]);
      const asked = Date.now() - 1000;
      await page.fill('input[name="email"]', EMAIL);
      await page.click('button[type="submit"]');
      await page.waitForSelector('[role="status"]');
      const link = await mailedLink(dataDir, EMAIL, asked);
      await page.goto(link.href.replace(/^http:\/\/localhost:\d+/, base));
      await page.click('button[type="submit"]');
    }
    await page.waitForSelector('text=It may:');
    expect(await page.textContent('h1')).toMatch(/^Connect /);
    const text = (await page.textContent('main, body')) ?? '';
    expect(await seriousViolations(page)).toEqual([]);
    expect(context.blocked).toEqual([]);
    const boxes = page.locator('input[name="scope"]');
    const offered = await boxes.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    for (const scope of offered) if (!keep(scope)) await page.uncheck(`input[name="scope"][value="${scope}"]`);
    await page.click('button[value="allow"]');
    await expect.poll(() => callback.landed.length, { timeout: 15_000 }).toBeGreaterThan(before);
    return { offered, landed: callback.landed.at(-1)!, text };
  }

  async function connectedClient(agent: AgentOAuth): Promise<Client> {
    const client = new Client({ name: 'test-agent', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: agent }));
    return client;
  }

  /** Connects `agent`: the SDK's discovery from the 401, the browser's consent, the SDK's code exchange with `iss` checked. */
  async function authorizeAgent(agent: AgentOAuth, keep: (scope: string) => boolean) {
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: agent });
    const client = new Client({ name: 'test-agent', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await expect(client.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    const authorization = agent.pendingAuthorization!;
    expect(authorization.origin).toBe(base);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('resource')).toBe(`${base}/mcp`);
    const consent = await consentInBrowser(authorization, keep);
    expect(consent.landed.searchParams.get('iss')).toBe(base);
    await transport.finishAuth(consent.landed.searchParams);
    return consent;
  }

  it('registers by its client ID metadata document, and the consent page names its verified domain', async () => {
    const agent = new AgentOAuth(callback.url, metadata.url);
    const consent = await authorizeAgent(agent, (scope) => scope.startsWith('leads.'));
    expect(consent.text).toContain('Metadata Agent');
    expect(consent.text).toContain(`verified domain ${new URL(metadata.url).host}`);
    expect(consent.text).toContain('Alex');
    expect(consent.offered).toContain('pipeline');
    expect(agent.clientInformation()?.client_id).toBe(metadata.url);
    const client = await connectedClient(agent);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('leads');
    expect(names).toContain('createLead');
    expect(names).not.toContain('deals');
    const leads = await client.callTool({ name: 'leads', arguments: { limit: 2 } });
    expect(leads.isError).toBeFalsy();
    expect(leads.structuredContent).toMatchObject({ data: expect.any(Array) });
    // The graphql tool reads as the token does, though its token was asked for /mcp alone.
    const read = await client.callTool({ name: 'graphql', arguments: { query: '{ viewer { credential scopes } leads(first: 1) { totalCount } }' } });
    expect(read.structuredContent).toMatchObject({ data: { viewer: { credential: 'oauth', scopes: ['leads.lead.read', 'leads.lead.write'] }, leads: { totalCount: expect.any(Number) } } });
    await client.close();
  });

  it('registers dynamically when it has no metadata document; a scope it lacks is stepped up by a second consent', async () => {
    const agent = new AgentOAuth(callback.url);
    await authorizeAgent(agent, (scope) => scope === 'leads.lead.read');
    expect(agent.clientInformation()?.client_id).not.toMatch(/^https:/);
    const client = await connectedClient(agent);
    expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain('createLead');
    // The call needs leads.lead.write: 403 insufficient_scope, which the SDK turns into a new authorization.
    await expect(client.callTool({ name: 'createLead', arguments: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' } })).rejects.toThrow();
    const stepUp = agent.pendingAuthorization!;
    expect(stepUp.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['leads.lead.read', 'leads.lead.write']));
    const consent = await consentInBrowser(stepUp, () => true);
    expect(consent.text).toContain('Test Agent');
    expect(consent.text).toContain('its name is not verified');
    expect(consent.offered).toEqual(['leads.lead.read', 'leads.lead.write']);
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: agent });
    await transport.finishAuth(consent.landed.searchParams);
    const widened = await connectedClient(agent);
    const created = await widened.callTool({ name: 'createLead', arguments: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', source: 'mcp' } });
    expect(created.isError).toBeFalsy();
    expect(created.structuredContent).toMatchObject({ data: { firstName: 'Ada' } });
    await client.close();
    await widened.close();
  });
});
