import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createKeyPair } from '../src/auth/key-pairs.js';
import type { Scope } from '../src/auth/scopes.js';
import { allEventTypes } from '../src/events/event-types.js';
import { fixtures } from './support/fixtures.js';
import { useHarness } from './support/harness.js';
import { startTestImportWorker } from './support/imports.js';
import { completeAnswers, inspectionWorld } from './support/inspection-fixtures.js';
import { invoiceWorld } from './support/invoice-fixtures.js';
import { salesPipeline } from './support/pipeline-fixtures.js';

const harness = useHarness();
const { h, tenant, rest, gql } = harness;
const make = fixtures(harness);

type Event = { id: string; type: string; createdAt: string; data: Record<string, any> };

/** The tenant's events newer than `since` (an event id), oldest first, as the list shows them to `key`. */
async function eventsSince(key: string, since: string | undefined): Promise<Event[]> {
  const page = await rest('GET', '/api/events?limit=100', { key });
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  const events = page.body.data as Event[];
  const newer = since ? events.slice(0, events.findIndex((event) => event.id === since)) : events;
  return newer.reverse();
}

/** Runs `change` and answers the events it recorded, oldest first. */
async function recorded(key: string, change: () => Promise<unknown>): Promise<Event[]> {
  const [latest] = (await rest('GET', '/api/events?limit=1', { key })).body.data as Event[];
  await change();
  return eventsSince(key, latest?.id);
}

const typesOf = (events: Event[]) => events.map((event) => event.type);

async function ok(response: Promise<{ status: number; body: any }>, status = 200) {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
}

async function keyWith(owner: { tenantId: string; userId: string }, scopes: Scope[]) {
  return (await createKeyPair(h.db.prisma, { tenantId: owner.tenantId, userId: owner.userId, name: scopes.join(' '), scopes })).secret.key;
}

