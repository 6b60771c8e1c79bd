import { buildClientSchema, getNullableType, introspectionFromSchema, isListType, isObjectType, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../src/graphql/schema.js';

/**
 * Every list in the schema is a Relay connection (`totalCount`, `pageInfo`, `nodes`, `edges`), so a
 * client pages, counts and filters every list alike. The only arrays are short lists that are part
 * of one record, named here with why.
 */
const recordArrays: Record<string, string> = {
  // Catalogs defined by the code, the same for every tenant: a few dozen entries.
  'Query.apiScopes': 'the scope catalog',
  'Query.eventTypes': 'the event type catalog',
  'Viewer.scopeNames': "the caller's scopes, from the scope catalog",
  'Viewer.scopes': "the caller's scopes, from the scope catalog",
  'Viewer.modules': "the tenant's modules (a handful)",
  'Tenant.modules': "the tenant's modules (a handful)",
  'ApiKeyPair.scopes': "a key pair's scopes, from the scope catalog",
  'ApiKeyPair.allowedActions': "the actions a key pair's holder may take on it",
  'ApiKeyPair.keys': "a pair's two keys (secret and publishable)",
  'WebhookEndpoint.events': "an endpoint's event types, from the event type catalog",
  'TrustedDocumentRegistration.hashes': 'the hashes one registration call sent',
  // A tenant's form configuration: at most 100 definitions per entity, read whole to render a form.
  'Query.customFieldDefinitions': "the tenant's custom field definitions of one entity",
  'CustomFieldDefinition.options': "a select field's options",
  // One record's history, a few entries per workflow step, read whole with the record.
  'Query.invoiceHistory': "one invoice's history",
  'Query.inspectionHistory': "one inspection's workflow moves",
  'WebhookDelivery.log': "one delivery's attempts (retries end after 3 days)",
  // Parts of one record, written with it.
  'Invoice.lineItems': "an invoice's lines",
  'Invoice.payments': "an invoice's payments (they cannot exceed its total)",
  'Deal.products': "a deal's products",
  'Deal.activities': "a deal's activity log",
  'Pipeline.stages': "a pipeline's stages",
  'ChecklistTemplate.sections': "a template's sections",
  'ChecklistSection.items': "a section's items",
  'Inspection.responses': "an inspection's checklist answers (one per item)",
  'InspectionDetail.findings': "an inspection's findings",
  'InspectionDetail.teamMembers': "an inspection's team",
  'Finding.photos': "a finding's photos",
  'BookableResource.hours': "a resource's weekly opening hours",
  'ResourceHours.hours': "a resource's weekly opening hours",
  // What one mutation answers (every payload's `userErrors`, below): the problems of one input.
  'UserError.field': "a path into the mutation's arguments",
  // Computed for a bounded window the query names, not stored rows.
  'BookableResource.availability': "a resource's free slots in the asked window",
  'ResourceAvailability.slots': "a resource's free slots in the asked window",
};


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
});
