import { eventRecords, type EventRecord, eventTypes, allEventTypes } from '../events/event-types.js';
import { TEST_EVENT_TYPE } from '../events/webhook-endpoint.service.js';
import type { Operation } from '../graphql/operations.js';
import type { JsonSchema } from './json-schema.js';
import { componentRef, routeValueSchema } from './json-schema.js';

/** What some event types add to their record. */
const extras: Partial<Record<string, Record<string, JsonSchema>>> = {
  'deal.stage_changed': { previousStageId: { type: 'string', format: 'uuid', description: 'The stage the deal left.' } },
  'inspection.status_changed': { previousStatus: { type: 'string', description: 'The status the inspection left.' } },
};

/** The Standard Webhooks headers every delivery carries. */
const signatureHeaders = [
  { name: 'webhook-id', description: 'The event id: the same on every retry of the event, so receivers can ignore a repeat.', schema: { type: 'string', format: 'uuid' } },
  { name: 'webhook-timestamp', description: 'When this attempt was signed, in seconds since the epoch; reject old ones to stop replays.', schema: { type: 'string', pattern: '^[0-9]+$' } },
  {
    name: 'webhook-signature',
    description:
      '`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` keyed with the base64-decoded part of the secret after `whsec_`; during the 24 hours after a rotation, two signatures separated by a space (new secret first). Verify with any Standard Webhooks library.',
    schema: { type: 'string' },
  },
].map((header) => ({ ...header, in: 'header', required: true }));

const body = (type: string, data: JsonSchema) => ({
  type: 'object',
  required: ['type', 'timestamp', 'data'],
  properties: {
    type: { type: 'string', const: type, description: 'The event type.' },
    timestamp: { type: 'string', format: 'date-time', description: 'When the event happened (its `createdAt`).' },
    data: data,
  },
  additionalProperties: false,
});

const webhook = (type: string, summary: string, description: string, data: JsonSchema) => ({
  post: {
    operationId: `${type.replace(/\./g, '_')}_webhook`,
    summary,
    description,
    tags: ['Webhooks'],
    security: [],
    parameters: signatureHeaders,
    requestBody: { required: true, content: { 'application/json': { schema: body(type, data) } } },
    responses: {
      '2XX': { description: 'Delivered: any 2xx answer within 10 seconds. Anything else (or no answer) is retried with exponential backoff for 3 days.' },
    },
  },
});

/**
 * The OpenAPI 3.1 `webhooks` of every event type: the POST a webhook endpoint receives, whose
 * `data` is the schema of the record's REST detail route (one component per record).
 */
export function eventWebhooks(operations: readonly Operation[], reached: Set<string>) {
  const schemas: Record<string, JsonSchema> = {};
  for (const [record, { detail }] of Object.entries(eventRecords) as [EventRecord, (typeof eventRecords)[EventRecord]][]) {
    const operation = operations.find((candidate) => candidate.key === detail);
    if (operation) schemas[`${record}EventData`] = { ...routeValueSchema(operation, reached), description: `A ${record} as \`${operation.route.method} ${operation.route.path}\` answers it.` };
  }
  const operationsByType = Object.fromEntries(
    allEventTypes.map((type) => {
      const { record, when } = eventTypes[type];
      const added = extras[type];
      const data = added ? { allOf: [componentRef(`${record}EventData`), { type: 'object', properties: added, required: Object.keys(added) }] } : componentRef(`${record}EventData`);
      return [type, webhook(type, when, `${when} \`data\` is the ${record} after the change, as its REST detail route answers it.`, data)];
    }),
  );
  operationsByType[TEST_EVENT_TYPE] = webhook(TEST_EVENT_TYPE, 'A test event', 'Sent to one endpoint by `POST /api/webhook-endpoints/{id}/test`.', {
    type: 'object',
    required: ['endpointId', 'message'],
    properties: { endpointId: { type: 'string', format: 'uuid' }, message: { type: 'string' } },
  });
  return { operations: operationsByType, schemas };
}