describe('every change of the catalog records its event, with the record as its REST detail route answers it', () => {
  const seen = new Set<string>();
  const expectEvents = (events: Event[], types: string[]) => {
    expect(typesOf(events)).toEqual(types);
    for (const type of types) seen.add(type);
  };

  it('leads, contacts and companies, on both surfaces', async () => {
    const t = await tenant();
    const key = t.secret;
    let lead: any;
    const created = await recorded(key, async () => (lead = (await ok(rest('POST', '/api/v1/leads', { key, body: { firstName: 'Ana', lastName: 'Lim' } }), 201)).data));
    expectEvents(created, ['lead.created']);
    expect(created[0]!.data).toEqual((await ok(rest('GET', `/api/v1/leads/${lead.id}`, { key }))).data);

    const updated = await recorded(key, () => gql(key, parse(`mutation { updateLead(id: "${lead.id}", input: { status: contacted }) { lead { id } } }`)));
    expectEvents(updated, ['lead.updated']);
    expect(updated[0]!.data.status).toBe('contacted');
    expect(updated[0]!.data).toEqual((await ok(rest('GET', `/api/v1/leads/${lead.id}`, { key }))).data);

    let company: any;
    expectEvents(await recorded(key, async () => (company = await make.company(key))), ['company.created']);
    let contact: any;
    const contactCreated = await recorded(key, async () => (contact = await make.contact(key, company.id)));
    expectEvents(contactCreated, ['contact.created']);
    expect(contactCreated[0]!.data).toEqual((await ok(rest('GET', `/api/v1/contacts/contact/${contact.id}`, { key }))).data);
    const contactUpdated = await recorded(key, () => ok(rest('PATCH', `/api/v1/contacts/contact/${contact.id}`, { key, body: { role: 'Buyer' } })));
    expectEvents(contactUpdated, ['contact.updated']);
    expect(contactUpdated[0]!.data.role).toBe('Buyer');
    // A new primary contact demotes the old one: both changed.
    await ok(rest('PATCH', `/api/v1/contacts/contact/${contact.id}`, { key, body: { isPrimary: true } }));
    let second: any;
    const demoted = await recorded(key, async () => (second = await make.contact(key, company.id, { isPrimary: true })));
    expectEvents(demoted, ['contact.updated', 'contact.created']);
    expect([demoted[0]!.data.id, demoted[0]!.data.isPrimary, demoted[1]!.data.id]).toEqual([contact.id, false, second.id]);
    const renamed = await recorded(key, () => ok(rest('PATCH', `/api/v1/companies/${company.id}`, { key, body: { name: 'Acme Renamed' } })));
    expectEvents(renamed, ['company.updated']);
    expect(renamed[0]!.data.name).toBe('Acme Renamed');
  });

  it('deals: created, updated, stage changes with the stage left, won and lost', async () => {
    const t = await tenant();
    const key = t.secret;
    const stages = await salesPipeline(harness, key);
    const company = await make.company(key);
    let deal: any;
    const created = await recorded(key, async () => {
      deal = (await ok(rest('POST', '/api/v1/pipeline/deals', { key, body: { name: 'Hoist', companyId: company.id, stageId: stages.qualify.id } }), 201)).data;
    });
    expectEvents(created, ['deal.created']);
    expect(created[0]!.data).toEqual((await ok(rest('GET', `/api/v1/pipeline/deals/${deal.id}`, { key }))).data);

    expectEvents(await recorded(key, () => ok(rest('PATCH', `/api/v1/pipeline/deals/${deal.id}`, { key, body: { notes: 'Call back' } }))), ['deal.updated']);
    const moved = await recorded(key, () => ok(rest('PATCH', `/api/v1/pipeline/deals/${deal.id}`, { key, body: { stageId: stages.proposal.id } })));
    expectEvents(moved, ['deal.updated', 'deal.stage_changed']);
    expect(moved[1]!.data).toMatchObject({ id: deal.id, previousStageId: stages.qualify.id });
    const won = await recorded(key, () => gql(key, parse(`mutation { updateDeal(id: "${deal.id}", input: { stageId: "${stages.won.id}" }) { deal { id } } }`)));
    expectEvents(won, ['deal.updated', 'deal.stage_changed', 'deal.won']);
    expect(won[2]!.data.status).toBe('won');
    // Naming the stage it is in is no move, and no new outcome.
    expectEvents(await recorded(key, () => ok(rest('PATCH', `/api/v1/pipeline/deals/${deal.id}`, { key, body: { stageId: stages.won.id } }))), ['deal.updated']);
    expectEvents(await recorded(key, () => ok(rest('PATCH', `/api/v1/pipeline/deals/${deal.id}`, { key, body: { stageId: stages.lost.id } }))), [
      'deal.updated',
      'deal.stage_changed',
      'deal.lost',
    ]);
  });

  it('bookings: created (by a publishable key too), cancelled, completed and no-show', async () => {
    const t = await tenant();
    const key = t.secret;
    const resource = await make.resource(key, { name: 'Bay', published: true });
    const slots = (await ok(rest('GET', `/api/bookings/resources/${resource.id}/availability?from=2030-01-07&to=2030-01-07`, { key }))).slots;
    const book = (slot: any, bookingKey = key) =>
      ok(rest('POST', '/api/bookings', { key: bookingKey, body: { slotId: slot.slotId, firstName: 'Gus', lastName: 'Guest', email: 'gus@example.test' } }), 201);
    let booking: any;
    const created = await recorded(key, async () => (booking = (await book(slots[0])).booking));
    // Its guest is new: a lead too, in the same transaction.
    expectEvents(created, ['lead.created', 'booking.created']);
    expect(created[1]!.data).toEqual((await ok(rest('GET', `/api/bookings/${booking.id}`, { key }))).booking);
    // A guest not yet known becomes a lead in the same transaction.
    const widget = await recorded(key, () =>
      ok(rest('POST', '/api/bookings', { key: t.publishable, body: { slotId: slots[1].slotId, firstName: 'Wes', lastName: 'Widget', email: 'wes@example.test' } }), 201),
    );
    expectEvents(widget, ['lead.created', 'booking.created']);
    expect(widget[0]!.data.email).toBe('wes@example.test');
    expectEvents(await recorded(key, () => ok(rest('DELETE', `/api/bookings/${booking.id}`, { key }))), ['booking.cancelled']);

    let second: any;
    // A guest already known: the booking's event alone, its lead the one found.
    const again = await recorded(key, async () => (second = (await book(slots[2])).booking));
    expectEvents(again, ['booking.created']);
    expect(again[0]!.data).toEqual((await ok(rest('GET', `/api/bookings/${second.id}`, { key }))).booking);
    expect(again[0]!.data.lead.id).toBe(booking.leadId);
    const third = (await book(slots[3])).booking;
    h.clock.offsetMs = new Date(slots[3].endsAt).getTime() - Date.now() + 60_000;
    try {
      expectEvents(await recorded(key, () => ok(rest('POST', `/api/bookings/${second.id}/complete`, { key }))), ['booking.completed']);
      expectEvents(await recorded(key, () => ok(rest('POST', `/api/bookings/${third.id}/no-show`, { key }))), ['booking.no_show']);
    } finally {
      h.clock.offsetMs = 0;
    }
  });

  it('inspections: created, every move with the status left, and the report delivered', async () => {
    const world = await inspectionWorld(harness);
    const key = world.key;
    let inspection: any;
    const created = await recorded(key, async () => (inspection = await world.inspection()));
    expectEvents(created, ['inspection.created']);
    expect(created[0]!.data).toEqual(await ok(rest('GET', `/api/inspections/${inspection.id}`, { key })));
    await ok(rest('PATCH', `/api/inspections/${inspection.id}`, { key: world.users.tech.key, body: { responses: completeAnswers } }));
    const submitted = await recorded(key, () => ok(world.move(world.users.tech, inspection.id, 'submit')));
    expectEvents(submitted, ['inspection.status_changed']);
    expect(submitted[0]!.data).toMatchObject({ inspection: { id: inspection.id, status: 'submitted' }, previousStatus: 'draft' });
    await ok(world.move(world.users.manager, inspection.id, 'start-review'));
    await ok(world.move(world.users.manager, inspection.id, 'approve', { overallResult: 'pass' }));
    const delivered = await recorded(key, () => ok(world.move(world.users.manager, inspection.id, 'deliver')));
    expectEvents(delivered, ['inspection.status_changed', 'inspection.report_delivered']);
    expect(delivered[1]!.data.inspection.status).toBe('delivered');
  });

  it('invoices: created, sent, payments, paid, overdue and voided', async () => {
    const world = await invoiceWorld(harness);
    const key = world.key;
    let invoice: any;
    const created = await recorded(key, async () => (invoice = await world.draft({ dueDate: '2099-12-31' })));
    expectEvents(created, ['invoice.created']);
    expect(created[0]!.data).toEqual(await ok(rest('GET', `/api/invoices/${invoice.id}`, { key })));
    expectEvents(await recorded(key, () => world.send(invoice.id)), ['invoice.sent']);
    const partly = await recorded(key, () => world.pay(invoice.id, '100.00'));
    expectEvents(partly, ['invoice.payment_recorded']);
    expect(partly[0]!.data.payments).toHaveLength(1);
    expectEvents(await recorded(key, async () => world.pay(invoice.id, (await world.call('GET', `/${invoice.id}`)).balanceDue)), ['invoice.payment_recorded', 'invoice.paid']);

    // Past its due date, the invoice becomes overdue when it is next read (or swept), once.
    const late = await world.draft({ issuedDate: '2024-01-02', dueDate: '2024-02-01' });
    const overdue = await recorded(key, async () => {
      await world.send(late.id);
      await world.call('GET', `/${late.id}`);
      await world.call('GET', '');
    });
    expectEvents(overdue, ['invoice.sent', 'invoice.overdue']);
    expect(overdue[1]!.data.status).toBe('overdue');
    expectEvents(await recorded(key, () => world.call('POST', `/${late.id}/void`)), ['invoice.voided']);
  });

  it('imports: completed with their counts, and failed with the reason', async () => {
    const t = await tenant();
    const key = t.secret;
    const worker = startTestImportWorker(h.db);
    try {
      const upload = async (body: string | Buffer) => {
        const response = await h.app.fetch('http://localhost/api/v1/imports?object=companies', { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' }, body: body as BodyInit });
        expect(response.status).toBe(202);
        return ((await response.json()) as { data: { id: string } }).data.id;
      };
      const ended = async (id: string) => {
        for (const until = Date.now() + 60_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 25))) {
          const job = (await ok(rest('GET', `/api/v1/imports/${id}`, { key }))).data;
          if (job.status !== 'queued' && job.status !== 'running') return job;
        }
        throw new Error(`import ${id} did not end`);
      };
      let job: any;
      const completed = await recorded(key, async () => (job = await ended(await upload('name\nImported Ltd\n'))));
      expectEvents(completed, ['company.created', 'import.completed']);
      expect(completed[1]!.data).toEqual(job);
      expect(job).toMatchObject({ status: 'completed', created: 1 });
      // A workbook saved as .xlsx, not CSV: the file cannot be read.
      const failed = await recorded(key, async () => (job = await ended(await upload(Buffer.from('504b030414000000', 'hex')))));
      expectEvents(failed, ['import.failed']);
      expect(failed[0]!.data).toMatchObject({ id: job.id, status: 'failed', error: expect.stringMatching(/Excel workbook/) });
    } finally {
      await worker.stop();
    }
  });

  it('covers the whole catalog', () => {
    expect([...seen].sort()).toEqual([...allEventTypes].sort());
  });
});

