import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyPair } from '../src/auth/key-pairs.js';
import { createCustomFieldDefinition } from '../src/custom-fields/custom-field.admin.js';
import { createApp } from '../src/http/app.js';
import { createHttpServer } from '../src/http/server.js';
import { offlineBrowser } from './support/browser.js';
import { fixtures } from './support/fixtures.js';
import { type TenantFixture, useHarness } from './support/harness.js';
import { root } from './support/server-process.js';

/**
 * The website widgets in Chromium, as a small business's visitors meet them: the API on one
 * origin, the business's page on another, under a strict Content-Security-Policy (scripts and
 * connections from the API's origin only, no styles at all, nothing inline).
 */
const harness = useHarness();
const { h, tenant, rest } = harness;
const make = fixtures(harness);
const browser = offlineBrowser();
const screenshots = join(root, 'test/screenshots');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let api: string;
let apiServer: ReturnType<typeof createHttpServer>;
/** The business's site, and another site the key is not bound to: one server on two ports. */
let site: string;
let otherSite: string;
const siteServers: Server[] = [];
const pages = new Map<string, string>();
let t: TenantFixture;
/** The website's publishable key: bound to `site`, with the widgets' scopes only. */
let publishable: string;

const listen = (server: Server) => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

/** The host page's policy: the API's origin for the module and its calls; no inline script, no style sheets of any kind. */
const csp = () => `default-src 'none'; script-src ${api}; connect-src ${api}; style-src 'none'; img-src 'none'; base-uri 'none'; form-action 'none'`;

/** Serves `body` as the page at `path` of both sites, loading the widgets as the docs tell a business to. */
function hostPage(path: string, body: string, lang = 'en'): void {
  pages.set(
    path,
    `<!doctype html>
<html lang="${lang}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Harbour Plumbing</title>
    <script type="module" src="${api}/embed/v1/widgets.js"></script>
  </head>
  <body>
    <main>
      <h1>Harbour Plumbing</h1>
      ${body}
    </main>
  </body>
</html>
`,
  );
}

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  // Behind one trusted proxy, so each visitor names its own address (a hold is its visitor's: the key's pair and the address).
  const app = createApp({ prisma: h.db.prisma, now: () => new Date(Date.now() + h.clock.offsetMs), trustProxyHops: 1 });
  apiServer = createHttpServer(app, { headersTimeoutMs: 10_000, receiveTimeoutMs: 15_000, keepAliveTimeoutMs: 5_000 });
  api = await listen(apiServer as unknown as Server);
  (apiServer as unknown as Server).on('request', (request, response) => {
    if (!request.url?.startsWith('/api/')) return;
    response.on('finish', () => served.push({ method: request.method ?? '', path: request.url ?? '', status: response.statusCode, origin: request.headers.origin, client: String(request.headers['x-forwarded-for']) }));
  });
  for (let i = 0; i < 2; i += 1) {
    const server = createServer((request, response) => {
      const html = pages.get(new URL(request.url ?? '/', 'http://host').pathname);
      if (!html) return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp() }).end(html);
    });
    siteServers.push(server);
  }
  [site, otherSite] = await Promise.all(siteServers.map(listen)) as [string, string];
  t = await tenant();
  const pair = await createKeyPair(h.db.prisma, {
    tenantId: t.tenantId,
    userId: t.userId,
    name: 'Website',
    scopes: ['bookings.read', 'bookings.manage', 'leads.lead.write'],
    allowedOrigins: [site],
  });
  publishable = pair.publishable.key;
});
afterAll(async () => {
  await browser.close();
  await new Promise((resolve) => apiServer?.close(resolve));
  await Promise.all(siteServers.map((s) => new Promise((resolve) => s.close(resolve))));
});

/** The events the widgets sent the host page, and any CSP violation, recorded from the page's start. */
const RECORDER = `
  window.bpEvents = [];
  window.cspViolations = [];
  for (const name of ['bp-slot-selected', 'bp-booking-confirmed', 'bp-lead-created', 'bp-error']) {
    document.addEventListener(name, (event) => window.bpEvents.push({ type: event.type, detail: event.detail }));
  }
  document.addEventListener('securitypolicyviolation', (event) => window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));
`;

