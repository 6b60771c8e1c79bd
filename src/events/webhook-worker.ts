import type { Listen } from '../db/notifications.js';
import type { Prisma, PrismaClient } from '../generated/prisma/client.js';
import { enqueueMail, mailQueued } from '../mail/outbox.js';
import { type LeasedRounds, leasedRounds, settleEach } from '../shared/leased-rounds.js';
import { logger } from '../shared/logger.js';
import { type EventAnnouncement, EVENTS_CHANNEL } from './event-log.js';
import { TEST_EVENT_TYPE } from './webhook-endpoint.service.js';
import { type PostOutcome, webhookPoster } from './webhook-post.js';
import { type EndpointSecrets, signedHeaders } from './webhook-signing.js';

export interface WebhookWorkerOptions {
  /** `WEBHOOKS_ALLOW_PRIVATE_NETWORKS`: lets deliveries reach private addresses, over http too. */
  allowPrivateNetworks: boolean;
  pollMs?: number;
  /** First retry delay; it doubles at each attempt, up to `MAX_RETRY_DELAY_MS`, give or take 20 %. */
  retryBaseMs?: number;
  /** How long a delivery is retried, from its `retriesFrom`; also how long an endpoint may fail everything before it is disabled. */
  retryWindowMs?: number;
  /** How long a claim lasts: a worker that dies holding deliveries releases them after it. */
  leaseMs?: number;
  timeoutMs?: number;
}

/** `stop()` also cuts short the POSTs in flight (each a failed attempt, retried later), so a server stops at once. */
export type WebhookWorker = LeasedRounds;

interface ClaimedDelivery extends EndpointSecrets {
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
}

/** One POST of a claimed delivery and what came of it. */
interface Attempt {
  delivery: ClaimedDelivery;
  startedAt: Date;
  outcome: PostOutcome;
}

const BATCH = 20;
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
 * Delivers webhooks, at least once. Any number of server processes run one each: deliveries are
 * claimed with FOR UPDATE SKIP LOCKED under a lease, so no two workers send one at once, and a
 * delivery's state is updated only by the worker still holding its lease. A worker that dies
 * mid-delivery leaves it to whichever worker claims it after the lease; its `webhook-id` (the
 * event id) stays the same, so receivers can recognise the repeat.
 *
 * Only enabled endpoints are sent to (a `webhook.test` event goes to its endpoint whatever its
 * status). The deliveries of a disabled endpoint stay pending, untouched, and go out when it is
 * enabled again: those still within their retry window are retried, older ones get one attempt.
 */
