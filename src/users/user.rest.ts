import type { RestRoutes } from '../graphql/operations.js';

export const userRoutes: RestRoutes = {
  'Query.users': { method: 'GET', path: '/v1/users', summary: 'List users', select: '{ data { id name email role } total page pageSize }' },
};
