import type { GraphQLEnumType, GraphQLField, GraphQLObjectType } from 'graphql';
import { getNamedType, isLeafType, isNonNullType, isObjectType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../src/auth/scopes.js';
import { allScopes } from '../src/auth/scopes.js';
import { createKeyPair } from '../src/auth/key-pairs.js';
import type { Principal } from '../src/auth/api-keys.js';
import { declaredScopes, mayAccess } from '../src/graphql/access.js';
import { schema } from '../src/graphql/schema.js';
import { JIT_AFTER_EXECUTIONS } from '../src/http/compiled-execution.js';
import { authorizationWorld, crossScopeEdges, expectedReadScope } from './support/authorization-world.js';
import { fixtures } from './support/fixtures.js';
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
  edge: 'refused' | 'null' | 'part';
}

/** Every path of object fields from a root field, up to `maxDepth` steps, never revisiting a type. */
function paths(root: GraphQLField<unknown, unknown>): { steps: Step[]; leaf: string }[] {
  const found: { steps: Step[]; leaf: string }[] = [];
  // Required arguments name the world's record; a connection asks a small page (`first: 2`: the
  // world has one of each), so deep paths stay within the cost budget whatever the default page size.
  const argsFor = (field: GraphQLField<unknown, unknown>) => {
    if (field.name in rootArgs && field === schema.getQueryType()!.getFields()[field.name]) return rootArgs[field.name]!;
    const required = field.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined);
    const args = required.map((a) => `${a.name}: "${world.ids[getNamedType(field.type).name]}"`);
    if (field.args.some((a) => a.name === 'first')) args.push('first: 2');
    return args.length ? `(${args.join(', ')})` : '';
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
 * What a key with only `scope` gets along `steps` (ending in the leaf `id`), by the expected table:
 * the value, a refusal of the root field, a refusal of the first nested step it cannot read (null
 * there, with FORBIDDEN errors at that field alone), or null without an error at that step, named
 * by its field. Past a `part` edge the key reads the embedded part (the path's leaf `id`), nothing
 * further: the next field is refused with FORBIDDEN errors at that field alone, but not nulled alone
 * (`alone: false`), since the part's record keeps its own type, whose fields (`Company.sites`) may be
 * non-null for its own readers; the null then reaches the nearest nullable parent.
 */
type Outcome = 'read' | 'refused' | { refusedAt: number; alone: boolean } | { nullAt: string };
function outcome(scope: Scope, rootScope: Scope | Scope[] | 'any secret key', steps: Step[]): Outcome {
  if (!holds(scope, rootScope)) return 'refused';
  const unreadable = steps.findIndex((step) => step.record && !holds(scope, expectedReadScope[step.record]!));
  if (unreadable < 0) return 'read';
  if (steps[unreadable]!.edge === 'part') return unreadable === steps.length - 1 ? 'read' : { refusedAt: unreadable + 1, alone: false };
  if (steps[unreadable]!.edge === 'null') return { nullAt: steps[unreadable]!.field };
  return unreadable === 0 ? 'refused' : { refusedAt: unreadable, alone: true };
}

type Answer = { data?: unknown; errors?: { extensions: { code: string }; path?: (string | number)[] }[] };

/** The value at an error's path in the answer's data. */
const valueAt = (data: unknown, path: readonly (string | number)[]) =>
  path.reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), data);

/**
 * Whether a refusal at step `index` was that field's alone: every error is FORBIDDEN with the path
 * of that step (list indexes aside); and, when `alone`, it nulled that field alone: the data there
 * is null and the root field answered.
 */
