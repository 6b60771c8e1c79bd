import type { GraphQLField, GraphQLObjectType } from 'graphql';
import { getNamedType, isLeafType, isNonNullType, isObjectType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../src/auth/scopes.js';
import { allScopes } from '../src/auth/scopes.js';
import { createKeyPair } from '../src/auth/key-pairs.js';
import { schema } from '../src/graphql/schema.js';
import { authorizationWorld, crossScopeEdges, expectedReadScope } from './support/authorization-world.js';
import { useHarness } from './support/harness.js';

const harness = useHarness();
const { h } = harness;
let world: Awaited<ReturnType<typeof authorizationWorld>>;
beforeAll(async () => {
  world = await authorizationWorld(harness);
});

/** The record type a field yields: its own type, or the item type of a page or connection. */
function recordTypeOf(field: GraphQLField<unknown, unknown>): string | undefined {
  const named = getNamedType(field.type);
  if (named.name in expectedReadScope) return named.name;
  if (!isObjectType(named)) return undefined;
  const fields = named.getFields();
  if (fields.data) return getNamedType(fields.data.type).name;
  const edge = fields.edges && getNamedType(fields.edges.type);
  return edge && isObjectType(edge) ? getNamedType(edge.getFields().node!.type).name : undefined;
}

interface Step {
  field: string;
  args: string;
  /** The record type this step reaches, and what a key that cannot read it meets (by the edge table). */
  record?: string;
  edge: 'refused' | 'null';
}

/** Every path of object fields from a root field, up to `maxDepth` steps, never revisiting a type. */
function paths(root: GraphQLField<unknown, unknown>): { steps: Step[]; leaf: string }[] {
  const found: { steps: Step[]; leaf: string }[] = [];
  const argsFor = (field: GraphQLField<unknown, unknown>) => {
    const required = field.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined);
    return required.length ? `(${required.map((a) => `${a.name}: "${world.ids[getNamedType(field.type).name]}"`).join(', ')})` : '';
  };
  const walk = (type: GraphQLObjectType, steps: Step[], seen: Set<string>, parentName: string) => {
    const fields = Object.values(type.getFields());
    const leaf = fields.find((f) => f.name === 'id') ?? fields.find((f) => isLeafType(getNamedType(f.type)));
    if (leaf && steps.length) found.push({ steps, leaf: leaf.name });
    if (steps.length >= 6) return;
    for (const field of fields) {
      const named = getNamedType(field.type);
      if (!isObjectType(named) || seen.has(named.name)) continue;
      const step: Step = { field: field.name, args: argsFor(field), record: recordTypeOf(field), edge: crossScopeEdges[`${parentName}.${field.name}`] ?? 'refused' };
      walk(named, [...steps, step], new Set([...seen, named.name]), named.name);
    }
  };
  const named = getNamedType(root.type) as GraphQLObjectType;
  walk(named, [{ field: root.name, args: argsFor(root), record: recordTypeOf(root), edge: 'refused' }], new Set([named.name]), named.name);
  return found;
}

const holds = (scope: Scope, needed: Scope | Scope[] | 'any secret key') =>
  needed === 'any secret key' || (Array.isArray(needed) ? needed.includes(scope) : needed === scope);

/**
 * What a key with only `scope` gets along `steps`, by the expected table: the value, a refusal, or
 * null (without an error) at the first step it cannot read, named by that step's field.
 */
function outcome(scope: Scope, rootScope: Scope | Scope[] | 'any secret key', steps: Step[]): 'read' | 'refused' | { nullAt: string } {
  if (!holds(scope, rootScope)) return 'refused';
  const unreadable = steps.find((step) => step.record && !holds(scope, expectedReadScope[step.record]!));
  if (!unreadable) return 'read';
  return unreadable.edge === 'null' ? { nullAt: unreadable.field } : 'refused';
}

