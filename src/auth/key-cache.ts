import { announcedCache } from '../db/announced-cache.js';
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
 * notification's delivery time, well under a second (src/db/announced-cache.ts). Unknown keys
 * are never cached, so a key created on one process works at once on every other.
 */
export async function cachedKeyLookup<Row extends { tenantId: string }>(
  load: KeyLookup<Row>,
  listen: Listen,
): Promise<CachedKeyLookup<Row>> {
  const cache = await announcedCache({ channel: CREDENTIALS_CHANNEL, listen, load, tenantOf: (_hash, row) => row.tenantId, max: KEY_CACHE_ENTRIES, ttlMs: KEY_CACHE_TTL_MS });
  return { find: cache.find, onChange: cache.onChange, stop: cache.stop };
}
