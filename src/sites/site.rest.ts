import type { RestRoutes } from '../graphql/operations.js';

const site = 'id companyId name address city state postalCode createdAt updatedAt';

export const siteRoutes: RestRoutes = {
  'Query.sites': { method: 'GET', path: '/v1/sites', summary: 'List sites', select: `{ ${site} }`, list: { paging: 'page', filters: { companyId: 'companyId', search: 'search' } } },
  'Mutation.createSite': { method: 'POST', path: '/v1/sites', summary: 'Create a site', status: 201, envelope: 'data', select: `{ ${site} }` },
  'Query.site': { method: 'GET', path: '/v1/sites/:id', summary: 'Get a site', envelope: 'data', select: `{ ${site} }` },
  'Mutation.updateSite': { method: 'PATCH', path: '/v1/sites/:id', summary: 'Update a site', envelope: 'data', select: `{ ${site} }` },
};
