import { createRequire } from 'node:module';
import type * as Flexible from 'rate-limiter-flexible';
import { logger } from '../shared/logger.js';

// The package's index loads every store it supports (Mongo, MySQL, DynamoDB, ...: 10 MB of memory);
// only the in-memory limiter and its result are needed always, and the Redis one when configured.
const require = createRequire(import.meta.url);
const RateLimiterMemory = require('rate-limiter-flexible/lib/RateLimiterMemory.js') as typeof Flexible.RateLimiterMemory;
const RateLimiterRes = require('rate-limiter-flexible/lib/RateLimiterRes.js') as typeof Flexible.RateLimiterRes;

export interface RateLimitSettings {
  /** Requests per window of each API key, unless its pair sets its own, and of each signed-in dashboard user. */
  keyRequests: number;
  /** Requests per window of each client address without a valid key. */
  ipRequests: number;
  /** Requests per window of each client address through one publishable key (a visitor of a booking widget). */
  publicAddressRequests: number;
  /** Requests per window of a publishable key across all its addresses (the whole widget), unless its pair sets its own. */
  publicKeyRequests: number;
  /** Bookings per hour of each client address through one publishable key. */
  publicBookingsPerHour: number;
  /** Leads each client address may send per hour through one publishable key's lead form (default 10). */
  publicLeadsPerHour?: number;
  windowSeconds: number;
  /** Counters in this Redis, shared by every process; in process memory without it. */
  redisUrl?: string;
  /** Names the counters in Redis (default `rl`): deployments, or tests, sharing one Redis keep apart. */
  redisPrefix?: string;
}

/**
/**
 * Who spends a request: a valid secret key (with its pair's own budget, if set); a signed-in
 * dashboard user (every session of theirs together, on the key budget); a publishable key, which
 * sits in a public page, per client address and within its own ceiling; or else the client address.
 */
export type RateLimitSubject =
  | { key: string; requests: number | null }
  | { user: string }
  | { publishableKey: string; address: string; requests: number | null }
  | { address: string };

/** One fixed-window counter: `points` per `windowSeconds` for each `id`. */
interface Counter {
  kind: 'key' | 'user' | 'ip' | 'public-address' | 'public-key' | 'public-bookings' | 'public-leads';
  id: string;
  points: number;
  windowSeconds: number;
}

type Counters = readonly [Counter, ...Counter[]];

/** The budget after a request, for the `RateLimit-*` headers. */
export interface RateLimitVerdict {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the budget is whole again. */
  resetSeconds: number;
}

