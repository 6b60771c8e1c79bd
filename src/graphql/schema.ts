import { GraphQLSchema, isObjectType, lexicographicSortSchema } from 'graphql';
import { authenticationGuide } from '../auth/authentication-guide.js';
import { accessSentence } from './access.js';
import { builder } from './builder.js';
import { readAccessNote } from './read-access.js';
import '../auth/key-pair.graphql.js';
import '../bookings/booking.graphql.js';
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
import '../leads/lead.graphql.js';
import '../pipeline/pipeline.graphql.js';
import '../sites/site.graphql.js';
import '../tenants/tenant.graphql.js';
import '../users/user.graphql.js';

/** The one schema both surfaces serve (sorted, so the printed SDL diffs cleanly), saying how to authenticate. */
export const schema = lexicographicSortSchema(new GraphQLSchema({ ...builder.toSchema().toConfig(), description: authenticationGuide }));

// The Prisma plugin's connection `totalCount` fields take no description option; every type and
// field must explain itself to clients and AI agents reading the introspection, who also need to
// know which scope reads a record type, and who may use an operation.
for (const type of Object.values(schema.getTypeMap())) {
  if (!isObjectType(type)) continue;
  if (type === schema.getQueryType() || type === schema.getMutationType() || type === schema.getSubscriptionType()) {
    for (const field of Object.values(type.getFields())) {
      field.description = `${field.description} ${accessSentence(field)}`;
    }
  }
  const note = readAccessNote(type.name);
  if (note) type.description = `${type.description} ${note}`;
  for (const field of Object.values(type.getFields())) {
    if (field.extensions.pothosPrismaTotalCount) field.description = 'Number of items across all pages.';
  }
}
