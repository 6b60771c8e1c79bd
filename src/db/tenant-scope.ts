import { LRUCache } from 'lru-cache';
import type { PrismaClient } from '../generated/prisma/client.js';
import { getDatamodel } from '../generated/pothos-prisma-types.js';

/** Models whose rows belong to a tenant: every model with a `tenantId` column. */
const tenantOwnedModels = new Set(
  Object.entries(getDatamodel().datamodel.models)
    .filter(([, model]) => model.fields.some((field) => field.name === 'tenantId'))
    .map(([name]) => name),
);

const filteredOperations = new Set([
  'findUnique', 'findUniqueOrThrow', 'findFirst', 'findFirstOrThrow', 'findMany', 'count', 'aggregate',
  'groupBy', 'update', 'updateMany', 'updateManyAndReturn', 'delete', 'deleteMany', 'upsert',
]);

type Args = Record<string, unknown>;

function scopeArgs(operation: string, args: Args, tenantId: string): Args {
  const scoped: Args = { ...args };
  if (filteredOperations.has(operation)) scoped.where = { ...(args.where as Args | undefined), tenantId };
  if (operation === 'create') scoped.data = { ...(args.data as Args), tenantId };
  if (operation === 'upsert') scoped.create = { ...(args.create as Args), tenantId };
  if (operation === 'createMany' || operation === 'createManyAndReturn') {
    const rows = Array.isArray(args.data) ? args.data : [args.data];
    scoped.data = rows.map((row: Args) => ({ ...row, tenantId }));
  }
  return scoped;
}

function extend(prisma: PrismaClient, tenantId: string) {
  return prisma.$extends({
    name: 'tenant-scope',
    query: {
      $allModels: {
        $allOperations({ model, operation, args, query }) {
          if (!tenantOwnedModels.has(model)) return query(args);
          return query(scopeArgs(operation, args as Args, tenantId) as typeof args);
        },
      },
    },
  });
}

/**
 * The database as one tenant sees it: every read, update and delete of a tenant-owned model is
 * filtered by the tenant and every create is stamped with it, whatever the caller wrote. This is
 * the only way request code reaches tenant data. (Relations loaded through `include` follow
 * foreign keys from rows already scoped, so they stay inside the tenant.)
 */
export type TenantDb = ReturnType<typeof extend>;

const clients = new WeakMap<PrismaClient, LRUCache<string, TenantDb>>();

/** Extended clients are cached per tenant: building one per request would cost on the hot path. */
export function tenantDb(prisma: PrismaClient, tenantId: string): TenantDb {
  let cache = clients.get(prisma);
  if (!cache) {
    cache = new LRUCache<string, TenantDb>({ max: 1000 });
    clients.set(prisma, cache);
  }
  let db = cache.get(tenantId);
  if (!db) {
    db = extend(prisma, tenantId);
    cache.set(tenantId, db);
  }
  return db;
}
