import type { Listen } from '../db/notifications.js';
import type { Prisma, PrismaClient } from '../generated/prisma/client.js';
import { enqueueMail, mailQueued } from '../mail/outbox.js';
import { type LeasedSlots, leasedSlots } from '../shared/leased-slots.js';
import { logger } from '../shared/logger.js';
import { type EventAnnouncement, EVENTS_CHANNEL } from './event-log.js';
import { schema } from '../graphql/schema.js';
import { eventDataFor } from './event-redaction.js';
import { type EventType, eventTypes, isEventType } from './event-types.js';
import { type EndpointOwner, endpointReader, mayReceive } from './event-visibility.js';
import { TEST_EVENT_TYPE } from './webhook-endpoint.service.js';
import { type PostOutcome, webhookPoster } from './webhook-post.js';
import { type EndpointSecrets, signedHeaders } from './webhook-signing.js';

export interface WebhookWorkerOptions {
  /** `WEBHOOKS_ALLOW_PRIVATE_NETWORKS`: lets deliveries reach private addresses, over http too. */
  allowPrivateNetworks: boolean;
  pollMs?: number;
  /**
   * First retry delay; it doubles at each attempt, up to `MAX_RETRY_DELAY_MS`, give or take 20 %.
   * Also the shortest hold of the circuit breaker.
   */
  retryBaseMs?: number;
  /** How long a delivery is retried, from its `retriesFrom`; also how long an endpoint may fail everything before it is disabled. */
  retryWindowMs?: number;
  /** How long a claim lasts: a worker that dies holding deliveries releases them after it. */
  leaseMs?: number;
  /** Longest a POST may take (headers and body); longer is a failed attempt, and trips the circuit breaker. */
  timeoutMs?: number;
  limits?: Partial<DeliveryLimits>;
}

/**
 * What may be in flight at once. Endpoint and tenant bounds count leases in every process.
 *
 * Every tenant has a fair share (`perEndpoint` per endpoint, `perTenant` in all), claimed first, in
 * fair order. Beyond its share a healthy endpoint may borrow slots that are idle, up to
 * `perEndpointBorrowing` in flight, but only while `reserve` slots of the process stay free for
 * the shares of tenants whose deliveries come due later: borrowing fills idle capacity (one
 * tenant's burst drains at full speed when nobody else waits) and never takes the slots another
 * tenant's next delivery needs.
 */
export interface DeliveryLimits {
  /** POSTs one process runs at once. */
  slots: number;
  /** Slots of the process never lent beyond a tenant's share (`slots` for no lending at all). */
  reserve: number;
  /** An endpoint's share of deliveries in flight. */
  perEndpoint: number;
  /** Most deliveries of one endpoint in flight with borrowed slots. */
  perEndpointBorrowing: number;
  /** Deliveries in flight to an endpoint in a failing streak (`failingSince` set): one probe, never borrowing. */
  perFailingEndpoint: number;
  /** A tenant's share of deliveries in flight, all its endpoints together. */
  perTenant: number;
  /** POSTs one process runs at once to endpoints in a failing streak, so they never take every slot. */
  failingSlots: number;
}

export const DEFAULT_DELIVERY_LIMITS: DeliveryLimits = {
  slots: 32,
  reserve: 16,
  perEndpoint: 4,
  perEndpointBorrowing: 16,
  perFailingEndpoint: 1,
  perTenant: 4,
  failingSlots: 8,
};

/** `stop()` also cuts short the POSTs in flight (each a failed attempt, retried later), so a server stops at once. */
export type WebhookWorker = LeasedSlots;

interface ClaimedDelivery extends EndpointSecrets, EndpointOwner {
  id: string;
  tenantId: string;
  endpointId: string;
  url: string;
  eventId: string;
  type: string;
  data: unknown;
  eventCreatedAt: Date;
  retriesFrom: Date;
  attempts: number;
  /** Whether its endpoint was in a failing streak when it was claimed (it then counts in `failingSlots`). */
  failing: boolean;
}

/** One POST of a claimed delivery and what came of it. */
interface Attempt {
  delivery: ClaimedDelivery;
  /** The lease token it was claimed under: only its holder records it. */
  token: string;
  startedAt: Date;
  outcome: PostOutcome;
}

const MAX_RETRY_DELAY_MS = 6 * 3_600_000;
const JITTER = 0.2;

