import type { RestRoutes } from '../graphql/operations.js';

const pair = 'id name scopes trustedDocuments rateLimit allowedOrigins status createdAt expiresAt lastUsedAt keys { id kind hint lastUsedAt revokedAt }';

export const keyPairRoutes: RestRoutes = {
  'Query.apiKeyPairs': { method: 'GET', path: '/v1/key-pairs', summary: 'List API key pairs', select: `{ ${pair} }`, list: { paging: 'cursor' } },
  'Mutation.createApiKeyPair': { method: 'POST', path: '/v1/key-pairs', summary: 'Create an API key pair', status: 201, envelope: 'data', select: `{ pair { ${pair} } publishableKey secretKey }` },
  'Mutation.updateApiKeyPair': { method: 'PATCH', path: '/v1/key-pairs/:id', summary: "Change an API key pair's settings", envelope: 'data', select: `{ ${pair} }` },
  'Mutation.rotateApiKeyPair': { method: 'POST', path: '/v1/key-pairs/:id/rotate', summary: 'Rotate an API key pair', status: 201, envelope: 'data', select: `{ pair { ${pair} } publishableKey secretKey }` },
  'Mutation.revokeApiKeyPair': { method: 'POST', path: '/v1/key-pairs/:id/revoke', summary: 'Revoke an API key pair', envelope: 'data', select: `{ ${pair} }` },
};
