import { FixedBuffer, Repeater } from 'graphql-yoga';
import { type CachedKeyLookup, KEY_CACHE_TTL_MS } from '../auth/key-cache.js';
import type { Listen } from '../db/notifications.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { AppError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { EVENTS_CHANNEL, type EventAnnouncement, type EventShape } from './event-log.js';
import { type EventType, isEventType } from './event-types.js';
import { mayReceive, visibleEventTypes } from './event-visibility.js';
import type { EventStream, StreamItem, Subscription } from './live-events.js';

/** Events a subscriber may have waiting: one that falls this far behind is ended rather than buffered without bound. */
export const SUBSCRIBER_QUEUE_LIMIT = 100;

/**
 * Open streams a process holds: each takes a socket and about 75 KB of heap, so they are counted
 * per key and per tenant (one caller cannot take every place) and per process (the memory they
 * hold together), and a stream past any of them is refused before it opens.
 */
export interface StreamLimits {
  perKey: number;
  perTenant: number;
  perProcess: number;
}

export const STREAM_LIMITS: StreamLimits = { perKey: 20, perTenant: 100, perProcess: 500 };

/** How long a refused subscriber is told to wait: a place frees when any stream ends. */
const RETRY_AFTER_SECONDS = '10';

interface Subscriber extends Subscription {
  /** The types it saw when it subscribed: losing sight of any ends its stream. */
  seen: readonly EventType[];
  deliver(event: EventShape): void;
  end(error: AppError): void;
}

const wants = (subscriber: Subscriber, type: EventType) => (!subscriber.types || subscriber.types.includes(type)) && mayReceive(type, subscriber.principal);

export interface EventStreamOptions {
  prisma: PrismaClient;
  listen: Listen;
  /** Where credential changes are heard (`CachedKeyLookup.onChange`, src/auth/key-cache.ts): the tenant's subscribers are re-checked at once. */
  credentialChanges: CachedKeyLookup<unknown>['onChange'];
  limits?: StreamLimits;
}

/** The open streams of this process, by credential and by tenant; `admit` refuses one past a limit. */
function streamCounts(limits: StreamLimits) {
  const byCredential = new Map<string, number>();
  const byTenant = new Map<string, number>();
  let total = 0;
  const change = (counts: Map<string, number>, key: string, by: number) => {
    const count = (counts.get(key) ?? 0) + by;
    if (count) counts.set(key, count);
    else counts.delete(key);
  };
  const refused = (status: 429 | 503, message: string) =>
    new AppError(status === 429 ? 'TOO_MANY_REQUESTS' : 'SERVICE_UNAVAILABLE', message, undefined, { http: { status, headers: { 'Retry-After': RETRY_AFTER_SECONDS } } });
  return {
    /** Counts a new stream of `principal`, or throws its refusal; the function returned un-counts it (once). */
    admit({ credentialId, tenantId }: { credentialId: string; tenantId: string }): () => void {
      if ((byCredential.get(credentialId) ?? 0) >= limits.perKey) {
        throw refused(429, `A key may hold at most ${limits.perKey} open subscriptions on a server; close one, or share one stream among the screens that need it`);
      }
      if ((byTenant.get(tenantId) ?? 0) >= limits.perTenant) throw refused(429, `A tenant may hold at most ${limits.perTenant} open subscriptions on a server; close one first`);
      if (total >= limits.perProcess) throw refused(503, 'This server holds as many subscriptions as it can; retry after the Retry-After interval');
      change(byCredential, credentialId, 1);
      change(byTenant, tenantId, 1);
      total += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        change(byCredential, credentialId, -1);
        change(byTenant, tenantId, -1);
        total -= 1;
      };
    },
  };
}

/**
 * The process's hub of live events: ONE `LISTEN` on `EVENTS_CHANNEL`, fanned out in memory to this
 * process's subscribers by tenant, visibility and type. Every process listens, so an event reaches
 * the subscribers of every process once its transaction commits. Events announced together are
 * read in one query, so `data` is exactly the stored JSON. (Redis would add nothing: PostgreSQL
 * already carries the announcement to every process, sent only if the change commits.)
 */
