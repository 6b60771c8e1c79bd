import type { RestRoutes } from '../graphql/operations.js';

const lead =
  'id firstName lastName email phone companyName status source channelType intent notes assignedTo sourceAttribution customFields createdAt updatedAt';

export const leadRoutes: RestRoutes = {
  'Query.leads': { method: 'GET', path: '/v1/leads', summary: 'List leads', select: `{ ${lead} }`, list: { paging: 'cursor', filters: { status: 'status', assignedTo: 'assigneeId' } } },
  'Mutation.createLead': { method: 'POST', path: '/v1/leads', summary: 'Create a lead', status: 201, envelope: 'data', select: `{ ${lead} }` },
  'Query.lead': { method: 'GET', path: '/v1/leads/:id', summary: 'Get a lead', envelope: 'data', select: `{ ${lead} }` },
  'Mutation.updateLead': { method: 'PATCH', path: '/v1/leads/:id', summary: 'Update a lead', envelope: 'data', select: `{ ${lead} }` },
};
