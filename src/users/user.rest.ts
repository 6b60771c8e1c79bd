import type { RestRoutes } from '../graphql/operations.js';

export const userRoutes: RestRoutes = {
  'Query.users': { method: 'GET', path: '/v1/users', summary: 'List users', select: '{ id name email role }', list: { paging: 'page', filters: { role: 'role' } } },
};
