import { z } from 'zod';
import { WebhookDeliveryStatus, WebhookEndpointStatus } from '../generated/prisma/enums.js';
import { builder } from '../graphql/builder.js';
import { MISSING_RECORD_NOTE, orNull } from '../graphql/missing-record.js';
import { Node } from '../graphql/node.js';
import { defineList } from '../graphql/connection.js';
import { DateTimeRange } from '../graphql/list-filters.js';
import { listOf } from '../graphql/read-access.js';
import { disclose } from '../shared/disclosures.js';
import { optionalText, patchInput } from '../shared/validation.js';
import { eventTypeList } from './event.graphql.js';
import { allEventTypes } from './event-types.js';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  MAX_ENDPOINTS,
  webhookDeliveryOrder,
  webhookEndpointOrder,
  retryWebhookDelivery,
  rotateWebhookEndpointSecret,
  secretIssued,
  sendTestWebhookEvent,
  TEST_EVENT_TYPE,
  updateWebhookEndpoint,
} from './webhook-endpoint.service.js';
import { deletionPayload, recordPayload } from '../graphql/mutation-payload.js';

const manageWebhooks = { scope: 'webhooks.manage' } as const;

const EndpointStatusEnum = builder.enumType(WebhookEndpointStatus, {
  name: 'WebhookEndpointStatus',
  description: 'Whether an endpoint is sent events.',
  values: {
    enabled: { description: 'Events are sent to it.' },
    disabled: { description: 'Nothing is sent: disabled by a user, or after every delivery failed for 3 days (see `disabledReason`).' },
  },
});

const DeliveryStatusEnum = builder.enumType(WebhookDeliveryStatus, {
  name: 'WebhookDeliveryStatus',
  description: 'Where a delivery stands.',
  values: {
    pending: { description: 'Not yet answered 2xx: waiting for its first attempt or for its next retry (`nextAttemptAt`).' },
    delivered: { description: 'The endpoint answered 2xx.' },
    failed: { description: 'Every attempt failed for 3 days; retried only by `retryWebhookDelivery`.' },
  },
});

/** What a repeat of the request that showed an endpoint's signing secret is told (src/http/idempotency.ts): the secret is shown once. */
const secretDisclosure = (id: string) => ({
  what: `the signing secret of webhook endpoint ${id}`,
  ifLost: `if it was lost, rotate the endpoint's secret for a new one (\`rotateWebhookEndpointSecret\`, or POST /api/webhook-endpoints/${id}/rotate-secret)`,
});

export const WebhookEndpoint = builder.prismaObject('WebhookEndpoint', {
  interfaces: [Node],
  description:
    'A URL of the tenant that is sent events as signed POSTs, per the Standard Webhooks specification: headers `webhook-id` (the event id, the same on every retry), `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`), body `{"type", "timestamp", "data"}`. Any 2xx answer within 10 s delivers; otherwise it is retried with exponential backoff for 3 days.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Endpoint id.' }),
    url: t.exposeString('url', { description: 'Where events are POSTed: https, on a public address.' }),
    description: t.exposeString('description', { nullable: true, description: 'What the endpoint is for (at most 500 characters).' }),
    events: t.exposeStringList('events', { description: 'The event types asked for; `*` is every type the creator reads.' }),
    status: t.expose('status', { type: EndpointStatusEnum, description: 'Whether events are sent to it.' }),
    disabledReason: t.exposeString('disabledReason', { nullable: true, description: 'Why it is disabled, when it is.' }),
    secret: t.string({
      nullable: true,
      description:
        'The signing secret (`whsec_...`), for a Standard Webhooks verifier: only in the answer that created the endpoint or rotated its secret, and never again. Null everywhere else.',
      select: { id: true, secret: true },
      resolve: (endpoint, _args, ctx) => (secretIssued(ctx, endpoint.id) ? disclose(endpoint.secret, secretDisclosure(endpoint.id)) : null),
    }),
    previousSecretExpiresAt: t.expose('previousSecretExpiresAt', {
      type: 'DateTime',
      nullable: true,
      description: 'After a rotation: until when the previous secret still signs beside the new one (24 hours). Null when only one secret signs.',
    }),
    ownerId: t.expose('createdByUserId', {
      type: 'UUID',
      description:
        'Id of the user it acts for: its creator, or whoever last set its URL or event types or enabled it. It delivers what this user reads, checked at every delivery (a related record they do not read is null, as on its route); it is disabled, saying why, once they are deactivated or no longer read a type it receives. Only this user or an administrator may change, test, retry, rotate or delete it. Emailed when it is disabled for failing.',
    }),
    createdBy: t.expose('createdByUserId', { type: 'UUID', deprecationReason: 'Use `ownerId`: an endpoint acts for whoever last set its URL or event types.', description: 'The same as `ownerId`.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created (ISO 8601, UTC).' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed (ISO 8601, UTC).' }),
  }),
});

