import type { RestRoutes } from '../http/rest.js';

export const companyRoutes: RestRoutes = {
  'Query.companies': { method: 'GET', path: '/v1/companies' },
  'Mutation.createCompany': { method: 'POST', path: '/v1/companies', status: 201, envelope: 'data' },
  'Query.company': { method: 'GET', path: '/v1/companies/:id', envelope: 'data' },
  'Mutation.updateCompany': { method: 'PATCH', path: '/v1/companies/:id', envelope: 'data' },
};
