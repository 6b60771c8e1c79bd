import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createApp } from '../src/http/app.js';
import { createRateLimits, type RateLimits } from '../src/http/rate-limits.js';
import { createHttpServer } from '../src/http/server.js';
import { createTenant, createUser } from '../src/tenants/tenant.service.js';
import { offlineBrowser } from './support/browser.js';
import { useHarness } from './support/harness.js';
import { freePort, root } from './support/server-process.js';
import { mailDelivery, until } from './support/smtp.js';

const { h } = useHarness();
const smtp = mailDelivery(() => h.db.prisma, 'Business Platform <no-reply@localhost>');
const browser = offlineBrowser();
const screenshots = join(root, 'test/screenshots');

let base: string;
let server: ReturnType<typeof createHttpServer>;
let rateLimits: RateLimits;
let tenantId: string;
const admin = 'owner@dashboard.example';
const technician = 'tech@dashboard.example';

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // The budgets a server has by default, over a window of a minute rather than 10 s, so that a busy
  // machine's pace cannot spread a test's pages over two windows; each test's browser comes from
  // its own address (behind one trusted proxy).
  const config = loadConfig({});
  rateLimits = await createRateLimits({
    keyRequests: config.RATE_LIMIT_KEY_REQUESTS,
    ipRequests: config.RATE_LIMIT_IP_REQUESTS,
    publicAddressRequests: config.RATE_LIMIT_PUBLIC_ADDRESS_REQUESTS,
    publicKeyRequests: config.RATE_LIMIT_PUBLIC_KEY_REQUESTS,
    publicBookingsPerHour: config.RATE_LIMIT_PUBLIC_BOOKINGS_PER_HOUR,
    windowSeconds: 60,
  });
  const app = createApp({ prisma: h.db.prisma, now: () => new Date(Date.now() + h.clock.offsetMs), publicUrl: base, rateLimits, trustProxyHops: 1 });
  server = createHttpServer(app, { headersTimeoutMs: 10_000, receiveTimeoutMs: 15_000, keepAliveTimeoutMs: 5_000 });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  tenantId = (await createTenant(h.db.prisma, { name: 'Harbour Plumbing' })).id;
  await createUser(h.db.prisma, { tenantId, name: 'Olive Owner', email: admin, role: 'system_admin' });
  await createUser(h.db.prisma, { tenantId, name: 'Theo Tech', email: technician, role: 'technician' });
});
afterAll(async () => {
  await browser.close();
  await new Promise((resolve) => server?.close(resolve));
  await rateLimits?.close();
});

let addresses = 0;
/** A browser page from a client address of its own, so each test has the anonymous budget to itself. */
const client = (options: BrowserContextOptions) => browser.page(base, { ...options, extraHTTPHeaders: { 'x-forwarded-for': `10.0.0.${(addresses += 1)}` } });

const shot = (page: Page, name: string) => page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });

/** Asks for a link on the sign-in page, reads it from the email the SMTP server received, and uses it. */
async function signInThroughEmail(page: Page, email: string) {
  const before = smtp.received.length;
  await page.goto(`${base}/dashboard`);
  expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await page.getByText('If an account uses this address, we have emailed it a sign-in link.').waitFor();
  const mail = await until(() => smtp.received.slice(before).find((m) => m.to && JSON.stringify(m.to).includes(email)), `the sign-in email to ${email}`);
  const link = /http:\/\/\S+\/dashboard\/sign-in\/link\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
  expect(link?.startsWith(base)).toBe(true);
  await page.goto(link ?? '');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/dashboard`);
}

const leads = (key: string) => fetch(`${base}/api/v1/leads`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status);
const companies = (key: string) => fetch(`${base}/api/v1/companies`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status);

describe('the dashboard in Chromium', { timeout: 180_000 }, () => {
  it('signs in by email, creates, rotates and revokes a key pair, and signs out', async () => {
    const { page, blocked } = await client({ viewport: { width: 1100, height: 900 } });
    await signInThroughEmail(page, admin);
    await page.getByRole('heading', { name: 'Harbour Plumbing' }).waitFor();
    await shot(page, 'home');

    await page.getByRole('link', { name: 'API keys' }).first().click();
    await page.getByLabel('Name', { exact: true }).fill('Website booking widget');
    await page.getByLabel('leads.lead.read').check();
    await page.getByLabel('contacts.read').check();
    await page.getByRole('button', { name: 'Create key pair' }).click();
    const secret = await page.getByLabel('Secret key (servers only)').inputValue();
    const publishable = await page.getByLabel('Publishable key (public pages)').inputValue();
    expect(secret).toMatch(/^sk_live_[\w-]{43}$/);
    expect(publishable).toMatch(/^pk_live_[\w-]{43}$/);
    await page.getByText('It will not be shown again').waitFor();
    await shot(page, 'api-keys-created');
    // While the new key is shown, the MCP client configuration carries it, ready to paste.
    expect(await page.locator('section[aria-labelledby="mcp-title"] pre').textContent()).toContain(`"Authorization": "Bearer ${secret}"`);
    expect(await leads(secret)).toBe(200);
    expect(await companies(secret)).toBe(403);

    // Shown once: the list has only hints.
    await page.goto(`${base}/dashboard/settings/api-keys`);
    expect(await page.content()).not.toContain(secret);
    await page.getByText(`sk_live_…${secret.slice(-4)}`).waitFor();

    await page.getByRole('button', { name: 'Rotate Website booking widget' }).click();
    const rotated = await page.getByLabel('Secret key (servers only)').inputValue();
    expect(rotated).not.toBe(secret);
    await page.getByText('Expires in 24 hours').waitFor();
    await shot(page, 'api-keys-rotated');
    expect(await leads(rotated)).toBe(200);
    h.clock.offsetMs = 23 * 3_600_000;
    expect(await leads(secret)).toBe(200);
    h.clock.offsetMs = 24 * 3_600_000 + 60_000;
    expect(await leads(secret)).toBe(401);
    expect(await leads(rotated)).toBe(200);
    h.clock.offsetMs = 0;

    // Revoke the new pair (the first in the list, newest first), after a confirmation.
    await page.goto(`${base}/dashboard/settings/api-keys`);
    await page.getByRole('link', { name: 'Revoke Website booking widget' }).first().click();
    await page.getByText('This cannot be undone').waitFor();
    await page.getByRole('button', { name: 'Revoke key pair' }).click();
    await page.getByText('is revoked: its keys no longer work').waitFor();
    expect(await leads(rotated)).toBe(401);
    await shot(page, 'api-keys');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${base}/dashboard/sign-in`);
    await page.goto(`${base}/dashboard/settings/api-keys`);
    expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
    expect(blocked).toEqual([]);
  });

  it('adds a webhook endpoint for two event types, shows its secret once, sends a test event and lists its delivery', async () => {
    const { page, blocked } = await client({ viewport: { width: 1100, height: 900 } });
    await signInThroughEmail(page, admin);
    await page.getByRole('link', { name: 'Webhooks' }).first().click();
    await page.getByText('No endpoints yet.').waitFor();
    // A public IP literal: the server refuses private addresses, and DNS does not work here.
    const url = 'https://93.184.215.14/browser-hook';
    await page.getByLabel('Endpoint URL').fill(url);
    await page.getByLabel('deal.won', { exact: true }).check();
    await page.getByLabel('invoice.paid', { exact: true }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByText('It will not be shown again').waitFor();
    const secret = await page.getByLabel('Signing secret', { exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const endpoint = await h.db.prisma.webhookEndpoint.findFirstOrThrow({ where: { tenantId, url } });
    expect(endpoint).toMatchObject({ secret, events: ['deal.won', 'invoice.paid'] });
    await shot(page, 'webhooks-created');

    await page.reload();
    expect(await page.content()).not.toContain(secret);
    await page.getByText('deal.won, invoice.paid').waitFor();

    await page.getByRole('link', { name: url }).click();
    await page.getByText('No deliveries yet').waitFor();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText('Test event sent').waitFor();
    await page.getByRole('heading', { name: /webhook\.test/ }).waitFor();
    await page.getByRole('button', { name: 'Retry the webhook.test delivery' }).waitFor();
    expect(await h.db.prisma.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(1);
    await shot(page, 'webhook-endpoint');
    expect(blocked).toEqual([]);
  });

  it('shows a technician a "not allowed" page, readable at 375 px and labelled throughout', async () => {
    const { page, blocked } = await client({ viewport: { width: 375, height: 740 } });
    await signInThroughEmail(page, technician);
    expect(await page.getByRole('link', { name: 'API keys' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Webhooks' }).count()).toBe(0);
    const response = await page.goto(`${base}/dashboard/settings/api-keys`);
    expect(response?.status()).toBe(403);
    await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
    await page.getByText('Only administrators and managers can manage API keys.').waitFor();
    await shot(page, 'not-allowed-375px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(blocked).toEqual([]);
  });

  it('keeps every control labelled and reachable by keyboard, at 375 px', async () => {
    const { page } = await client({ viewport: { width: 375, height: 740 } });
    await signInThroughEmail(page, admin);
    // An app the administrator connected with OAuth (its grant as the authorization server stores it), so its card and Revoke form are on the page.
    const owner = await h.db.prisma.user.findFirstOrThrow({ where: { tenantId, email: admin } });
    const grantId = randomUUID();
    await h.db.prisma.oAuthRecord.create({
      data: { kind: 'Grant', idHash: createHash('sha256').update(grantId).digest('hex'), grantId, tenantId, userId: owner.id, clientId: 'https://agent.example/client.json', clientName: 'Research agent', payload: { resources: { [`${base}/api`]: 'leads.lead.read pipeline' } } },
    });
    const pages = ['api-keys', 'website', 'connected-apps', 'webhooks', 'users', 'modules'].map((name) => `/dashboard/settings/${name}`);
    for (const path of pages) {
      await page.goto(`${base}${path}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
      const unlabelled = await page.evaluate(() =>
        [...document.querySelectorAll('input:not([type=hidden]), select, button, a')]
          .filter((element) => {
            const named = element.getAttribute('aria-label') || element.textContent?.trim();
            const labelled = 'labels' in element && (element as HTMLInputElement).labels?.length;
            return !labelled && !named;
          })
          .map((element) => element.outerHTML),
      );
      expect(unlabelled, path).toEqual([]);
      await shot(page, `settings-${path.split('/').pop()}-375px`);
    }
    // Tab from the top: the skip link comes first, then the header's and the page's controls.
    await page.goto(`${base}/dashboard/settings/api-keys`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    await page.getByLabel('Name', { exact: true }).focus();
    await page.keyboard.type('Keyboard only');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await page.getByLabel('leads.lead.read').isChecked()).toBe(true);
    expect(await h.db.prisma.apiKeyPair.count({ where: { tenantId, name: 'Keyboard only' } })).toBe(0);
  });
  it('lets a signed-in user through 30 pages in one window, each page one request of the user’s own budget', async () => {
    const { page } = await client({ viewport: { width: 1100, height: 900 } });
    await signInThroughEmail(page, admin);
    const paths = ['/dashboard', '/dashboard/settings/api-keys', '/dashboard/settings/users', '/dashboard/settings/modules'];
    const answers: { status?: number; limit: number; remaining: number }[] = [];
    for (let i = 0; i < 30; i += 1) {
      const response = await page.goto(`${base}${paths[i % paths.length]}`);
      answers.push({ status: response?.status(), limit: Number(response?.headers()['ratelimit-limit']), remaining: Number(response?.headers()['ratelimit-remaining']) });
    }
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
    // The key budget (100), not the address's (20); the stylesheet, the script and the page's own
    // API calls spend nothing: each page view is one request.
    expect(answers.every((answer) => answer.limit === 100)).toBe(true);
    expect(answers.slice(1).map((answer, i) => answers[i]!.remaining - answer.remaining)).toEqual(Array(29).fill(1));
  });

  it('still limits the sign-in form by client address, and says so on a page with the way back', async () => {
    const { page, blocked } = await client({ viewport: { width: 375, height: 740 } });
    let refused: Awaited<ReturnType<Page['goto']>> = null;
    for (let i = 0; i < 25 && !refused; i += 1) {
      const response = await page.goto(`${base}/dashboard/sign-in`);
      if (response?.status() === 429) refused = response;
    }
    expect(refused?.status()).toBe(429);
    expect(refused?.headers()['content-type']).toContain('text/html');
    const wait = Number(refused?.headers()['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    await page.getByRole('heading', { name: 'Too many requests' }).waitFor();
    await page.getByText(/try again in \d+ s/i).waitFor();
    await page.getByRole('link', { name: 'Try again' }).waitFor();
    await shot(page, 'too-many-requests-375px');
    expect(blocked).toEqual([]);
  });

  it('creates one pair and rotates it once, whatever the browser sends again (reload, back, forward), showing the keys once', async () => {
    const { page } = await client({ viewport: { width: 1100, height: 900 } });
    await signInThroughEmail(page, admin);
    const name = 'Reloaded widget';
    const pairs = (where: object = {}) => h.db.prisma.apiKeyPair.count({ where: { tenantId, name, ...where } });
    await page.goto(`${base}/dashboard/settings/api-keys`);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('leads.lead.read').check();
    await page.getByRole('button', { name: 'Create key pair' }).click();
    const secret = await page.getByLabel('Secret key (servers only)').inputValue();
    expect(secret).toMatch(/^sk_live_/);
    expect(await leads(secret)).toBe(200);
    expect(await pairs()).toBe(1);

    await page.reload();
    expect(await page.content()).not.toContain(secret);
    await page.goBack();
    await page.goForward();
    expect(await page.content()).not.toContain(secret);
    expect(await pairs()).toBe(1);

    await page.getByRole('button', { name: `Rotate ${name}` }).click();
    const rotated = await page.getByLabel('Secret key (servers only)').inputValue();
    expect(rotated).not.toBe(secret);
    await page.reload();
    expect(await page.content()).not.toContain(rotated);
    await page.goBack();
    await page.goForward();
    expect(await page.content()).not.toContain(rotated);
    expect(await pairs()).toBe(2);
    expect(await pairs({ expiresAt: { not: null } })).toBe(1);
  });
});