const WebhookAttempt = builder.prismaObject('WebhookAttempt', {
  description: 'One POST of a delivery.',
  fields: (t) => ({
    startedAt: t.expose('startedAt', { type: 'DateTime', description: 'When the POST started (ISO 8601, UTC).' }),
    durationMs: t.exposeInt('durationMs', { description: 'How long until the answer (or the failure), in milliseconds.' }),
    statusCode: t.exposeInt('statusCode', { nullable: true, description: "The endpoint's HTTP status; null when none came (timeout, refused address, connection error)." }),
    error: t.exposeString('error', { nullable: true, description: 'What went wrong, when it did.' }),
  }),
});

const WebhookDelivery = builder.prismaObject('WebhookDelivery', {
  interfaces: [Node],
  description: 'One event to one endpoint: its status, its attempts and its next retry.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Delivery id.' }),
    eventId: t.expose('eventId', { type: 'UUID', description: 'The event sent: its `webhook-id`.' }),
    eventType: t.string({ description: `The event's type (one of ${eventTypeList}, or \`${TEST_EVENT_TYPE}\`).`, select: { event: { select: { type: true } } }, resolve: (d) => d.event.type }),
    status: t.expose('status', { type: DeliveryStatusEnum, description: 'Where the delivery stands.' }),
    attempts: t.exposeInt('attempts', { description: 'POSTs made so far.' }),
    nextAttemptAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the next attempt is due, while pending; null once delivered or failed.',
      select: { nextAttemptAt: true, status: true },
      resolve: (d) => (d.status === 'pending' ? d.nextAttemptAt : null),
    }),
    lastStatusCode: t.exposeInt('lastStatusCode', { nullable: true, description: "The endpoint's status at the last attempt; null if none came." }),
    deliveredAt: t.expose('deliveredAt', { type: 'DateTime', nullable: true, description: 'When it was answered 2xx.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the event was queued for the endpoint (ISO 8601, UTC).' }),
    log: t.relation('log', { ...listOf('WebhookAttempt'), description: 'Every attempt, oldest first.', query: { orderBy: [{ startedAt: 'asc' }, { id: 'asc' }] } }),
  }),
});

const webhookEndpointList = defineList(WebhookEndpoint, webhookEndpointOrder, {
  plural: 'webhook endpoints',
  filterDescription: 'Conditions on webhook endpoints; every given condition must hold.',
  filter: (t) => ({
    status: t.field({ type: [EndpointStatusEnum], description: 'Only endpoints with one of these statuses.' }),
  }),
});

const webhookDeliveryList = defineList(WebhookDelivery, webhookDeliveryOrder, {
  plural: 'deliveries',
  filterDescription: "Conditions on an endpoint's deliveries; every given condition must hold.",
  filter: (t) => ({
    status: t.field({ type: [DeliveryStatusEnum], description: 'Only deliveries with one of these statuses.' }),
    createdAt: t.field({ type: DateTimeRange, description: 'Only deliveries queued in this interval.' }),
  }),
});

const eventsField = {
    description: `Event types to receive: some of ${eventTypeList}, or \`["*"]\` for every type the caller reads. A type the caller's key does not read is refused (403).`,
    validate: z.array(z.enum(['*', ...allEventTypes])).min(1, 'must name at least one event type, or `*`').max(50, 'at most 50 types'),
};

const urlField = {
    description: 'Where to POST events: an https URL (at most 2,048 characters) whose host resolves only to public addresses.',
    validate: z.string().trim().min(1, 'must not be empty').max(2048, 'must be at most 2048 characters'),
};

const CreateWebhookEndpointInput = builder.inputType('CreateWebhookEndpointInput', {
  description: 'A new webhook endpoint. Its secret is in the answer, and only there.',
  fields: (t) => ({
    url: t.string({ ...urlField, required: true }),
    events: t.stringList({ ...eventsField, required: true }),
    description: t.string({ description: 'What the endpoint is for, at most 500 characters.', validate: optionalText(500) }),
  }),
});

const UpdateWebhookEndpointInput = builder.inputType('UpdateWebhookEndpointInput', {
  description: 'Changes to an endpoint. Absent fields do not change.',
  validate: patchInput('url', 'events', 'status'),
  fields: (t) => ({
    url: t.string(urlField),
    events: t.stringList(eventsField),
    description: t.string({ description: 'What the endpoint is for; null clears.', validate: optionalText(500) }),
    status: t.field({ type: EndpointStatusEnum, description: '`disabled` stops sending; `enabled` starts again and forgets its failures.' }),
  }),
});