const rootScopes: Record<string, Scope | Scope[] | 'any secret key'> = {
  companies: 'companies.read', company: 'companies.read', sites: 'companies.read', site: 'companies.read',
  contacts: 'contacts.read', contact: 'contacts.read', deals: 'pipeline', deal: 'pipeline', pipelines: 'pipeline',
  pipelineStages: 'pipeline', leads: 'leads.lead.read', lead: 'leads.lead.read', users: 'any secret key',
  bookableResources: 'bookings.read', bookableResource: ['bookings.read', 'bookings.resources.manage'], resourceAvailability: 'bookings.read',
  resourceHours: 'bookings.resources.manage', resourceClosures: 'bookings.resources.manage', bookings: 'bookings.read', booking: 'bookings.read',
  equipmentTypes: 'inspections.read', equipmentType: 'inspections.read', equipmentList: 'inspections.read', equipment: 'inspections.read',
  checklistTemplates: 'inspections.read', checklistTemplate: 'inspections.read', inspections: 'inspections.read', inspection: 'inspections.read',
  inspectionHistory: 'inspections.read', inspectionReport: 'inspections.read',
  apiKeyPairs: 'settings.manage', apiScopes: 'settings.manage', viewer: 'any secret key',
  invoices: 'invoices.read', invoice: 'invoices.read', invoiceHistory: 'invoices.read', invoicePdf: 'invoices.read', invoiceSettings: 'invoices.read',
  events: 'any secret key', eventTypes: 'any secret key', event: 'leads.lead.read',
  webhookEndpoints: 'webhooks.manage', webhookEndpoint: 'webhooks.manage', webhookDeliveries: 'webhooks.manage',
};

/** Roots that hide what a key may not see as NOT_FOUND rather than refuse it: an event of a type the key does not read (the world's is `lead.created`). */
const hiddenAsNotFound = new Set(['event']);

/** A secret key of the world's tenant holding exactly `scopes`. */
async function keyWith(scopes: Scope[]) {
  const pair = await createKeyPair(h.db.prisma, { tenantId: world.owner.tenantId, userId: world.owner.userId, name: scopes.join(' '), scopes });
  return pair.secret.key;
}

async function ask(key: string, query: string) {
  const response = await h.app.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query }),
  });
  // The answer's cost (extensions.cost) is test/query-cost.test.ts's concern.
  const { extensions: _cost, ...answer } = (await response.json()) as { data?: unknown; errors?: { extensions: { code: string } }[]; extensions?: unknown };
  return answer;
}

