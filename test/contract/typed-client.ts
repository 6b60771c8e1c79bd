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
  const companies = ok(await client.GET('/api/v1/companies', { params: { query: { page: 1, limit: 10, search: 'north' } } }));

  const contact = ok(await client.POST('/api/v1/contacts/contact', { body: { companyId: company.id, firstName: 'Pat', lastName: 'Lee', email: 'pat@northwind.example' } })).data;
  const contact2 = ok(await client.PATCH('/api/v1/contacts/contact/{id}', { params: { path: { id: contact.id } }, body: { email: null, role: 'Buyer' } })).data;
  const contacts = ok(await client.GET('/api/v1/contacts/contact', { params: { query: { companyId: company.id, page: 1 } } }));

  const site = ok(await client.POST('/api/v1/sites', { body: { companyId: company.id, name: 'Plant 2', city: 'Dayton' } })).data;
  const site2 = ok(await client.PATCH('/api/v1/sites/{id}', { params: { path: { id: site.id } }, body: { city: null } })).data;
  const sites = ok(await client.GET('/api/v1/sites', { params: { query: { companyId: company.id } } }));

  const users = ok(await client.GET('/api/v1/users', { params: { query: { limit: 5 } } }));

  const pipeline = ok(await client.POST('/api/v1/pipeline/pipelines', { body: { name: 'Sales' } })).data;
  const stage = ok(await client.POST('/api/v1/pipeline/stages', { body: { pipelineId: pipeline.id, name: 'Qualify', probability: 20 } })).data;
  const won = ok(await client.POST('/api/v1/pipeline/stages', { body: { pipelineId: pipeline.id, name: 'Won', probability: 100, isClosedWon: true } })).data;
  const stage2 = ok(await client.PATCH('/api/v1/pipeline/stages/{id}', { params: { path: { id: stage.id } }, body: { color: null } })).data;
  const pipelines = ok(await client.GET('/api/v1/pipeline/pipelines', { params: { query: { page: 1 } } }));
  const stages = ok(await client.GET('/api/v1/pipeline/stages', { params: { query: { pipelineId: pipeline.id } } }));

  const deal = ok(
    await client.POST('/api/v1/pipeline/deals', {
      body: { name: 'Hoist service', companyId: company.id, stageId: stage.id, contactId: contact.id, value: '12500.5', products: [{ name: 'Inspection', quantity: '1.5', unitPrice: '100' }] },
    }),
  ).data;
  const moved = ok(await client.PATCH('/api/v1/pipeline/deals/{id}', { params: { path: { id: deal.id } }, body: { stageId: won.id, contactId: null, value: null } })).data;
  const activity = ok(await client.POST('/api/v1/pipeline/deals/{dealId}/activities', { params: { path: { dealId: deal.id } }, body: { type: 'call', description: 'Called Pat' } })).data;
  const deals = ok(await client.GET('/api/v1/pipeline/deals', { params: { query: { status: 'won', page: 1, limit: 10 } } }));
  const detail = ok(await client.GET('/api/v1/pipeline/deals/{id}', { params: { path: { id: deal.id } } })).data;

  return {
    lead: { status: qualified.status, notes: qualified.notes, pagedIds: leadIds },
    company: { phone: company2.phone, total: companies.total },
    contact: { email: contact2.email, role: contact2.role, total: contacts.total },
    site: { city: site2.city, total: sites.total },
    users: users.data.map((u) => u.role),
    pipeline: { stageColor: stage2.color, pipelines: pipelines.total, stages: stages.data.map((s) => s.name) },
    deal: { value: deal.value, products: deal.products, status: moved.status, contact: moved.contact, listed: deals.data.map((d) => d.id), activities: detail.activities.map((a) => a.type), activity: activity.type },
  };
}
