import type { RestRoutes } from '../graphql/operations.js';

const contact = 'id companyId firstName lastName email phone role isPrimary notes customFields createdAt updatedAt';

export const contactRoutes: RestRoutes = {
  'Query.contacts': { method: 'GET', path: '/v1/contacts/contact', summary: 'List contacts', select: `{ ${contact} }`, list: { paging: 'page', filters: { companyId: 'companyId', search: 'search' } } },
  'Mutation.createContact': { method: 'POST', path: '/v1/contacts/contact', summary: 'Create a contact', status: 201, envelope: 'data', select: `{ ${contact} }` },
  'Query.contact': { method: 'GET', path: '/v1/contacts/contact/:id', summary: 'Get a contact', envelope: 'data', select: `{ ${contact} }` },
  'Mutation.updateContact': { method: 'PATCH', path: '/v1/contacts/contact/:id', summary: 'Update a contact', envelope: 'data', select: `{ ${contact} }` },
};
