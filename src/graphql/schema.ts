import { getNamedType, type GraphQLObjectType, GraphQLSchema, isObjectType, lexicographicSortSchema } from 'graphql';
import { authenticationGuide } from '../auth/authentication-guide.js';
import { accessSentence } from './access.js';
import { builder } from './builder.js';
import { embeddedFields, readAccessNote, refusedAloneNote } from './read-access.js';
import { guardEmbeddedParts, guardRecordReads } from './read-guards.js';
import { nodeTypes } from './node.js';
import { markCountedLists } from './counted-lists.js';
import '../auth/key-pair.graphql.js';
import '../bookings/booking.graphql.js';
import '../bookings/booking-hold.graphql.js';
import '../bookings/resource.graphql.js';
import '../companies/company.graphql.js';
import '../contacts/contact.graphql.js';
import '../custom-fields/custom-field.graphql.js';
import '../deals/deal.graphql.js';
import '../events/event.graphql.js';
import '../events/webhook.graphql.js';
import '../inspections/equipment.graphql.js';
import '../inspections/finding.graphql.js';
import '../inspections/inspection.graphql.js';
import '../inspections/template.graphql.js';
import '../invoices/invoice.graphql.js';
import '../invoices/invoice-lifecycle.graphql.js';
import '../imports/import.graphql.js';
import '../leads/lead.graphql.js';
import '../leads/lead-form.graphql.js';
import '../oauth/connected-app.graphql.js';
import '../pipeline/pipeline.graphql.js';
import '../sites/site.graphql.js';
import '../tenants/tenant.graphql.js';
import '../trusted-documents/trusted-document.graphql.js';
import '../users/user.graphql.js';

/** The one schema both surfaces serve (sorted, so the printed SDL diffs cleanly), saying how to authenticate. */
export const schema = lexicographicSortSchema(new GraphQLSchema({ ...builder.toSchema().toConfig(), description: authenticationGuide }));
guardRecordReads(schema);
// A Node type that `node(id:)` could not search safely (no read rule, no tenant) fails the start (src/graphql/node.ts).
nodeTypes(schema);
markCountedLists(schema);

// The Prisma plugin's connection `totalCount` fields take no description option; every type and
// field must explain itself to clients and AI agents reading the introspection, who also need to
// know which scope reads a record type (and which relations embed part of it), who may use an
// operation, and which nested fields a caller without their scope sees as null.
const objectTypes = Object.values(schema.getTypeMap()).filter(isObjectType);
const embeddedBy = new Map<string, string[]>();
for (const type of objectTypes) {
  for (const field of Object.values(type.getFields())) {
    const fields = embeddedFields(field.extensions);
    if (!fields) continue;
    const target = getNamedType(field.type) as GraphQLObjectType;
    const unknown = fields.filter((f) => !target.getFields()[f]);
    if (unknown.length) throw new Error(`${type.name}.${field.name} embeds fields ${target.name} does not have: ${unknown.join(', ')}`);
    const part = `\`${type.name}.${field.name}\` (${fields.map((f) => `\`${f}\``).join(', ')})`;
    embeddedBy.set(target.name, [...(embeddedBy.get(target.name) ?? []), part]);
  }
}
for (const type of objectTypes) {
  if (type === schema.getQueryType() || type === schema.getMutationType() || type === schema.getSubscriptionType()) {
    for (const field of Object.values(type.getFields())) {
      field.description = `${field.description} ${accessSentence(field)}`;
    }
  }
  const note = readAccessNote(type.name, embeddedBy.get(type.name));
  if (note) type.description = `${type.description} ${note}`;
  for (const field of Object.values(type.getFields())) {
    if (field.extensions.pothosPrismaTotalCount) field.description = 'Number of items across all pages.';
    const refusal = refusedAloneNote(field);
    if (refusal) field.description = `${field.description} ${refusal}`;
  }
}

/**
 * The schema graphql-jit compiles a document against: this one, or, for a document that selects no
 * embedding relation or a caller who reads every embedded type whole, a copy without the per-field
 * checks of embedded parts (src/graphql/read-guards.ts).
 */
export const compilationSchemaFor = guardEmbeddedParts(schema);