describe('every type enforces its own read scope, however it is reached', () => {
  it('covers every root query field of the schema', () => {
    expect(Object.keys(schema.getQueryType()!.getFields()).sort()).toEqual(Object.keys(rootScopes).sort());
  });

  for (const root of Object.keys(rootScopes)) {
    it(`Query.${root}: each path resolves exactly for the keys whose single scope reads every type on it`, async () => {
      const field = schema.getQueryType()!.getFields()[root]!;
      const all = paths(field);
      expect(all.length).toBeGreaterThan(0);
      const mismatches: string[] = [];
      for (const { steps, leaf } of all) {
        const query = `{ ${steps.map((s) => `${s.field}${s.args} {`).join(' ')} ${leaf} ${'}'.repeat(steps.length)} }`;
        const results = await Promise.all(allScopes.map(async (scope) => [scope, await ask(world.keys.get(scope)!, query)] as const));
        for (const [scope, result] of results) {
          const codes = (result.errors ?? []).map((e) => e.extensions.code);
          const expected = outcome(scope, rootScopes[root]!, steps);
          const ok =
            expected === 'read' ? codes.length === 0
            : expected === 'refused' ? codes.length > 0 && codes.every((c) => c === (hiddenAsNotFound.has(root) ? 'NOT_FOUND' : 'FORBIDDEN'))
            : codes.length === 0 && JSON.stringify(result.data).includes(`"${expected.nullAt}":null`);
          if (!ok) mismatches.push(`${scope} should ${typeof expected === 'string' ? expected : `see null at ${expected.nullAt}`}: ${query}: ${codes.join(',') || JSON.stringify(result.data)}`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }

  it('lists every relation between record types of different read scopes in the edge table, and every record type in the scope table', () => {
    const records = Object.values(schema.getTypeMap()).filter((type): type is GraphQLObjectType => isObjectType(type) && Boolean(type.extensions.pothosPrismaModel));
    expect(records.map((type) => type.name).filter((name) => !(name in expectedReadScope))).toEqual([]);
    const crossing = records.flatMap((type) =>
      Object.values(type.getFields()).flatMap((field) => {
        const target = recordTypeOf(field);
        const differs = target && JSON.stringify(expectedReadScope[target]) !== JSON.stringify(expectedReadScope[type.name]);
        return differs ? [`${type.name}.${field.name}`] : [];
      }),
    );
    expect(crossing.sort()).toEqual(Object.keys(crossScopeEdges).sort());
  });

  it('reaches records along every path (the world has one of each, so "no error" means "read")', async () => {
    const result = await ask(world.owner.secret, `{ company(id: "${world.company.id}") { contacts { edges { node { email } } } sites { edges { node { name } } } deals { edges { node { value } } } } }`);
    expect(result).toEqual({
      data: { company: { contacts: { edges: [{ node: { email: 'pat@acme.example' } }] }, sites: { edges: [{ node: { name: 'Yard' } }] }, deals: { edges: [{ node: { value: '100.00' } }] } } },
    });
  });
});

describe('the reported holes stay closed', () => {
  it("a companies.read key cannot read a company's contacts or deals, not even their count", async () => {
    const key = world.keys.get('companies.read')!;
    for (const list of ['contacts { edges { node { email } } }', 'deals { edges { node { value } } }', 'contacts { totalCount }', 'deals { totalCount }']) {
      const result = await ask(key, `{ company(id: "${world.company.id}") { name ${list} } }`);
      expect(result.errors?.map((e) => e.extensions.code), list).toEqual(['FORBIDDEN']);
    }
    expect(await ask(key, `{ company(id: "${world.company.id}") { name sites { totalCount } } }`)).toEqual({ data: { company: { name: 'Acme', sites: { totalCount: 1 } } } });
  });

  it("a contacts.read key cannot read deals through the contact's company", async () => {
    const result = await ask(world.keys.get('contacts.read')!, `{ contact(id: "${world.contact.id}") { company { deals { edges { node { value } } } } } }`);
    expect(result.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
  });

  it("a write key reads its mutation's result, and nothing beyond it", async () => {
    const key = world.keys.get('contacts.write')!;
    const own = await ask(key, `mutation { updateContact(id: "${world.contact.id}", input: { role: "Buyer" }) { id role email } }`);
    expect(own).toEqual({ data: { updateContact: { id: world.contact.id, role: 'Buyer', email: 'pat@acme.example' } } });
    const beyond = await ask(key, `mutation { updateContact(id: "${world.contact.id}", input: { role: "Owner" }) { id company { name deals { totalCount } } } }`);
    expect(beyond.errors?.map((e) => e.extensions.code)).toContain('FORBIDDEN');
    // The write itself was allowed; only the read beyond it was refused.
    expect((await h.db.prisma.contact.findUniqueOrThrow({ where: { id: world.contact.id } })).role).toBe('Owner');
    // A read key is not a write key.
    const reader = await ask(world.keys.get('contacts.read')!, `mutation { updateContact(id: "${world.contact.id}", input: { role: "X" }) { id } }`);
    expect(reader.errors?.map((e) => e.extensions.code)).toEqual(['FORBIDDEN']);
  });

  it('an empty PATCH is a 400 that changes nothing, so a write key cannot use it to read', async () => {
    const updates: [string, string, unknown][] = [
      ['/api/v1/leads/', 'lead', world.lead.id],
      ['/api/v1/contacts/contact/', 'contact', world.contact.id],
      ['/api/v1/companies/', 'company', world.company.id],
      ['/api/v1/sites/', 'site', world.site.id],
      ['/api/v1/pipeline/deals/', 'deal', world.deal.id],
      ['/api/v1/pipeline/stages/', 'pipelineStage', world.stage.id],
    ];
    for (const [path, model, id] of updates) {
      const delegate = (h.db.prisma as unknown as Record<string, { findUniqueOrThrow(q: object): Promise<Record<string, unknown>> }>)[model]!;
      const before = await delegate.findUniqueOrThrow({ where: { id } });
      const response = await harness.rest('PATCH', `${path}${id}`, { key: world.owner.secret, body: {} });
      expect(response, path).toMatchObject({ status: 400, body: { error: 'Bad Request', details: [{ field: 'body', message: 'nothing to change: send at least one field' }] } });
      expect(await delegate.findUniqueOrThrow({ where: { id } }), path).toEqual(before);
    }
    const viaGraphql = await ask(world.keys.get('leads.lead.write')!, `mutation { updateLead(id: "${world.lead.id}", input: {}) { id email notes } }`);
    expect(viaGraphql).toMatchObject({ errors: [{ extensions: { code: 'BAD_USER_INPUT' } }] });
    expect(viaGraphql.data ?? null).toBeNull();
    const refusedRead = await harness.rest('GET', `/api/v1/leads/${world.lead.id}`, { key: world.keys.get('leads.lead.write')! });
    expect(refusedRead.status).toBe(403);
  });

  it('a bookings.read key reads the booking and its guest, but not the lead behind it, on both surfaces', async () => {
    const key = world.keys.get('bookings.read')!;
    const viaGraphql = await ask(key, `{ booking(id: "${world.booking.id}") { firstName email lead { status notes intent customFields sourceAttribution assignee { email } } } }`);
    expect(viaGraphql).toEqual({ data: { booking: { firstName: 'Gus', email: 'guest@acme.example', lead: null } } });
    const viaRest = await harness.rest('GET', `/api/bookings/${world.booking.id}`, { key });
    expect(viaRest.status).toBe(200);
    expect(viaRest.body.booking).toMatchObject({ id: world.booking.id, leadId: world.lead.id, firstName: 'Gus', lastName: 'Guest', email: 'guest@acme.example', resource: { name: 'Bay' }, lead: null });
    // With the lead's own scope as well, the lead is there.
    const both = await keyWith(['bookings.read', 'leads.lead.read']);
    const withLead = await harness.rest('GET', `/api/bookings/${world.booking.id}`, { key: both });
    expect(withLead.body.booking.lead).toEqual({ id: world.lead.id, firstName: world.lead.firstName, lastName: world.lead.lastName, email: 'guest@acme.example', status: 'new' });
    expect(await ask(both, `{ booking(id: "${world.booking.id}") { lead { status } } }`)).toEqual({ data: { booking: { lead: { status: 'new' } } } });
  });

  it("an inspections.read key reads the customer's name and the site's address, nothing more of the company or site", async () => {
    const key = world.keys.get('inspections.read')!;
    const inspection = world.ids.InspectionDetail!;
    const detail = await harness.rest('GET', `/api/inspections/${inspection}`, { key });
    expect(detail.status).toBe(200);
    expect(detail.body.customer).toEqual({ id: world.company.id, name: 'Acme' });
    expect(detail.body.site).toEqual({ id: world.site.id, name: 'Yard', address: null, city: null, state: null });
    for (const beyond of ['customer { customFields }', 'customer { phone email }', 'customer { contacts { totalCount } }', 'site { postalCode }', 'site { company { name } }']) {
      const result = await ask(key, `{ inspection(id: "${inspection}") { ${beyond} } }`);
      expect(result.errors?.length, beyond).toBeGreaterThan(0);
      expect(result.data ?? null, beyond).toBeNull();
    }
    const listed = await ask(key, `{ inspections { data { customer { id name } site { name } } } }`);
    expect(listed).toEqual({ data: { inspections: { data: [{ customer: { id: world.company.id, name: 'Acme' }, site: { name: 'Yard' } }] } } });
  });

  it("a pipeline key reads what the deal shows of its company, contact and site, not the rest of those records", async () => {
    const key = world.keys.get('pipeline')!;
    for (const beyond of ['company { customFields }', 'company { address postalCode }', 'contact { notes }', 'contact { customFields }', 'contact { isPrimary }', 'site { postalCode }']) {
      const result = await ask(key, `{ deal(id: "${world.deal.id}") { ${beyond} } }`);
      expect(result.errors?.length, beyond).toBeGreaterThan(0);
      expect(result.data ?? null, beyond).toBeNull();
    }
  });

  it('a pipeline key reads the deal shapes the specification gives it, company and contact included', async () => {
    const key = world.keys.get('pipeline')!;
    const detail = await harness.rest('GET', `/api/v1/pipeline/deals/${world.deal.id}`, { key });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ company: { name: 'Acme' }, contact: { email: 'pat@acme.example' }, site: { name: 'Yard' }, owner: { id: world.owner.userId } });
    const list = await harness.rest('GET', '/api/v1/pipeline/deals', { key });
    expect(list.body.data[0]).toMatchObject({ company: { id: world.company.id, name: 'Acme' } });
    // What the deal shows of its company is a summary: the company's own relations are not on it.
    const beyond = await ask(key, `{ deal(id: "${world.deal.id}") { company { contacts { totalCount } } } }`);
    expect((beyond.errors?.[0] as { message?: string } | undefined)?.message).toBe('Cannot query field "contacts" on type "DealCompany".');
  });
});
