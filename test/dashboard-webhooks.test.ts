import { describe, expect, it } from 'vitest';
import { newFormToken } from '../src/dashboard/form-outcomes.js';
import type { BrowserSession } from './support/dashboard.js';
import { page, postForm, signIn } from './support/dashboard.js';
import { useHarness } from './support/harness.js';

const { h, tenant } = useHarness();

const WEBHOOKS = '/dashboard/settings/webhooks';
/** A public IP literal: accepted without DNS (which does not work here); deliveries to it just fail or wait. */
const HOOK_URL = 'https://93.184.215.14/hook';
const SECRET = /whsec_[A-Za-z0-9+/=]{44}/;

async function signedInAs(role: 'manager' | 'system_admin' | 'technician' | 'sales') {
  const t = await tenant({ role });
  const { email } = await h.db.prisma.user.findUniqueOrThrow({ where: { id: t.userId } });
  return { ...t, session: await signIn(h.app, h.db.prisma, email) };
}

const post = (session: BrowserSession, path: string, fields: Record<string, string | string[]>) => postForm(h.app, path, { csrf: session.csrf, ...fields }, { cookie: session.cookie });

/** Follows a form's redirect: the page it leads to, as the browser shows it. */
async function followed(session: BrowserSession, answer: Response) {
  expect(answer.status).toBe(303);
  const shown = await page(h.app, session, answer.headers.get('location') ?? '');
  expect(shown.status).toBe(200);
  return shown.text();
}

