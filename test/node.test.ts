import { randomUUID } from 'node:crypto';
import { parse } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCustomFieldDefinition } from '../src/custom-fields/custom-field.admin.js';
import { MAX_NODE_IDS } from '../src/graphql/node.js';
import { JIT_AFTER_EXECUTIONS } from '../src/http/compiled-execution.js';
import { authorizationWorld } from './support/authorization-world.js';
import { fixtures } from './support/fixtures.js';
import { useHarness } from './support/harness.js';
import { connectMcp } from './support/mcp.js';

const harness = useHarness();
const { h, gql, rest } = harness;
let world: Awaited<ReturnType<typeof authorizationWorld>>;

/** A GraphQL document from text, answered as plain JSON. */
const ask = (key: string, query: string, variables?: Record<string, unknown>) => gql<any, any>(key, parse(query), variables);

interface IntrospectedType {
  name: string;
  kind: string;
  interfaces: { name: string }[] | null;
  fields: { name: string; description: string; args: { name: string; type: { kind: string; ofType: { name: string } | null } }[]; type: { kind: string; name: string | null; ofType: { name: string | null; ofType: { name: string } | null } | null } }[] | null;
}

let types: IntrospectedType[];
/** Object types implementing Node, by introspection. */
let nodeTypes: string[];

/**
 * Object types that are not records, each with the reason: what a normalized cache stores inside
 * its parent record rather than under a key of its own. Every other object type must be a Node.
 */
const notRecords: Record<string, string> = {
  Query: 'root type',
  Mutation: 'root type',
  Subscription: 'root type',
  PageInfo: "a connection page's position",
  UserError: "a refusal in a mutation payload's `userErrors`",
  ApiScope: 'an entry of the fixed catalog of scopes, named by its `name`',
  IssuedApiKeyPair: 'the one-time answer showing new secrets; the pair itself is `ApiKeyPair`',
  BookingHold: "a seat held for its holder alone, answered only by the mutations that make and release it; the booking it becomes is the record",
  ChecklistItem: "part of a checklist template's `sections` (kept in the template's JSON; its `id` is the item's key there, not a UUID)",
  ChecklistSection: "part of a checklist template (kept in the template's JSON; its `id` is not a UUID)",
  ChecklistResponse: "an inspection's answer to one checklist item, kept in the inspection's JSON",
  ConnectedApp: "an OAuth grant, whose id is the authorization server's grant id (not a UUID); a cache keys it by `id` all the same",
  DealProduct: "a product line of a deal, kept in the deal's JSON",
  DealAggregate: 'a total over a filtered list of deals, not a record',
  DealSums: 'sums over a filtered list of deals, not a record',
  InvoiceAggregate: 'a total over a filtered list of invoices, not a record',
  InvoiceSums: 'sums over a filtered list of invoices, not a record',
  EventTypeInfo: 'an entry of the fixed catalog of event types, named by its `name`',
  InspectionReport: "an inspection's delivered PDF, answered with the inspection's id",
  InvoicePdf: 'an invoice rendered as a PDF, answered with the invoice\'s id',
  ImportRow: 'one row of an import\'s file, keyed by the import and its `line`',
  ImportRowError: 'one problem of an import row',
  InvoiceSettings: "the tenant's invoice numbering settings, one per tenant",
  LeadForm: "the tenant's public lead form, one per tenant",
  LeadFormChallenge: 'a proof-of-work challenge for one form submission',
  LeadFormReceipt: "a publishable key's receipt of a submitted form (the lead's id; the lead itself needs `leads.lead.read`)",
  OpeningInterval: "part of a resource's weekly opening hours",
  ResourceAvailability: "a resource's open slots over a range, computed, not stored",
  ResourceHours: "a resource's weekly opening hours, answered with the resource's id",
  Slot: 'an open time of a resource, computed from its hours, closures and bookings (its `slotId` names it to book it)',
  TrustedDocumentRegistration: 'the answer to registering trusted documents',
  TrustedDocumentWithdrawal: 'the answer to withdrawing trusted documents',
  Viewer: 'who the request acts as, not a record',
  WebhookAttempt: "one POST of a webhook delivery, answered within its delivery's `attempts`",
};

/** Connections, their edges and mutation payloads are found by their shape: each is part of the field that answers it. */
function isPartByShape(type: IntrospectedType): boolean {
  const fields = new Set((type.fields ?? []).map((f) => f.name));
  return (fields.has('edges') && fields.has('pageInfo')) || (fields.has('node') && fields.has('cursor')) || fields.has('userErrors');
}

