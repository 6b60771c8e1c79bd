import { createHash, randomUUID } from 'node:crypto';
import createClient from 'openapi-fetch';
import type { ValidateFunction } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { createCustomFieldDefinition } from '../src/custom-fields/custom-field.admin.js';
import { operations } from '../src/graphql/route-map.js';
import { restListAnswer } from '../src/graphql/rest-lists.js';
import { exerciseBookings, exerciseEveryResource } from './contract/typed-client.js';
import type { paths } from './generated/openapi.js';
import { type RestResponse, useHarness } from './support/harness.js';
import { inspectionWorld } from './support/inspection-fixtures.js';
import { invoiceWorld, TWO_LINES } from './support/invoice-fixtures.js';
import { compileSchema, connectMcp, type McpClient, type Revision } from './support/mcp.js';

// The endpoint created below is on this machine, which production refuses (SSRF); it is never called here.
process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = '1';
const harness = useHarness();
const { h, tenant } = harness;

const clients = new Map<string, Promise<McpClient>>();
const validators = new Map<string, ValidateFunction | null>();
/** Tools whose structured result was checked against their outputSchema, and what did not conform. */
const checked = new Set<string>();
const problems: string[] = [];
afterAll(async () => Promise.all([...clients.values()].map(async (client) => (await client).close())));

/** The revision the scenario's clients speak: the 2025 ones get the JSON as text too, and the 1.x SDK checks structured content itself. */
let revision: Revision = '2026-07-28';

const listed = new Map<string, ReturnType<McpClient['listTools']>>();
/** The tools a key sees, listed once per client (as an agent does). */
const toolsOf = async (key: string) => {
  const id = `${revision} ${key}`;
  if (!listed.has(id)) listed.set(id, clientFor(key).then((client) => client.listTools()));
  return (await listed.get(id)!).tools;
};

const clientFor = (key: string) => {
  const id = `${revision} ${key}`;
  // Output schemas come with the tools on request: each structured result is checked against its tool's.
  if (!clients.has(id)) clients.set(id, connectMcp('http://localhost/mcp?outputSchemas=1', key, revision, async (input, init) => h.app.fetch(new Request(input, init))));
  return clients.get(id)!;
};

/** A query parameter's text as the JSON value its argument schema wants. */
function typed(values: string[], schema: Record<string, any> | undefined): unknown {
  if (schema?.type === 'array') return values;
  const [value = ''] = values;
  if (schema?.type === 'integer' || schema?.type === 'number') return Number(value);
  if (schema?.type === 'boolean') return value === 'true';
  return value;
}

/**
 * A REST list's page (by `page` or `offset`) as an agent reaches it through its tool, which pages by
 * cursor only: from the first page, following `nextCursor`; answered in REST's envelope.
 */
async function pageThroughCursor(client: McpClient, operation: (typeof operations)[number], tool: { inputSchema: Record<string, any> }, args: Record<string, unknown>) {
  const list = operation.route.list!;
  // REST's `page` and `offset` are no arguments of the tool: their text is read here.
  const { page: pageText, offset: offsetText, ...rest } = args as { page?: string; offset?: string; limit?: number };
  const page = pageText === undefined ? undefined : Number(pageText);
  const size = rest.limit ?? tool.inputSchema.properties.limit?.default ?? 100;
  const skipped = list.paging === 'page' ? ((page ?? 1) - 1) * size : Number(offsetText ?? 0);
  if (skipped % size) throw new Error(`${operation.field.name}: an offset of ${skipped} is no whole number of pages of ${size}`);
  let result = await client.callTool({ name: operation.field.name, arguments: rest });
  for (let turn = 0; turn < skipped / size && !result.isError; turn += 1) {
    if (!result.structuredContent.hasMore) return { result, rest: { data: [], total: result.structuredContent.total } };
    result = await client.callTool({ name: operation.field.name, arguments: { ...rest, cursor: result.structuredContent.nextCursor } });
  }
  if (result.isError) return { result };
  const { data, total, hasMore } = result.structuredContent;
  return { result, rest: restListAnswer(list, { nodes: data, totalCount: total, pageInfo: { hasNextPage: hasMore, endCursor: null } }, { ...rest, page }) };
}