export interface RateLimits {
  /** Spends `points` requests (default 1) of the subject's budget. */
  consume(subject: RateLimitSubject, points?: number): Promise<RateLimitVerdict>;
  /** Spends `bookings` of what one client address may book per hour through one publishable key. */
  consumePublicBookings(publishableKey: string, address: string, bookings: number): Promise<RateLimitVerdict>;
  /** Spends `leads` of what one client address may send per hour through one publishable key's lead form. */
  consumePublicLeads(publishableKey: string, address: string, leads: number): Promise<RateLimitVerdict>;
  /** Resolves once Redis answers (or at once without Redis), or after `timeoutMs` with the in-memory fallback. */
  ready(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Fixed-window request budgets (rate-limiter-flexible). With Redis, every process spends from
 * the same counters; if Redis stops answering, each process falls back to its own in-memory
 * counters (the insurance limiter) instead of refusing or failing requests, and returns to Redis
 * once it answers again. The Redis client is loaded only when Redis is configured (20 MB).
 */
export async function createRateLimits(settings: RateLimitSettings): Promise<RateLimits> {
  const { Redis } = settings.redisUrl ? await import('ioredis') : { Redis: null };
  const RateLimiterRedis = Redis ? (require('rate-limiter-flexible/lib/RateLimiterRedis.js') as typeof Flexible.RateLimiterRedis) : null;
  const redis = settings.redisUrl && Redis ? new Redis(settings.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 }) : null;
  let redisDown = false;
  redis?.on('error', (error: Error) => {
    if (!redisDown) logger.warn({ reason: error.message }, 'rate-limit Redis unavailable; counting in this process until it answers');
    redisDown = true;
  });
  redis?.on('ready', () => {
    if (redisDown) logger.info('rate-limit Redis answers again');
    redisDown = false;
  });

  const limiters = new Map<string, Flexible.RateLimiterAbstract>();
  /** One limiter per kind of counter and budget: a budget is part of the counter's name, so a changed budget starts afresh. */
  function limiter({ kind, points, windowSeconds }: Counter): Flexible.RateLimiterAbstract {
    const name = `${kind}:${points}`;
    let found = limiters.get(name);
    if (!found) {
      const options = { points, duration: windowSeconds, keyPrefix: `${settings.redisPrefix ?? 'rl'}:${name}` };
      found = redis && RateLimiterRedis
        ? new RateLimiterRedis({ ...options, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(options) })
        : new RateLimiterMemory(options);
      limiters.set(name, found);
    }
    return found;
  }

  const verdict = (allowed: boolean, limit: number, result: Flexible.RateLimiterRes): RateLimitVerdict => ({
    allowed,
    limit,
    remaining: Math.max(0, result.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
  });

  const { windowSeconds } = settings;
  /** The counters a subject's request spends from, in order. */
  function countersOf(subject: RateLimitSubject): Counters {
    if ('publishableKey' in subject) {
      return [
        { kind: 'public-address', id: `${subject.publishableKey} ${subject.address}`, points: settings.publicAddressRequests, windowSeconds },
        { kind: 'public-key', id: subject.publishableKey, points: subject.requests ?? settings.publicKeyRequests, windowSeconds },
      ];
    }
    if ('key' in subject) return [{ kind: 'key', id: subject.key, points: subject.requests ?? settings.keyRequests, windowSeconds }];
    if ('user' in subject) return [{ kind: 'user', id: subject.user, points: settings.keyRequests, windowSeconds }];
    return [{ kind: 'ip', id: subject.address, points: settings.ipRequests, windowSeconds }];
  }

  async function spendOn(counter: Counter, points: number): Promise<RateLimitVerdict> {
    try {
      return verdict(true, counter.points, await limiter(counter).consume(counter.id, points));
    } catch (refused) {
      if (refused instanceof RateLimiterRes) return verdict(false, counter.points, refused);
      throw refused;
    }
  }

  /**
   * Spends from each counter in turn and stops at the first that refuses, so a client refused by
   * its own counter spends nothing of the shared one after it. The verdict is the refusing
   * counter's, or else the one with the least left.
   */
  async function spend(counters: Counters, points: number): Promise<RateLimitVerdict> {
    const verdicts: RateLimitVerdict[] = [];
    for (const counter of counters) {
      const spent = await spendOn(counter, points);
      if (!spent.allowed) return spent;
      verdicts.push(spent);
    }
    return verdicts.reduce((tightest, next) => (next.remaining < tightest.remaining ? next : tightest));
  }

  return {
    consume: (subject, points = 1) => spend(countersOf(subject), points),
    consumePublicBookings: (publishableKey, address, bookings) =>
      spend([{ kind: 'public-bookings', id: `${publishableKey} ${address}`, points: settings.publicBookingsPerHour, windowSeconds: 3_600 }], bookings),
    consumePublicLeads: (publishableKey, address, leads) =>
      spend([{ kind: 'public-leads', id: `${publishableKey} ${address}`, points: settings.publicLeadsPerHour ?? 10, windowSeconds: 3_600 }], leads),
    async ready(timeoutMs = 2_000) {
      if (!redis || redis.status === 'ready') return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        redis.once('ready', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    async close() {
      await redis?.quit().catch(() => redis.disconnect());
    },
  };
}