beforeAll(async () => {
  world = await authorizationWorld(harness);
  // The world has every record type but a custom field definition.
  await createCustomFieldDefinition(h.db.prisma, { tenantId: world.owner.tenantId, entity: 'company', key: 'poNumber', type: 'text' });
  const introspection = await ask(
    world.owner.secret,
    '{ __schema { types { name kind interfaces { name } fields { name description args { name type { kind ofType { name } } } type { kind name ofType { name ofType { name } } } } } } }',
  );
  expect(introspection.errors).toBeUndefined();
  types = introspection.data.__schema.types.filter((t: IntrospectedType) => t.kind === 'OBJECT' && !t.name.startsWith('__'));
  nodeTypes = types.filter((t) => t.interfaces?.some((i) => i.name === 'Node')).map((t) => t.name);
});

/** One record of each Node type in the world's tenant, read from the database by its model (the type's name). */
async function oneOfEach(): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const prisma = h.db.prisma as unknown as Record<string, { findFirst(args: object): Promise<{ id: string } | null> }>;
  for (const type of nodeTypes) {
    const model = type.charAt(0).toLowerCase() + type.slice(1);
    const row = await prisma[model]!.findFirst({ where: type === 'Tenant' ? { id: world.owner.tenantId } : { tenantId: world.owner.tenantId }, select: { id: true } });
    expect(row, `a ${type} in the world`).toBeTruthy();
    ids.set(type, row!.id);
  }
  return ids;
}

