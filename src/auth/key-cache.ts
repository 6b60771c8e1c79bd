import { LRUCache } from 'lru-cache';
import type { Listen } from '../db/notifications.js';

/** Where the database announces changes to what a key lookup reads (the triggers of migration 20261124073000). */
export const CREDENTIALS_CHANNEL = 'api_credentials_changed';

/**
 * Longest a cached lookup is trusted without a word from the database: the backstop should an
 * announcement be missed while the connection looked alive. Announcements themselves act at once.
 */
export const KEY_CACHE_TTL_MS = 10_000;

/** Keys cached per process: far more than the keys that call one process within the TTL. */
const KEY_CACHE_ENTRIES = 10_000;

/** Finds a key's row by the key's hash; undefined when no key has that hash. */
export type KeyLookup<Row> = (keyHash: string) => Promise<Row | undefined>;

export interface CachedKeyLookup<Row> {
  find: KeyLookup<Row>;
  /** Calls `listener` after each announced change, once the tenant's keys are forgotten (null: any tenant's, after listening was lost or regained). */
  onChange(listener: (tenantId: string | null) => void): void;
  stop(): Promise<void>;
}

/**
 * Key lookups from this process's memory, so that a request needs no database round trip to
 * authenticate. The database announces every change to a key, its pair, its user or its tenant
 * (revocation, rotation, deactivation, a role or module change) to every process on commit, and
 * each process forgets that tenant's keys at once: a revocation holds everywhere within the
 * notification's delivery time, well under a second. While the announcements cannot be heard
 * (the listening connection is lost), nothing is cached and every lookup reads the database.
 * Unknown keys are never cached, so a key created on one process works at once on every other.
 */
export async function cachedKeyLookup<Row extends { tenantId: string }>(
  load: KeyLookup<Row>,
  listen: Listen,
): Promise<CachedKeyLookup<Row>> {
  const cache = new LRUCache<string, Row>({ max: KEY_CACHE_ENTRIES, ttl: KEY_CACHE_TTL_MS });
  let listening = false;
  // Moves on every announcement: a lookup that was in flight across one may have read the old row,
  // and must not be cached.
  let generation = 0;
  const listeners: ((tenantId: string | null) => void)[] = [];

  const forgetTenant = (tenantId: string) => {
    for (const [hash, row] of cache.entries()) if (row.tenantId === tenantId) cache.delete(hash);
  };

  const stop = await listen(CREDENTIALS_CHANNEL, {
    onMessage(tenantId) {
      generation += 1;
      forgetTenant(tenantId);
      for (const listener of listeners) listener(tenantId);
    },
    onListening(now) {
      generation += 1;
      listening = now;
      cache.clear();
      for (const listener of listeners) listener(null);
    },
  });

  return {
    async find(keyHash) {
      if (listening) {
        const cached = cache.get(keyHash);
        if (cached) return cached;
      }
      const readFrom = generation;
      const row = await load(keyHash);
      if (row && listening && generation === readFrom) cache.set(keyHash, row);
      return row;
    },
    onChange: (listener) => void listeners.push(listener),
    stop,
  };
}
