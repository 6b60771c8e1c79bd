import { beforeAll, describe, expect, it } from 'vitest';
import { createCustomFieldDefinition } from '../src/custom-fields/custom-field.admin.js';
import { CreateLeadDocument, LeadsDocument, UpdateContactDocument } from './generated/operations.js';
import { fixtures } from './support/fixtures.js';
import type { TenantFixture } from './support/harness.js';
import { useHarness } from './support/harness.js';

const harness = useHarness();
const { h, tenant, rest, gql } = harness;
const make = fixtures(harness);

describe('bad input', () => {
  let t: TenantFixture;
  let company: { id: string };
  let contact: { id: string; firstName: string };
  let lead: { id: string };

  beforeAll(async () => {
    t = await tenant();
    await createCustomFieldDefinition(h.db.prisma, { tenantId: t.tenantId, entity: 'contact', key: 'tier', type: 'select', required: true, options: ['gold', 'silver'] });
    await createCustomFieldDefinition(h.db.prisma, { tenantId: t.tenantId, entity: 'contact', key: 'since', type: 'date' });
    company = await make.company(t.secret);
    contact = await make.contact(t.secret, company.id, { customFields: { tier: 'gold' } });
    lead = await make.lead(t.secret);
  });

  /** Snapshot of everything the tenant owns, to prove a refused request wrote nothing. */
  const snapshot = async () => ({
    leads: await h.db.prisma.lead.findMany({ where: { tenantId: t.tenantId }, orderBy: { id: 'asc' } }),
    contacts: await h.db.prisma.contact.findMany({ where: { tenantId: t.tenantId }, orderBy: { id: 'asc' } }),
    companies: await h.db.prisma.company.findMany({ where: { tenantId: t.tenantId }, orderBy: { id: 'asc' } }),
  });

  async function expectBadRequest(method: string, path: string, options: { body?: unknown; rawBody?: string }, fields: string[]) {
    const before = await snapshot();
    const response = await rest(method, path, { key: t.secret, ...options });
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.error).toBe('Bad Request');
    expect(typeof response.body.message).toBe('string');
    expect(response.body.details.map((d: { field: string }) => d.field).sort()).toEqual([...fields].sort());
    for (const detail of response.body.details) expect(detail.message).toEqual(expect.any(String));
    expect(await snapshot()).toEqual(before);
    return response.body;
  }

  it('refuses missing, over-long, mistyped and unknown fields on create', async () => {
    const leads = '/api/v1/leads';
    const missing = await expectBadRequest('POST', leads, { body: { lastName: 'Ward' } }, ['firstName']);
    expect(missing.details[0].message).toBe('is required');
    await expectBadRequest('POST', leads, { body: { firstName: 'x'.repeat(256), lastName: 'Ward' } }, ['firstName']);
    await expectBadRequest('POST', leads, { body: { firstName: 'Lee', lastName: 'Ward', phone: '1'.repeat(51) } }, ['phone']);
    await expectBadRequest('POST', leads, { body: { firstName: 'Lee', lastName: 'Ward', assignedTo: 'not-a-uuid' } }, ['assignedTo']);
    await expectBadRequest('POST', leads, { body: { firstName: 'Lee', lastName: 'Ward', email: 'nope' } }, ['email']);
    await expectBadRequest('POST', leads, { body: { firstName: 'Lee', lastName: 'Ward', source: 'fax' } }, ['source']);
    await expectBadRequest('POST', leads, { body: { firstName: 5, lastName: 'Ward' } }, ['firstName']);
    await expectBadRequest('POST', leads, { body: { firstName: 'Lee', lastName: 'Ward', colour: 'red' } }, ['colour']);
    await expectBadRequest('POST', leads, { body: { firstName: '   ', lastName: 'Ward' } }, ['firstName']);
    await expectBadRequest('POST', leads, { body: { firstName: 'Lee', lastName: 'Ward', sourceAttribution: [1] } }, ['sourceAttribution']);
    await expectBadRequest('POST', '/api/v1/contacts/contact', { body: { companyId: company.id, firstName: 'a'.repeat(101), lastName: 'B', customFields: { tier: 'gold' } } }, ['firstName']);
    await expectBadRequest('POST', '/api/v1/companies', { body: { name: 'x'.repeat(201) } }, ['name']);
    const longEmail = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.com`;
    await expectBadRequest('POST', leads, { body: { firstName: 'Lee', lastName: 'Ward', email: longEmail } }, ['email']);
    // Characters PostgreSQL cannot store are a client mistake too, wherever they are sent: a text
    // field's own rule names it; elsewhere (free-form JSON) the body is named.
    await expectBadRequest('POST', leads, { body: { firstName: 'Le\u0000e', lastName: 'Ward' } }, ['firstName']);
    await expectBadRequest('POST', leads, { body: { firstName: 'Lee', lastName: 'Ward', sourceAttribution: { utm: 'a\u0000' } } }, ['body']);
  });

  it('reports every problem of a form at once, on both surfaces, and changes nothing', async () => {
    const input = { firstName: '   ', lastName: 'x'.repeat(256), phone: '1'.repeat(51), channelType: 'c'.repeat(256), companyName: 'n'.repeat(256) };
    const fields = ['firstName', 'lastName', 'phone', 'channelType', 'companyName'];
    await expectBadRequest('POST', '/api/v1/leads', { body: input }, fields);
    const before = await snapshot();
    const viaGraphql = await gql(t.secret, CreateLeadDocument, { input });
    expect(viaGraphql.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    const details = viaGraphql.errors![0]!.extensions.details!;
    expect(details.map((d) => d.field).sort()).toEqual(fields.map((f) => ['input', f]).sort());
    expect(await snapshot()).toEqual(before);
  });

  it('answers every problem of a REST body in one 400: kinds, formats, enums, blanks, lengths and missing records together', async () => {
    const missing = crypto.randomUUID();
    const lead = await expectBadRequest(
      'POST',
      '/api/v1/leads',
      { body: { firstName: 5, lastName: '   ', email: 'nope', source: 'fax', phone: '1'.repeat(51), notes: false, assignedTo: missing, sourceAttribution: [1] } },
      ['firstName', 'lastName', 'email', 'source', 'phone', 'notes', 'assignedTo', 'sourceAttribution'],
    );
    expect(Object.fromEntries(lead.details.map((d: { field: string; message: string }) => [d.field, d.message]))).toEqual({
      firstName: 'must be a string',
      lastName: 'must not be blank',
      email: 'must be an email address',
      source: 'must be one of agent_chat, import, inbound_call, mcp, referral, web_form',
      phone: 'must be at most 50 characters',
      notes: 'must be a string',
      assignedTo: 'user not found',
      sourceAttribution: 'must be a JSON object',
    });
    expect(lead.message).toContain('firstName: must be a string');
    const contact = await expectBadRequest(
      'POST',
      '/api/v1/contacts/contact',
      { body: { companyId: missing, firstName: 'a'.repeat(101), lastName: '', email: 'x@', isPrimary: 'yes', customFields: { tier: 'bronze', since: '2027-02-29' } } },
      ['companyId', 'firstName', 'lastName', 'email', 'isPrimary', 'customFields.tier', 'customFields.since'],
    );
    expect(Object.fromEntries(contact.details.map((d: { field: string; message: string }) => [d.field, d.message]))).toMatchObject({
      companyId: 'company not found',
      firstName: 'must be at most 100 characters',
      lastName: 'must not be blank',
      isPrimary: 'must be true or false',
      'customFields.since': 'is not a calendar date: February 2027 has 28 days',
    });
    // A required custom field missing is named with the rest; a malformed customFields is named once.
    await expectBadRequest('POST', '/api/v1/contacts/contact', { body: { companyId: company.id, firstName: '', lastName: 'Lo' } }, ['firstName', 'customFields.tier']);
    await expectBadRequest('POST', '/api/v1/contacts/contact', { body: { companyId: company.id, firstName: '', lastName: 'Lo', customFields: 'gold' } }, ['firstName', 'customFields']);
    const deal = await expectBadRequest(
      'POST',
      '/api/v1/pipeline/deals',
      { body: { name: ' ', companyId: 'nope', stageId: missing, ownerId: missing, value: 12, expectedCloseDate: '2027-02-29', products: { name: 'A', quantity: '1', unitPrice: '5' }, colour: 'red' } },
      ['name', 'companyId', 'stageId', 'ownerId', 'value', 'expectedCloseDate', 'products', 'colour'],
    );
    expect(Object.fromEntries(deal.details.map((d: { field: string; message: string }) => [d.field, d.message]))).toMatchObject({
      companyId: 'must be a UUID',
      stageId: 'stage not found',
      ownerId: 'user not found',
      products: 'must be an array, not an object',
      colour: 'is not a known field',
    });
    expect(await h.db.prisma.deal.count({ where: { tenantId: t.tenantId } })).toBe(0);
    // Without a malformed value, missing records are still named all at once (404 when nothing else is wrong, as the specification says).
    const references = await rest('POST', '/api/v1/pipeline/deals', { key: t.secret, body: { name: 'Hoist', companyId: missing, stageId: missing, ownerId: missing } });
    expect(references.status).toBe(404);
    expect(references.body.details.map((d: { field: string }) => d.field).sort()).toEqual(['companyId', 'ownerId', 'stageId']);
    // A path parameter's problem and the body's come together too.
    await expectBadRequest('PATCH', '/api/v1/contacts/contact/nope', { body: { firstName: '', isPrimary: 1 } }, ['id', 'firstName', 'isPrimary']);
  });

  it('refuses a single value where a REST body field takes an array, naming the field', async () => {
    const before = await h.db.prisma.webhookEndpoint.count({ where: { tenantId: t.tenantId } });
    const webhook = await expectBadRequest('POST', '/api/webhook-endpoints', { body: { url: 'https://hooks.example.com/in', events: 'lead.created' } }, ['events']);
    expect(webhook.details[0].message).toBe('must be an array, not a string');
    expect(await h.db.prisma.webhookEndpoint.count({ where: { tenantId: t.tenantId } })).toBe(before);
    const admin = await tenant({ role: 'system_admin', modules: ['inspections'] });
    const inspection = await rest('POST', '/api/inspections', {
      key: admin.secret,
      body: { equipmentId: crypto.randomUUID(), siteId: crypto.randomUUID(), checklistTemplateId: crypto.randomUUID(), inspectionDate: '2030-01-07', technicianIds: admin.userId },
    });
    expect(inspection).toMatchObject({ status: 400, body: { details: [{ field: 'technicianIds', message: 'must be an array, not a string' }] } });
    const products = await rest('POST', '/api/v1/pipeline/deals', { key: t.secret, body: { name: 'Hoist', companyId: company.id, stageId: crypto.randomUUID(), products: { name: 'A', quantity: '1', unitPrice: '5' } } });
    expect(products).toMatchObject({ status: 400, body: { details: [{ field: 'products', message: 'must be an array, not an object' }, { field: 'stageId', message: 'stage not found' }] } });
  });

  it('refuses malformed bodies', async () => {
    const before = await snapshot();
    const malformed = await rest('POST', '/api/v1/leads', { key: t.secret, rawBody: '{"firstName": "Lee",' });
    expect(malformed).toMatchObject({ status: 400, body: { error: 'Bad Request', message: 'The body is not valid JSON' } });
    const array = await rest('POST', '/api/v1/leads', { key: t.secret, body: [{ firstName: 'Lee' }] });
    expect(array).toMatchObject({ status: 400, body: { details: [{ field: 'body' }] } });
    const huge = await rest('POST', '/api/v1/leads', { key: t.secret, body: { firstName: 'Lee', lastName: 'Ward', notes: 'x'.repeat(2 * 1024 * 1024) } });
    expect(huge).toMatchObject({ status: 413, body: { error: 'Payload Too Large' } });
    const form = await rest('POST', '/api/v1/leads', { key: t.secret, rawBody: 'firstName=Lee', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form).toMatchObject({ status: 415, body: { error: 'Unsupported Media Type' } });
    expect(await snapshot()).toEqual(before);
  });

  it('checks custom fields against their definitions', async () => {
    const contacts = '/api/v1/contacts/contact';
    const base = { companyId: company.id, firstName: 'Kim', lastName: 'Lo' };
    const required = await expectBadRequest('POST', contacts, { body: base }, ['customFields.tier']);
    expect(required.details[0].message).toBe('is required');
    await expectBadRequest('POST', contacts, { body: { ...base, customFields: { tier: 'bronze' } } }, ['customFields.tier']);
    await expectBadRequest('POST', contacts, { body: { ...base, customFields: { tier: 'gold', since: '2024-13-45' } } }, ['customFields.since']);
    await expectBadRequest('POST', contacts, { body: { ...base, customFields: { tier: 'gold', shoeSize: 9 } } }, ['customFields.shoeSize']);
    await expectBadRequest('PATCH', `${contacts}/${contact.id}`, { body: { customFields: { since: '2024-01-01' } } }, ['customFields.tier']);
  });

  it('refuses null for fields that cannot be cleared', async () => {
    const path = `/api/v1/contacts/contact/${contact.id}`;
    const body = await expectBadRequest('PATCH', path, { body: { firstName: null } }, ['firstName']);
    expect(body.details[0].message).toBe('cannot be null');
    await expectBadRequest('PATCH', path, { body: { isPrimary: null } }, ['isPrimary']);
    await expectBadRequest('PATCH', path, { body: { customFields: null } }, ['customFields']);
    await expectBadRequest('PATCH', `/api/v1/leads/${lead.id}`, { body: { status: null, lastName: null } }, ['status', 'lastName']);
    await expectBadRequest('PATCH', `/api/v1/leads/${lead.id}`, { body: { status: 'won' } }, ['status']);
  });

  it('refuses bad query and path parameters', async () => {
    await expectBadRequest('GET', '/api/v1/leads?status=hot', {}, ['status']);
    await expectBadRequest('GET', '/api/v1/leads?assignedTo=123', {}, ['assignedTo']);
    await expectBadRequest('GET', '/api/v1/leads?cursor=garbage', {}, ['cursor']);
    await expectBadRequest('GET', '/api/v1/leads?limit=101', {}, ['limit']);
    await expectBadRequest('GET', '/api/v1/leads?colour=red', {}, ['colour']);
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'page=0', 'page=-1', 'page=1.5']) {
      const field = query.split('=')[0] as string;
      await expectBadRequest('GET', `/api/v1/contacts/contact?${query}`, {}, [field]);
      await expectBadRequest('GET', `/api/v1/companies?${query}`, {}, [field]);
    }
    await expectBadRequest('GET', '/api/v1/contacts/contact?companyId=nope', {}, ['companyId']);
    await expectBadRequest('GET', '/api/v1/contacts/contact/nope', {}, ['id']);
    await expectBadRequest('GET', '/api/v1/contacts/contact/%E0%A4%A', {}, ['id']);
    await expectBadRequest('GET', '/api/v1/contacts/contact?limit=10&limit=20', {}, ['limit']);
  });

  it('answers unknown routes and methods in JSON', async () => {
    expect(await rest('GET', '/api/v1/nothing', { key: t.secret })).toMatchObject({ status: 404, body: { error: 'Not Found' } });
    expect(await rest('GET', '/', { key: t.secret })).toMatchObject({ status: 404, body: { error: 'Not Found' } });
    const wrongMethod = await rest('DELETE', `/api/v1/leads/${lead.id}`, { key: t.secret });
    expect(wrongMethod).toMatchObject({ status: 405, body: { error: 'Method Not Allowed' } });
    expect(wrongMethod.headers.get('allow')).toBe('GET, PATCH, HEAD');
  });

  it('serves a path with a trailing slash as the same route, in JSON', async () => {
    const item = await rest('GET', `/api/v1/leads/${lead.id}/`, { key: t.secret });
    expect(item).toMatchObject({ status: 200, body: { data: { id: lead.id } } });
    const list = await rest('GET', '/api/v1/leads/?limit=1', { key: t.secret });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    const created = await rest('POST', '/api/v1/leads/', { key: t.secret, body: { firstName: 'Slash', lastName: 'Ed' } });
    expect(created).toMatchObject({ status: 201, body: { data: { firstName: 'Slash' } } });
    const patched = await rest('PATCH', `/api/v1/pipeline/deals/${lead.id}/`, { key: t.secret, body: { notes: null } });
    expect(patched).toMatchObject({ status: 404, body: { error: 'Not Found' } });
    expect(await rest('GET', '/api/v1/leads//', { key: t.secret })).toMatchObject({ status: 404, body: { error: 'Not Found' } });
  });

  it('gives every GraphQL input mistake a code and a message naming the field, for literals and variables alike', async () => {
    const ask = async (query: string, variables?: Record<string, unknown>) => {
      const response = await h.app.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { authorization: `Bearer ${t.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as { errors: { message: string; extensions: { code: string; details?: { field: string[]; message: string }[] } }[] };
      return body.errors.map((e) => ({ code: e.extensions.code, message: e.message, details: e.extensions.details }));
    };
    const statuses = 'contacted, converted, disqualified, lost, new, qualified, qualifying';
    expect(await ask('query($id: UUID!) { lead(id: $id) { id } }', { id: 'nope' })).toEqual([
      { code: 'BAD_USER_INPUT', message: 'id: must be a UUID', details: [{ field: ['id'], message: 'must be a UUID' }] },
    ]);
    expect(await ask('query($status: [LeadStatus!]) { leads(filter: { status: $status }) { totalCount } }', { status: 'hot' })).toEqual([
      { code: 'BAD_USER_INPUT', message: `status: must be one of ${statuses}`, details: [{ field: ['status'], message: `must be one of ${statuses}` }] },
    ]);
    expect(await ask('{ lead(id: "nope") { id } }')).toEqual([
      { code: 'BAD_USER_INPUT', message: 'id: must be a UUID', details: [{ field: ['id'], message: 'must be a UUID' }] },
    ]);
    const literals = await ask('mutation { createLead(input: { firstName: 1, products: 2, email: "x" }) { lead { id } } }');
    expect(literals.map((e) => e.details?.[0]?.field.join('.')).sort()).toEqual(['input.email', 'input.firstName', 'input.lastName', 'input.products']);
    expect(literals.every((e) => e.code === 'BAD_USER_INPUT' && e.message.startsWith(`${e.details?.[0]?.field.join('.')}: `))).toBe(true);
    expect(await ask('{ leads { nope } }')).toEqual([{ code: 'GRAPHQL_VALIDATION_FAILED', message: 'Cannot query field "nope" on type "LeadConnection". Did you mean "nodes"?', details: undefined }]);
    const deep = await ask(`{ deals { nodes { ${'stage { deals { edges { node { '.repeat(4)}id${' } } } }'.repeat(4)} } } }`);
    expect(deep[0]?.code).toBe('QUERY_TOO_LARGE');
    // A literal mistake is reported only to a caller allowed to run the operation.
    const anonymous = await h.app.fetch('http://localhost/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ lead(id: "nope") { id } }' }) });
    expect((await anonymous.json()).errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual(['UNAUTHENTICATED']);
  });

  it('reports the same failures over GraphQL as BAD_USER_INPUT with field paths', async () => {
    const before = await snapshot();
    const created = await gql(t.secret, CreateLeadDocument, { input: { firstName: 'x'.repeat(300), lastName: 'Ward' } });
    expect(created.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ field: ['input', 'firstName'] }] });
    const mistyped = await gql(t.secret, CreateLeadDocument, { input: { firstName: 'Lee', lastName: 'Ward', email: 'nope' } });
    expect(mistyped.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ field: ['input', 'email'] }] });
    const nulled = await gql(t.secret, UpdateContactDocument, { id: contact.id, input: { lastName: null } });
    expect(nulled.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ field: ['input', 'lastName'], message: 'cannot be null' }] });
    expect(await snapshot()).toEqual(before);
  });

  it('bounds how deep and how wide one GraphQL query may reach', async () => {
    const ask = async (query: string) => {
      const response = await h.app.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { authorization: `Bearer ${t.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
      return (await response.json()) as { data?: unknown; errors?: { message: string }[] };
    };
    const nest = (levels: number): string => (levels === 0 ? 'id' : `stage { deals { edges { node { ${nest(levels - 1)} } } } }`);
    const deep = await ask(`{ deals { nodes { ${nest(3)} } } }`);
    expect(deep.data).toBeUndefined();
    expect(deep.errors?.[0]?.message).toMatch(/depth limit of 12/);
    expect((await ask(`{ deals { nodes { ${nest(1)} } } }`)).errors).toBeUndefined();
    const wide = await ask(`{ ${Array.from({ length: 25 }, (_, i) => `a${i}: users { totalCount }`).join(' ')} }`);
    expect(wide.errors?.[0]?.message).toMatch(/Aliases limit of 20/);
  });

  it('reports bad variables of read operations the same way', async () => {
    const badStatus = await gql(t.secret, LeadsDocument, { filter: { status: ['hot' as never] } });
    expect(badStatus.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ field: ['filter', 'status', '0'] }] });
    const badLimit = await gql(t.secret, LeadsDocument, { first: 101 });
    expect(badLimit.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ field: ['leads', 'first'] }] });
    // A non-null variable with a default is valid GraphQL and must be honoured.
    const response = await h.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { authorization: `Bearer ${t.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query($first: Int! = 2) { leads(first: $first) { nodes { id } } }' }),
    });
    const body = await response.json();
    expect(body.errors).toBeUndefined();
    expect(body.data.leads.nodes).toHaveLength(2);
  });
});
