import type { RestRoutes } from '../graphql/operations.js';

const endpoint = 'id url description events status disabledReason previousSecretExpiresAt ownerId createdBy createdAt updatedAt';
const delivery = 'id eventId eventType status attempts nextAttemptAt lastStatusCode deliveredAt createdAt log { startedAt durationMs statusCode error }';

export const webhookRoutes: RestRoutes = {
  'Mutation.createWebhookEndpoint': { method: 'POST', path: '/webhook-endpoints', summary: 'Add a webhook endpoint', status: 201, envelope: 'data', select: `{ ${endpoint} secret }` },
  'Query.webhookEndpoints': { method: 'GET', path: '/webhook-endpoints', summary: 'List webhook endpoints', select: `{ ${endpoint} }`, list: { paging: 'whole' } },
  'Query.webhookEndpoint': { method: 'GET', path: '/webhook-endpoints/:id', summary: 'Get a webhook endpoint', envelope: 'data', select: `{ ${endpoint} }` },
  'Mutation.updateWebhookEndpoint': { method: 'PATCH', path: '/webhook-endpoints/:id', summary: 'Update a webhook endpoint', envelope: 'data', select: `{ ${endpoint} }` },
  'Mutation.deleteWebhookEndpoint': { method: 'DELETE', path: '/webhook-endpoints/:id', summary: 'Delete a webhook endpoint', select: '', acknowledge: true },
  'Mutation.rotateWebhookEndpointSecret': { method: 'POST', path: '/webhook-endpoints/:id/rotate-secret', summary: "Rotate an endpoint's secret", envelope: 'data', select: `{ ${endpoint} secret }` },
  'Mutation.sendTestWebhookEvent': { method: 'POST', path: '/webhook-endpoints/:id/test', summary: 'Send a test event', status: 201, envelope: 'data', select: `{ ${delivery} }` },
  'Query.webhookDeliveries': { method: 'GET', path: '/webhook-endpoints/:id/deliveries', summary: "List an endpoint's deliveries", select: `{ ${delivery} }`, list: { paging: 'cursor', cursorParameter: 'after' } },
  'Mutation.retryWebhookDelivery': { method: 'POST', path: '/webhook-endpoints/:id/deliveries/:deliveryId/retry', parameterNames: { endpointId: 'id' }, summary: 'Retry a delivery', envelope: 'data', select: `{ ${delivery} }` },
};