/**
 * REST as an agent reaches it through MCP: each call to an /api route becomes a call of its tool
 * (path and query parameters and body fields as arguments), answered with the tool's structured
 * result, which must conform to the tool's outputSchema. Fixtures written for REST run unchanged on it.
 */
async function restThroughMcp(method: string, path: string, options: { key?: string | null; body?: unknown } = {}): Promise<RestResponse> {
  const url = new URL(path, 'http://localhost');
  const operation = operations.find((o) => o.route.method === method && o.pattern.test(url.pathname));
  if (!operation || !options.key) throw new Error(`no tool for ${method} ${path}`);
  const client = await clientFor(options.key);
  const name = operation.field.name;
  const tool = (await toolsOf(options.key)).find((t) => t.name === name);
  if (!tool) throw new Error(`the key does not see the tool ${name}`);
  if (!validators.has(name)) validators.set(name, tool.outputSchema ? compileSchema(tool.outputSchema) : null);
  const inputProperties = tool.inputSchema.properties ?? {};
  const args: Record<string, unknown> = Object.fromEntries(Object.entries(operation.pattern.exec(url.pathname)?.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]));
  for (const parameter of new Set(url.searchParams.keys())) args[parameter] = typed(url.searchParams.getAll(parameter), inputProperties[parameter]);
  Object.assign(args, options.body ?? {});
  const paging = operation.route.list?.paging;
  const paged = paging === 'page' || paging === 'offset' ? await pageThroughCursor(client, operation, tool, args) : undefined;
  const result = paged?.result ?? (await client.callTool({ name, arguments: args }));
  if (result.isError) {
    const { status, ...body } = JSON.parse(result.content?.[0]?.text ?? '{}');
    return { status, body, headers: new Headers() };
  }
  const validate = validators.get(name);
  if (validate) {
    if (!validate(result.structuredContent)) problems.push(`${name}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
    if (revision !== '2026-07-28' && JSON.stringify(JSON.parse(result.content?.[0]?.text ?? 'null')) !== JSON.stringify(result.structuredContent)) {
      problems.push(`${name}: the text is not the structured content`);
    }
    checked.add(name);
  } else {
    checked.add(name);
    expect(result.content?.[0]?.resource?.blob, name).toBeTruthy();
  }
  return { status: operation.route.status ?? 200, body: paged?.rest ?? result.structuredContent ?? result.content, headers: new Headers() };
}

const viaMcp = { ...harness, rest: restThroughMcp } as typeof harness;

describe('every tool, called with seeded data through an MCP client', () => {
  it.each(['2026-07-28', '2025-06-18'] as const)('answers structured content that conforms to its outputSchema (%s)', { timeout: 120_000 }, async (spoken) => {
    revision = spoken;
    checked.clear();
    validators.clear();
    problems.length = 0;
    const t = await tenant({ role: 'system_admin', modules: ['inspections'] });
    const client = createClient<paths>({
      baseUrl: 'http://localhost',
      fetch: async (request: Request) => {
        const text = await request.text();
        const url = new URL(request.url);
        const answer = await restThroughMcp(request.method, `${url.pathname}${url.search}`, { key: t.secret, body: text ? JSON.parse(text) : undefined });
        return Response.json(answer.body, { status: answer.status });
      },
    });
    await exerciseEveryResource(client);
    await exerciseBookings(client);
    const call = async (method: string, path: string, key: string, body?: unknown, expected = [200, 201]) => {
      const answer = await restThroughMcp(method, path, { key, body });
      expect(expected, `${method} ${path}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
      return answer.body;
    };

    await createCustomFieldDefinition(h.db.prisma, { tenantId: t.tenantId, entity: 'lead', key: 'tier', type: 'select', options: ['gold', 'silver'] });
    await call('GET', '/api/custom-fields?entity=lead', t.secret);
    const lead = (await call('POST', '/api/v1/leads', t.secret, { firstName: 'Ada', lastName: 'Lovelace' })).data;
    await call('GET', `/api/v1/leads/${lead.id}`, t.secret);
    await call('GET', '/api/leads/form', t.publishable);
    // A secret key sends the form without a proof of work (a publishable key's needs one: test/lead-form.test.ts).
    await call('POST', '/api/leads/form', t.secret, { firstName: 'Ada', lastName: 'Form', email: 'ada@example.test', customFields: { tier: 'gold' } });

    const pair = (await call('POST', '/api/v1/key-pairs', t.secret, { name: 'Website', scopes: ['leads.lead.write'], allowedOrigins: ['https://shop.example'] })).data.pair;
    await call('GET', '/api/v1/key-pairs?limit=5', t.secret);
    await call('PATCH', `/api/v1/key-pairs/${pair.id}`, t.secret, { allowedOrigins: ['https://www.shop.example'] });
    const rotated = (await call('POST', `/api/v1/key-pairs/${pair.id}/rotate`, t.secret)).data.pair;
    await call('POST', `/api/v1/key-pairs/${rotated.id}/revoke`, t.secret);
    // An app the user connected with OAuth, as the authorization server stores its grant (src/oauth/adapter.ts).
    const grantId = randomUUID();
    const grant = { kind: 'Grant', idHash: createHash('sha256').update(grantId).digest('hex'), grantId, tenantId: t.tenantId, userId: t.userId };
    await h.db.prisma.oAuthRecord.create({ data: { ...grant, clientId: 'https://agent.example/client.json', clientName: 'Agent', payload: { resources: { 'http://localhost/api': 'leads.lead.read' } } } });
    await call('GET', '/api/v1/connected-apps?limit=5', t.secret);
    await call('DELETE', `/api/v1/connected-apps/${grantId}`, t.secret);

    // Two bookings on Monday 7 January 2030, closed once the clock has passed them.
    const room = (await call('POST', '/api/bookings/resources', t.secret, { type: 'room', name: 'Room B', timezone: 'UTC', defaultDurationMinutes: 60, maxConcurrent: 1 })).data;
    await call('PUT', `/api/bookings/resources/${room.id}/hours`, t.secret, { hours: [{ weekday: 1, opensAt: '09:00', closesAt: '11:00' }] });
    await call('PATCH', `/api/bookings/resources/${room.id}`, t.secret, { published: true });
    await call('GET', `/api/bookings/resources/${room.id}`, t.publishable);
    const { slots } = await call('GET', `/api/bookings/resources/${room.id}/availability?from=2030-01-07&to=2030-01-07`, t.publishable);
    // A widget's visitor holds a seat, gives it back, holds another and books it through its hold.
    const released = (await call('POST', '/api/bookings/holds', t.publishable, { slotId: slots[1].slotId })).data;
    await call('DELETE', `/api/bookings/holds/${released.id}`, t.publishable);
    const held = (await call('POST', '/api/bookings/holds', t.publishable, { slotId: slots[0].slotId })).data;
    const booked = [];
    for (const [index, slot] of slots.entries()) {
      const holdId = index === 0 ? { holdId: held.id } : {};
      booked.push((await call('POST', '/api/bookings', t.publishable, { slotId: slot.slotId, ...holdId, firstName: 'Guest', lastName: `${index}`, email: `guest${index}@example.test` })).booking);
    }
    h.clock.offsetMs = Date.parse('2030-01-08T00:00:00Z') - Date.now();
    await call('POST', `/api/bookings/${booked[0].id}/complete`, t.secret);
    await call('POST', `/api/bookings/${booked[1].id}/no-show`, t.secret);
    h.clock.offsetMs = 0;

    const w = await inspectionWorld(viaMcp);
    const { admin, tech, manager } = w.users;
    await call('GET', '/api/inspections/equipment-types', admin.key);
    await call('GET', `/api/inspections/equipment-types/${w.type.id}`, admin.key);
    await call('PATCH', `/api/inspections/equipment-types/${w.type.id}`, admin.key, { category: 'Hoisting' });
    await call('GET', '/api/inspections/equipment?limit=5', admin.key);
    await call('GET', `/api/inspections/equipment/${w.equipment.id}`, admin.key);
    await call('PATCH', `/api/inspections/equipment/${w.equipment.id}`, admin.key, { model: 'DR-Pro 6' });
    await call('GET', '/api/inspections/templates', admin.key);
    await call('GET', `/api/inspections/templates/${w.template.id}`, admin.key);
    await call('PATCH', `/api/inspections/templates/${w.template.id}`, admin.key, { name: 'Annual crane inspection (2030)' });
    const draft = await w.inspection();
    await call('PATCH', `/api/inspections/${draft.id}`, tech.key, { notes: 'Windy' });
    const finding = (await call('POST', `/api/inspections/${draft.id}/findings`, tech.key, { severity: 'minor', description: 'Paint flaking' })).data;
    await call('PATCH', `/api/inspections/${draft.id}/findings/${finding.id}`, tech.key, { description: 'Paint flaking on the girder' });
    const photo = (await call('POST', `/api/inspections/${draft.id}/findings/${finding.id}/photos`, tech.key, { photoUrl: 'https://photos.example/girder.jpg' })).data;
    await call('DELETE', `/api/inspections/${draft.id}/findings/${finding.id}/photos/${photo.id}`, tech.key);
    await call('DELETE', `/api/inspections/${draft.id}/findings/${finding.id}`, tech.key);
    await w.inspectionIn('rejected');
    const delivered = await w.inspectionIn('delivered');
    await call('GET', '/api/inspections?status=delivered', admin.key);
    await call('GET', `/api/inspections/${delivered}`, admin.key);
    await call('GET', `/api/inspections/${delivered}/history`, admin.key);
    await call('GET', `/api/inspections/${delivered}/report.pdf`, manager.key);

    // An import an agent gives as text (no worker runs here: it stays queued, then is cancelled).
    const imported = (await call('POST', `/api/v1/imports?object=companies&format=csv&text=${encodeURIComponent('name\nAgent Ltd\n')}`, t.secret, undefined, [202])).data;
    await call('GET', '/api/v1/imports', t.secret);
    await call('GET', `/api/v1/imports/${imported.id}`, t.secret);
    await call('GET', `/api/v1/imports/${imported.id}/rows`, t.secret);
    await call('POST', `/api/v1/imports/${imported.id}/cancel`, t.secret);

    const invoices = await invoiceWorld(viaMcp);
    for (const status of ['draft', 'voided', 'viewed', 'partially_paid', 'paid']) await invoices.inStatus(status);
    const invoice = await invoices.draft();
    await call('GET', `/api/invoices/${invoice.id}`, invoices.key);
    await call('GET', `/api/v1/companies/${invoices.company.id}`, invoices.key);
    await call('GET', `/api/v1/contacts/contact/${invoices.contact.id}`, invoices.key);
    await call('GET', `/api/v1/sites/${w.site.id}`, admin.key);
    await call('GET', '/api/invoices?status=draft', invoices.key);
    await call('PATCH', `/api/invoices/${invoice.id}`, invoices.key, { notes: 'Net 30' });
    await call('PUT', `/api/invoices/${invoice.id}/line-items`, invoices.key, { lineItems: TWO_LINES });
    await call('GET', `/api/invoices/${invoice.id}/history`, invoices.key);
    await call('GET', `/api/invoices/${invoice.id}/pdf`, invoices.key);
    await call('GET', '/api/settings/invoices', invoices.key);
    await call('PATCH', '/api/settings/invoices', invoices.key, { invoicePrefix: 'NW-' });

    const endpoint = (await call('POST', '/api/webhook-endpoints', t.secret, { url: 'http://127.0.0.1:9/platform', events: ['lead.created'] })).data;
    await call('GET', '/api/webhook-endpoints', t.secret);
    await call('GET', `/api/webhook-endpoints/${endpoint.id}`, t.secret);
    await call('PATCH', `/api/webhook-endpoints/${endpoint.id}`, t.secret, { description: 'CRM sync' });
    await call('POST', `/api/webhook-endpoints/${endpoint.id}/rotate-secret`, t.secret);
    const test = (await call('POST', `/api/webhook-endpoints/${endpoint.id}/test`, t.secret)).data;
    await call('GET', `/api/webhook-endpoints/${endpoint.id}/deliveries`, t.secret);
    await call('POST', `/api/webhook-endpoints/${endpoint.id}/deliveries/${test.id}/retry`, t.secret, undefined, [200, 201, 409]);
    const events = await call('GET', '/api/events?limit=2', t.secret);
    await call('GET', `/api/events/${events.data[0].id}`, t.secret);
    await call('DELETE', `/api/webhook-endpoints/${endpoint.id}`, t.secret);

    expect(problems).toEqual([]);
    const uncovered = operations.map((o) => o.field.name).filter((name) => !checked.has(name));
    expect(uncovered).toEqual([]);
  });
});