export async function createEventStream({ prisma, listen, credentialChanges, limits = STREAM_LIMITS }: EventStreamOptions): Promise<EventStream> {
  const counts = streamCounts(limits);
  /** This process's subscribers, by tenant. */
  const tenants = new Map<string, Set<Subscriber>>();
  const subscribersOf = (tenantId: string) => tenants.get(tenantId) ?? [];
  const everySubscriber = () => [...tenants.values()].flatMap((subscribers) => [...subscribers]);
  let listening = false;
  let stopped = false;
  let announced: { id: string; tenantId: string; type: EventType }[] = [];
  let reading = Promise.resolve();

  async function read(batch: { id: string }[]) {
    const rows = await prisma.event.findMany({ where: { id: { in: batch.map((a) => a.id) } }, select: { id: true, tenantId: true, type: true, createdAt: true, data: true } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const { id } of batch) {
      const row = byId.get(id);
      if (!row) continue;
      const { tenantId, ...event } = row;
      for (const subscriber of subscribersOf(tenantId)) if (wants(subscriber, row.type as EventType)) subscriber.deliver(event);
    }
  }

  const endAll = (error: AppError) => {
    for (const subscriber of everySubscriber()) subscriber.end(error);
  };

  const unlisten = await listen(EVENTS_CHANNEL, {
    onMessage(payload) {
      const announcement = JSON.parse(payload) as EventAnnouncement;
      // Test events and delivery retries are announced for the webhook workers only.
      const { id, tenantId, type } = announcement;
      if (!id || !type || !isEventType(type)) return;
      if (![...subscribersOf(tenantId)].some((subscriber) => wants(subscriber, type))) return;
      announced.push({ id, tenantId, type });
      if (announced.length > 1) return;
      // Announcements arriving together are read together, in order, one batch after another.
      setImmediate(() => {
        const batch = announced;
        announced = [];
        reading = reading.then(() => read(batch)).catch((error: unknown) => {
          logger.error({ err: error }, 'live events could not be read; ending subscriptions');
          endAll(new AppError('SERVICE_UNAVAILABLE', 'Live events could not be read; subscribe again and list `events` for what you missed'));
        });
      });
    },
    onListening(now) {
      listening = now;
      // Events announced while deaf are never heard: subscribers must not believe they saw them all.
      if (!now) endAll(new AppError('SERVICE_UNAVAILABLE', 'The server lost its connection to the database; subscribe again and list `events` for what you missed'));
    },
  });

  async function recheckOne(subscriber: Subscriber) {
    const authentication = await subscriber.reauthenticate();
    if (!('principal' in authentication)) return subscriber.end(new AppError('UNAUTHENTICATED', `The credential is no longer valid (${authentication.failure})`));
    const { principal } = authentication;
    if (principal.kind !== 'secret' || !subscriber.seen.every((type) => mayReceive(type, principal))) {
      return subscriber.end(new AppError('FORBIDDEN', 'The credential may no longer see every event type it subscribed to'));
    }
    subscriber.principal = principal;
  }

  /** Re-checks the credentials of the tenant's subscribers (every subscriber's for null). */
  const recheck = (tenantId: string | null) => {
    for (const subscriber of tenantId === null ? everySubscriber() : [...subscribersOf(tenantId)]) {
      recheckOne(subscriber).catch((error: unknown) => logger.warn({ err: error }, 'a subscriber could not be re-checked'));
    }
  };
  credentialChanges(recheck);

  const stream: EventStream = {
    subscribe(subscription) {
      if (stopped || !listening) {
        // Refused before the stream opens: an HTTP 503 (with Retry-After), as any request the server cannot serve now.
        throw new AppError('SERVICE_UNAVAILABLE', 'Live events are not available right now; retry shortly', undefined, { http: { status: 503 } });
      }
      const release = counts.admit(subscription.principal);
      let ending: AppError | undefined;
      const buffer = new FixedBuffer(SUBSCRIBER_QUEUE_LIMIT);
      const events = new Repeater<EventShape>(async (push, stop) => {
        const subscriber: Subscriber = {
          ...subscription,
          seen: visibleEventTypes(subscription.principal).filter((type) => !subscription.types || subscription.types.includes(type)),
          deliver(event) {
            if (buffer.full) return subscriber.end(new AppError('SERVICE_UNAVAILABLE', `The subscriber fell more than ${SUBSCRIBER_QUEUE_LIMIT} events behind; subscribe again and list \`events\` for what you missed`));
            void push(event);
          },
          end(error) {
            ending ??= error;
            stop();
          },
        };
        const { tenantId } = subscription.principal;
        const subscribers = tenants.get(tenantId) ?? new Set();
        tenants.set(tenantId, subscribers.add(subscriber));
        await stop;
        subscribers.delete(subscriber);
        if (!subscribers.size) tenants.delete(tenantId);
      }, buffer);
      return (async function* () {
        try {
          yield* events;
          if (ending) yield ending;
        } finally {
          release();
        }
      })();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(backstop);
      endAll(new AppError('SERVICE_UNAVAILABLE', 'The server is shutting down; subscribe again'));
      await unlisten();
    },
  };
  // Expiry and the end of a rotation's overlap are announced by nobody: a periodic check ends those streams.
  const backstop = setInterval(() => recheck(null), KEY_CACHE_TTL_MS);
  backstop.unref();
  return stream;
}