describe('no event without its change', () => {
  it('records nothing for a refused or rolled-back write', async () => {
    const world = await invoiceWorld(harness);
    const key = world.key;
    const invoice = await world.draft({ dueDate: '2099-12-31' });
    await world.send(invoice.id);
    const refused = await recorded(key, async () => {
      expect((await rest('POST', '/api/v1/leads', { key, body: { firstName: '' } })).status).toBe(400);
      expect((await rest('PATCH', `/api/v1/leads/${invoice.id}`, { key, body: { status: 'contacted' } })).status).toBe(404);
      // Refused inside the transaction, after the invoice is locked: a payment above the balance.
      expect((await rest('POST', `/api/invoices/${invoice.id}/payments`, { key, body: { amount: '999999.00', paymentMethod: 'ach' } })).status).toBe(400);
      expect((await rest('POST', `/api/invoices/${invoice.id}/send`, { key })).status).toBe(409);
    });
    expect(refused).toEqual([]);
  });

  it('keeps one event per change: as many lead.created as leads', async () => {
    const t = await tenant();
    await Promise.all(Array.from({ length: 12 }, (_, i) => make.lead(t.secret, { firstName: `L${i}` })));
    const events = await h.db.prisma.event.count({ where: { tenantId: t.tenantId, type: 'lead.created' } });
    expect(events).toBe(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } }));
    expect(events).toBe(12);
  });
});

