import { randomBytes } from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import { loadConfig } from '../config.js';
import { sqlList } from '../db/sql-list.js';
import { lockForUpdate, lockTenant, scopedTenantId } from '../db/tenant-scope.js';
import { forbidden, scopesNamed } from '../graphql/access.js';
import type { Context } from '../graphql/context.js';
import { principalOf } from '../graphql/context.js';
import { keysetPage, type ListArgs, type ListOrder } from '../graphql/connection.js';
import { oneOf, withinRange } from '../graphql/list-filters.js';
import type { WebhookDeliveryStatus, WebhookEndpointStatus } from '../generated/prisma/enums.js';
import { readAccessOf } from '../graphql/read-access.js';
import { actingForRefusal } from '../auth/acting-for.js';
import { AppError, badInput, invalidState } from '../shared/errors.js';
import { found } from '../shared/references.js';
import { sentFields } from '../shared/validation.js';
import { EVENTS_CHANNEL, writeEvent } from './event-log.js';
import { allEventTypes, eventTypes, isEventType } from './event-types.js';
import { mayReceive, visibleEventTypes } from './event-visibility.js';
import { endpointUrlProblem } from './webhook-url.js';

/** Endpoints a tenant may have (Stripe allows 16): each event is queued once per endpoint, in the writing transaction. */
export const MAX_ENDPOINTS = 20;

/** How long a rotated-out secret keeps signing beside the new one, as a rotated key pair keeps working. */
export const SECRET_OVERLAP_MS = 24 * 3_600_000;

/** The type of the event `sendTestWebhookEvent` sends: to one endpoint, never listed nor pushed to subscriptions. */
export const TEST_EVENT_TYPE = 'webhook.test';

/** A Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** By request: the endpoints whose secret its answer shows (just created or rotated), the only time it is shown. */
const issuedSecrets = new WeakMap<Context, Set<string>>();

const issueSecret = (ctx: Context, endpointId: string) => issuedSecrets.set(ctx, (issuedSecrets.get(ctx) ?? new Set()).add(endpointId));

/** Whether this request created or rotated the endpoint, and so may show its secret. */
export const secretIssued = (ctx: Context, endpointId: string) => issuedSecrets.get(ctx)?.has(endpointId) ?? false;

/**
 * The event types an endpoint asking for `events` receives for the caller: `*` is every type the
 * caller reads; a named type the caller does not read is refused (403 naming the scope), so an
 * endpoint never receives what its creator could not list.
 */
function receivedTypes(ctx: Context, events: readonly string[]) {
  const principal = principalOf(ctx);
  const unknown = events.filter((type) => type !== '*' && !isEventType(type));
  if (unknown.length) {
    throw badInput([{ field: 'events', message: `${unknown.map((t) => JSON.stringify(t)).join(', ')} is not an event type; use \`*\` or some of ${allEventTypes.join(', ')}` }]);
  }
  if (!events.length) throw badInput([{ field: 'events', message: 'must name at least one event type, or `*` for all' }]);
  const named = [...new Set(events.filter(isEventType))];
  const unreadable = named.find((type) => !mayReceive(type, principal));
  if (unreadable) throw forbidden(scopesNamed(readAccessOf(eventTypes[unreadable].record))[0]);
  return { events: [...new Set(events)], receives: events.includes('*') ? visibleEventTypes(principal) : named };
}

/** An endpoint's owner and the scopes it reads with: the caller's, whose key or session sets it. */
function ownedBy(ctx: Context) {
  const { userId, scopes } = principalOf(ctx);
  return { createdByUserId: userId, scopes: [...scopes] };
}

async function checkUrl(url: string) {
  const problem = await endpointUrlProblem(url, loadConfig().WEBHOOKS_ALLOW_PRIVATE_NETWORKS);
  if (problem) throw badInput([problem]);
}

export interface NewWebhookEndpoint {
  url: string;
  events: string[];
  description?: string | null;
}