export function startWebhookWorker(prisma: PrismaClient, listen: Listen, options: WebhookWorkerOptions): WebhookWorker {
  const { pollMs = 1000, retryBaseMs = 30_000, retryWindowMs = 3 * 86_400_000, leaseMs = 60_000, timeoutMs = 10_000 } = options;
  const poster = webhookPoster({ allowPrivateNetworks: options.allowPrivateNetworks, timeoutMs });

  const claim = (token: string) => prisma.$queryRaw<ClaimedDelivery[]>`
    WITH claimed AS (
      UPDATE "WebhookDelivery" SET "leaseToken" = ${token}::uuid, "leaseUntil" = now() + ${leaseMs} * interval '1 millisecond'
      WHERE id IN (
        SELECT delivery.id FROM "WebhookDelivery" delivery
        JOIN "WebhookEndpoint" endpoint ON endpoint.id = delivery."endpointId"
        JOIN "Event" event ON event.id = delivery."eventId"
        WHERE delivery.status = 'pending' AND delivery."nextAttemptAt" <= now()
          AND (delivery."leaseUntil" IS NULL OR delivery."leaseUntil" < now())
          AND (endpoint.status = 'enabled' OR event.type = ${TEST_EVENT_TYPE})
        ORDER BY delivery."nextAttemptAt" LIMIT ${BATCH} FOR UPDATE OF delivery SKIP LOCKED)
      RETURNING id, "tenantId", "endpointId", "eventId", "retriesFrom", attempts
    )
    SELECT claimed.*, endpoint.url, endpoint.secret, endpoint."previousSecret", endpoint."previousSecretExpiresAt",
      event.type, event.data, event."createdAt" AS "eventCreatedAt"
    FROM claimed
    JOIN "WebhookEndpoint" endpoint ON endpoint.id = claimed."endpointId"
    JOIN "Event" event ON event.id = claimed."eventId"`;

  /** POSTs one claimed delivery; a failed POST is an outcome, never an exception. */
  async function post(delivery: ClaimedDelivery): Promise<Attempt> {
    const payload = JSON.stringify({ type: delivery.type, timestamp: delivery.eventCreatedAt.toISOString(), data: delivery.data });
    const startedAt = new Date();
    const outcome = await poster.post(delivery.url, signedHeaders(delivery, delivery.eventId, startedAt, payload), payload);
    return { delivery, startedAt, outcome };
  }

  /**
   * A round: every claimed delivery is POSTed at once, then the outcomes are recorded, the
   * delivered ones together in one statement, each failure on its own (it may disable its
   * endpoint). A process that dies in between leaves the round's deliveries to be sent again after
   * their lease, with the same `webhook-id`: at least once, as always.
   */
  async function deliverRound(deliveries: ClaimedDelivery[], token: string) {
    const attempts = await settleEach(deliveries, post);
    const delivered = attempts.filter((attempt) => attempt.outcome.error === null);
    const recordings: (() => Promise<unknown>)[] = attempts.filter((attempt) => attempt.outcome.error !== null).map((attempt) => () => recordFailure(attempt, token));
    if (delivered.length) recordings.push(() => recordDelivered(delivered, token));
    await settleEach(recordings, (record) => record());
  }

  /**
   * Logs delivered attempts, marks their deliveries delivered (those this worker still holds) and
   * ends their endpoints' failing streaks, in one statement whatever their number.
   */
  const recordDelivered = (attempts: Attempt[], token: string) => prisma.$executeRaw`
    WITH attempt AS (
      SELECT * FROM unnest(
        ${attempts.map((a) => a.delivery.id)}::uuid[], ${attempts.map((a) => a.startedAt.toISOString())}::timestamptz[],
        ${attempts.map((a) => a.outcome.durationMs)}::int[], ${attempts.map((a) => a.outcome.statusCode)}::int[]
      ) AS attempt(id, "startedAt", "durationMs", "statusCode")
    ), logged AS (
      INSERT INTO "WebhookAttempt" (id, "tenantId", "deliveryId", "startedAt", "durationMs", "statusCode")
      SELECT gen_random_uuid(), delivery."tenantId", delivery.id, attempt."startedAt", attempt."durationMs", attempt."statusCode"
      FROM attempt JOIN "WebhookDelivery" delivery ON delivery.id = attempt.id
    ), streak AS (
      UPDATE "WebhookEndpoint" SET "failingSince" = NULL
      WHERE id = ANY(${[...new Set(attempts.map((a) => a.delivery.endpointId))]}::uuid[]) AND "failingSince" IS NOT NULL
    )
    UPDATE "WebhookDelivery" delivery SET attempts = delivery.attempts + 1, "lastStatusCode" = attempt."statusCode", "lastError" = NULL,
      "leaseUntil" = NULL, "leaseToken" = NULL, status = 'delivered', "deliveredAt" = now(), "nextAttemptAt" = NULL
    FROM attempt WHERE delivery.id = attempt.id AND delivery."leaseToken" = ${token}::uuid`;

  /**
   * Logs a failed attempt, moves its delivery on (if this worker still holds it) and keeps the
   * endpoint's failing streak, in one statement: retried later (the last retry when the window
   * ends), or failed once its retry window is over. Times are the database's, as the claim's are.
   * The streak starts at the endpoint's first failure after a success; a failure that finds it a
   * whole window old disables the endpoint and emails its creator, in the same transaction.
   */
  async function recordFailure({ delivery, startedAt, outcome }: Attempt, token: string) {
    const error = outcome.error?.slice(0, 2000) ?? null;
    const attempt = delivery.attempts + 1;
    const delayMs = Math.round(retryDelayMs(attempt, retryBaseMs));
    const { disabled, moved } = await prisma.$transaction(async (tx) => {
      const [moved] = await tx.$queryRaw<{ status: string; nextAttemptAt: Date | null }[]>`
        WITH logged AS (
          INSERT INTO "WebhookAttempt" (id, "tenantId", "deliveryId", "startedAt", "durationMs", "statusCode", error)
          SELECT gen_random_uuid(), "tenantId", id, ${startedAt}, ${outcome.durationMs}, ${outcome.statusCode}, ${error}
          FROM "WebhookDelivery" WHERE id = ${delivery.id}::uuid
        ), window_end AS (
          SELECT "retriesFrom" + ${retryWindowMs} * interval '1 millisecond' AS at FROM "WebhookDelivery" WHERE id = ${delivery.id}::uuid
        ), streak AS (
          UPDATE "WebhookEndpoint" SET "failingSince" = ${startedAt}::timestamptz
          WHERE id = ${delivery.endpointId}::uuid AND "failingSince" IS NULL
        )
        UPDATE "WebhookDelivery" SET attempts = attempts + 1, "lastStatusCode" = ${outcome.statusCode}, "lastError" = ${error},
          "leaseUntil" = NULL, "leaseToken" = NULL,
          status = (CASE WHEN now() >= window_end.at THEN 'failed' ELSE 'pending' END)::"WebhookDeliveryStatus",
          "nextAttemptAt" = CASE WHEN now() < window_end.at THEN LEAST(now() + ${delayMs} * interval '1 millisecond', window_end.at) END
        FROM window_end WHERE id = ${delivery.id}::uuid AND "leaseToken" = ${token}::uuid
        RETURNING status::text, "nextAttemptAt"`;
      return { moved, disabled: await disableIfFailingTooLong(tx, delivery) };
    });
    if (disabled) mailQueued();
    if (!moved) return;
    const fields = { deliveryId: delivery.id, endpointId: delivery.endpointId, attempt, reason: outcome.error };
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

  const rounds = leasedRounds('webhook deliveries', pollMs, claim, deliverRound);
  const unlisten = listen(EVENTS_CHANNEL, {
    onMessage(payload) {
      if (announcesDeliveries(payload)) rounds.kick();
    },
    // Announcements missed while the connection was down are caught up by the poll.
    onListening: () => {},
  });

  return {
    kick: rounds.kick,
    async stop() {
      await (await unlisten)();
      const stopped = rounds.stop();
      poster.close();
      await stopped;
    },
  };
}
