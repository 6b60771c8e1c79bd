import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyPair } from '../src/auth/key-pairs.js';
import { newFormToken } from '../src/dashboard/form-outcomes.js';
import { WEBSITE_SCOPES } from '../src/embed/website.js';
import { createApp } from '../src/http/app.js';
import { createHttpServer } from '../src/http/server.js';
import { createTenant, createUser } from '../src/tenants/tenant.service.js';
import { offlineBrowser } from './support/browser.js';
import type { BrowserSession } from './support/dashboard.js';
import { page as dashboardPage, postForm, signIn } from './support/dashboard.js';
import { useHarness } from './support/harness.js';
import { freePort, root } from './support/server-process.js';
import { mailDelivery, until } from './support/smtp.js';

const { h, tenant } = useHarness();
const smtp = mailDelivery(() => h.db.prisma, 'Business Platform <no-reply@localhost>');
const browser = offlineBrowser();
const screenshots = join(root, 'test/screenshots');
const WEBSITE = '/dashboard/settings/website';
const SITE = 'https://www.harbour-plumbing.example';

let base: string;
let server: ReturnType<typeof createHttpServer>;
let tenantId: string;
let adminId: string;
let resourceId: string;
const admin = 'owner@harbour-plumbing.example';

/** A published resource open every day, so the booking widget has days to show whatever the date. */
async function publishedResource(tenant: string, name: string, published = true) {
  const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ tenantId: tenant, weekday, opensAt: 0, closesAt: 24 * 60 }));
  const slug = `${name.toLowerCase().replaceAll(' ', '-')}-${published}`;
  const resource = await h.db.prisma.bookableResource.create({
    data: { tenantId: tenant, type: 'service', name, slug, timezone: 'Europe/London', defaultDurationMinutes: 60, maxConcurrent: 1, published, operatingHours: { create: everyDay } },
  });
  return resource.id;
}

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const app = createApp({ prisma: h.db.prisma, publicUrl: base });
  server = createHttpServer(app, { headersTimeoutMs: 10_000, receiveTimeoutMs: 15_000, keepAliveTimeoutMs: 5_000 });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  tenantId = (await createTenant(h.db.prisma, { name: 'Harbour Plumbing' })).id;
  adminId = (await createUser(h.db.prisma, { tenantId, name: 'Olive Owner', email: admin, role: 'system_admin' })).id;
  resourceId = await publishedResource(tenantId, 'Emergency call-out');
  await publishedResource(tenantId, 'Boiler service', false);
});
afterAll(async () => {
  await browser.close();
  await new Promise((resolve) => server?.close(resolve));
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });

/** Asks for a link on the sign-in page, reads it from the email the SMTP server received, and uses it. */
async function signInThroughEmail(page: Page, email: string) {
  const before = smtp.received.length;
  await page.goto(`${base}/dashboard`);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  const mail = await until(() => smtp.received.slice(before).find((m) => JSON.stringify(m.to).includes(email)), `the sign-in email to ${email}`);
  await page.goto(/http:\/\/\S+\/dashboard\/sign-in\/link\?token=[\w-]+/.exec(mail.text ?? '')?.[0] ?? '');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/dashboard`);
}

const websitePairs = () => h.db.prisma.apiKeyPair.findMany({ where: { tenantId, name: { startsWith: 'Website' } }, select: { id: true, name: true, scopes: true, allowedOrigins: true } });

/** The publishable key's answer to a page of `origin`, as a browser sends it. */
const resourcesFrom = (key: string, origin: string) => fetch(`${base}/api/bookings/resources`, { headers: { authorization: `Bearer ${key}`, origin } }).then((r) => r.status);

describe('Settings → Website in Chromium', { timeout: 180_000 }, () => {
  it('creates a key bound to the typed origins, shows its snippet and the widgets running with it, and edits its origins; mistakes change nothing', async () => {
    const { page, blocked } = await browser.page(base, { viewport: { width: 1100, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
    await signInThroughEmail(page, admin);
    await page.getByRole('link', { name: 'Website' }).first().click();
    await page.getByText('No website keys yet.').waitFor();
    expect(await page.getByLabel('What visitors book').locator('option').allTextContents()).toEqual(['Let the visitor pick', 'Emergency call-out']);
    await page.getByText(`This dashboard's origin (${base}) is added too`).waitFor();

    // A bad origin: said in the page, what was typed kept, nothing saved.
    await page.getByLabel('What visitors book').selectOption({ label: 'Emergency call-out' });
    await page.getByLabel("Your website's origins, one per line").fill(`${SITE}\nftp://harbour-plumbing.example`);
    const refused = page.waitForResponse((response) => response.url() === `${base}${WEBSITE}` && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Create website key' }).click();
    expect((await refused).status()).toBe(400);
    await page.getByRole('alert').getByText('"ftp://harbour-plumbing.example" must start with https://').waitFor();
    expect(await page.getByLabel("Your website's origins, one per line").inputValue()).toBe(`${SITE}\nftp://harbour-plumbing.example`);
    expect(await websitePairs()).toEqual([]);

    await page.getByLabel("Your website's origins, one per line").fill(`${SITE}\nhttp://localhost:5555/`);
    await page.getByRole('button', { name: 'Create website key' }).click();
    const snippet = await page.getByLabel('Snippet (HTML)').inputValue();
    const key = /publishable-key="(pk_live_[\w-]{43})"/.exec(snippet)?.[1] ?? '';
    expect(snippet).toBe(
      [
        `<script type="module" src="${base}/embed/v1/widgets.js"></script>`,
        `<bp-booking publishable-key="${key}" resource="${resourceId}"></bp-booking>`,
        `<bp-lead-form publishable-key="${key}"></bp-lead-form>`,
      ].join('\n'),
    );
    expect(await page.content()).not.toMatch(/sk_live_/);
    const [pair] = await websitePairs();
    expect(pair).toMatchObject({ name: 'Website www.harbour-plumbing.example', scopes: [...WEBSITE_SCOPES], allowedOrigins: [SITE, 'http://localhost:5555', base] });

    // The copy button puts the snippet on the clipboard.
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);

    // The preview: the widgets from /embed/v1/widgets.js, calling the API with the new key from this page.
    await page.locator('bp-booking').getByRole('grid').waitFor();
    await page.locator('bp-lead-form').getByLabel('First name').waitFor();
    await shot(page, 'website-created');

    // The key works from the listed origins only.
    expect(await resourcesFrom(key, SITE)).toBe(200);
    expect(await resourcesFrom(key, 'https://elsewhere.example')).toBe(403);

    // Its origins, edited: a path is refused in the page and nothing changes; then saved.
    await page.goto(`${base}${WEBSITE}`);
    const origins = page.getByLabel(`Origins of ${pair?.name}, one per line`);
    expect(await origins.inputValue()).toBe([SITE, 'http://localhost:5555', base].join('\n'));
    await origins.fill('https://harbour-plumbing.example/contact');
    await page.getByRole('button', { name: `Save origins of ${pair?.name}` }).click();
    await page.getByRole('alert').getByText('must be an origin only').waitFor();
    expect(await origins.inputValue()).toBe('https://harbour-plumbing.example/contact');
    expect((await websitePairs())[0]?.allowedOrigins).toEqual([SITE, 'http://localhost:5555', base]);
    await origins.fill('https://harbour-plumbing.example\nhttps://HARBOUR-plumbing.example:443');
    await page.getByRole('button', { name: `Save origins of ${pair?.name}` }).click();
    await page.getByText(`Origins of “${pair?.name}” saved: https://harbour-plumbing.example.`).waitFor();
    expect((await websitePairs())[0]?.allowedOrigins).toEqual(['https://harbour-plumbing.example']);
    await until(async () => (await resourcesFrom(key, SITE)) === 403, 'the old origin refused');
    expect(await resourcesFrom(key, 'https://harbour-plumbing.example')).toBe(200);
    expect(blocked).toEqual([]);
  });

  it('warns about website keys that work from any website, here and on the API keys page', async () => {
    await createKeyPair(h.db.prisma, { tenantId, userId: adminId, name: 'Website (old)', scopes: ['bookings.read'] });
    await createKeyPair(h.db.prisma, { tenantId, userId: adminId, name: 'ERP sync', scopes: ['leads.lead.read'], allowedOrigins: [] });
    const { page, blocked } = await browser.page(base, { viewport: { width: 375, height: 740 } });
    await signInThroughEmail(page, admin);
    await page.goto(`${base}${WEBSITE}`);
    const old = page.locator('li.card', { has: page.getByRole('heading', { name: 'Website (old)' }) });
    await old.getByText("Its publishable key works from any website: bind it to your site's origins below.").waitFor();
    // A pair for servers is not a website key: not listed here.
    expect(await page.getByRole('heading', { name: 'ERP sync' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'website-375px');

    await page.goto(`${base}/dashboard/settings/api-keys`);
    const erp = page.locator('li.card', { has: page.getByRole('heading', { name: 'ERP sync' }) });
    await erp.getByText('any', { exact: true }).waitFor();
    await erp.getByText('Its publishable key works from any website').waitFor();
    const bound = page.locator('li.card', { has: page.getByRole('heading', { name: 'Website harbour-plumbing.example' }) });
    expect(await bound.getByText('Its publishable key works from any website').count()).toBe(0);
    expect(blocked).toEqual([]);
  });
});