let addresses = 0;
/** A visitor's browser (its own context, from its own address): it reaches the API and both sites, nothing else. */
async function visitor(options: BrowserContextOptions = {}) {
  const address = `10.0.0.${(addresses += 1)}`;
  const opened = await browser.page([api, site, otherSite], {
    viewport: { width: 1000, height: 1000 },
    timezoneId: 'America/New_York',
    locale: 'en-US',
    extraHTTPHeaders: { 'x-forwarded-for': address },
    ...options,
  });
  await opened.page.addInitScript(RECORDER);
  const start = served.length;
  /** The API calls this visitor made, as answered. */
  const apiCalls = () => served.slice(start).filter((c) => c.client === address);
  return { ...opened, apiCalls };
}

/** Every API call the server answered, as the server saw it (a browser cannot read a refusal without CORS headers). */
const served: { method: string; path: string; status: number; origin: string | undefined; client: string }[] = [];


/** What the page recorded: the widgets' events and the policy's refusals. */
const recorded = (page: Page) => page.evaluate(() => ({ events: (window as any).bpEvents as { type: string; detail: any }[], violations: (window as any).cspViolations as string[] }));

const shot = (page: Page, name: string) => page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });

/** Node's formatting of an instant as the widget's slot buttons name it (spaces of any kind alike: ICU puts a narrow one before AM/PM). */
const timeIn = (instant: string, zone: string, locale = 'en-US') => new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: zone }).format(new Date(instant));
const loose = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s/g, '\\s')}$`);

/** The first day of next month, and the tenth, as YYYY-MM-DD: every slot then lies in the future. */
function nextMonthDay(day: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, day)).toISOString().slice(0, 10);
}

async function berlinResource(name: string, hours: [string, string][] = [['01:00', '03:00']], maxConcurrent = 1) {
  return make.resource(t.secret, { name, timezone: 'Europe/Berlin', published: true, defaultDurationMinutes: 60, maxConcurrent }, hours);
}

const slotsOn = async (resourceId: string, day: string) =>
  (await rest('GET', `/api/bookings/resources/${resourceId}/availability?from=${day}&to=${day}`, { key: t.secret })).body.slots as { slotId: string; startsAt: string; remaining: number }[];

/** Opens the booking widget's next month and the day `day` (YYYY-MM-DD), by mouse. */
async function openDay(page: Page, day: string) {
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('gridcell', { name: dayLabel(day) }).click();
}

/** A grid cell's name: its full date in English. */
const dayLabel = (day: string) => new Intl.DateTimeFormat('en-US', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

async function fillGuest(page: Page, lastName: string) {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(`${lastName.toLowerCase().replace(/\W/g, '')}@example.test`);
}

const bookingsOf = (resourceId: string) => h.db.prisma.booking.findMany({ where: { tenantId: t.tenantId, resourceId }, select: { startsAt: true, lastName: true, status: true } });

describe('the website widgets in Chromium, on another origin under a strict CSP', { timeout: 180_000 }, () => {
  it('books a Europe/Berlin resource for a visitor in America/New_York, at the times and instant they chose', async () => {
    const resource = await berlinResource('Boiler service');
    hostPage('/book', `<bp-booking publishable-key="${publishable}" resource="${resource.id}"></bp-booking>`);
    const { page, blocked, apiCalls } = await visitor();
    await page.goto(`${site}/book`);
    await page.getByRole('heading', { name: 'Boiler service' }).waitFor();
    await page.getByText('Times are shown in America/New_York.').waitFor();
    await page.getByText('The business is in Europe/Berlin.').waitFor();

    // Berlin's 01:00 and 02:00 on the 11th are the evening of the 10th in New York: the grid
    // shows them on the visitor's day, named by the visitor's clock.
    const berlinDay = nextMonthDay(11);
    const slots = await slotsOn(resource.id, berlinDay);
    expect(slots.length).toBe(2);
    await openDay(page, nextMonthDay(10));
    const buttons = page.getByRole('button', { name: /^\d{1,2}:\d{2}\sPM$/ });
    await expect.poll(() => buttons.allTextContents()).toEqual(slots.map((s) => expect.stringMatching(loose(timeIn(s.startsAt, 'America/New_York')))));
    expect(timeIn(slots[0]!.startsAt, 'America/New_York')).toMatch(/^(7|6):00\sPM$/);

    // Switched to the business's zone, the same slots are Berlin's small hours of the 11th.
    await page.getByLabel('Time zone').selectOption('Europe/Berlin');
    await page.getByText('Times are shown in Europe/Berlin.').waitFor();
    await page.getByRole('gridcell', { name: dayLabel(berlinDay) }).click();
    await expect.poll(() => page.getByRole('button', { name: /^\d{1,2}:\d{2}\sAM$/ }).allTextContents()).toEqual([expect.stringMatching(/^1:00\sAM$/), expect.stringMatching(/^2:00\sAM$/)]);
    await page.getByLabel('Time zone').selectOption('America/New_York');
    await page.getByRole('gridcell', { name: dayLabel(nextMonthDay(10)) }).click();

    await page.getByRole('button', { name: loose(timeIn(slots[0]!.startsAt, 'America/New_York')) }).click();
    await fillGuest(page, 'Newyork');
    await shot(page, 'website-booking-new-york');
    await page.getByRole('button', { name: 'Book' }).click();
    await page.getByRole('heading', { name: 'Booked. See you then!' }).waitFor();
    const confirmation = await page.getByText(/^Your booking:/).textContent();
    expect(confirmation).toMatch(loose(`Your booking: ${new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: 'America/New_York' }).format(new Date(slots[0]!.startsAt))} (America/New_York).`));

    const stored = await bookingsOf(resource.id);
    expect(stored).toEqual([{ startsAt: new Date(slots[0]!.startsAt), lastName: 'Newyork', status: 'confirmed' }]);
    const { events, violations } = await recorded(page);
    expect(events.map((e) => e.type)).toEqual(['bp-slot-selected', 'bp-booking-confirmed']);
    expect(events[0]!.detail).toMatchObject({ slotId: slots[0]!.slotId, startsAt: slots[0]!.startsAt });
    expect(events[1]!.detail.booking).toMatchObject({ startsAt: slots[0]!.startsAt, lastName: 'Newyork', status: 'confirmed' });
    expect(apiCalls().filter((c) => c.status >= 400)).toEqual([]);
    expect(violations).toEqual([]);
    expect(blocked).toEqual([]);
  });

  it('is styled by its constructable stylesheet under style-src none, themed by the host', async () => {
    const resource = await berlinResource('Styled room');
    hostPage('/styled', `<bp-booking publishable-key="${publishable}" resource="${resource.id}"></bp-booking>`);
    const { page, blocked } = await visitor();
    await page.goto(`${site}/styled`);
    await page.getByRole('heading', { name: 'Styled room' }).waitFor();
    const style = await page.evaluate(() => {
      const host = document.querySelector('bp-booking')!;
      const next = host.shadowRoot!.querySelector('button[part="month-button"]')!;
      return { radius: getComputedStyle(next).borderTopLeftRadius, sheets: host.shadowRoot!.adoptedStyleSheets.length, styleElements: host.shadowRoot!.querySelectorAll('style, [style]').length };
    });
    expect(style).toEqual({ radius: '8px', sheets: 1, styleElements: 0 });
    expect((await recorded(page)).violations).toEqual([]);
    expect(blocked).toEqual([]);
  });

  it('books with the keyboard alone: Tab, arrows, PageDown, Enter', async () => {
    const resource = await berlinResource('Keyboard room', [['10:00', '12:00']]);
    hostPage('/keyboard', `<bp-booking publishable-key="${publishable}"></bp-booking>`);
    const { page, blocked } = await visitor({ timezoneId: 'Europe/Berlin' });
    await page.goto(`${site}/keyboard`);
    await page.getByRole('button', { name: 'Keyboard room' }).waitFor();
    const focused = () => page.evaluate(() => {
      const host = document.activeElement as HTMLElement | null;
      const inner = host?.shadowRoot?.activeElement as HTMLElement | null;
      return inner ? { tag: inner.tagName, role: inner.getAttribute('role'), text: inner.textContent, label: inner.getAttribute('aria-label'), disabled: inner.getAttribute('aria-disabled') } : null;
    });
    const tabTo = async (wanted: (f: Awaited<ReturnType<typeof focused>>) => boolean) => {
      for (let i = 0; i < 30; i += 1) {
        await page.keyboard.press('Tab');
        if (wanted(await focused())) return;
      }
      throw new Error('never reached by Tab');
    };
    await tabTo((f) => f?.text === 'Keyboard room');
    await page.keyboard.press('Enter');
    await page.getByRole('grid').waitFor();
    await tabTo((f) => f?.role === 'gridcell');
    // Next month, its first week's start, then day by day to the first day with free times.
    await page.keyboard.press('PageDown');
    await expect.poll(async () => (await focused())?.label ?? '').toContain(new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(new Date(`${nextMonthDay(1)}T12:00:00Z`)));
    await page.keyboard.press('Home');
    for (let i = 0; i < 10 && (await focused())?.disabled === 'true'; i += 1) await page.keyboard.press('ArrowRight');
    const day = (await focused())!.label!;
    await page.keyboard.press('Enter');
    // The day's first time takes the focus; Enter holds it and moves to the form.
    await expect.poll(async () => (await focused())?.text).toMatch(/^10:00\sAM$/);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused())?.tag).toBe('INPUT');
    await page.keyboard.type('Kim');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Keys');
    await page.keyboard.press('Tab');
    await page.keyboard.type('kim.keys@example.test');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Booked. See you then!' }).waitFor();
    const stored = await bookingsOf(resource.id);
    expect(stored.map((b) => b.lastName)).toEqual(['Keys']);
    expect(new Intl.DateTimeFormat('en-US', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' }).format(stored[0]!.startsAt)).toBe(day);
    expect(blocked).toEqual([]);
  });

  it('moves through the month grid as the APG date picker does, one tab stop among the days', async () => {
    const resource = await berlinResource('Grid room', [['10:00', '11:00']]);
    hostPage('/grid', `<bp-booking publishable-key="${publishable}" resource="${resource.id}"></bp-booking>`);
    const { page } = await visitor({ timezoneId: 'Europe/Berlin' });
    await page.goto(`${site}/grid`);
    await openDay(page, nextMonthDay(15));
    const cells = () =>
      page.evaluate(() => {
        const shadow = document.querySelector('bp-booking')!.shadowRoot!;
        const all = [...shadow.querySelectorAll<HTMLElement>('td[data-day]')];
        return { focused: (shadow.activeElement as HTMLElement | null)?.dataset.day, stops: all.filter((c) => c.tabIndex === 0).map((c) => c.dataset.day), selected: all.filter((c) => c.getAttribute('aria-selected') === 'true').map((c) => c.dataset.day) };
      });
    // The chosen day holds the grid's only tab stop; Shift+Tab from its first time returns to it.
    await page.keyboard.press('Shift+Tab');
    expect(await cells()).toEqual({ focused: nextMonthDay(15), stops: [nextMonthDay(15)], selected: [nextMonthDay(15)] });
    const after = async (key: string) => {
      await page.keyboard.press(key);
      await expect.poll(async () => (await cells()).stops.length).toBe(1);
      const { focused, stops } = await cells();
      expect(stops).toEqual([focused]);
      return focused;
    };
    const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();
    const shift = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const start = nextMonthDay(15);
    expect(await after('ArrowRight')).toBe(shift(start, 1));
    expect(await after('ArrowDown')).toBe(shift(start, 8));
    expect(await after('ArrowUp')).toBe(shift(start, 1));
    expect(await after('ArrowLeft')).toBe(start);
    // Weeks start on Sunday in US English.
    expect(await after('Home')).toBe(shift(start, -weekday(start)));
    expect(await after('End')).toBe(shift(start, 6 - weekday(start)));
    // A month later, the same day of the month (the 16th to the 21st: every month has it).
    const monthAfter = nextMonthDay(40).slice(0, 8);
    await page.keyboard.press('PageDown');
    await expect.poll(async () => (await cells()).focused).toBe(monthAfter + shift(start, 6 - weekday(start)).slice(8));
    await page.keyboard.press('PageUp');
    await expect.poll(async () => (await cells()).focused).toBe(shift(start, 6 - weekday(start)));
  });

  it('tells the visitor who lost the race for the last seat, in words, and shows fresh times', async () => {
    const resource = await berlinResource('Last seat', [['09:00', '11:00']]);
    hostPage('/race', `<bp-booking publishable-key="${publishable}" resource="${resource.id}"></bp-booking>`);
    const day = nextMonthDay(12);
    const [first, second] = await Promise.all([visitor({ timezoneId: 'Europe/Berlin' }), visitor({ timezoneId: 'Europe/Berlin' })]);
    for (const { page } of [first, second]) {
      await page.goto(`${site}/race`);
      await openDay(page, day);
      await page.getByRole('button', { name: '9:00 AM' }).waitFor();
    }
    // The first visitor takes 9:00 (its seat held) and types; the second chooses it on a page loaded before.
    await first.page.getByRole('button', { name: '9:00 AM' }).click();
    await fillGuest(first.page, 'Winner');
    await second.page.getByRole('button', { name: '9:00 AM' }).click();
    await second.page.getByRole('alert').filter({ hasText: 'Sorry, that time was just taken by someone else. Here are the times still free.' }).waitFor();
    const holds = (calls: typeof served) => calls.filter((c) => c.method === 'POST' && c.path === '/api/bookings/holds').map((c) => c.status);
    expect([holds(first.apiCalls()), holds(second.apiCalls())]).toEqual([[201], [409]]);
    await first.page.getByRole('button', { name: 'Book' }).click();
    await first.page.getByRole('heading', { name: 'Booked. See you then!' }).waitFor();
    // Fresh times: 10:00 still offered, 9:00 gone.
    await second.page.getByRole('button', { name: '10:00 AM' }).waitFor();
    expect(await second.page.getByRole('button', { name: '9:00 AM' }).count()).toBe(0);
    await shot(second.page, 'website-booking-slot-taken');
    expect((await bookingsOf(resource.id)).map((b) => b.lastName)).toEqual(['Winner']);
    const { events } = await recorded(second.page);
    expect(events.filter((e) => e.type === 'bp-error')).toEqual([{ type: 'bp-error', detail: { code: expect.any(String), message: expect.any(String) } }]);
  });

  it('frees the seat of a hold that expires', async () => {
    const resource = await berlinResource('Held seat', [['09:00', '10:00']]);
    hostPage('/hold', `<bp-booking publishable-key="${publishable}" resource="${resource.id}"></bp-booking>`);
    const day = nextMonthDay(13);
    const holder = await visitor({ timezoneId: 'Europe/Berlin' });
    await holder.page.goto(`${site}/hold`);
    await openDay(holder.page, day);
    await holder.page.getByRole('button', { name: '9:00 AM' }).click();
    await holder.page.getByLabel('First name').waitFor();
    expect(holder.apiCalls().filter((c) => c.method === 'POST' && c.path === '/api/bookings/holds').map((c) => c.status)).toEqual([201]);
    // The held seat counts against everyone else's availability...
    expect(await slotsOn(resource.id, day)).toEqual([]);
    // ...until the hold expires (five minutes).
    h.clock.offsetMs += 6 * 60_000;
    try {
      expect((await slotsOn(resource.id, day)).length).toBe(1);
      const other = await visitor({ timezoneId: 'Europe/Berlin' });
      await other.page.goto(`${site}/hold`);
      await openDay(other.page, day);
      await other.page.getByRole('button', { name: '9:00 AM' }).click();
      await fillGuest(other.page, 'Later');
      await other.page.getByRole('button', { name: 'Book' }).click();
      await other.page.getByRole('heading', { name: 'Booked. See you then!' }).waitFor();
      expect((await bookingsOf(resource.id)).map((b) => b.lastName)).toEqual(['Later']);
    } finally {
      h.clock.offsetMs -= 6 * 60_000;
    }
  });

  it('refuses a key used from a page of another origin, and says so', async () => {
    const resource = await berlinResource('Bound room');
    hostPage('/bound', `<bp-booking publishable-key="${publishable}" resource="${resource.id}"></bp-booking><bp-lead-form publishable-key="${publishable}"></bp-lead-form>`);
    const { page, apiCalls } = await visitor();
    await page.goto(`${otherSite}/bound`);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'cannot be reached' }).count()).toBe(2);
    expect(apiCalls().filter((c) => c.method !== 'OPTIONS').map((c) => c.status)).toEqual([403, 403]);
    const { events } = await recorded(page);
    expect(events.map((e) => e.type)).toEqual(['bp-error', 'bp-error']);
  });

  it('speaks German under lang="de": its words and Intl dates', async () => {
    const resource = await berlinResource('Werkstatt', [['09:00', '10:00']]);
    hostPage('/de', `<bp-booking publishable-key="${publishable}" resource="${resource.id}"></bp-booking>`, 'de');
    const { page } = await visitor({ timezoneId: 'Europe/Berlin', locale: 'de-DE' });
    await page.goto(`${site}/de`);
    await page.getByRole('button', { name: 'Nächster Monat' }).click();
    const day = nextMonthDay(14);
    await page.getByRole('gridcell', { name: new Intl.DateTimeFormat('de', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`)) }).click();
    await page.getByRole('button', { name: '09:00' }).click();
    await page.getByLabel('Vorname').waitFor();
    await page.getByRole('button', { name: 'Buchen' }).click();
    await page.getByRole('alert').filter({ hasText: 'Vorname: Bitte ausfüllen.' }).waitFor();
  });
});

