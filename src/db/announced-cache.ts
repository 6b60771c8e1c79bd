import { LRUCache } from 'lru-cache';
import type { Listen } from './notifications.js';

export interface AnnouncedCache<Row> {
  /** The row of `key`: from memory while the database's announcements can be heard, else loaded (by `load`, when given: the caller's way to the database). */
  find(key: string, load?: () => Promise<Row | undefined>): Promise<Row | undefined>;
  /** Forgets a tenant's rows at once (a change this process made itself, before its announcement arrives). */
  forgetTenant(tenantId: string): void;
  /** Calls `listener` after each announced change, once the tenant's rows are forgotten (null: any tenant's, after listening was lost or regained). */
  onChange(listener: (tenantId: string | null) => void): void;
  stop(): Promise<void>;
}

export interface AnnouncedCacheOptions<Row> {
  /** Where the database announces a change, with the tenant's id as the payload (triggers, so every writer is covered). */
  channel: string;
  listen: Listen;
  load: (key: string) => Promise<Row | undefined>;
  tenantOf: (key: string, row: Row) => string;
  max: number;
  /** Longest a row is trusted without a word from the database: the backstop should an announcement be missed while the connection looked alive. */
  ttlMs: number;
}

/**
 * Rows read often and changed rarely, kept in this process's memory and forgotten per tenant when
 * the database announces a change on commit: every process forgets within the notification's
 * delivery time, well under a second. While the announcements cannot be heard (the listening
 * connection is lost), nothing is cached and every lookup reads the database. Missing rows are
 * never cached, so a row created by one process is seen at once by every other.
 */
export async function announcedCache<Row>(options: AnnouncedCacheOptions<Row>): Promise<AnnouncedCache<Row>> {
  const cache = new LRUCache<string, { row: Row }>({ max: options.max, ttl: options.ttlMs });
  let listening = false;
  // Moves on every change heard of: a lookup that was in flight across one may have read the old
  // row, and must not be cached.
  let generation = 0;
  const listeners: ((tenantId: string | null) => void)[] = [];

  const forgetTenant = (tenantId: string) => {
    generation += 1;
    for (const [key, { row }] of cache.entries()) if (options.tenantOf(key, row) === tenantId) cache.delete(key);
  };

  const stop = await options.listen(options.channel, {
    onMessage(tenantId) {
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
    async find(key, load) {
      if (listening) {
        const cached = cache.get(key);
        if (cached) return cached.row;
      }
      const readFrom = generation;
      const row = await (load ? load() : options.load(key));
      if (row !== undefined && listening && generation === readFrom) cache.set(key, { row });
      return row;
    },
    forgetTenant,
    onChange: (listener) => void listeners.push(listener),
    stop,
  };
}
