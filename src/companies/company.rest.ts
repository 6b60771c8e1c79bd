import type { RestRoutes } from '../graphql/operations.js';

const company = 'id name phone email address city state postalCode customFields createdAt updatedAt';

export const companyRoutes: RestRoutes = {
  'Query.companies': { method: 'GET', path: '/v1/companies', summary: 'List companies', select: `{ ${company} }`, list: { paging: 'page', filters: { search: 'search' } } },
  'Mutation.createCompany': { method: 'POST', path: '/v1/companies', summary: 'Create a company', status: 201, envelope: 'data', select: `{ ${company} }` },
  'Query.company': { method: 'GET', path: '/v1/companies/:id', summary: 'Get a company', envelope: 'data', select: `{ ${company} }` },
  'Mutation.updateCompany': { method: 'PATCH', path: '/v1/companies/:id', summary: 'Update a company', envelope: 'data', select: `{ ${company} }` },
};