/** Whether an announcement on `EVENTS_CHANNEL` queued deliveries (anything unreadable is ignored: the poll catches up). */
function announcesDeliveries(payload: string): boolean {
  try {
    return (JSON.parse(payload) as EventAnnouncement).deliveries === true;
  } catch {
    return false;
  }
}

/** A duration as the disabling email names it: `3 days`, or seconds for the short windows of tests. */
function spoken(ms: number) {
  const [count, unit] = ms >= 86_400_000 ? [+(ms / 86_400_000).toFixed(1), 'day'] : [Math.round(ms / 1000), 'second'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** The wait before the attempt after `attempts` failed ones: doubling from `baseMs`, capped, ±20 % so failed deliveries do not retry in lockstep. */
const retryDelayMs = (attempts: number, baseMs: number) =>
  Math.min(baseMs * 2 ** (attempts - 1), MAX_RETRY_DELAY_MS) * (1 - JITTER + 2 * JITTER * Math.random());

/**
 * Whether a failed POST trips its endpoint's circuit breaker: no answer at all (timeout,
 * connection refused or reset, an address refused) or an answer that says the receiver is down or
 * overloaded. Other answers (400, 404, 500) may concern one event only: the endpoint keeps
 * receiving, one delivery at a time while its failing streak lasts.
 */
const tripsBreaker = (outcome: PostOutcome) => outcome.statusCode === null || [429, 502, 503, 504].includes(outcome.statusCode);

/**
 * Delivers webhooks, at least once. Any number of server processes run one each: deliveries are
 * claimed with FOR UPDATE SKIP LOCKED under a lease, so no two workers send one at once, and a
 * delivery's state is updated only by the worker still holding its lease. A worker that dies
 * mid-delivery leaves it to whichever worker claims it after the lease; its `webhook-id` (the
 * event id) stays the same, so receivers can recognise the repeat.
 *
 * Fair to every tenant: a process runs up to `slots` POSTs, each on its own (a finished one is
 * recorded and its slot claimed again at once, see `leasedSlots`). A claim first takes every
 * tenant's fair share: from each endpoint its oldest due deliveries, no more than its share in
 * flight (`perEndpoint`, one during a failing streak), and from each tenant no more than
 * `perTenant`, counting the leases of every process; one delivery of each tenant before a second
 * of any, the longest waiting first. Then healthy endpoints may borrow idle slots beyond their
 * share (`perEndpointBorrowing`), as long as `reserve` slots stay free for the shares of deliveries
 * that come due next. So a tenant whose receivers hang holds at most `slots - reserve` POSTs of a
 * process, for at most `timeoutMs` (then its breaker holds it), while the others' deliveries go out
 * through the reserve; and a tenant alone drains a burst at full speed.
 *
 * A circuit breaker: a POST that gets no answer (or 429, 502, 503, 504) holds its endpoint's
 * deliveries (`heldUntil`) for as long as the endpoint has been failing, from `retryBaseMs` up to
 * 6 h; then one probe goes, and only its success lets the rest follow. An endpoint that keeps
 * timing out costs one POST per hold, not one per queued event.
 *
 * Only enabled endpoints are sent to (a `webhook.test` event goes to its endpoint whatever its
 * status or hold). The deliveries of a disabled endpoint stay pending, untouched, and go out when
 * it is enabled again: those still within their retry window are retried, older ones get one attempt.
 */
export function startWebhookWorker(prisma: PrismaClient, listen: Listen, options: WebhookWorkerOptions): WebhookWorker {
  const { pollMs = 1000, retryBaseMs = 30_000, retryWindowMs = 3 * 86_400_000, leaseMs = 60_000, timeoutMs = 5_000 } = options;
  const limits = { ...DEFAULT_DELIVERY_LIMITS, ...options.limits };
  const poster = webhookPoster({ allowPrivateNetworks: options.allowPrivateNetworks, timeoutMs });
  /** POSTs of this process to endpoints in a failing streak, bounded by `limits.failingSlots`. */
  let failingInHand = 0;
  /** Set by stop(): a POST cut short by the shutdown says nothing about its endpoint. */
  let stopping = false;

  /**
   * Records the attempts `delivered` since the last claim and claims up to `free` due deliveries
   * within the limits, in one statement (one round trip per batch of slots, however they free up).
   *
   * Recording logs each attempt, marks its delivery delivered (if this worker still holds it) and
   * ends its endpoint's failing streak and hold. The claim reads the state before that statement:
   * it does not count the recorded deliveries' leases, and sees their endpoints' streaks as they
   * were (one probe more to wait for, at worst).
   *
   * Claiming: the candidates are picked first (window functions rank them, which FOR UPDATE does
   * not allow in the same query), then locked with SKIP LOCKED and checked again: a delivery
   * another process claimed meanwhile is skipped. Two processes claiming at the same instant pick
   * the same oldest deliveries of an endpoint, so one gets them and the other none: the bounds
   * hold across processes. Shares are picked first, in fair order; then borrowed slots, within
   * `free - reserve`.
   *
   * Cost: one probe per endpoint of two partial indexes (its pending deliveries by due time, at most
   * `perEndpointBorrowing` read; its leased ones), whatever the backlog; endpoints that are disabled
   * or held look only for test events, through the tenant's `webhook.test` events.
   */
  const borrowingCap = Math.max(limits.perEndpoint, limits.perEndpointBorrowing);
  const claim = (token: string, free: number, delivered: Attempt[]) => {
    const failingFree = Math.max(0, limits.failingSlots - failingInHand);
    const recordedIds = delivered.map((a) => a.delivery.id);
    return prisma.$queryRaw<ClaimedDelivery[]>`
    WITH attempt AS (
      SELECT * FROM unnest(
        ${recordedIds}::uuid[], ${delivered.map((a) => a.token)}::uuid[], ${delivered.map((a) => a.startedAt.toISOString())}::timestamptz[],
        ${delivered.map((a) => a.outcome.durationMs)}::int[], ${delivered.map((a) => a.outcome.statusCode)}::int[]
      ) AS attempt(id, token, "startedAt", "durationMs", "statusCode")
    ), logged AS (
      INSERT INTO "WebhookAttempt" (id, "tenantId", "deliveryId", "startedAt", "durationMs", "statusCode")
      SELECT gen_random_uuid(), delivery."tenantId", delivery.id, attempt."startedAt", attempt."durationMs", attempt."statusCode"
      FROM attempt JOIN "WebhookDelivery" delivery ON delivery.id = attempt.id
    ), streak AS (
      UPDATE "WebhookEndpoint" SET "failingSince" = NULL, "heldUntil" = NULL
      WHERE id = ANY(${[...new Set(delivered.map((a) => a.delivery.endpointId))]}::uuid[]) AND ("failingSince" IS NOT NULL OR "heldUntil" IS NOT NULL)
    ), recorded AS (
      UPDATE "WebhookDelivery" delivery SET attempts = delivery.attempts + 1, "lastStatusCode" = attempt."statusCode", "lastError" = NULL,
        "leaseUntil" = NULL, "leaseToken" = NULL, status = 'delivered', "deliveredAt" = now(), "nextAttemptAt" = NULL
      FROM attempt WHERE delivery.id = attempt.id AND delivery."leaseToken" = attempt.token
    ), endpoint AS (
      SELECT id, "tenantId", "failingSince" IS NOT NULL AS failing,
        status = 'enabled' AND ("failingSince" IS NULL OR "heldUntil" IS NULL OR "heldUntil" <= now()) AS sending
      FROM "WebhookEndpoint"
    ), candidate AS (
      SELECT endpoint.id AS "endpointId", endpoint."tenantId", endpoint.failing, due.id, due."nextAttemptAt",
        row_number() OVER (PARTITION BY endpoint.id ORDER BY due."nextAttemptAt", due.id) AS endpoint_rank
      FROM endpoint CROSS JOIN LATERAL (
        (SELECT delivery.id, delivery."nextAttemptAt" FROM "WebhookDelivery" delivery
         WHERE endpoint.sending AND delivery."endpointId" = endpoint.id AND delivery.status = 'pending' AND delivery."nextAttemptAt" <= now()
           AND (delivery."leaseUntil" IS NULL OR delivery."leaseUntil" < now())
         ORDER BY delivery."nextAttemptAt", delivery.id LIMIT ${borrowingCap}::int)
        UNION ALL
        (SELECT delivery.id, delivery."nextAttemptAt" FROM "Event" event
         JOIN "WebhookDelivery" delivery ON delivery."eventId" = event.id AND delivery."endpointId" = endpoint.id
         WHERE NOT endpoint.sending AND event."tenantId" = endpoint."tenantId" AND event.type = ${TEST_EVENT_TYPE}
           AND delivery.status = 'pending' AND delivery."nextAttemptAt" <= now() AND (delivery."leaseUntil" IS NULL OR delivery."leaseUntil" < now())
         ORDER BY delivery."nextAttemptAt", delivery.id LIMIT ${borrowingCap}::int)
      ) due
    ), busy AS (
      SELECT endpoint.id, endpoint."tenantId", (
        SELECT count(*) FROM "WebhookDelivery" delivery
        WHERE delivery."endpointId" = endpoint.id AND delivery."leaseToken" IS NOT NULL AND delivery."leaseUntil" > now()
          AND delivery.id <> ALL(${recordedIds}::uuid[])
      )::int AS n
      FROM endpoint WHERE endpoint."tenantId" IN (SELECT "tenantId" FROM candidate)
    ), tenant_busy AS (
      SELECT "tenantId", sum(n)::int AS n FROM busy GROUP BY "tenantId"
    ), within AS (
      SELECT candidate.*, tenant_busy.n AS tenant_busy,
        candidate.endpoint_rank <= CASE WHEN candidate.failing THEN ${limits.perFailingEndpoint}::int ELSE ${limits.perEndpoint}::int END - busy.n AS in_share,
        NOT candidate.failing AND candidate.endpoint_rank <= ${borrowingCap}::int - busy.n AS may_borrow
      FROM candidate
      JOIN busy ON busy.id = candidate."endpointId"
      JOIN tenant_busy ON tenant_busy."tenantId" = candidate."tenantId"
    ), ranked AS (
      SELECT id, failing, "nextAttemptAt", tenant_busy,
        row_number() OVER (PARTITION BY "tenantId" ORDER BY endpoint_rank, "nextAttemptAt", id) AS tenant_rank
      FROM within WHERE in_share
    ), pooled AS (
      SELECT id, failing, "nextAttemptAt", tenant_rank,
        row_number() OVER (PARTITION BY failing ORDER BY tenant_rank, "nextAttemptAt", id) AS pool_rank
      FROM ranked WHERE tenant_rank <= ${limits.perTenant}::int - tenant_busy
    ), shared AS (
      SELECT id FROM pooled WHERE NOT failing OR pool_rank <= ${failingFree}::int
      ORDER BY tenant_rank, "nextAttemptAt", id LIMIT ${free}::int
    ), borrowed AS (
      SELECT id FROM within WHERE may_borrow AND id NOT IN (SELECT id FROM shared)
      ORDER BY endpoint_rank, "nextAttemptAt", id
      LIMIT GREATEST(0, ${free - limits.reserve}::int - (SELECT count(*) FROM shared))
    ), picked AS (
      SELECT id FROM shared UNION ALL SELECT id FROM borrowed
    ), locked AS (
      SELECT delivery.id FROM "WebhookDelivery" delivery
      WHERE delivery.id IN (SELECT id FROM picked) AND delivery.status = 'pending' AND delivery."nextAttemptAt" <= now()
        AND (delivery."leaseUntil" IS NULL OR delivery."leaseUntil" < now())
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE "WebhookDelivery" delivery SET "leaseToken" = ${token}::uuid, "leaseUntil" = now() + ${leaseMs} * interval '1 millisecond'
      FROM locked WHERE delivery.id = locked.id
      RETURNING delivery.id, delivery."tenantId", delivery."endpointId", delivery."eventId", delivery."retriesFrom", delivery.attempts
    )
    SELECT claimed.*, endpoint.url, endpoint.secret, endpoint."previousSecret", endpoint."previousSecretExpiresAt",
      endpoint."failingSince" IS NOT NULL AS failing, event.type, event.data, event."createdAt" AS "eventCreatedAt",
      owner.id AS "ownerId", owner.role AS "ownerRole", owner."deactivatedAt" AS "ownerDeactivatedAt", endpoint.scopes AS "endpointScopes", tenant.modules
    FROM claimed
    JOIN "WebhookEndpoint" endpoint ON endpoint.id = claimed."endpointId"
    JOIN "Event" event ON event.id = claimed."eventId"
    JOIN "User" owner ON owner.id = endpoint."createdByUserId"
    JOIN "Tenant" tenant ON tenant.id = claimed."tenantId"`;
  };

  /**
   * POSTs one claimed delivery; a failed POST is an outcome, never an exception. A failure is
   * recorded here (it may hold or disable its endpoint); a delivered attempt is answered, for the
   * next claim to record. A process that dies in between leaves the delivery to be sent again
   * after its lease, with the same `webhook-id`: at least once, as always.
   */
  async function deliver(delivery: ClaimedDelivery, token: string): Promise<Attempt | undefined> {
    if (delivery.failing) failingInHand += 1;
    try {
      const reader = endpointReader(delivery);
      const test = delivery.type === TEST_EVENT_TYPE;
      if (!test && (!reader || !isEventType(delivery.type) || !mayReceive(delivery.type, reader))) {
        await holdForOwner(delivery, token, reader === null);
        return undefined;
      }
      const data = test ? delivery.data : eventDataFor(schema, eventTypes[delivery.type as EventType].record, delivery.data, reader!);
      const payload = JSON.stringify({ type: delivery.type, timestamp: delivery.eventCreatedAt.toISOString(), data });
      const startedAt = new Date();
      const outcome = await poster.post(delivery.url, signedHeaders(delivery, delivery.eventId, startedAt, payload), payload);
      const attempt = { delivery, token, startedAt, outcome };
      if (outcome.error === null) return attempt;
      await recordFailure(attempt);
      return undefined;
    } finally {
      if (delivery.failing) failingInHand -= 1;
    }
  }

  /**
   * An endpoint delivers what its owner reads now: once the owner is deactivated, or no longer
   * reads a type it was sent, it is disabled saying why, and the delivery is released unsent (it
   * waits, as a disabled endpoint's deliveries do, for whoever re-points or re-enables it, who then owns it).
   */
  async function holdForOwner(delivery: ClaimedDelivery, token: string, deactivated: boolean) {
    const reason = deactivated
      ? 'the user it acts for was deactivated; an administrator may enable it (becoming its owner) or delete it'
      : `the user it acts for no longer reads ${delivery.type} events; its owner or an administrator may enable it again for what they read`;
    await prisma.$executeRaw`
      WITH disabled AS (
        UPDATE "WebhookEndpoint" SET status = 'disabled', "disabledReason" = ${reason} WHERE id = ${delivery.endpointId}::uuid AND status = 'enabled'
      )
      UPDATE "WebhookDelivery" SET "leaseToken" = NULL, "leaseUntil" = NULL WHERE id = ${delivery.id}::uuid AND "leaseToken" = ${token}::uuid`;
    logger.warn({ endpointId: delivery.endpointId, reason }, 'webhook endpoint disabled');
  }

  /**
   * Logs a failed attempt, moves its delivery on (if this worker still holds it) and keeps the
   * endpoint's failing streak, in one statement: retried later (the last retry when the window
   * ends), or failed once its retry window is over. Times are the database's, as the claim's are.
   * The streak starts at the endpoint's first failure after a success; a failure that finds it a
   * whole window old disables the endpoint and emails its creator, in the same transaction.
   * A failure that trips the breaker holds the endpoint for as long as its streak has lasted
   * (`retryBaseMs` at least, 6 h at most, ±20 %), or longer if it was already held for longer,
   * but never past the moment the streak is a whole window old: the probe then disables it on time.
   */
  async function recordFailure({ delivery, token, startedAt, outcome }: Attempt) {
    const error = outcome.error?.slice(0, 2000) ?? null;
    const attempt = delivery.attempts + 1;
    const delayMs = Math.round(retryDelayMs(attempt, retryBaseMs));
    const trips = !stopping && tripsBreaker(outcome);
    const jitter = 1 - JITTER + 2 * JITTER * Math.random();
    const { disabled, moved } = await prisma.$transaction(async (tx) => {
      const [moved] = await tx.$queryRaw<{ status: string; nextAttemptAt: Date | null; heldUntil: Date | null }[]>`
        WITH logged AS (
          INSERT INTO "WebhookAttempt" (id, "tenantId", "deliveryId", "startedAt", "durationMs", "statusCode", error)
          SELECT gen_random_uuid(), "tenantId", id, ${startedAt}, ${outcome.durationMs}, ${outcome.statusCode}, ${error}
          FROM "WebhookDelivery" WHERE id = ${delivery.id}::uuid
        ), window_end AS (
          SELECT "retriesFrom" + ${retryWindowMs} * interval '1 millisecond' AS at FROM "WebhookDelivery" WHERE id = ${delivery.id}::uuid
        ), streak AS (
          UPDATE "WebhookEndpoint" SET "failingSince" = COALESCE("failingSince", ${startedAt}::timestamptz),
            "heldUntil" = CASE WHEN ${trips} THEN LEAST(
              GREATEST(
                CASE WHEN "failingSince" IS NOT NULL THEN "heldUntil" END,
                now() + LEAST(GREATEST(${retryBaseMs}::float8, 1000 * extract(epoch FROM now() - COALESCE("failingSince", now()))), ${MAX_RETRY_DELAY_MS}::float8)
                  * ${jitter}::float8 * interval '1 millisecond'
              ),
              -- Never past the end of the window: the probe then disables the endpoint on time.
              GREATEST(now(), COALESCE("failingSince", ${startedAt}::timestamptz) + ${retryWindowMs} * interval '1 millisecond')
            ) ELSE "heldUntil" END
          WHERE id = ${delivery.endpointId}::uuid AND ("failingSince" IS NULL OR ${trips})
          RETURNING "heldUntil"
        )
        UPDATE "WebhookDelivery" SET attempts = attempts + 1, "lastStatusCode" = ${outcome.statusCode}, "lastError" = ${error},
          "leaseUntil" = NULL, "leaseToken" = NULL,
          status = (CASE WHEN now() >= window_end.at THEN 'failed' ELSE 'pending' END)::"WebhookDeliveryStatus",
          "nextAttemptAt" = CASE WHEN now() < window_end.at THEN LEAST(now() + ${delayMs} * interval '1 millisecond', window_end.at) END
        FROM window_end WHERE id = ${delivery.id}::uuid AND "leaseToken" = ${token}::uuid
        RETURNING status::text, "nextAttemptAt", (SELECT "heldUntil" FROM streak) AS "heldUntil"`;
      return { moved, disabled: await disableIfFailingTooLong(tx, delivery) };
    });
    if (disabled) mailQueued();
    if (!moved) return;
    const fields = { deliveryId: delivery.id, endpointId: delivery.endpointId, attempt, reason: outcome.error, ...(trips ? { endpointHeldUntil: moved.heldUntil } : {}) };
    if (moved.status === 'failed') logger.warn(fields, 'webhook delivery failed for good');
    else logger.info({ ...fields, retryAt: moved.nextAttemptAt }, 'webhook delivery failed; will retry');
  }

  async function disableIfFailingTooLong(tx: Prisma.TransactionClient, delivery: ClaimedDelivery) {
    const reason = `every delivery failed for ${spoken(retryWindowMs)}`;
    const [endpoint] = await tx.$queryRaw<{ url: string; email: string; name: string }[]>`
      WITH disabled AS (
        UPDATE "WebhookEndpoint" SET status = 'disabled', "disabledReason" = ${reason}
        WHERE id = ${delivery.endpointId}::uuid AND status = 'enabled' AND "failingSince" <= now() - ${retryWindowMs} * interval '1 millisecond'
        RETURNING url, "createdByUserId"
      )
      SELECT disabled.url, "User".email, "User".name FROM disabled JOIN "User" ON "User".id = disabled."createdByUserId"`;
    if (!endpoint) return false;
    logger.warn({ endpointId: delivery.endpointId, reason }, 'webhook endpoint disabled');
    await enqueueMail(tx, delivery.tenantId, {
      kind: 'webhook.endpoint_disabled',
      to: endpoint.email,
      subject: 'A webhook endpoint was disabled',
      text: [
        `Hello ${endpoint.name},`,
        '',
        `The webhook endpoint ${endpoint.url} you created was disabled: ${reason}.`,
        '',
        `Its undelivered events wait for it: once it answers again, enable it (PATCH /api/webhook-endpoints/${delivery.endpointId} with {"status":"enabled"}) and they are sent.`,
      ].join('\n'),
    });
    return true;
  }

  const slots = leasedSlots('webhook deliveries', { slots: limits.slots, pollMs }, claim, deliver);
  const unlisten = listen(EVENTS_CHANNEL, {
    onMessage(payload) {
      if (announcesDeliveries(payload)) slots.kick();
    },
    // Announcements missed while the connection was down are caught up by the poll.
    onListening: () => {},
  });

  return {
    kick: slots.kick,
    async stop() {
      stopping = true;
      await (await unlisten)();
      const stopped = slots.stop();
      poster.close();
      await stopped;
    },
  };
}