export async function createWebhookEndpoint(ctx: Context, input: NewWebhookEndpoint) {
  const principal = principalOf(ctx);
  const types = receivedTypes(ctx, input.events);
  await checkUrl(input.url);
  const endpoint = await ctx.db.$transaction(async (tx) => {
    // Counted under the tenant's row lock, so concurrent creations cannot pass the ceiling together.
    await lockTenant(tx);
    if ((await tx.webhookEndpoint.count()) >= MAX_ENDPOINTS) {
      throw new AppError('CONFLICT', `A tenant has at most ${MAX_ENDPOINTS} webhook endpoints; delete one first (one endpoint can receive every event type)`, undefined, undefined, 'LIMIT_REACHED');
    }
    return tx.webhookEndpoint.create({
      data: { ...types, ...ownedBy(ctx), url: input.url, description: input.description ?? null, secret: newSecret(), tenantId: principal.tenantId },
    });
  });
  issueSecret(ctx, endpoint.id);
  return endpoint;
}

export const webhookEndpointOrder: ListOrder = {
  entity: 'WebhookEndpoint',
  orderFields: {
    CREATED_AT: { column: 'createdAt', date: true, description: 'When the endpoint was created.' },
    UPDATED_AT: { column: 'updatedAt', date: true, description: 'When the endpoint last changed.' },
    URL: { column: 'url', description: 'Its URL, in the database collation.' },
  },
  defaultOrder: { field: 'CREATED_AT', direction: 'DESC' },
};

export interface WebhookEndpointFilter {
  status?: readonly WebhookEndpointStatus[] | null;
}

/** The tenant's endpoints (at most `MAX_ENDPOINTS`), one keyset page at a time (src/graphql/connection.ts). */
export function listWebhookEndpoints(ctx: Context, args: ListArgs<WebhookEndpointFilter>) {
  const where = { status: oneOf(args.filter?.status) };
  const rows = sqlList(ctx.db, 'WebhookEndpoint', where);
  return keysetPage(ctx, webhookEndpointOrder, args, rows.page, rows.count);
}

export const getWebhookEndpoint = (ctx: Context, id: string) => found(ctx.db.webhookEndpoint.findUnique({ where: { id } }), 'Webhook endpoint');

/**
 * The endpoint `id`, once the caller is found to may `action` it: an endpoint delivers what its
 * owner reads, so only its owner or an administrator changes, re-points, tests, retries, rotates
 * or deletes it (the rule of every record acting for someone: src/auth/acting-for.ts).
 */
async function endpointOpenTo(ctx: Context, id: string, action: string) {
  const endpoint = await getWebhookEndpoint(ctx, id);
  const refusal = actingForRefusal(principalOf(ctx), endpoint.createdByUserId, 'endpoint', action);
  if (refusal) throw refusal;
  return endpoint;
}

export interface WebhookEndpointPatch {
  url?: string | null;
  events?: string[] | null;
  description?: string | null;
  status?: 'enabled' | 'disabled' | null;
}

/**
 * Changes an endpoint (its owner or an administrator). Setting its URL or event types, or enabling
 * it, makes the caller its owner: from then on it receives what the caller reads (its `events`
 * bounded by the caller's scopes, as at creation). Enabling it again forgets its failures.
 */
export async function updateWebhookEndpoint(ctx: Context, id: string, patch: WebhookEndpointPatch) {
  const { url, events, status, description } = sentFields(patch);
  const endpoint = await endpointOpenTo(ctx, id, 'change');
  const takesOver = Boolean(url || events || status === 'enabled');
  const types = takesOver ? receivedTypes(ctx, events ?? endpoint.events) : {};
  if (url) await checkUrl(url);
  return ctx.db.webhookEndpoint.update({
    where: { id },
    data: {
      ...types,
      ...(takesOver ? ownedBy(ctx) : {}),
      url: url ?? undefined,
      description,
      ...(status === 'enabled' ? { status, failingSince: null, disabledReason: null } : {}),
      ...(status === 'disabled' ? { status, disabledReason: 'disabled by a user' } : {}),
    },
  });
}

/** Deletes an endpoint with its pending deliveries and their log; answers its id. */
export async function deleteWebhookEndpoint(ctx: Context, id: string) {
  await endpointOpenTo(ctx, id, 'delete');
  await ctx.db.webhookEndpoint.deleteMany({ where: { id } });
  return id;
}

/**
 * A new secret; the old one keeps signing beside it for `SECRET_OVERLAP_MS`. A second rotation
 * within that overlap is a 409: it would drop a secret receivers may still verify with.
 */