describe('dashboard webhooks', () => {
  it('adds an endpoint with chosen events and shows its secret once, sealed until then, then not on a reload', async () => {
    const { tenantId, session } = await signedInAs('manager');
    const home = await (await page(h.app, session, '/dashboard')).text();
    expect(home).toContain(`href="${WEBHOOKS}"`);
    const empty = await (await page(h.app, session, WEBHOOKS)).text();
    expect(empty).toContain('No endpoints yet.');
    expect(empty).toContain('value="deal.won"');
    expect(empty).toContain('<legend>Invoice</legend>');
    expect(empty).toContain('also emits <code>deal.stage_changed</code>');

    const fields = { form: newFormToken(new Date()), url: HOOK_URL, description: 'ERP sync', events: ['deal.won', 'invoice.paid'] };
    const created = await post(session, WEBHOOKS, fields);
    expect(created.status).toBe(303);
    const location = `${WEBHOOKS}?outcome=${encodeURIComponent(fields.form)}`;
    expect(created.headers.get('location')).toBe(location);
    const stored = await h.db.prisma.webhookEndpoint.findFirstOrThrow({ where: { tenantId } });
    expect(stored).toMatchObject({ url: HOOK_URL, description: 'ERP sync', events: ['deal.won', 'invoice.paid'], status: 'enabled' });
    const waiting = await h.db.prisma.dashboardFormOutcome.findUniqueOrThrow({ where: { token: fields.form } });
    expect(Buffer.from(waiting.sealed ?? []).toString('latin1')).not.toContain('whsec_');

    const shown = await (await page(h.app, session, location)).text();
    expect(SECRET.exec(shown)?.[0]).toBe(stored.secret);
    expect(shown).toContain('It will not be shown again');
    expect(shown).toContain('deal.won, invoice.paid');
    // Once: not on a reload, and the same form sent again creates nothing and shows nothing.
    expect(await (await page(h.app, session, location)).text()).not.toMatch(SECRET);
    expect(await followed(session, await post(session, WEBHOOKS, fields))).not.toMatch(SECRET);
    expect(await h.db.prisma.webhookEndpoint.count({ where: { tenantId } })).toBe(1);

    const detail = await (await page(h.app, session, `${WEBHOOKS}/endpoint?id=${stored.id}`)).text();
    expect(detail).toContain('No deliveries yet');
    expect(detail).not.toMatch(SECRET);
  });

  it('"All events" asks for every type', async () => {
    const { tenantId, session } = await signedInAs('system_admin');
    expect((await post(session, WEBHOOKS, { url: HOOK_URL, events: '*' })).status).toBe(303);
    expect(await h.db.prisma.webhookEndpoint.findFirstOrThrow({ where: { tenantId } })).toMatchObject({ events: ['*'], description: null });
  });

  it('shows the form again with each mistake by its field and what was typed, and creates nothing', async () => {
    const { tenantId, session } = await signedInAs('manager');
    const cases = [
      { url: 'not a url', events: ['deal.won'], says: 'must be an absolute URL' },
      { url: 'https://127.0.0.1/hook', events: ['deal.won'], says: 'must resolve only to public internet addresses' },
      { url: 'http://93.184.215.14/hook', events: ['deal.won'], says: 'must be an https URL' },
    ];
    for (const { url, events, says } of cases) {
      const answer = await post(session, WEBHOOKS, { url, description: 'Kept', events });
      expect(answer.status, url).toBe(400);
      const body = await answer.text();
      expect(body).toMatch(new RegExp(`<p id="url-error" class="field-error">[^<]*${says}`));
      expect(body).toContain('aria-invalid="true"');
      expect(body).toContain(`value="${url}"`);
      expect(body).toContain('value="Kept"');
      expect(body).toMatch(/value="deal.won" checked/);
    }
    const noEvents = await post(session, WEBHOOKS, { url: HOOK_URL });
    expect(noEvents.status).toBe(400);
    expect(await noEvents.text()).toMatch(/<p id="events-error" class="field-error">[^<]*at least one event type/);
    // An event type the user does not read (inspections, a module this tenant has off): said on the form.
    const unreadable = await post(session, WEBHOOKS, { url: HOOK_URL, events: ['deal.won', 'inspection.created'] });
    expect(unreadable.status).toBe(403);
    const unreadableForm = await unreadable.text();
    expect(unreadableForm).toMatch(/<p id="events-error" class="field-error">[^<]*inspections/);
    expect(unreadableForm).toMatch(/value="inspection.created" checked/);
    expect(await h.db.prisma.webhookEndpoint.count({ where: { tenantId } })).toBe(0);
    // The refused forms' tokens were released: nothing was recorded for them.
    expect(await h.db.prisma.dashboardFormOutcome.count({ where: { tenantId } })).toBe(0);
  });

  it('disables and enables, rotates the secret (shown once), sends a test event, retries a delivery and deletes', async () => {
    const { tenantId, session } = await signedInAs('manager');
    await post(session, WEBHOOKS, { url: HOOK_URL, events: ['deal.won', 'lead.created'] });
    const endpoint = await h.db.prisma.webhookEndpoint.findFirstOrThrow({ where: { tenantId } });
    const detailPath = `${WEBHOOKS}/endpoint?id=${endpoint.id}`;

    expect(await followed(session, await post(session, `${WEBHOOKS}/status`, { id: endpoint.id, status: 'disabled' }))).toContain('Endpoint disabled');
    expect(await h.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ status: 'disabled', disabledReason: 'disabled by a user' });
    const disabledPage = await (await page(h.app, session, detailPath)).text();
    expect(disabledPage).toContain('Enable endpoint');
    expect(await followed(session, await post(session, `${WEBHOOKS}/status`, { id: endpoint.id, status: 'enabled' }))).toContain('Endpoint enabled');
    expect((await h.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).status).toBe('enabled');
    expect((await post(session, `${WEBHOOKS}/status`, { id: endpoint.id, status: 'sleeping' })).status).toBe(400);

    const rotation = await post(session, `${WEBHOOKS}/rotate`, { id: endpoint.id });
    expect(rotation.headers.get('location')).toMatch(new RegExp(`^${WEBHOOKS}/endpoint\\?id=${endpoint.id}&outcome=`));
    const rotatedPage = await followed(session, rotation);
    const rotated = await h.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(rotated.previousSecret).toBe(endpoint.secret);
    expect(SECRET.exec(rotatedPage)?.[0]).toBe(rotated.secret);
    expect(rotatedPage).toContain('signed with the old and the new secret');
    expect(await (await page(h.app, session, detailPath)).text()).not.toMatch(SECRET);

    expect(await followed(session, await post(session, `${WEBHOOKS}/test`, { id: endpoint.id }))).toContain('Test event sent');
    const delivery = await h.db.prisma.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id }, include: { event: true } });
    expect(delivery.event.type).toBe('webhook.test');
    const withDelivery = await (await page(h.app, session, detailPath)).text();
    expect(withDelivery).toContain('<code>webhook.test</code>');
    expect(withDelivery).toContain('aria-label="Retry the webhook.test delivery"');

    // A delivery that gave up is sent again now, with new days of retries.
    await h.db.prisma.webhookDelivery.update({ where: { id: delivery.id }, data: { status: 'failed' } });
    const before = new Date(Date.now() - 1_000);
    expect(await followed(session, await post(session, `${WEBHOOKS}/retry`, { id: endpoint.id, deliveryId: delivery.id }))).toContain('being sent again');
    const retried = await h.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(retried.status).not.toBe('failed');
    expect(retried.retriesFrom?.getTime()).toBeGreaterThan(before.getTime());
    expect((await post(session, `${WEBHOOKS}/retry`, { id: endpoint.id, deliveryId: endpoint.id })).status).toBe(404);

    const confirm = await page(h.app, session, `${WEBHOOKS}/delete?id=${endpoint.id}`);
    expect(await confirm.text()).toContain('This cannot be undone');
    expect(await h.db.prisma.webhookEndpoint.count({ where: { tenantId } })).toBe(1);
    const deleted = await post(session, `${WEBHOOKS}/delete`, { id: endpoint.id });
    expect(deleted.headers.get('location')).toMatch(new RegExp(`^${WEBHOOKS}\\?outcome=`));
    expect(await followed(session, deleted)).toContain('Endpoint deleted');
    expect(await h.db.prisma.webhookEndpoint.count({ where: { tenantId } })).toBe(0);
    expect(await h.db.prisma.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0);
    expect((await page(h.app, session, detailPath)).status).toBe(404);
  });

  it('answers unknown or malformed endpoint ids with a 4xx page, never a 500', async () => {
    const { session } = await signedInAs('manager');
    for (const path of [`${WEBHOOKS}/endpoint`, `${WEBHOOKS}/endpoint?id=nope`, `${WEBHOOKS}/endpoint?id=0190a3a0-0000-7000-8000-000000000000`, `${WEBHOOKS}/delete?id=nope`]) {
      const answer = await page(h.app, session, path);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.headers.get('content-type'), path).toContain('text/html');
    }
    for (const action of ['rotate', 'test', 'delete', 'status', 'retry']) {
      const answer = await post(session, `${WEBHOOKS}/${action}`, { id: 'nope', status: 'enabled', deliveryId: 'nope' });
      expect(answer.status, action).toBeGreaterThanOrEqual(400);
      expect(answer.status, action).toBeLessThan(500);
    }
  });

  it('refuses users without webhooks.manage: no link, "not allowed" pages and forms, nothing changed', async () => {
    const owner = await signedInAs('manager');
    await post(owner.session, WEBHOOKS, { url: HOOK_URL, events: ['deal.won'] });
    const endpoint = await h.db.prisma.webhookEndpoint.findFirstOrThrow({ where: { tenantId: owner.tenantId } });
    for (const role of ['technician', 'sales'] as const) {
      const { tenantId, session } = await signedInAs(role);
      expect(await (await page(h.app, session, '/dashboard')).text()).not.toContain(`href="${WEBHOOKS}"`);
      for (const path of [WEBHOOKS, `${WEBHOOKS}/endpoint?id=${endpoint.id}`, `${WEBHOOKS}/delete?id=${endpoint.id}`]) {
        const answer = await page(h.app, session, path);
        expect(answer.status, path).toBe(403);
        expect(await answer.text()).toContain('Only administrators and managers can manage webhooks.');
      }
      expect((await post(session, WEBHOOKS, { url: HOOK_URL, events: ['deal.won'] })).status).toBe(403);
      expect((await post(session, `${WEBHOOKS}/delete`, { id: endpoint.id })).status).toBe(403);
      expect(await h.db.prisma.webhookEndpoint.count({ where: { tenantId } })).toBe(0);
    }
    // Another tenant's manager does not find it.
    const other = await signedInAs('manager');
    expect((await page(h.app, other.session, `${WEBHOOKS}/endpoint?id=${endpoint.id}`)).status).toBe(404);
    expect((await post(other.session, `${WEBHOOKS}/delete`, { id: endpoint.id })).status).toBe(404);
    expect(await h.db.prisma.webhookEndpoint.count({ where: { id: endpoint.id } })).toBe(1);
  });

  it('refuses forms without the CSRF token, from another site, or without a valid one-time token', async () => {
    const { tenantId, session } = await signedInAs('manager');
    const fields = { url: HOOK_URL, events: 'deal.won' };
    expect((await postForm(h.app, WEBHOOKS, fields, { cookie: session.cookie })).status).toBe(403);
    expect((await postForm(h.app, WEBHOOKS, { ...fields, csrf: 'f'.repeat(64) }, { cookie: session.cookie })).status).toBe(403);
    expect((await postForm(h.app, WEBHOOKS, { ...fields, csrf: session.csrf }, { cookie: session.cookie, origin: 'https://evil.example' })).status).toBe(403);
    for (const form of ['', 'not-a-token', newFormToken(new Date(Date.now() - 2 * 3_600_000))]) {
      const answer = await post(session, WEBHOOKS, { ...fields, form });
      expect(answer.status, form).toBe(400);
      expect(await answer.text()).toContain('This form has expired');
    }
    expect(await h.db.prisma.webhookEndpoint.count({ where: { tenantId } })).toBe(0);
    // Signed out: sent to sign in.
    expect((await page(h.app, null, WEBHOOKS)).headers.get('location')).toBe('/dashboard/sign-in');
  });
});
