import type { Client } from 'openapi-fetch';
import type { paths } from '../generated/openapi.js';

/** The body of a successful answer; a failed one stops the program with its error body. */
function ok<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) throw new Error(`${result.response.status} ${result.response.url}: ${JSON.stringify(result.error)}`);
  return result.data;
}

/**
 * What an integrator writes with a client generated from schema/openapi.json (openapi-typescript
 * and openapi-fetch): it lists, creates, patches (clearing fields with null) and pages through
 * every resource. It must type-check with no casts and no non-null assertions (`tsc` checks it in
 * `npm test`), and it runs against the real server in test/typed-client.test.ts.
 */
export async function exerciseEveryResource(client: Client<paths>) {
  /** Every item of a page-based list, one page of `limit` 1 at a time. */
  async function everyPage<T>(fetchPage: (page: number) => Promise<{ data: T[]; total: number; page: number; pageSize: number }>): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await fetchPage(page);
      items.push(...answer.data);
      if (answer.page * answer.pageSize >= answer.total) return items;
    }
  }

  const lead = ok(await client.POST('/api/v1/leads', { body: { firstName: 'Ada', lastName: 'Byron', source: 'referral', notes: 'met at a fair' } })).data;
  const qualified = ok(await client.PATCH('/api/v1/leads/{id}', { params: { path: { id: lead.id } }, body: { status: 'qualified', notes: null } })).data;
  await client.POST('/api/v1/leads', { body: { firstName: 'Grace', lastName: 'Hopper' } });
  const leadIds: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = ok(await client.GET('/api/v1/leads', { params: { query: { limit: 1, cursor } } }));
    leadIds.push(...page.data.map((l) => l.id));
    if (!page.hasMore || !page.nextCursor) break;
    cursor = page.nextCursor;
  }

  const company = ok(await client.POST('/api/v1/companies', { body: { name: 'Northwind', phone: '555-0101', city: 'Dayton' } })).data;
  const company2 = ok(await client.PATCH('/api/v1/companies/{id}', { params: { path: { id: company.id } }, body: { phone: null } })).data;
  await client.POST('/api/v1/companies', { body: { name: 'Contoso' } });
  const companies = await everyPage(async (page) => ok(await client.GET('/api/v1/companies', { params: { query: { page, limit: 1 } } })));
  const searched = ok(await client.GET('/api/v1/companies', { params: { query: { search: 'north' } } }));

  const contact = ok(await client.POST('/api/v1/contacts/contact', { body: { companyId: company.id, firstName: 'Pat', lastName: 'Lee', email: 'pat@northwind.example' } })).data;
  const contact2 = ok(await client.PATCH('/api/v1/contacts/contact/{id}', { params: { path: { id: contact.id } }, body: { email: null, role: 'Buyer' } })).data;
  await client.POST('/api/v1/contacts/contact', { body: { companyId: company.id, firstName: 'Sam', lastName: 'Ode' } });
  const contacts = await everyPage(async (page) => ok(await client.GET('/api/v1/contacts/contact', { params: { query: { companyId: company.id, page, limit: 1 } } })));

  const site = ok(await client.POST('/api/v1/sites', { body: { companyId: company.id, name: 'Plant 2', city: 'Dayton' } })).data;
  const site2 = ok(await client.PATCH('/api/v1/sites/{id}', { params: { path: { id: site.id } }, body: { city: null } })).data;
  await client.POST('/api/v1/sites', { body: { companyId: company.id, name: 'Depot' } });
  const sites = await everyPage(async (page) => ok(await client.GET('/api/v1/sites', { params: { query: { companyId: company.id, page, limit: 1 } } })));

  const users = await everyPage(async (page) => ok(await client.GET('/api/v1/users', { params: { query: { page, limit: 1 } } })));

  const pipeline = ok(await client.POST('/api/v1/pipeline/pipelines', { body: { name: 'Sales' } })).data;
  const stage = ok(await client.POST('/api/v1/pipeline/stages', { body: { pipelineId: pipeline.id, name: 'Qualify', probability: 20 } })).data;
  const won = ok(await client.POST('/api/v1/pipeline/stages', { body: { pipelineId: pipeline.id, name: 'Won', probability: 100, isClosedWon: true } })).data;
  const stage2 = ok(await client.PATCH('/api/v1/pipeline/stages/{id}', { params: { path: { id: stage.id } }, body: { color: null } })).data;
  const pipelines = await everyPage(async (page) => ok(await client.GET('/api/v1/pipeline/pipelines', { params: { query: { page, limit: 1 } } })));
  const stages = await everyPage(async (page) => ok(await client.GET('/api/v1/pipeline/stages', { params: { query: { pipelineId: pipeline.id, page, limit: 1 } } })));

  const deal = ok(
    await client.POST('/api/v1/pipeline/deals', {
      body: { name: 'Hoist service', companyId: company.id, stageId: stage.id, contactId: contact.id, value: '12500.5', products: [{ name: 'Inspection', quantity: '1.5', unitPrice: '100' }] },
    }),
  ).data;
  const moved = ok(await client.PATCH('/api/v1/pipeline/deals/{id}', { params: { path: { id: deal.id } }, body: { stageId: won.id, contactId: null, value: null } })).data;
  const activity = ok(await client.POST('/api/v1/pipeline/deals/{dealId}/activities', { params: { path: { dealId: deal.id } }, body: { type: 'call', description: 'Called Pat' } })).data;
  await client.POST('/api/v1/pipeline/deals', { body: { name: 'Second', companyId: company.id, stageId: stage.id } });
  const deals = await everyPage(async (page) => ok(await client.GET('/api/v1/pipeline/deals', { params: { query: { page, limit: 1 } } })));
  const wonDeals = ok(await client.GET('/api/v1/pipeline/deals', { params: { query: { status: 'won' } } }));
  const detail = ok(await client.GET('/api/v1/pipeline/deals/{id}', { params: { path: { id: deal.id } } })).data;

  return {
    lead: { status: qualified.status, notes: qualified.notes, pagedIds: leadIds },
    company: { phone: company2.phone, names: companies.map((c) => c.name).sort(), searched: searched.data.map((c) => c.name) },
    contact: { email: contact2.email, role: contact2.role, names: contacts.map((c) => c.firstName).sort() },
    site: { city: site2.city, names: sites.map((s) => s.name).sort() },
    users: users.map((u) => u.role),
    pipeline: { stageColor: stage2.color, pipelines: pipelines.map((p) => p.name), stages: stages.map((s) => s.name) },
    deal: { value: deal.value, products: deal.products, status: moved.status, contact: moved.contact, listed: deals.length, won: wonDeals.data.map((d) => d.id), activities: detail.activities.map((a) => a.type), activity: activity.type },
  };
}

