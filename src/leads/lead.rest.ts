import type { RestRoutes } from '../graphql/operations.js';

const lead =
  'id firstName lastName email phone companyName status source channelType intent notes assignedTo sourceAttribution customFields createdAt updatedAt';

const leadFormFields = 'fields { key label type required options order } challenge { algorithm challenge salt signature maxnumber }';

export const leadRoutes: RestRoutes = {
  // A website's lead form (publishable keys): not under /v1/leads, whose routes a publishable key may never use.
  'Query.leadForm': { method: 'GET', path: '/leads/form', summary: "Get the website's lead form", envelope: 'data', select: `{ ${leadFormFields} }` },
  'Mutation.submitLeadForm': { method: 'POST', path: '/leads/form', summary: "Send a website's lead form", status: 201, envelope: 'data', select: '{ id createdAt }' },
  'Query.leads': { method: 'GET', path: '/v1/leads', summary: 'List leads', select: `{ ${lead} }`, list: { paging: 'cursor', filters: { search: 'search', status: 'status', assignedTo: 'assignedTo' } } },
  'Mutation.createLead': { method: 'POST', path: '/v1/leads', summary: 'Create a lead', status: 201, envelope: 'data', select: `{ ${lead} }` },
  'Query.lead': { method: 'GET', path: '/v1/leads/:id', summary: 'Get a lead', envelope: 'data', select: `{ ${lead} }` },
  'Mutation.updateLead': { method: 'PATCH', path: '/v1/leads/:id', summary: 'Update a lead', envelope: 'data', select: `{ ${lead} }` },
};
