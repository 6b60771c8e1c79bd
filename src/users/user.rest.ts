import type { RestRoutes } from '../http/rest.js';

export const userRoutes: RestRoutes = {
  'Query.users': { method: 'GET', path: '/v1/users', summary: 'List users', select: '{ data { id name email role } total page pageSize }' },
};