describe('Settings → Website over HTTP', () => {
  async function signedInAs(role: 'manager' | 'technician') {
    const t = await tenant({ role });
    const { email } = await h.db.prisma.user.findUniqueOrThrow({ where: { id: t.userId } });
    return { ...t, session: await signIn(h.app, h.db.prisma, email) };
  }
  const post = (session: BrowserSession, path: string, fields: Record<string, string>) => postForm(h.app, path, { csrf: session.csrf, ...fields }, { cookie: session.cookie });
  const pairsOf = (tenantId: string) => h.db.prisma.apiKeyPair.count({ where: { tenantId } });

  it('creates a key for "let the visitor pick": its snippet names no resource, shown once; the same form sent again creates nothing more', async () => {
    const { tenantId, session } = await signedInAs('manager');
    const fields = { form: newFormToken(new Date()), resource: '', origins: `${SITE}\n${SITE}/` };
    const created = await post(session, WEBSITE, fields);
    expect(created.status).toBe(303);
    const location = created.headers.get('location') ?? '';
    const shown = await (await dashboardPage(h.app, session, location)).text();
    const key = /publishable-key=&quot;(pk_live_[\w-]{43})&quot;/.exec(shown)?.[1];
    expect(shown).toContain(`&lt;bp-booking publishable-key=&quot;${key}&quot;>&lt;/bp-booking>`);
    expect(shown).toContain(`<bp-booking publishable-key="${key}"></bp-booking>`);
    expect(await (await dashboardPage(h.app, session, location)).text()).not.toContain(key);
    expect((await post(session, WEBSITE, fields)).status).toBe(303);
    const pairs = await h.db.prisma.apiKeyPair.findMany({ where: { tenantId, name: { startsWith: 'Website' } }, select: { name: true, scopes: true, allowedOrigins: true } });
    // Duplicates go; the dashboard's own origin (PUBLIC_URL's, here the default http://localhost) is added.
    expect(pairs).toEqual([{ name: 'Website www.harbour-plumbing.example', scopes: [...WEBSITE_SCOPES], allowedOrigins: [SITE, 'http://localhost'] }]);
  });

  it('refuses a technician the page and its forms, creating nothing', async () => {
    const { tenantId, session } = await signedInAs('technician');
    expect(await (await dashboardPage(h.app, session, '/dashboard')).text()).not.toContain(`href="${WEBSITE}"`);
    expect((await dashboardPage(h.app, session, WEBSITE)).status).toBe(403);
    const before = await pairsOf(tenantId);
    expect((await post(session, WEBSITE, { origins: SITE })).status).toBe(403);
    expect(await pairsOf(tenantId)).toBe(before);
  });

  it('refuses no origins, an unpublished or unknown resource, and too many origins, with 400 and nothing saved', async () => {
    const { tenantId, session } = await signedInAs('manager');
    const hidden = await publishedResource(tenantId, 'Back office', false);
    const before = await pairsOf(tenantId);
    const cases: [Record<string, string>, string][] = [
      [{ origins: ' \n ' }, 'Type your website'],
      [{ origins: SITE, resource: hidden }, 'Choose one of your published resources'],
      [{ origins: SITE, resource: '00000000-0000-7000-8000-000000000000' }, 'Choose one of your published resources'],
      [{ origins: Array.from({ length: 21 }, (_, i) => `https://site${i}.example`).join('\n') }, 'at most 20'],
      [{ origins: 'https://*.harbour-plumbing.example' }, 'wildcards are not supported'],
    ];
    for (const [fields, message] of cases) {
      const answer = await post(session, WEBSITE, fields);
      expect(answer.status, message).toBe(400);
      expect(await answer.text()).toContain(message);
    }
    expect(await pairsOf(tenantId)).toBe(before);
  });

  it("refuses to change the origins of another tenant's pair (404), and of a pair with a bad list (400), changing nothing", async () => {
    const { tenantId, session } = await signedInAs('manager');
    const [mine] = await h.db.prisma.apiKeyPair.findMany({ where: { tenantId }, select: { id: true } });
    const bad = await post(session, `${WEBSITE}/origins`, { id: mine!.id, origins: `${SITE}\nnot an origin` });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('&quot;not an origin&quot; is not a URL');
    expect((await h.db.prisma.apiKeyPair.findUniqueOrThrow({ where: { id: mine!.id } })).allowedOrigins).toEqual([]);
    const other = await tenant({ role: 'manager' });
    const [theirs] = await h.db.prisma.apiKeyPair.findMany({ where: { tenantId: other.tenantId }, select: { id: true, allowedOrigins: true } });
    expect((await post(session, `${WEBSITE}/origins`, { id: theirs!.id, origins: SITE })).status).toBe(404);
    expect((await h.db.prisma.apiKeyPair.findUniqueOrThrow({ where: { id: theirs!.id } })).allowedOrigins).toEqual([]);
  });
});