describe('the lead form in Chromium', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    const define = (input: Record<string, unknown>) => createCustomFieldDefinition(h.db.prisma, { tenantId: t.tenantId, entity: 'lead', ...input });
    await define({ key: 'budget', label: 'Budget', type: 'number', required: true, order: 1 });
    await define({ key: 'service', label: 'Service', type: 'select', options: ['Repair', 'Installation'], required: true, order: 0 });
    await define({ key: 'visitOn', label: 'Preferred visit date', type: 'date', order: 2 });
    await define({ key: 'newsletter', label: 'Send me the newsletter', type: 'boolean', order: 3 });
  });
  const leadsNamed = (lastName: string) => h.db.prisma.lead.findMany({ where: { tenantId: t.tenantId, lastName } });

  it('refuses a missing required custom field in the page, then sends a lead with its campaign parameters', async () => {
    hostPage('/contact', `<bp-lead-form publishable-key="${publishable}"></bp-lead-form>`);
    const { page, blocked, apiCalls } = await visitor();
    const address = `${site}/contact?utm_source=newsletter&utm_medium=email&utm_campaign=spring-boilers&ref=x`;
    await page.goto(address);
    // The custom fields follow the lead's own, in their order.
    await page.getByLabel('Budget').waitFor();
    const labels = await page.evaluate(() => [...document.querySelector('bp-lead-form')!.shadowRoot!.querySelectorAll('form label')].map((l) => l.textContent));
    expect(labels).toEqual(['First name', 'Last name', 'Email', 'Phone (optional)', 'Company (optional)', 'Message (optional)', 'Service', 'Budget', 'Preferred visit date (optional)', 'Send me the newsletter (optional)', 'Website']);
    await fillGuest(page, 'Campaign');
    await page.getByLabel('Service').selectOption('Repair');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('alert').filter({ hasText: 'Budget: please fill this in.' }).waitFor();
    expect(await page.getByLabel('Budget').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.querySelector('bp-lead-form')!.shadowRoot!.activeElement?.getAttribute('name'))).toBe('customFields.budget');
    expect(apiCalls().filter((c) => c.method === 'POST')).toEqual([]);
    await shot(page, 'website-lead-form-refused');
    const refusedInPage = apiCalls().length;

    // A date the browser takes and the server refuses: the server's problem is shown next to its field.
    await page.getByLabel('Budget').fill('1250.50');
    await page.getByLabel('Preferred visit date').fill('1850-01-01');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('alert').filter({ hasText: 'Preferred visit date:' }).waitFor();
    expect(await page.getByLabel('Preferred visit date').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Budget').getAttribute('aria-invalid')).toBeNull();
    expect(await leadsNamed('Campaign')).toEqual([]);

    await page.getByLabel('Preferred visit date').fill('');
    await page.getByLabel('Send me the newsletter').check();
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Thank you! We will be in touch.').waitFor();
    const [lead] = await leadsNamed('Campaign');
    expect(lead).toMatchObject({ firstName: 'Ada', email: 'campaign@example.test', source: 'web_form' });
    expect(lead!.customFields).toEqual({ service: 'Repair', budget: '1250.50', newsletter: true });
    expect(lead!.sourceAttribution).toEqual({ pageUrl: address, utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring-boilers' });
    // The server's refusal, then the lead, both with the proof solved once.
    expect(apiCalls().slice(refusedInPage).map((c) => `${c.method} ${c.status}`)).toEqual(['POST 400', 'POST 201']);
    const { events, violations } = await recorded(page);
    expect(events).toEqual([
      { type: 'bp-error', detail: { code: 'BAD_USER_INPUT', message: expect.stringContaining('customFields.visitOn') } },
      { type: 'bp-lead-created', detail: { lead: { id: lead!.id, createdAt: expect.any(String) } } },
    ]);
    expect(violations).toEqual([]);
    expect(blocked).toEqual([]);
  });

  it('is refused by the server too when the required custom field is missing (sent directly)', async () => {
    const form = await fetch(`${api}/api/leads/form`, { headers: { authorization: `Bearer ${publishable}`, origin: site } }).then((r) => r.json());
    const { algorithm, challenge, salt, signature, maxnumber } = form.data.challenge;
    let number = 0;
    while (createHash('sha256').update(`${salt}${number}`).digest('hex') !== challenge && number <= maxnumber) number += 1;
    const altcha = Buffer.from(JSON.stringify({ algorithm, challenge, number, salt, signature })).toString('base64');
    const before = await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } });
    const response = await fetch(`${api}/api/leads/form`, {
      method: 'POST',
      headers: { authorization: `Bearer ${publishable}`, origin: site, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'No', lastName: 'Budget', email: 'no.budget@example.test', customFields: { service: 'Repair' }, sourceAttribution: { pageUrl: `${site}/contact` }, altcha, website: '' }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).details).toContainEqual({ field: 'customFields.budget', message: expect.stringContaining('required') });
    expect(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } })).toBe(before);
  });
});

