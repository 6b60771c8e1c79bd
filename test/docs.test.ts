import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/http/app.js';
import { offlineBrowser } from './support/browser.js';
import { useHarness } from './support/harness.js';
import type { ServerProcess } from './support/server-process.js';
import { serverDatabase, startServer } from './support/server-process.js';

const { h } = useHarness();
const get = (path: string, headers: Record<string, string> = {}) => h.app.fetch(`http://localhost${path}`, { headers });

/** The human-facing pages are served by the API itself and reach nothing else: users run it air-gapped. */
describe('API reference and GraphiQL', () => {
  it('serves the OpenAPI document without a key, naming the server it came from', async () => {
    const response = await get('/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const document = await response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths).length).toBeGreaterThan(0);
    expect(document.servers).toEqual([{ url: 'http://localhost', description: 'This server' }]);
  });

  it('names the server by its configured public URL, never by the Host header a client sends', async () => {
    const app = createApp({ prisma: h.db.prisma, publicUrl: 'https://api.example.com/platform' });
    const spoofed = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
    for (const url of ['http://evil.example/openapi.json', 'http://localhost/openapi.json']) {
      const document = await (await app.fetch(url, { headers: spoofed })).json();
      expect(document.servers, url).toEqual([{ url: 'https://api.example.com/platform', description: 'This server' }]);
    }
    // The reference page loads that document by a relative path, and names no host itself.
    const page = await (await app.fetch('http://evil.example/docs', { headers: spoofed })).text();
    const init = await (await app.fetch('http://evil.example/docs/init.js', { headers: spoofed })).text();
    expect(page + init).not.toContain('evil.example');
    expect(init).toContain("url: '/openapi.json'");
  });

  it('serves Swagger UI at /docs from same-origin assets only, under a strict CSP', async () => {
    const response = await get('/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; worker-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    const html = await response.text();
    expect(html).toContain('<title>Business Platform API reference</title>');
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<script>/); // No inline script: the CSP would block it.
    const assets = [...html.matchAll(/(?:src|href)="([^"]*)"/g)].map((m) => m[1]!);
    expect(assets).toEqual(['/docs/swagger-ui.css', '/docs/swagger-ui-bundle.js', '/docs/swagger-ui-standalone-preset.js', '/docs/init.js']);
    for (const asset of assets) {
      const served = await get(asset);
      expect(served.status, asset).toBe(200);
      expect(served.headers.get('content-type'), asset).toMatch(/^text\/(javascript|css)/);
      expect(served.headers.get('cache-control'), asset).toBe('public, max-age=86400');
      expect((await served.text()).length, asset).toBeGreaterThan(0);
    }
    expect(await (await get('/docs/')).text()).toBe(html);
    // Swagger UI's 1.5 MB bundle goes compressed to a browser that accepts it.
    const identity = Buffer.from(await (await get('/docs/swagger-ui-bundle.js')).arrayBuffer());
    const compressed = await get('/docs/swagger-ui-bundle.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('vary')).toBe('Accept-Encoding');
    const body = Buffer.from(await compressed.arrayBuffer());
    expect(body.length).toBeLessThan(identity.length / 3);
    expect(brotliDecompressSync(body).equals(identity)).toBe(true);
    const head = await h.app.fetch('http://localhost/docs/swagger-ui-bundle.js', { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(Number(head.headers.get('content-length'))).toBe(body.length);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('serves GraphiQL at /graphql as a small page of same-origin files, with a key template and an example query', async () => {
    const response = await get('/graphql', { accept: 'text/html' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    // Its files come from this server, so the pages' strict policy applies: no inline script.
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; worker-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    const html = await response.text();
    expect(html.length).toBeLessThan(50_000);
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)/); // Every script is a file.
    expect(html).not.toMatch(/<style/);
    expect(html).toContain('<title>Business Platform API</title>');
    expect(html).toContain('Bearer sk_live_...');
    expect(html).toContain('Put your secret key in the Headers tab below');
    expect(html).toContain('leads(first: 5)');

    const files = [...html.matchAll(/(?:src|href)="([^"]*)"/g)].map((m) => m[1]!);
    const workers = JSON.parse(/data-workers="([^"]*)"/.exec(html)![1]!.replaceAll('&quot;', '"')) as Record<string, string>;
    expect(Object.keys(workers).sort()).toEqual(['editorWorkerService', 'graphql', 'json']);
    const assets = [...files, ...Object.values(workers)];
    expect(assets).toHaveLength(7); // icon, stylesheet, start script, bundle, three workers
    for (const asset of assets) {
      // Each file is named by its content's hash, so browsers keep it for a year.
      expect(asset, asset).toMatch(/^\/docs\/graphiql\/[\w.-]+\.[0-9a-f]{16}\.(js|css|ico)$/);
      const served = await get(asset);
      expect(served.status, asset).toBe(200);
      expect(served.headers.get('content-type'), asset).toMatch(/^(text\/(javascript|css)|image\/)/);
      expect(served.headers.get('cache-control'), asset).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('vary'), asset).toBe('Accept-Encoding');
      expect(served.headers.get('content-encoding'), asset).toBeNull();
      const body = Buffer.from(await served.arrayBuffer());
      expect(body.length, asset).toBeGreaterThan(0);
      expect(Number(served.headers.get('content-length')), asset).toBe(body.length);
    }
    // The bundle, compressed when the browser accepts it, decodes to the same bytes.
    const bundle = assets.find((a) => /\/graphiql\.[0-9a-f]{16}\.js$/.test(a))!;
    const identity = Buffer.from(await (await get(bundle)).arrayBuffer());
    expect(identity.length).toBeGreaterThan(1_000_000);
    for (const [accept, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const served = await get(bundle, { 'accept-encoding': accept });
      expect(served.headers.get('content-encoding'), accept).toBe(accept);
      const body = Buffer.from(await served.arrayBuffer());
      expect(Number(served.headers.get('content-length')), accept).toBe(body.length);
      expect(body.length, accept).toBeLessThan(identity.length / 3);
      expect(decode(body).equals(identity), accept).toBe(true);
    }
    // Another version's file is not this one's.
    const stale = await get(bundle.replace(/[0-9a-f]{16}/, '0'.repeat(16)));
    expect(stale.status).toBe(404);
  });

  it('answers other methods 405 and unknown /docs paths 404, in JSON', async () => {
    for (const path of ['/docs', '/openapi.json']) {
      const response = await h.app.fetch(`http://localhost${path}`, { method: 'POST' });
      expect(response.status, path).toBe(405);
      expect(response.headers.get('allow'), path).toBe('GET, HEAD');
      expect(await response.json(), path).toEqual({ error: 'Method Not Allowed', message: 'Use GET' });
    }
    const missing = await get('/docs/nothing.js');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Not Found', message: 'No route /docs/nothing.js' });
  });
});

/** The real server in a real browser that can reach nothing but the server: what an air-gapped user sees. */
describe('in a browser without internet access', { timeout: 180_000 }, () => {
  let database: Awaited<ReturnType<typeof serverDatabase>>;
  let server: ServerProcess;
  const browser = offlineBrowser();

  beforeAll(async () => {
    database = await serverDatabase({ PUBLIC_URL: 'https://api.example.com' });
    server = await startServer(database.env);
  });
  afterAll(async () => {
    await browser.close();
    await server?.stop();
    await database?.drop();
  });

  const offlinePage = () => browser.page(server.base);

  it('names PUBLIC_URL in /openapi.json whatever Host header the request carries', async () => {
    const { hostname, port } = new URL(server.base);
    const body = await new Promise<string>((resolve, reject) => {
      const sent = httpRequest({ hostname, port, path: '/openapi.json', headers: { host: 'evil.example' } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve(text));
      });
      sent.on('error', reject);
      sent.end();
    });
    expect(JSON.parse(body).servers).toEqual([{ url: 'https://api.example.com', description: 'This server' }]);
  });

  it('renders GraphiQL at /graphql', async () => {
    const { page, blocked } = await offlinePage();
    // GraphiQL loads the schema by introspection, which needs no key (the prefilled template is not one).
    const introspection = page.waitForResponse((r) => r.url() === `${server.base}/graphql` && r.request().method() === 'POST');
    // Its bundle comes as a file, compressed; Monaco's workers are files of the server too.
    const bundle = page.waitForResponse((r) => /\/docs\/graphiql\/graphiql\.[0-9a-f]{16}\.js$/.test(r.url()));
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto(`${server.base}/graphql`);
    expect(['br', 'gzip']).toContain((await (await bundle).allHeaders())['content-encoding']);
    await page.locator('.graphiql-container').first().waitFor({ state: 'visible', timeout: 30_000 });
    expect(await page.title()).toBe('Business Platform API');
    expect((await (await introspection).json()).data.__schema).toBeDefined();
    await expect.poll(() => page.locator('.graphiql-query-editor').first().textContent()).toMatch(/leads\(first:\s5\)/);
    await expect.poll(() => workers.length).toBeGreaterThan(0);
    for (const worker of workers) expect(worker).toMatch(new RegExp(`^${server.base}/docs/graphiql/[\\w.]+\\.worker\\.[0-9a-f]{16}\\.js$`));
    expect(blocked).toEqual([]);
  });

  it('renders the API reference at /docs', async () => {
    const { page, blocked } = await offlinePage();
    await page.goto(`${server.base}/docs`);
    await page.locator('.opblock').first().waitFor({ state: 'visible', timeout: 30_000 });
    expect(await page.title()).toBe('Business Platform API reference');
    expect(blocked).toEqual([]);
  });
});
