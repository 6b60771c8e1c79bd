import { companyRoutes } from '../companies/company.rest.js';
import { contactRoutes } from '../contacts/contact.rest.js';
import { leadRoutes } from '../leads/lead.rest.js';
import type { RestRoutes } from './rest.js';

/** Every REST route of the product, gathered from the domain folders. */
export const restRoutes: RestRoutes = {
  ...leadRoutes,
  ...contactRoutes,
  ...companyRoutes,
};
