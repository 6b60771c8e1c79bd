import type { RestRoutes } from '../http/rest.js';

export const contactRoutes: RestRoutes = {
  'Query.contacts': { method: 'GET', path: '/v1/contacts/contact' },
  'Mutation.createContact': { method: 'POST', path: '/v1/contacts/contact', status: 201, envelope: 'data' },
  'Query.contact': { method: 'GET', path: '/v1/contacts/contact/:id', envelope: 'data' },
  'Mutation.updateContact': { method: 'PATCH', path: '/v1/contacts/contact/:id', envelope: 'data' },
};
