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
  // The tenant's configuration, answered whole.
  'Query.customFieldDefinitions': "one entity's custom field definitions (at most 100)",
  'CustomFieldDefinition.options': "a select field's allowed values",
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
  // Computed for a bounded window the query names, not stored rows.
  'BookableResource.availability': "a resource's free slots in the asked window",
  'ResourceAvailability.slots': "a resource's free slots in the asked window",
};

/**
 * Root fields other helpers are turning into connections right now: their page types' arrays
 * pass until they merge. The lead empties this list after merging them.
 */
const convertedElsewhere = ['bookings', 'bookableResources', 'invoices'];

// The schema as a client sees it, through introspection.
const published = buildClientSchema(introspectionFromSchema(schema));
const objectTypes = Object.values(published.getTypeMap()).filter((t): t is GraphQLObjectType => isObjectType(t) && !t.name.startsWith('__'));
const isConnection = (type: GraphQLObjectType) => type.name.endsWith('Connection') && 'pageInfo' in type.getFields();
const query = published.getQueryType()!;
const pagesOf = (fields: string[]) => new Set(fields.map((name) => getNamedType(query.getFields()[name]!.type).name));

describe('lists in the schema', () => {
  it('are connections, except the allowlisted arrays that are part of a record', () => {
    const exempt = pagesOf(convertedElsewhere);
    const arrays = objectTypes.flatMap((type) =>
      Object.values(type.getFields())
        .filter((field) => isListType(getNullableType(field.type)))
        .filter((field) => !(isConnection(type) && ['edges', 'nodes'].includes(field.name)) && !exempt.has(type.name))
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

  it('names in convertedElsewhere only root fields that still return arrays', () => {
    for (const name of convertedElsewhere) {
      const type = getNamedType(query.getFields()[name]?.type);
      expect(type && isObjectType(type) && !isConnection(type), name).toBe(true);
    }
  });
});
