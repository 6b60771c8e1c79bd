import { companyRoutes } from '../companies/company.rest.js';
import { contactRoutes } from '../contacts/contact.rest.js';
import { dealRoutes } from '../deals/deal.rest.js';
import { leadRoutes } from '../leads/lead.rest.js';
import { pipelineRoutes } from '../pipeline/pipeline.rest.js';
import { siteRoutes } from '../sites/site.rest.js';
import { userRoutes } from '../users/user.rest.js';
import type { RestRoutes } from './rest.js';

/** Every REST route of the product, gathered from the domain folders. */
export const restRoutes: RestRoutes = {
  ...leadRoutes,
  ...contactRoutes,
  ...companyRoutes,
  ...siteRoutes,
  ...userRoutes,
  ...pipelineRoutes,
  ...dealRoutes,
};
