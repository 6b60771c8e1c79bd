import type { RestRoutes } from '../graphql/operations.js';

const app = 'id name clientId verifiedDomain user { id name email } scopes createdAt lastUsedAt expiresAt revocable';

export const connectedAppRoutes: RestRoutes = {
  'Query.connectedApps': { method: 'GET', path: '/v1/connected-apps', summary: 'List connected apps', select: `{ ${app} }`, list: { paging: 'cursor', filters: { userId: 'userId' } } },
  'Mutation.revokeConnectedApp': { method: 'DELETE', path: '/v1/connected-apps/:id', summary: 'Revoke a connected app', select: '', acknowledge: true },
};