describe('Node', () => {
  it('every object type that stands for a record implements Node with `id: UUID!`; every other is a listed value type or a connection, edge or payload', () => {
    expect(nodeTypes.length).toBeGreaterThan(25);
    for (const type of types) {
      if (nodeTypes.includes(type.name)) {
        const id = type.fields!.find((f) => f.name === 'id');
        expect(id?.type, `${type.name}.id`).toEqual({ kind: 'NON_NULL', name: null, ofType: { name: 'UUID', ofType: null } });
        expect(notRecords[type.name], `${type.name} is a Node and listed as a value type`).toBeUndefined();
      } else {
        expect(notRecords[type.name] ?? (isPartByShape(type) ? 'part' : undefined), `${type.name}: neither a Node nor a listed value type (implement Node, or list it with the reason)`).toBeDefined();
      }
    }
    // The list names no type the schema lost.
    const names = new Set(types.map((t) => t.name));
    expect(Object.keys(notRecords).filter((name) => !names.has(name))).toEqual([]);
  });

  it('the docs list the same value types', async () => {
    const { readFile } = await import('node:fs/promises');
    const docs = await readFile(new URL('../docs/graphql.md', import.meta.url), 'utf8');
    const missing = Object.keys(notRecords).filter((name) => !/^(Query|Mutation|Subscription)$/.test(name) && !docs.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });

  it('node(id:) finds a record of every Node type, by the type its id belongs to', async () => {
    const ids = await oneOfEach();
    for (const [type, id] of ids) {
      const answer = await ask(world.owner.secret, `query($id: UUID!) { node(id: $id) { __typename id ... on ${type} { id } } }`, { id });
      expect(answer.errors, type).toBeUndefined();
      expect(answer.data.node, type).toEqual({ __typename: type, id });
    }
  });

  it('nodes(ids:) answers in the order asked, with null for an unknown id and for another tenant\'s record', async () => {
    const other = await harness.tenant();
    const foreign = await fixtures(harness).lead(other.secret);
    const unknown = randomUUID();
    const ids = [world.deal.id, unknown, world.company.id, foreign.id, world.lead.id, world.deal.id];
    const answer = await ask(world.owner.secret, 'query($ids: [UUID!]!) { nodes(ids: $ids) { __typename id } }', { ids });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.nodes).toEqual([
      { __typename: 'Deal', id: world.deal.id },
      null,
      { __typename: 'Company', id: world.company.id },
      null,
      { __typename: 'Lead', id: world.lead.id },
      { __typename: 'Deal', id: world.deal.id },
    ]);
    // The other tenant finds its own.
    const own = await ask(other.secret, 'query($id: UUID!) { node(id: $id) { id } }', { id: foreign.id });
    expect(own.data.node).toEqual({ id: foreign.id });
  });

  it('a key without a type\'s read scope gets null for its records, never FORBIDDEN: it learns nothing of them', async () => {
    const leadsOnly = world.keys.get('leads.lead.read')!;
    // A company's custom field definition is read with companies: not by this key.
    const definition = await h.db.prisma.customFieldDefinition.findFirstOrThrow({ where: { tenantId: world.owner.tenantId } });
    const answer = await ask(leadsOnly, 'query($ids: [UUID!]!) { nodes(ids: $ids) { __typename id } }', { ids: [world.deal.id, world.lead.id, world.company.id, world.owner.userId, definition.id] });
    expect(answer.errors).toBeUndefined();
    // Users are read by any secret key.
    expect(answer.data.nodes).toEqual([null, { __typename: 'Lead', id: world.lead.id }, null, { __typename: 'User', id: world.owner.userId }, null]);
    const companiesOnly = await ask(world.keys.get('companies.read')!, 'query($id: UUID!) { node(id: $id) { __typename } }', { id: definition.id });
    expect(companiesOnly.data.node).toEqual({ __typename: 'CustomFieldDefinition' });
    const single = await ask(leadsOnly, 'query($id: UUID!) { node(id: $id) { id } }', { id: world.deal.id });
    expect(single).toMatchObject({ data: { node: null } });
    expect(single.errors).toBeUndefined();
  });

  it('a publishable key finds published resources alone', async () => {
    const publish = async (published: boolean) => {
      const changed = await rest('PATCH', `/api/bookings/resources/${world.resource.id}`, { key: world.owner.secret, body: { published } });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    };
    const query = 'query($ids: [UUID!]!) { nodes(ids: $ids) { __typename } }';
    await publish(true);
    const shown = await ask(world.owner.publishable, query, { ids: [world.resource.id, world.deal.id] });
    expect(shown.errors).toBeUndefined();
    expect(shown.data.nodes).toEqual([{ __typename: 'BookableResource' }, null]);
    await publish(false);
    const hidden = await ask(world.owner.publishable, query, { ids: [world.resource.id] });
    expect(hidden.data.nodes).toEqual([null]);
    await publish(true);
  });

  it('a record reached through node is guarded exactly as through its own detail field (embedded parts, fields refused alone)', async () => {
    const pipelineOnly = world.keys.get('pipeline')!;
    const selection = '{ id name company { name phone city } contact { firstName } activities { nodes { type } } }';
    const withoutRoot = (errors: { path?: (string | number)[]; extensions: { code: string } }[] | undefined) => errors!.map((e) => ({ path: e.path!.slice(1), code: e.extensions.code }));
    // Past JIT_AFTER_EXECUTIONS runs, graphql-jit runs the documents: the same answers.
    for (let run = 0; run <= JIT_AFTER_EXECUTIONS + 1; run += 1) {
      const detail = await ask(pipelineOnly, `query($id: UUID!) { deal(id: $id) ${selection} }`, { id: world.deal.id });
      const node = await ask(pipelineOnly, `query($id: UUID!) { node(id: $id) { ... on Deal ${selection} } }`, { id: world.deal.id });
      expect(detail.errors?.length).toBeGreaterThan(0);
      expect(node.data.node, `run ${run}`).toEqual(detail.data.deal);
      expect(withoutRoot(node.errors), `run ${run}`).toEqual(withoutRoot(detail.errors));
    }
  });

  it('loads the relations of the records it finds with them: as many statements for several deals as for one', async () => {
    const more = await rest('POST', '/api/v1/pipeline/deals', { key: world.owner.secret, body: { name: 'Second', companyId: world.company.id, stageId: world.stage.id } });
    expect(more.status, JSON.stringify(more.body)).toBe(201);
    const query = 'query($ids: [UUID!]!) { nodes(ids: $ids) { ... on Deal { name company { name } stage { name pipeline { name } } activities { nodes { type } } } } }';
    // Warm: the key and the tenant's caches.
    await ask(world.owner.secret, query, { ids: [world.deal.id] });
    const one = await harness.countStatements(() => ask(world.owner.secret, query, { ids: [world.deal.id] }));
    let answer: any;
    const two = await harness.countStatements(async () => {
      answer = await ask(world.owner.secret, query, { ids: [world.deal.id, more.body.data.id] });
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.nodes.map((d: any) => d.company.name)).toEqual([world.company.name, world.company.name]);
    expect(two).toBe(one);
  });

  it('refuses more than 100 ids and a malformed id as BAD_USER_INPUT', async () => {
    const many = Array.from({ length: MAX_NODE_IDS + 1 }, () => randomUUID());
    const tooMany = await ask(world.owner.secret, 'query($ids: [UUID!]!) { nodes(ids: $ids) { id } }', { ids: many });
    expect(tooMany.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    expect(tooMany.data?.nodes ?? null).toBeNull();
    const hundred = await ask(world.owner.secret, 'query($ids: [UUID!]!) { nodes(ids: $ids) { id } }', { ids: many.slice(1) });
    expect(hundred.errors).toBeUndefined();
    expect(hundred.data.nodes).toHaveLength(MAX_NODE_IDS);
    for (const [query, variables] of [
      ['query($id: UUID!) { node(id: $id) { id } }', { id: 'not-a-uuid' }],
      ['query($ids: [UUID!]!) { nodes(ids: $ids) { id } }', { ids: [world.deal.id, '123'] }],
    ] as const) {
      const answer = await ask(world.owner.secret, query, variables);
      expect(answer.errors?.[0]?.extensions.code, query).toBe('BAD_USER_INPUT');
    }
  });

  it('counts what a document selects under each type of a Node against the cost limit', async () => {
    const query = 'query($ids: [UUID!]!) { nodes(ids: $ids) { ... on Deal { activities(first: 100) { nodes { description } } } } }';
    const answer = await ask(world.owner.secret, query, { ids: [world.deal.id, world.deal.id] });
    expect(answer.extensions?.cost?.requested).toBeGreaterThanOrEqual(2 * 100);
  });
});

describe('the detail of a missing record', () => {
  /** Root fields taking an `id` and answering one Node, or the list of a record's history (`invoiceHistory`). */
  const detailFields = () =>
    types
      .find((t) => t.name === 'Query')!
      .fields!.filter((f) => f.args.length === 1 && f.args[0]!.name === 'id')
      .filter((f) => (f.type.kind === 'OBJECT' && nodeTypes.includes(f.type.name!)) || (f.type.kind === 'LIST' && nodeTypes.includes(f.type.ofType?.ofType?.name ?? '')));

  it('is null without an error on every detail field, as each says', async () => {
    const fields = detailFields();
    expect(fields.map((f) => f.name)).toEqual(expect.arrayContaining(['lead', 'deal', 'company', 'contact', 'site', 'inspection', 'invoice', 'booking', 'event', 'invoiceHistory', 'inspectionHistory']));
    for (const field of fields) {
      expect(field.description, field.name).toContain('null when no such record exists in the tenant');
      const answer = await ask(world.owner.secret, `query($id: UUID!) { ${field.name}(id: $id) { id } }`, { id: randomUUID() });
      expect(answer.errors, field.name).toBeUndefined();
      expect(answer.data, field.name).toEqual({ [field.name]: null });
    }
  });

  it('is REST\'s 404 as before, and MCP says the record does not exist', async () => {
    const missing = randomUUID();
    const deal = await rest('GET', `/api/v1/pipeline/deals/${missing}`, { key: world.owner.secret });
    expect(deal).toMatchObject({ status: 404, body: { error: 'Not Found', message: 'Deal not found' } });
    const endpoint = await rest('GET', `/api/webhook-endpoints/${missing}`, { key: world.owner.secret });
    expect(endpoint).toMatchObject({ status: 404, body: { error: 'Not Found', message: 'Webhook endpoint not found' } });
    // A history's 404 names its record, as its service says it.
    const history = await rest('GET', `/api/invoices/${missing}/history`, { key: world.owner.secret });
    expect(history).toMatchObject({ status: 404, body: { error: 'Not Found', message: 'Invoice not found' } });
    const client = await connectMcp('http://localhost/mcp', world.owner.secret, '2026-07-28', async (input, init) => h.app.fetch(new Request(input, init)));
    try {
      const result = await client.callTool({ name: 'deal', arguments: { id: missing } });
      expect(result.isError).toBe(true);
      expect(JSON.parse(result.content![0].text)).toMatchObject({ status: 404, error: 'Not Found', message: 'Deal not found' });
    } finally {
      await client.close();
    }
  });

  it('is NOT_FOUND in a mutation\'s userErrors', async () => {
    const answer = await ask(world.owner.secret, 'mutation($id: UUID!) { updateDeal(id: $id, input: { name: "X" }) { deal { id } userErrors { code } } }', { id: randomUUID() });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.updateDeal).toEqual({ deal: null, userErrors: [{ code: 'NOT_FOUND' }] });
  });
});