describe('the widgets at a 375 px wide viewport, and their accessibility', { timeout: 180_000 }, () => {
  it('render without horizontal overflow, and axe-core finds no serious or critical violation in either', async () => {
    const resource = await berlinResource('Narrow room', [['09:00', '12:00']]);
    hostPage('/both', `<bp-booking publishable-key="${publishable}" resource="${resource.id}"></bp-booking>\n<bp-lead-form publishable-key="${publishable}"></bp-lead-form>`);
    const { page, blocked } = await visitor({ viewport: { width: 375, height: 740 }, timezoneId: 'Europe/Berlin' });
    await page.goto(`${site}/both`);
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await openDay(page, nextMonthDay(15));
    await page.getByRole('button', { name: '9:00 AM' }).click();
    await page.getByLabel('First name').first().waitFor();
    // A refused form shows its alert and invalid fields, which axe checks too.
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please correct the following:' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'website-widgets-375');

    // axe's source is evaluated by the test (the page's CSP forbids inline scripts, not DevTools).
    await page.evaluate(axeSource);
    const violations = await page.evaluate(async () => {
      const results = await (window as any).axe.run(document, { resultTypes: ['violations'] });
      return (results.violations as { id: string; impact: string; nodes: { target: unknown }[] }[]).map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target) }));
    });
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    expect((await recorded(page)).violations).toEqual([]);
    expect(blocked).toEqual([]);
  });
});