/** The booking flow through the same generated client: resources, hours, closures, availability, bookings. */
export async function exerciseBookings(client: Client<paths>) {
  const resource = ok(await client.POST('/api/bookings/resources', { body: { type: 'room', name: 'Room A', timezone: 'Europe/Paris', defaultDurationMinutes: 60, description: 'Quiet', maxConcurrent: 2 } })).data;
  const id = resource.id;
  const patched = ok(await client.PATCH('/api/bookings/resources/{id}', { params: { path: { id } }, body: { description: null, published: true } })).data;
  const hours = ok(await client.PUT('/api/bookings/resources/{id}/hours', { params: { path: { id } }, body: { hours: [{ weekday: 1, opensAt: '09:00', closesAt: '12:00' }] } })).data;
  const readHours = ok(await client.GET('/api/bookings/resources/{id}/hours', { params: { path: { id } } })).data;
  const closure = ok(await client.POST('/api/bookings/resources/{id}/closures', { params: { path: { id } }, body: { startsAt: '2030-01-07T10:00:00+01:00', endsAt: '2030-01-07T11:00:00+01:00', reason: null } })).data;
  const closures = ok(await client.GET('/api/bookings/resources/{id}/closures', { params: { path: { id } } })).data;
  const listed = ok(await client.GET('/api/bookings/resources', { params: { query: { type: 'room', query: 'room', limit: 10, offset: 0 } } })).data;
  const availability = ok(await client.GET('/api/bookings/resources/{id}/availability', { params: { path: { id }, query: { from: '2030-01-07', to: '2030-01-07' } } }));
  const [first] = availability.slots;
  if (!first) throw new Error('no open slot');
  const booked = ok(await client.POST('/api/bookings', { body: { slotId: first.slotId, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.test', phone: null } })).booking;
  const detail = ok(await client.GET('/api/bookings/{id}', { params: { path: { id: booked.id } } })).booking;
  const bookings = ok(await client.GET('/api/bookings', { params: { query: { resourceId: id, status: 'confirmed', from: '2030-01-07', limit: 5 } } }));
  const cancelled = ok(await client.DELETE('/api/bookings/{id}', { params: { path: { id: booked.id } } }));
  const removed = ok(await client.DELETE('/api/bookings/resources/{id}/closures/{closureId}', { params: { path: { id, closureId: closure.id } } }));
  return {
    resource: { description: patched.description, published: patched.published, hours: hours.hours, readHours: readHours.hours, closures: closures.length, listed: listed.length },
    slots: availability.slots.map((s) => s.startsAt),
    booking: { status: booked.status, lead: detail.lead?.email, resource: detail.resource.name, total: bookings.total, cancelled: cancelled.success, closureRemoved: removed.success },
  };
}
