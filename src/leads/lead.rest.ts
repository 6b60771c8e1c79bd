import type { RestRoutes } from '../http/rest.js';

export const leadRoutes: RestRoutes = {
  'Query.leads': { method: 'GET', path: '/v1/leads' },
  'Mutation.createLead': { method: 'POST', path: '/v1/leads', status: 201, envelope: 'data' },
  'Query.lead': { method: 'GET', path: '/v1/leads/:id', envelope: 'data' },
  'Mutation.updateLead': { method: 'PATCH', path: '/v1/leads/:id', envelope: 'data' },
};
