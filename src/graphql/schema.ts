import { lexicographicSortSchema } from 'graphql';
import { builder } from './builder.js';
import '../companies/company.graphql.js';
import '../contacts/contact.graphql.js';
import '../deals/deal.graphql.js';
import '../leads/lead.graphql.js';
import '../pipeline/pipeline.graphql.js';
import '../sites/site.graphql.js';
import '../users/user.graphql.js';

/** The one schema both surfaces serve (sorted, so the printed SDL diffs cleanly). */
export const schema = lexicographicSortSchema(builder.toSchema());