function refusedAt(result: Answer, steps: Step[], index: number, alone: boolean): boolean {
  const expected = steps.slice(0, index + 1).map((step) => step.field);
  const errors = result.errors ?? [];
  const atField = (e: (typeof errors)[number]) => e.extensions.code === 'FORBIDDEN' && JSON.stringify(e.path?.filter((p) => typeof p === 'string')) === JSON.stringify(expected);
  return (
    errors.length > 0 &&
    errors.every((e) => atField(e) && (!alone || valueAt(result.data, e.path!) === null)) &&
    (!alone || valueAt(result.data, [steps[0]!.field]) != null)
  );
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
  apiKeyPairs: 'settings.manage', apiScopes: 'settings.manage', connectedApps: 'settings.manage', viewer: 'any secret key',
  invoices: 'invoices.read', invoice: 'invoices.read', invoiceHistory: 'invoices.read', invoicePdf: 'invoices.read', invoiceSettings: 'invoices.read',
  events: 'any secret key', eventTypes: 'any secret key', event: 'leads.lead.read',
  webhookEndpoints: 'webhooks.manage', webhookEndpoint: 'webhooks.manage', webhookDeliveries: 'webhooks.manage',
  customFieldDefinitions: 'companies.read', leadForm: 'leads.lead.write',
  // The world's import is of leads: listed for every key that may import something, read with leads' write scope; its rows (the leads' data) with leads' read scope.
  imports: ['leads.lead.write', 'contacts.write', 'companies.write'], import: 'leads.lead.write', importRows: 'leads.lead.read',
  // Any key reads some type; what it may not read answers null (test/node.test.ts covers every type).
  node: 'any secret key', nodes: 'any secret key',
};

/**
 * Arguments of roots whose required arguments are not a record id: `customFieldDefinitions` is read
 * with its entity's read scope, walked here for companies (test/custom-field-definitions.test.ts checks every entity).
 */
const rootArgs: Record<string, string> = { customFieldDefinitions: '(entity: company)' };