builder.queryFields((t) => ({
  webhookEndpoints: t.field({
    type: webhookEndpointList.connection,
    description: `The tenant's webhook endpoints (a tenant has at most ${MAX_ENDPOINTS}, so one page of ${MAX_ENDPOINTS} holds them all), newest first unless \`orderBy\` says otherwise, without their secrets.`,
    authScopes: manageWebhooks,
    args: webhookEndpointList.args(),
    resolve: (_root, args, ctx) => listWebhookEndpoints(ctx, args),
  }),
  webhookEndpoint: t.field({
    type: WebhookEndpoint,
    nullable: true,
    description: `One webhook endpoint by id, without its secret; ${MISSING_RECORD_NOTE}.`,
    authScopes: manageWebhooks,
    args: { id: t.arg({ type: 'UUID', required: true, description: 'Endpoint id.' }) },
    resolve: (_root, { id }, ctx) => orNull(ctx, getWebhookEndpoint(ctx, id)),
  }),
  webhookDeliveries: t.field({
    type: webhookDeliveryList.connection,
    description: "An endpoint's deliveries, newest first unless `orderBy` says otherwise: status, attempts with their status codes and durations, and the next retry.",
    authScopes: manageWebhooks,
    args: { id: t.arg({ type: 'UUID', required: true, description: 'Endpoint id.' }), ...webhookDeliveryList.args() },
    resolve: (_root, { id, ...args }, ctx) => listWebhookDeliveries(ctx, id, args),
  }),
}));

const CreateWebhookEndpointPayload = recordPayload('createWebhookEndpoint', 'webhookEndpoint', WebhookEndpoint);
const UpdateWebhookEndpointPayload = recordPayload('updateWebhookEndpoint', 'webhookEndpoint', WebhookEndpoint);
const DeleteWebhookEndpointPayload = deletionPayload('deleteWebhookEndpoint', 'webhook endpoint');
const RotateWebhookEndpointSecretPayload = recordPayload('rotateWebhookEndpointSecret', 'webhookEndpoint', WebhookEndpoint);
const SendTestWebhookEventPayload = recordPayload('sendTestWebhookEvent', 'webhookDelivery', WebhookDelivery);
const RetryWebhookDeliveryPayload = recordPayload('retryWebhookDelivery', 'webhookDelivery', WebhookDelivery);

builder.mutationFields((t) => ({
  createWebhookEndpoint: t.field({
    type: CreateWebhookEndpointPayload,
    description: `Adds a webhook endpoint (at most ${MAX_ENDPOINTS} per tenant) and answers it with its signing secret, shown this once.`,
    authScopes: manageWebhooks,
    args: { input: t.arg({ type: CreateWebhookEndpointInput, required: true, description: 'The endpoint.' }) },
    resolve: (_root, { input }, ctx) => createWebhookEndpoint(ctx, input),
  }),
  updateWebhookEndpoint: t.field({
    type: UpdateWebhookEndpointPayload,
    description: "Changes an endpoint's URL, event types, description or status (its owner or an administrator). Setting its URL or event types, or enabling it, makes the caller its owner (`ownerId`): it then receives what the caller reads.",
    authScopes: manageWebhooks,
    args: {
      id: t.arg({ type: 'UUID', required: true, description: 'Endpoint id.' }),
      input: t.arg({ type: UpdateWebhookEndpointInput, required: true, description: 'The changes.' }),
    },
    resolve: (_root, { id, input }, ctx) => updateWebhookEndpoint(ctx, id, input),
  }),
  deleteWebhookEndpoint: t.field({
    type: DeleteWebhookEndpointPayload,
    description: 'Deletes an endpoint, with its deliveries: nothing more is sent to it.',
    authScopes: manageWebhooks,
    args: { id: t.arg({ type: 'UUID', required: true, description: 'Endpoint id.' }) },
    resolve: (_root, { id }, ctx) => deleteWebhookEndpoint(ctx, id),
  }),
  rotateWebhookEndpointSecret: t.field({
    type: RotateWebhookEndpointSecretPayload,
    description: 'Gives an endpoint a new secret, shown in this answer only; for 24 hours deliveries are signed with the old and the new one, so receivers can switch without missing any. A second rotation within those 24 hours is a CONFLICT (HTTP 409). Its owner or an administrator only.',
    authScopes: manageWebhooks,
    args: { id: t.arg({ type: 'UUID', required: true, description: 'Endpoint id.' }) },
    resolve: (_root, { id }, ctx) => rotateWebhookEndpointSecret(ctx, id),
  }),
  sendTestWebhookEvent: t.field({
    type: SendTestWebhookEventPayload,
    description: `Sends a \`${TEST_EVENT_TYPE}\` event to this endpoint only (even a disabled one) and answers its delivery; read it again to see the outcome.`,
    authScopes: manageWebhooks,
    args: { id: t.arg({ type: 'UUID', required: true, description: 'Endpoint id.' }) },
    resolve: (_root, { id }, ctx) => sendTestWebhookEvent(ctx, id),
  }),
  retryWebhookDelivery: t.field({
    type: RetryWebhookDeliveryPayload,
    description: 'Sends a delivery again now, whatever its status; a failed one gets a new 3 days of retries.',
    authScopes: manageWebhooks,
    args: {
      endpointId: t.arg({ type: 'UUID', required: true, description: 'Id of the endpoint the delivery was made to.' }),
      deliveryId: t.arg({ type: 'UUID', required: true, description: 'Delivery id.' }),
    },
    resolve: (_root, { endpointId, deliveryId }, ctx) => retryWebhookDelivery(ctx, endpointId, deliveryId),
  }),
}));
