import { buildClientSchema, getNamedType, getNullableType, introspectionFromSchema, isListType, isObjectType, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../src/graphql/schema.js';

/**
 * Every list in the schema is a Relay connection (`totalCount`, `pageInfo`, `nodes`, `edges`), so a
 * client pages, counts and filters every list alike. The only arrays are short lists that are part
 * of one record, named here with why.
 */
const recordArrays: Record<string, string> = {
  // Catalogs defined by the code, the same for every tenant: a few dozen entries.
  // The records of the ids a client names (at most 100), in its order.
  'Query.nodes': 'the records of the ids asked',
  'Query.apiScopes': 'the scope catalog',
  'Query.eventTypes': 'the event type catalog',
  'Viewer.scopeNames': "the caller's scopes, from the scope catalog",
  'Viewer.scopes': "the caller's scopes, from the scope catalog",
  'Viewer.modules': "the tenant's modules (a handful)",
  'Tenant.modules': "the tenant's modules (a handful)",
  'ApiKeyPair.scopes': "a key pair's scopes, from the scope catalog",
  'ApiKeyPair.allowedActions': "the actions a key pair's holder may take on it",
  'ApiKeyPair.keys': "a pair's two keys (secret and publishable)",
  'ApiKeyPair.allowedOrigins': "the website origins a pair's publishable key may be used from (at most 20)",
  'ConnectedApp.scopes': "the scopes a user granted a connected app, from the scope catalog",
  'WebhookEndpoint.events': "an endpoint's event types, from the event type catalog",
  'TrustedDocumentRegistration.hashes': 'the hashes one registration call sent',
  // A tenant's form configuration: at most 100 definitions per entity, read whole to render a form.
  'Query.customFieldDefinitions': "the tenant's custom field definitions of one entity",
  'LeadForm.fields': "the tenant's lead custom field definitions, rendered whole by a website's lead form",
  'CustomFieldDefinition.options': "a select field's options",
  'ImportRow.errors': "a row's problems, all of them at once (a handful)",
  'ImportJob.columns': "the import file's column names (its header)",
  // One record's history, a few entries per workflow step, read whole with the record.
  'Query.invoiceHistory': "one invoice's history",
  'Query.inspectionHistory': "one inspection's workflow moves",
  'WebhookDelivery.log': "one delivery's attempts (retries end after 3 days)",
  // Parts of one record, written with it.
  'Invoice.lineItems': "an invoice's lines",
  'Invoice.payments': "an invoice's payments (they cannot exceed its total)",
  'Deal.products': "a deal's products",
  'Pipeline.stages': "a pipeline's stages",
  'ChecklistTemplate.sections': "a template's sections",
  'ChecklistSection.items': "a section's items",
  'Inspection.responses': "an inspection's checklist answers (one per item)",
  'Inspection.findings': "an inspection's findings",
  'Inspection.teamMembers': "an inspection's team",
  'Finding.photos': "a finding's photos",
  'BookableResource.hours': "a resource's weekly opening hours",
  'ResourceHours.hours': "a resource's weekly opening hours",
  // What one mutation answers (every payload's `userErrors`, below): the problems of one input.
  'UserError.field': "a path into the mutation's arguments",
  // Computed for a bounded window the query names, not stored rows.
  'BookableResource.availability': "a resource's free slots in the asked window",
  'ResourceAvailability.slots': "a resource's free slots in the asked window",
};

/**
 * Connection fields without `orderBy`/`filter`, with why: none today (a sort key in either direction
 * is already two orders). A list with a single possible order and nothing to filter would be named
 * here rather than take arguments that change nothing.
 */
const unorderedConnections: Record<string, string> = {};

// The schema as a client sees it, through introspection.
const published = buildClientSchema(introspectionFromSchema(schema));
const objectTypes = Object.values(published.getTypeMap()).filter((t): t is GraphQLObjectType => isObjectType(t) && !t.name.startsWith('__'));
const isConnection = (type: GraphQLObjectType) => type.name.endsWith('Connection') && 'pageInfo' in type.getFields();

describe('lists in the schema', () => {
  it('are connections, except the allowlisted arrays that are part of a record', () => {
    const arrays = objectTypes.flatMap((type) =>
      Object.values(type.getFields())
        .filter((field) => isListType(getNullableType(field.type)))
        .filter((field) => !(isConnection(type) && ['edges', 'nodes'].includes(field.name)))
        // A mutation payload's problems: those of one input, all shown at once.
        .filter((field) => !(type.name.endsWith('Payload') && field.name === 'userErrors'))
        .map((field) => `${type.name}.${field.name}`),
    );
    expect(arrays.filter((name) => !(name in recordArrays))).toEqual([]);
    // The allowlist names only arrays that exist.
    expect(Object.keys(recordArrays).filter((name) => !arrays.includes(name))).toEqual([]);
  });

  it('answer totalCount, pageInfo and nodes on every connection', () => {
    const connections = objectTypes.filter(isConnection);
    expect(connections.length).toBeGreaterThan(0);
    for (const type of connections) expect(Object.keys(type.getFields()), type.name).toEqual(expect.arrayContaining(['totalCount', 'pageInfo', 'nodes', 'edges']));
  });

  it('take the same orderBy and filter on every connection of an entity, root or nested', () => {
    // Every field (root or nested) whose type is a connection, found by introspection: a new one cannot forget its arguments.
    const fields = objectTypes
      .filter((type) => !isConnection(type))
      .flatMap((type) => Object.values(type.getFields()).map((field) => ({ name: `${type.name}.${field.name}`, field, connection: getNamedType(field.type) })))
      .filter(({ connection }) => isObjectType(connection) && isConnection(connection));
    expect(fields.map((f) => f.name)).toEqual(expect.arrayContaining(['Company.deals', 'PipelineStage.deals', 'Lead.bookings', 'Deal.activities']));
    // One entity's lists (root or nested, whatever their connection is called) take one XOrder and one XFilter.
    const nodeOf = ({ connection }: (typeof fields)[number]) => getNamedType((connection as GraphQLObjectType).getFields().nodes!.type).name;
    const argsOf = ({ field }: (typeof fields)[number]) => field.args.filter((a) => ['orderBy', 'filter'].includes(a.name)).map((a) => `${a.name}: ${a.type.toString()}`).sort().join(', ');
    const checked = fields.filter((f) => !(f.name in unorderedConnections));
    const byNode = new Map<string, string>();
    for (const f of checked) if (/^filter: (\w+)Filter, orderBy: \[\1Order!\]$/.test(argsOf(f))) byNode.set(nodeOf(f), byNode.get(nodeOf(f)) ?? argsOf(f));
    const missing = checked.filter((f) => argsOf(f) !== byNode.get(nodeOf(f))).map((f) => `${f.name} (${nodeOf(f)}): ${argsOf(f) || 'none'}`);
    expect(missing).toEqual([]);
    // The allowlist names only connections that exist.
    expect(Object.keys(unorderedConnections).filter((name) => !fields.some((f) => f.name === name))).toEqual([]);
  });
});

