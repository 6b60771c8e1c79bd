import { announcedCache, type AnnouncedCache } from '../db/announced-cache.js';
import type { Listen } from '../db/notifications.js';
import { scopedTenantId, tenantDb, type TenantDb } from '../db/tenant-scope.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { CustomFieldEntity, CustomFieldType } from '../generated/prisma/enums.js';

/** Where the database announces a change to a tenant's definitions (the trigger of migration 20261127080000). */
export const CUSTOM_FIELDS_CHANNEL = 'custom_fields_changed';

/** Longest cached definitions are trusted without a word from the database (announcements act at once). */
const DEFINITIONS_TTL_MS = 10_000;

/** Tenant and entity pairs cached per process (each a list of at most 100 short definitions). */
const DEFINITIONS_ENTRIES = 1_000;

/** What a value is checked against. */
export interface Definition {
  key: string;
  type: CustomFieldType;
  required: boolean;
  options: string[];
}

const readDefinitions = (db: TenantDb, entity: string): Promise<Definition[]> =>
  db.customFieldDefinition.findMany({
    where: { entity: entity as CustomFieldEntity },
    select: { key: true, type: true, required: true, options: true },
  });

const cacheKey = (tenantId: string, entity: CustomFieldEntity) => `${tenantId}/${entity}`;
const tenantOfKey = (key: string) => key.slice(0, key.indexOf('/'));

/** The cache of each server's client: tools without one (the CLI) read the definitions every time. */
const caches = new WeakMap<PrismaClient, AnnouncedCache<Definition[]>>();

/**
 * Keeps the definitions `db.prisma` reads in this process's memory, forgotten per tenant when the
 * database announces a change (src/db/announced-cache.ts): a write with custom fields then needs
 * no read of them. Returns the function that stops it.
 */
export async function cacheDefinitions(db: { prisma: PrismaClient; listen: Listen }): Promise<() => Promise<void>> {
  const cache = await announcedCache<Definition[]>({
    channel: CUSTOM_FIELDS_CHANNEL,
    listen: db.listen,
    load: (key) => readDefinitions(tenantDb(db.prisma, tenantOfKey(key)), key.slice(key.indexOf('/') + 1)),
    tenantOf: tenantOfKey,
    max: DEFINITIONS_ENTRIES,
    ttlMs: DEFINITIONS_TTL_MS,
  });
  caches.set(db.prisma, cache);
  return async () => {
    caches.delete(db.prisma);
    await cache.stop();
  };
}

/**
 * The definitions of `entity`'s custom fields in `db`'s tenant, read through `db` when they are not
 * in memory: a caller inside a transaction reads inside it, as it must where the database has one
 * connection (the embedded one), which a read beside the transaction would wait for forever.
 */
export async function definitionsOf(prisma: PrismaClient, db: TenantDb, entity: CustomFieldEntity): Promise<Definition[]> {
  const cache = caches.get(prisma);
  const read = () => readDefinitions(db, entity);
  return cache ? ((await cache.find(cacheKey(scopedTenantId(db), entity), read)) ?? []) : read();
}

/** Forgets a tenant's definitions after this process changed them, before the announcement arrives (other processes wait for it). */
export function definitionsChanged(prisma: PrismaClient, tenantId: string): void {
  caches.get(prisma)?.forgetTenant(tenantId);
}
