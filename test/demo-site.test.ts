import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBSITE_SCOPES } from '../src/embed/website.js';
import { offlineBrowser } from './support/browser.js';
import type { ServerProcess } from './support/server-process.js';
import { freePort, root, serverDatabase, startServer } from './support/server-process.js';
import { until } from './support/smtp.js';

/** `npm run demo`: the API, and a sample business page on another origin with both widgets on the demo's publishable key. */
describe('the demo’s sample website', { timeout: 180_000 }, () => {
  let database: Awaited<ReturnType<typeof serverDatabase>>;
  let server: ServerProcess;
  let sitePort: number;
  let site: string;
  let banner: string;
  const browser = offlineBrowser();

  beforeAll(async () => {
    mkdirSync(join(root, 'test/screenshots'), { recursive: true });
    database = await serverDatabase();
    sitePort = await freePort();
    server = await startServer({ ...database.env, DEMO_SITE_PORT: String(sitePort) }, { wholeLog: true, args: ['--demo'] });
    // The demo's data (PDFs among it) takes a while on a busy machine.
    banner = await until(() => (server.stderr().includes('Dashboard: ') ? server.stderr() : undefined), 'the demo banner', 90_000).catch((error: Error) => {
      throw new Error(`${error.message}; the server wrote: ${server.stderr()}`);
    });
    site = `http://localhost:${sitePort}`;
  });
  afterAll(async () => {
    await browser.close();
    await server?.stop();
    await database?.drop();
  });

  const api = () => `http://localhost:${server.port}`;
  const pageKey = (html: string) => /<bp-lead-form publishable-key="(pk_live_[\w-]{43})">/.exec(html)?.[1] ?? '';

  it('prints the page’s URL beside the curl lines, and the page holds the snippet under a strict policy', async () => {
    expect(banner).toContain(`Sample website: ${site}/ (the booking widget and the lead form`);
    expect(banner.indexOf('Sample website: ')).toBeGreaterThan(banner.indexOf('curl -H'));

    const answer = await fetch(`http://127.0.0.1:${sitePort}/`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const policy = answer.headers.get('content-security-policy') ?? '';
    expect(policy).toBe(`default-src 'none'; script-src ${api()}; connect-src ${api()}; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`);
    const html = await answer.text();
    const key = pageKey(html);
    expect(key).toMatch(/^pk_live_/);
    expect(html).toContain(`<script type="module" src="${api()}/embed/v1/widgets.js"></script>`);
    expect(html).toMatch(new RegExp(`<bp-booking publishable-key="${key}" resource="[0-9a-f-]{36}"></bp-booking>`));
    expect(html).not.toMatch(/<script>|<style|style="/);

    const stylesheet = await fetch(`${site}/site.css`);
    expect([stylesheet.status, stylesheet.headers.get('content-type')]).toEqual([200, 'text/css; charset=utf-8']);
    expect((await fetch(`${site}/admin`)).status).toBe(404);
    expect((await fetch(`${site}/`, { method: 'POST' })).status).toBe(405);
  });

  it('binds the demo’s publishable key to the page’s origins, with a website’s scopes, and the lead form asks the demo’s custom fields', async () => {
    const key = pageKey(await (await fetch(`${site}/`)).text());
    const secret = /Bearer (sk_live_[\w-]{43})/.exec(banner)?.[1];
    const listed = await fetch(`${api()}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ apiKeyPairs(first: 100) { nodes { name scopes allowedOrigins keys { kind hint } } } }' }),
    }).then((r) => r.json());
    const pair = listed.data.apiKeyPairs.nodes.find((p: { keys: { kind: string; hint: string }[] }) => p.keys.some((k) => k.kind === 'publishable' && k.hint.endsWith(key.slice(-4))));
    expect(pair).toEqual({
      name: 'Demo website',
      scopes: [...WEBSITE_SCOPES],
      allowedOrigins: [site, `http://127.0.0.1:${sitePort}`],
      keys: expect.any(Array),
    });

    const from = (origin: string, path: string) => fetch(`${api()}/api${path}`, { headers: { authorization: `Bearer ${key}`, origin } });
    expect((await from(site, '/bookings/resources')).status).toBe(200);
    expect((await from('https://elsewhere.example', '/bookings/resources')).status).toBe(403);
    const form = await from(site, '/leads/form');
    expect(form.status).toBe(200);
    const fields = (await form.json()).data.fields.map((f: { key: string; required: boolean; options: string[] }) => [f.key, f.required, f.options.length]);
    expect(fields).toEqual([
      ['equipment', true, 4],
      ['capacityTonnes', false, 0],
    ]);
  });

  it('renders both widgets in Chromium under the page’s policy, calling the API across origins', async () => {
    const { page, blocked } = await browser.page([site, api()], { viewport: { width: 375, height: 800 } });
    await page.goto(`${site}/`);
    await page.getByRole('heading', { name: 'Demo Field Services' }).waitFor();
    await page.locator('bp-booking').getByRole('grid').waitFor();
    await page.locator('bp-lead-form').getByLabel('Equipment to inspect').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: join(root, 'test/screenshots/demo-site-375px.png'), fullPage: true });
    expect(blocked).toEqual([]);
  });

  it('is not served without --demo', async () => {
    const plain = await serverDatabase();
    const port = await freePort();
    const other = await startServer({ ...plain.env, DEMO_SITE_PORT: String(port) });
    try {
      await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    } finally {
      await other.stop();
      await plain.drop();
    }
  });
});