export async function rotateWebhookEndpointSecret(ctx: Context, id: string) {
  await endpointOpenTo(ctx, id, 'rotate');
  const endpoint = await ctx.db.$transaction(async (tx) => {
    await lockForUpdate(tx, 'WebhookEndpoint', id);
    const current = await found(tx.webhookEndpoint.findUnique({ where: { id }, select: { secret: true, previousSecretExpiresAt: true } }), 'Webhook endpoint');
    const overlapEnds = current.previousSecretExpiresAt;
    if (overlapEnds && overlapEnds > ctx.now()) {
      throw invalidState(
        `this endpoint's secret was rotated less than 24 hours ago and the previous one signs until ${overlapEnds.toISOString()}; rotate again after that, or delete the endpoint and create a new one if the secret leaked`,
      );
    }
    return tx.webhookEndpoint.update({
      where: { id },
      data: { secret: newSecret(), previousSecret: current.secret, previousSecretExpiresAt: new Date(ctx.now().getTime() + SECRET_OVERLAP_MS) },
    });
  });
  issueSecret(ctx, endpoint.id);
  return endpoint;
}

/** Wakes the delivery workers of every process (they also poll). */
const announceDeliveries = (tx: Pick<Context['db'], '$executeRaw'>, tenantId: string) =>
  tx.$executeRaw`SELECT pg_notify(${EVENTS_CHANNEL}, json_build_object('id', null, 'tenantId', ${tenantId}::text, 'type', null, 'deliveries', true)::text)`;

/** Sends a `webhook.test` event to this endpoint only (enabled or not), and answers its delivery. */
export async function sendTestWebhookEvent(ctx: Context, id: string) {
  const endpoint = await endpointOpenTo(ctx, id, 'test');
  const { tenantId } = principalOf(ctx);
  const eventId = uuidv7();
  await ctx.db.$transaction((tx) =>
    writeEvent(tx, { id: eventId, tenantId, type: TEST_EVENT_TYPE, data: { endpointId: endpoint.id, message: 'A test event: your endpoint receives and verifies webhooks.' } }, { onlyEndpoint: endpoint.id }),
  );
  return found(ctx.db.webhookDelivery.findFirst({ where: { endpointId: id, eventId } }), 'Webhook delivery');
}

export const webhookDeliveryOrder: ListOrder = {
  entity: 'WebhookDelivery',
  orderFields: { CREATED_AT: { column: 'createdAt', date: true, description: 'When the event was queued for the endpoint.' } },
  defaultOrder: { field: 'CREATED_AT', direction: 'DESC' },
};

export interface WebhookDeliveryFilter {
  status?: readonly WebhookDeliveryStatus[] | null;
  createdAt?: { from?: Date | null; to?: Date | null } | null;
}

/** An endpoint's deliveries, each with its attempts, one keyset page at a time (src/graphql/connection.ts). */
export async function listWebhookDeliveries(ctx: Context, endpointId: string, args: ListArgs<WebhookDeliveryFilter>) {
  await getWebhookEndpoint(ctx, endpointId);
  const where = { endpointId, status: oneOf(args.filter?.status), createdAt: withinRange(args.filter?.createdAt) };
  const rows = sqlList(ctx.db, 'WebhookDelivery', where);
  return keysetPage(ctx, webhookDeliveryOrder, args, rows.page, rows.count);
}

/** Sends a delivery again now, whatever its status (a failed one gets a new round of retries). */
export async function retryWebhookDelivery(ctx: Context, endpointId: string, deliveryId: string) {
  await endpointOpenTo(ctx, endpointId, 'retry the deliveries of');
  await found(ctx.db.webhookDelivery.findFirst({ where: { id: deliveryId, endpointId }, select: { id: true } }), 'Webhook delivery');
  return ctx.db.$transaction(async (tx) => {
    const delivery = await tx.webhookDelivery.update({
      where: { id: deliveryId },
      data: { status: 'pending', nextAttemptAt: ctx.now(), leaseUntil: null, leaseToken: null, retriesFrom: ctx.now() },
    });
    await announceDeliveries(tx, scopedTenantId(tx));
    return delivery;
  });
}