/** Roots that answer null, without an error, for what a key may not see rather than refuse it: an event of a type the key does not read (the world's is `lead.created`). */
const hiddenAsNull = new Set(['event']);

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
  const { extensions: _cost, ...answer } = (await response.json()) as Answer & { extensions?: unknown };
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
            : expected === 'refused' ? (hiddenAsNull.has(root) ? codes.length === 0 && valueAt(result.data, [root]) === null : codes.length > 0 && codes.every((c) => c === 'FORBIDDEN'))
            : 'refusedAt' in expected ? refusedAt(result, steps, expected.refusedAt, expected.alone)
            : codes.length === 0 && JSON.stringify(result.data).includes(`"${expected.nullAt}":null`);
          const should = typeof expected === 'string' ? expected : 'refusedAt' in expected ? `be refused at ${steps[expected.refusedAt]!.field}${expected.alone ? ' alone' : ''}` : `see null at ${expected.nullAt}`;
          if (!ok) mismatches.push(`${scope} should ${should}: ${query}: ${JSON.stringify(result)}`);
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

  it('makes every field that a reader of its parent may be refused nullable and checked on the field itself, so a refusal nulls it alone', () => {
    // A field to records that some key reading its parent cannot read. A record type's readers are
    // in the expected scope table; those of another type (a mutation's answer, a page) are the keys
    // that may call a root field answering it.
    const readers = new Map<string, (scope: Scope) => boolean>();
    for (const root of [schema.getQueryType()!, schema.getMutationType()!]) {
      for (const field of Object.values(root.getFields())) {
        const named = getNamedType(field.type);
        const map = declaredScopes(field);
        if (!isObjectType(named) || named.name in expectedReadScope || !map) continue;
        const earlier = readers.get(named.name);
        const calls = (scope: Scope) => mayAccess(map, { kind: 'secret', scopes: new Set([scope]), modules: new Set(['inspections']), role: 'system_admin' } as unknown as Principal);
        readers.set(named.name, earlier ? (scope) => earlier(scope) || calls(scope) : calls);
      }
    }
    for (const [name, scope] of Object.entries(expectedReadScope)) readers.set(name, (held) => holds(held, scope));
    const refusable = [...readers].flatMap(([name, reads]) =>
      Object.values((schema.getType(name) as GraphQLObjectType | undefined)?.getFields() ?? {}).flatMap((field) => {
        // A mutation payload's result is the mutation's own, granted whole to its caller (ReadGrantsPlugin).
        if ((schema.getType(name) as GraphQLObjectType).extensions.payloadResult === field.name) return [];
        const target = recordTypeOf(field);
        // A `part` edge (an invoice's company) is readable by every reader of its parent: the part it
        // embeds is granted, and the rest of the record is refused field by field (see \`outcome\`).
        const part = crossScopeEdges[`${name}.${field.name}`] === 'part';
        const mayBeRefused = target && !part && allScopes.some((scope) => reads(scope) && !holds(scope, expectedReadScope[target]!));
        return mayBeRefused ? [{ name: `${name}.${field.name}`, field }] : [];
      }),
    );
    expect(refusable.map((f) => f.name).sort()).toEqual(['Booking.lead', 'Company.contacts', 'Company.deals', 'Company.invoices', 'Contact.company', 'Lead.bookings']);
    const unsafe = refusable.filter(({ field }) => isNonNullType(field.type) || !declaredScopes(field)).map((f) => f.name);
    expect(unsafe).toEqual([]);
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
    const own = await ask(key, `mutation { updateContact(id: "${world.contact.id}", input: { role: "Buyer" }) { contact { id role email } } }`);
    expect(own).toEqual({ data: { updateContact: { contact: { id: world.contact.id, role: 'Buyer', email: 'pat@acme.example' } } } });
    const beyond = await ask(key, `mutation { updateContact(id: "${world.contact.id}", input: { role: "Owner" }) { contact { id company { name deals { totalCount } } } } }`);
    expect(beyond.errors?.map((e) => e.extensions.code)).toContain('FORBIDDEN');
    // The write itself was allowed; only the read beyond it was refused.
    expect((await h.db.prisma.contact.findUniqueOrThrow({ where: { id: world.contact.id } })).role).toBe('Owner');
    // A read key is not a write key.
    const reader = await ask(world.keys.get('contacts.read')!, `mutation { updateContact(id: "${world.contact.id}", input: { role: "X" }) { contact { id } } }`);
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
    const viaGraphql = await ask(world.keys.get('leads.lead.write')!, `mutation { updateLead(id: "${world.lead.id}", input: {}) { lead { id email notes } } }`);
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
    const inspection = world.ids.Inspection!;
    const detail = await harness.rest('GET', `/api/inspections/${inspection}`, { key });
    expect(detail.status).toBe(200);
    expect(detail.body.customer).toEqual({ id: world.company.id, name: 'Acme' });
    expect(detail.body.site).toEqual({ id: world.site.id, name: 'Yard', address: null, city: null, state: null });
    for (const beyond of ['customer { customFields }', 'customer { phone email }', 'customer { contacts { totalCount } }', 'site { postalCode }', 'site { company { name } }']) {
      const result = await ask(key, `{ inspection(id: "${inspection}") { ${beyond} } }`);
      expectRefusedPart(result, beyond);
    }
    const listed = await ask(key, `{ inspections { nodes { customer { id name } site { name } } } }`);
    expect(listed).toEqual({ data: { inspections: { nodes: [{ customer: { id: world.company.id, name: 'Acme' }, site: { name: 'Yard' } }] } } });
  });

  describe("an invoice's company and contact are Company and Contact, of which invoice keys read the part the invoice prints", () => {
    /** A company with an address and a contact, billed by a draft invoice, all made with the owner's key. */
    async function billed() {
      const make = fixtures(harness);
      const company = await make.company(world.owner.secret, { name: 'Crane Works', address: '12 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', phone: '555-0100' });
      const contact = await make.contact(world.owner.secret, company.id, { firstName: 'Ada', lastName: 'Stone', email: 'ada@crane.example', phone: '555-0101' });
      const created = await harness.rest('POST', '/api/invoices', { key: world.owner.secret, body: { companyId: company.id, contactId: contact.id, lineItems: [{ description: 'Hoist', quantity: '1', unitPrice: '100' }] } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return { company, contact, invoice: created.body as { id: string } };
    }
    const part = '__typename id name fullAddress';

    it('an invoices.read key reads the company and contact part, as the types and ids every other field returns', async () => {
      const { company, contact, invoice } = await billed();
      const key = world.keys.get('invoices.read')!;
      const read = await ask(key, `{ invoice(id: "${invoice.id}") { company { ${part} } contact { __typename id firstName lastName email } } }`);
      expect(read).toEqual({
        data: {
          invoice: {
            company: { __typename: 'Company', id: company.id, name: 'Crane Works', fullAddress: '12 Main St, Springfield, IL 62701' },
            contact: { __typename: 'Contact', id: contact.id, firstName: 'Ada', lastName: 'Stone', email: 'ada@crane.example' },
          },
        },
      });
      // The same record under the same type and id as the root fields give it (so a normalized cache holds one entry).
      expect(await ask(world.owner.secret, `{ company(id: "${company.id}") { ${part} } contact(id: "${contact.id}") { __typename id } }`)).toEqual({
        data: { company: read.data && (read.data as { invoice: { company: unknown } }).invoice.company, contact: { __typename: 'Contact', id: contact.id } },
      });
      const listed = await ask(key, `{ invoices(filter: { companyId: "${company.id}" }) { nodes { company { __typename id name } } } }`);
      expect(listed).toEqual({ data: { invoices: { nodes: [{ company: { __typename: 'Company', id: company.id, name: 'Crane Works' } }] } } });
    });

    it('the rest of the company and contact stays FORBIDDEN to an invoices.read key, their relations included', async () => {
      const { invoice } = await billed();
      const key = world.keys.get('invoices.read')!;
      const beyond = [
        'company { phone }', 'company { address }', 'company { customFields }', 'company { contacts { totalCount } }', 'company { deals { edges { node { id } } } }',
        'company { sites { totalCount } }', 'company { invoices { totalCount } }', 'contact { phone }', 'contact { notes }', 'contact { company { name } }',
      ];
      for (const selection of beyond) {
        const result = await ask(key, `{ invoice(id: "${invoice.id}") { id ${selection} } }`);
        expect(result.errors?.map((e) => e.extensions.code), selection).toEqual(['FORBIDDEN']);
        // A nullable field answers null beside its error: nothing of the record beyond the part leaks.
        expect(JSON.stringify(result.data ?? null), selection).not.toMatch(/555-010|"12 Main St"|"totalCount"|"edges"/);
      }
      // With the company's own scope as well, the whole company is there.
      const both = await keyWith(['invoices.read', 'companies.read']);
      const whole = await ask(both, `{ invoice(id: "${invoice.id}") { company { phone address sites { totalCount } } } }`);
      expect(whole).toEqual({ data: { invoice: { company: { phone: '555-0100', address: '12 Main St', sites: { totalCount: 0 } } } } });
    });

    it('the part holds once the document is compiled, and a document without an embedding relation still refuses the records whole', async () => {
      const { company, invoice } = await billed();
      const key = world.keys.get('invoices.read')!;
      const embedding = `{ invoice(id: "${invoice.id}") { id company { name phone } contact { firstName notes } } }`;
      const direct = `{ company(id: "${company.id}") { name phone } }`;
      // Past JIT_AFTER_EXECUTIONS runs graphql-jit runs the documents (the embedding one against the schema that checks parts).
      for (let run = 0; run <= JIT_AFTER_EXECUTIONS + 1; run += 1) {
        const read = await ask(key, embedding);
        expect(read.data, `run ${run}`).toEqual({ invoice: { id: invoice.id, company: { name: 'Crane Works', phone: null }, contact: { firstName: 'Ada', notes: null } } });
        expect(read.errors?.map((e) => [e.extensions.code, e.path?.join('.')]).sort(), `run ${run}`).toEqual([['FORBIDDEN', 'invoice.company.phone'], ['FORBIDDEN', 'invoice.contact.notes']]);
        const refused = await ask(key, direct);
        expect(refused.errors?.map((e) => [e.extensions.code, e.path?.join('.')]), `run ${run}`).toEqual([['FORBIDDEN', 'company']]);
        expect(await ask(world.owner.secret, embedding), `run ${run}`).toEqual({
          data: { invoice: { id: invoice.id, company: { name: 'Crane Works', phone: '555-0100' }, contact: { firstName: 'Ada', notes: null } } },
        });
      }
    });

    it("a rename shows through the invoice's company, the same record", async () => {
      const { company, invoice } = await billed();
      const renamed = await harness.rest('PATCH', `/api/v1/companies/${company.id}`, { key: world.owner.secret, body: { name: 'Crane Works Ltd' } });
      expect(renamed.status).toBe(200);
      const read = await ask(world.keys.get('invoices.read')!, `{ invoice(id: "${invoice.id}") { companyName company { __typename id name } } }`);
      expect(read).toEqual({ data: { invoice: { companyName: 'Crane Works Ltd', company: { __typename: 'Company', id: company.id, name: 'Crane Works Ltd' } } } });
      expect((await harness.rest('GET', `/api/invoices/${invoice.id}`, { key: world.keys.get('invoices.read')! })).body.company.name).toBe('Crane Works Ltd');
    });

    it('REST answers the specification\'s company and contact shapes to an invoices.read key, and to a write key in what its write answers', async () => {
      const { invoice } = await billed();
      const company = { name: 'Crane Works', address: '12 Main St, Springfield, IL 62701' };
      const contact = { firstName: 'Ada', lastName: 'Stone', email: 'ada@crane.example' };
      const detail = await harness.rest('GET', `/api/invoices/${invoice.id}`, { key: world.keys.get('invoices.read')! });
      expect(detail.status).toBe(200);
      expect({ company: detail.body.company, contact: detail.body.contact }).toEqual({ company, contact });
      const written = await harness.rest('PATCH', `/api/invoices/${invoice.id}`, { key: world.keys.get('invoices.write')!, body: { notes: 'Gate code 1234' } });
      expect(written.status, JSON.stringify(written.body)).toBe(200);
      expect({ company: written.body.company, contact: written.body.contact }).toEqual({ company, contact });
      // The write key's grant is the invoice and the part it prints, not the company.
      const beyond = await ask(world.keys.get('invoices.write')!, `mutation { updateInvoice(id: "${invoice.id}", input: { notes: "x" }) { invoice { company { name phone } } } }`);
      expect(beyond.errors?.map((e) => e.extensions.code)).toEqual(['FORBIDDEN']);
    });
  });

  it("a pipeline key reads what the deal shows of its company, contact and site, not the rest of those records", async () => {
    const key = world.keys.get('pipeline')!;
    for (const beyond of ['company { customFields }', 'company { address postalCode }', 'contact { notes }', 'contact { customFields }', 'contact { isPrimary }', 'site { postalCode }']) {
      const result = await ask(key, `{ deal(id: "${world.deal.id}") { ${beyond} } }`);
      expectRefusedPart(result, beyond);
    }
  });

  it('a pipeline key reads the deal shapes the specification gives it, company and contact included', async () => {
    const key = world.keys.get('pipeline')!;
    const detail = await harness.rest('GET', `/api/v1/pipeline/deals/${world.deal.id}`, { key });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ company: { name: 'Acme' }, contact: { email: 'pat@acme.example' }, site: { name: 'Yard' }, owner: { id: world.owner.userId } });
    const list = await harness.rest('GET', '/api/v1/pipeline/deals', { key });
    expect(list.body.data[0]).toMatchObject({ company: { id: world.company.id, name: 'Acme' } });
    // The deal's company is the one `Company` type, of which the deal grants its part: the
    // company's own relations are refused, the deal and its company's name still answer.
    const beyond = await ask(key, `{ deal(id: "${world.deal.id}") { company { name contacts { totalCount } } } }`);
    expect(beyond.data).toEqual({ deal: { company: { name: 'Acme', contacts: null } } });
    expect(beyond.errors?.map((e) => [e.extensions?.code, e.path?.join('.')])).toEqual([['FORBIDDEN', 'deal.company.contacts']]);
  });
});

