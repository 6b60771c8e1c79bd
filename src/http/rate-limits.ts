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
  windowSeconds: number;
  /** Counters in this Redis, shared by every process; in process memory without it. */
  redisUrl?: string;
  /** Names the counters in Redis (default `rl`): deployments, or tests, sharing one Redis keep apart. */
  redisPrefix?: string;
}

/**
 * Who spends a request: a valid key (with its pair's own budget, if set), a signed-in dashboard
 * user (every session of theirs together, on the key budget), or else the client address.
 */
export type RateLimitSubject = { key: string; requests: number | null } | { user: string } | { address: string };

/** The budget after a request, for the `RateLimit-*` headers. */
export interface RateLimitVerdict {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the budget is whole again. */
  resetSeconds: number;
}

export interface RateLimits {
  consume(subject: RateLimitSubject): Promise<RateLimitVerdict>;
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
  /** One limiter per kind of subject and budget: a budget is part of the counter's name, so a changed budget starts afresh. */
  function limiter(kind: 'key' | 'user' | 'ip', points: number): Flexible.RateLimiterAbstract {
    const name = `${kind}:${points}`;
    let found = limiters.get(name);
    if (!found) {
      const options = { points, duration: settings.windowSeconds, keyPrefix: `${settings.redisPrefix ?? 'rl'}:${name}` };
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

  return {
    async consume(subject) {
      const [kind, id, points] =
        'key' in subject
          ? (['key', subject.key, subject.requests ?? settings.keyRequests] as const)
          : 'user' in subject
            ? (['user', subject.user, settings.keyRequests] as const)
            : (['ip', subject.address, settings.ipRequests] as const);
      try {
        return verdict(true, points, await limiter(kind, points).consume(id));
      } catch (refused) {
        if (refused instanceof RateLimiterRes) return verdict(false, points, refused);
        throw refused;
      }
    },
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