describe('who sees an event', () => {
  it('a key sees only the events of the records it reads, and only its own tenant’s, on the list and by id', async () => {
    const t = await tenant();
    const other = await tenant();
    const company = await make.company(t.secret);
    await make.contact(t.secret, company.id);
    const lead = await make.lead(t.secret);
    await make.lead(other.secret);
    const contactsOnly = await keyWith(t, ['contacts.read']);
    expect(typesOf(await eventsSince(contactsOnly, undefined))).toEqual(['contact.created']);
    const [leadEvent] = (await ok(rest('GET', '/api/events?type=lead.created', { key: t.secret }))).data;
    expect(leadEvent.data.id).toBe(lead.id);
    expect((await rest('GET', `/api/events/${leadEvent.id}`, { key: contactsOnly })).status).toBe(404);
    expect((await rest('GET', `/api/events/${leadEvent.id}`, { key: other.secret })).status).toBe(404);
    expect(typesOf(await eventsSince(other.secret, undefined))).toEqual(['lead.created']);
    // Asking for a type it does not read answers no events, not an error.
    expect((await ok(rest('GET', '/api/events?type=lead.created', { key: contactsOnly }))).data).toEqual([]);

    const graphql = await gql(contactsOnly, parse('{ events(filter: { type: ["lead.created", "contact.created"] }) { nodes { type } pageInfo { hasNextPage } } }'));
    expect(graphql.data).toEqual({ events: { nodes: [{ type: 'contact.created' }], pageInfo: { hasNextPage: false } } });
    const byId = await gql(t.secret, parse(`{ event(id: "${leadEvent.id}") { id type data } }`));
    expect(byId.data).toEqual({ event: { id: leadEvent.id, type: 'lead.created', data: leadEvent.data } });
  });

  it('refuses keys that are not secret, and bad paging or types with a 400 naming the parameter', async () => {
    const t = await tenant();
    await make.lead(t.secret);
    expect((await rest('GET', '/api/events', {})).status).toBe(401);
    expect((await rest('GET', '/api/events', { key: t.publishable })).status).toBe(403);
    for (const [query, field] of [
      ['type=lead.nope', 'type'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['after=nonsense', 'after'],
      ['typo=1', 'typo'],
    ] as const) {
      const answer = await rest('GET', `/api/events?${query}`, { key: t.secret });
      expect(answer.status, query).toBe(400);
      expect(answer.body.details?.[0]?.field ?? answer.body.message, query).toContain(field);
    }
    expect((await rest('GET', '/api/events/not-a-uuid', { key: t.secret })).status).toBe(400);
  });

  it('pages newest first with the cursor, through several types at once', async () => {
    const t = await tenant();
    for (let i = 0; i < 5; i += 1) await make.lead(t.secret, { firstName: `P${i}` });
    await make.company(t.secret);
    const first = await ok(rest('GET', '/api/events?type=lead.created&type=company.created&limit=4', { key: t.secret }));
    expect(first.hasMore).toBe(true);
    const second = await ok(rest('GET', `/api/events?type=lead.created&type=company.created&limit=4&after=${first.nextCursor}`, { key: t.secret }));
    expect(second.hasMore).toBe(false);
    const all = [...first.data, ...second.data];
    expect(all.map((e: Event) => e.type)).toEqual(['company.created', ...Array(5).fill('lead.created')]);
    expect(all.map((e: Event) => e.data.firstName).filter(Boolean)).toEqual(['P4', 'P3', 'P2', 'P1', 'P0']);
  });
});

describe('webhook endpoints', () => {
  const endpointUrl = 'https://93.184.215.14/hooks';

  it('shows the secret once, lists without it, and queues deliveries only of what its creator reads', async () => {
    const t = await tenant();
    const manager = await keyWith(t, ['webhooks.manage', 'contacts.read']);
    const created = await rest('POST', '/api/webhook-endpoints', { key: manager, body: { url: endpointUrl, events: ['*'], description: 'CRM sync' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const endpoint = created.body.data;
    expect(endpoint).toMatchObject({ url: endpointUrl, events: ['*'], description: 'CRM sync', status: 'enabled' });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect((await ok(rest('GET', `/api/webhook-endpoints/${endpoint.id}`, { key: manager }))).data.secret).toBeUndefined();
    expect((await ok(rest('GET', '/api/webhook-endpoints', { key: manager }))).data.map((e: any) => [e.id, e.secret])).toEqual([[endpoint.id, undefined]]);

    const company = await make.company(t.secret);
    await make.contact(t.secret, company.id);
    await make.lead(t.secret);
    const deliveries = await ok(rest('GET', `/api/webhook-endpoints/${endpoint.id}/deliveries`, { key: manager }));
    expect(deliveries.data.map((d: any) => [d.eventType, d.status])).toEqual([['contact.created', 'pending']]);

    const rotated = await ok(rest('POST', `/api/webhook-endpoints/${endpoint.id}/rotate-secret`, { key: manager }));
    expect(rotated.data.secret).toMatch(/^whsec_/);
    expect(rotated.data.secret).not.toBe(endpoint.secret);
    expect(new Date(rotated.data.previousSecretExpiresAt).getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);

    const graphql = await gql(manager, parse(`mutation { createWebhookEndpoint(input: { url: "${endpointUrl}", events: ["contact.created"] }) { webhookEndpoint { id secret events } } }`));
    expect((graphql.data as any).createWebhookEndpoint.webhookEndpoint.secret).toMatch(/^whsec_/);
  });

  it('refuses bad input with a 4xx naming the field, and creates nothing', async () => {
    const t = await tenant();
    const contactsManager = await keyWith(t, ['webhooks.manage', 'contacts.read']);
    const attempts: [string | null, unknown, number, string][] = [
      [t.secret, { url: endpointUrl, events: ['lead.nope'] }, 400, 'events'],
      [t.secret, { url: endpointUrl, events: [] }, 400, 'events'],
      [t.secret, { url: endpointUrl }, 400, 'events'],
      [t.secret, { url: 'not a url', events: ['*'] }, 400, 'url'],
      [t.secret, { url: 'http://93.184.215.14/hooks', events: ['*'] }, 400, 'url'],
      [t.secret, { url: 'https://user:pw@93.184.215.14/hooks', events: ['*'] }, 400, 'url'],
      [t.secret, { url: `https://93.184.215.14/${'x'.repeat(2100)}`, events: ['*'] }, 400, 'url'],
      [t.secret, { url: endpointUrl, events: ['*'], extra: 1 }, 400, 'extra'],
      [contactsManager, { url: endpointUrl, events: ['lead.created'] }, 403, 'leads.lead.read'],
      [t.publishable, { url: endpointUrl, events: ['*'] }, 403, ''],
      [null, { url: endpointUrl, events: ['*'] }, 401, ''],
    ];
    for (const [key, body, status, mention] of attempts) {
      const answer = await rest('POST', '/api/webhook-endpoints', { key, body });
      expect(answer.status, JSON.stringify(body)).toBe(status);
      // A 403 names the scope missing in its header; a 400 names the field.
      expect(status === 403 ? (answer.headers.get('x-required-scope') ?? '') : JSON.stringify(answer.body)).toContain(mention);
    }
    for (const url of ['https://127.0.0.1/h', 'https://localhost/h', 'https://169.254.169.254/latest', 'https://[::1]/h', 'https://[::ffff:127.0.0.1]/h', 'https://10.0.0.1/h', 'https://192.168.1.10/h', 'https://100.64.0.1/h']) {
      const answer = await rest('POST', '/api/webhook-endpoints', { key: t.secret, body: { url, events: ['*'] } });
      expect(answer.status, url).toBe(400);
      expect(answer.body.details[0].field, url).toBe('url');
    }
    expect(await h.db.prisma.webhookEndpoint.count({ where: { tenantId: t.tenantId } })).toBe(0);
    const withoutScope = await keyWith(t, ['contacts.read']);
    expect((await rest('GET', '/api/webhook-endpoints', { key: withoutScope })).status).toBe(403);
  });

  it('keeps at most 20 endpoints per tenant, and deletes one with its deliveries', async () => {
    const t = await tenant();
    const ids = await Promise.all(
      Array.from({ length: 21 }, () => rest('POST', '/api/webhook-endpoints', { key: t.secret, body: { url: endpointUrl, events: ['lead.created'] } })),
    );
    expect(ids.map((r) => r.status).sort()).toEqual([...Array(20).fill(201), 409]);
    const endpoint = ids.find((r) => r.status === 201)!.body.data;
    await make.lead(t.secret);
    expect(await h.db.prisma.webhookDelivery.count({ where: { tenantId: t.tenantId } })).toBe(20);
    expect(await ok(rest('DELETE', `/api/webhook-endpoints/${endpoint.id}`, { key: t.secret }))).toEqual({ success: true });
    expect((await rest('GET', `/api/webhook-endpoints/${endpoint.id}`, { key: t.secret })).status).toBe(404);
    expect(await h.db.prisma.webhookDelivery.count({ where: { tenantId: t.tenantId } })).toBe(19);
  });

  it('never replays a creation that showed a secret', async () => {
    const t = await tenant();
    const send = () => rest('POST', '/api/webhook-endpoints', { key: t.secret, body: { url: endpointUrl, events: ['*'] }, headers: { 'idempotency-key': 'hook-1' } });
    expect((await send()).status).toBe(201);
    const again = await send();
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('webhook endpoint');
    expect(await h.db.prisma.webhookEndpoint.count({ where: { tenantId: t.tenantId } })).toBe(1);
  });
});