/** A field beyond the part an embedding relation grants: FORBIDDEN at that field, its value never answered. */
function expectRefusedPart(result: { data?: unknown; errors?: readonly { extensions?: Record<string, unknown>; path?: readonly (string | number)[] }[] }, selection: string) {
  expect(result.errors?.length, selection).toBeGreaterThan(0);
  expect(result.errors?.every((e) => e.extensions?.code === 'FORBIDDEN'), selection).toBe(true);
  for (const error of result.errors ?? []) {
    const value = error.path?.reduce<unknown>((at, key) => (at as Record<string | number, unknown> | null | undefined)?.[key], result.data);
    expect(value ?? null, selection).toBeNull();
  }
}

describe('a refused nested field nulls itself alone, never its parents', () => {
  it('a key without contacts.read gets the companies with their deals, and null contacts with one FORBIDDEN at each', async () => {
    const key = await keyWith(['companies.read', 'pipeline']);
    const result = await ask(key, '{ companies(filter: { search: "Acme" }) { nodes { name deals(first: 2) { totalCount } contacts(first: 2) { totalCount } } } }');
    expect(result.data).toEqual({ companies: { nodes: [{ name: 'Acme', deals: { totalCount: 1 }, contacts: null }] } });
    expect(result.errors).toMatchObject([
      { path: ['companies', 'nodes', 0, 'contacts'], extensions: { code: 'FORBIDDEN', requiredScope: 'contacts.read' }, message: 'Forbidden: this operation needs a secret key with the `contacts.read` scope' },
    ]);
    // A single record reached through another: the contact answers without its company.
    const deeper = await ask(world.keys.get('contacts.read')!, `{ contact(id: "${world.contact.id}") { email company { name } } }`);
    expect(deeper.data).toEqual({ contact: { email: 'pat@acme.example', company: null } });
    expect(deeper.errors).toMatchObject([{ path: ['contact', 'company'], extensions: { code: 'FORBIDDEN', requiredScope: 'companies.read' } }]);
    // Two levels down: the contact and its company answer, the company's deals do not.
    const throughCompany = await ask(await keyWith(['contacts.read', 'companies.read']), `{ contact(id: "${world.contact.id}") { email company { name deals { totalCount } } } }`);
    expect(throughCompany.data).toEqual({ contact: { email: 'pat@acme.example', company: { name: 'Acme', deals: null } } });
    expect(throughCompany.errors).toMatchObject([{ path: ['contact', 'company', 'deals'], extensions: { code: 'FORBIDDEN', requiredScope: 'pipeline' } }]);
  });

  it('a lead detail answers without its bookings for a key without bookings.read, and with them for one that has it', async () => {
    const query = `{ lead(id: "${world.lead.id}") { email status bookings(first: 5) { totalCount edges { node { firstName } } } } }`;
    const without = await ask(world.keys.get('leads.lead.read')!, query);
    expect(without.data).toEqual({ lead: { email: 'guest@acme.example', status: 'new', bookings: null } });
    expect(without.errors).toMatchObject([{ path: ['lead', 'bookings'], extensions: { code: 'FORBIDDEN', requiredScope: 'bookings.read' } }]);
    const withBookings = await ask(await keyWith(['leads.lead.read', 'bookings.read']), query);
    expect(withBookings).toEqual({ data: { lead: { email: 'guest@acme.example', status: 'new', bookings: { totalCount: 1, edges: [{ node: { firstName: 'Gus' } }] } } } });
  });

  it("a cancellation by a key that cannot read bookings answers the cancelled booking, its own result, and nothing beyond it", async () => {
    const key = world.owner.secret;
    const slot = (await harness.rest('GET', `/api/bookings/resources/${world.resource.id}/availability?from=2030-01-08&to=2030-01-08`, { key })).body.slots[0];
    const booking = (await harness.rest('POST', '/api/bookings', { key, body: { slotId: slot.slotId, firstName: 'Cy', lastName: 'Cancel', email: 'cy@acme.example' } })).body.booking;
    const result = await ask(world.keys.get('bookings.manage')!, `mutation { cancelBooking(id: "${booking.id}") { booking { status lead { email } } } }`);
    expect(result.data).toEqual({ cancelBooking: { booking: { status: 'cancelled', lead: null } } });
    // A booking's lead is null to a key that cannot read leads (Booking.lead), without an error.
    expect(result.errors).toBeUndefined();
    expect((await h.db.prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe('cancelled');
  });

  it("refuses a record of another read scope that a mutation's result leads to, at the field that leads to it", async () => {
    const key = world.owner.secret;
    const slot = (await harness.rest('GET', `/api/bookings/resources/${world.resource.id}/availability?from=2030-01-09&to=2030-01-09`, { key })).body.slots[0];
    const booking = (await harness.rest('POST', '/api/bookings', { key, body: { slotId: slot.slotId, firstName: 'Di', lastName: 'Beyond', email: 'di@acme.example' } })).body.booking;
    // bookings.manage cancels, but reads no resource (bookings.read or bookings.resources.manage does).
    const result = await ask(world.keys.get('bookings.manage')!, `mutation { cancelBooking(id: "${booking.id}") { booking { status resource { name } } } }`);
    expect(result.errors?.map((e) => [e.extensions.code, e.path])).toEqual([['FORBIDDEN', ['cancelBooking', 'booking', 'resource']]]);
    expect((await h.db.prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe('cancelled');
  });

  it('leaves the REST shapes as they were: the same routes answer the same bodies, and refuse what they refused', async () => {
    const lead = await harness.rest('GET', `/api/v1/leads/${world.lead.id}`, { key: world.keys.get('leads.lead.read')! });
    expect(lead).toMatchObject({ status: 200, body: { data: { id: world.lead.id, email: 'guest@acme.example' } } });
    expect(lead.body.data).not.toHaveProperty('bookings');
    const contact = await harness.rest('GET', `/api/v1/contacts/contact/${world.contact.id}`, { key: world.keys.get('contacts.read')! });
    expect(contact).toMatchObject({ status: 200, body: { data: { id: world.contact.id, companyId: world.company.id } } });
    expect(contact.body.data).not.toHaveProperty('company');
  });
});

describe('viewer tells a UI what it may open', () => {
  it('answers its scopes as ApiScopeName values (and as the strings keys carry) and the modules turned on', async () => {
    const key = await keyWith(['leads.lead.read', 'bookings.resources.manage', 'contacts.read']);
    expect(await ask(key, '{ viewer { scopes scopeNames modules tenant { modules } } }')).toEqual({
      data: {
        viewer: {
          scopes: ['bookings.resources.manage', 'contacts.read', 'leads.lead.read'],
          scopeNames: ['bookings_resources_manage', 'contacts_read', 'leads_lead_read'],
          modules: ['inspections'],
          tenant: { modules: ['inspections'] },
        },
      },
    });
    const other = await harness.tenant();
    expect(await ask(other.secret, '{ viewer { modules } }')).toEqual({ data: { viewer: { modules: [] } } });
  });

  it('names every scope in the ApiScopeName enum, each described', () => {
    const values = schema.getType('ApiScopeName') as GraphQLEnumType;
    expect(values.getValues().map((v) => [v.name, v.value])).toEqual(allScopes.map((scope) => [scope.replaceAll('.', '_'), scope]).sort());
    expect(values.getValues().every((v) => v.description && v.description.length > 10)).toBe(true);
  });
});
