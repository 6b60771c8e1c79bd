import type { Client } from 'openapi-fetch';
import type { paths } from '../generated/openapi.js';

/**
 * What an integrator writes with a client generated from schema/openapi.json (openapi-typescript
 * and openapi-fetch): it lists, creates, patches (clearing fields with null) and pages through
 * every resource. It must type-check with no casts and no non-null assertions (`tsc` checks it in
 * `npm test`), and it runs against the real server in test/typed-client.test.ts.
 */
export async function exerciseEveryResource(client: Client<paths>) {
  /** The body of a successful answer; a failed one stops the program with its error body. */
  function ok<T>(result: { data?: T; error?: unknown; response: Response }): T {
    if (result.data === undefined) throw new Error(`${result.response.status} ${result.response.url}: ${JSON.stringify(result.error)}`);
    return result.data;
  }

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
