import { LRUCache } from 'lru-cache';
import { Prisma, type PrismaClient } from '../generated/prisma/client.js';
import { getDatamodel } from '../generated/pothos-prisma-types.js';
import { type Driver, driverOf } from './driver.js';

/** Client properties (`lead`, `pipelineStage`, ...) of the models whose rows belong to a tenant. */
const tenantOwnedDelegates = new Set(
  Object.entries(getDatamodel().datamodel.models)
    .filter(([, model]) => model.fields.some((field) => field.name === 'tenantId'))
    .map(([name]) => name.charAt(0).toLowerCase() + name.slice(1)),
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

type AnyFunction = (...args: unknown[]) => unknown;

function scopeDelegate(delegate: object, tenantId: string): object {
  return new Proxy(delegate, {
    get(target, operation) {
      const method = Reflect.get(target, operation) as unknown;
      if (typeof method !== 'function' || typeof operation !== 'string') return method;
      return (args?: Args) => (method as AnyFunction).call(target, scopeArgs(operation, args ?? {}, tenantId));
    },
  });
}

/**
 * A view of the client (or of an open transaction) confined to one tenant: every read, update and delete of a tenant-owned
 * model is filtered by the tenant and every create is stamped with it, whatever the caller wrote,
 * inside interactive transactions too. (A plain proxy rather than a Prisma `$extends` query
 * extension: same guarantee, a fraction of the cost per query.) Relations loaded through
 * `include` follow foreign keys from rows already scoped, so they stay inside the tenant.
 */
function scope(client: PrismaClient, tenantId: string, inTransaction: boolean): PrismaClient {
  const delegates = new Map<string, object>();
  const scoped = new Proxy(client, {
    get(target, property) {
      if (property === '$transaction') {
        // Inside a transaction, a nested one joins it: a
        // service that opens its own runs unchanged when called from within another's.
        if (inTransaction) return (work: (tx: PrismaClient) => unknown) => work(scoped);
        return (work: unknown, options?: unknown) =>
          typeof work === 'function'
            ? target.$transaction((tx) => (work as (tx: PrismaClient) => unknown)(scope(tx as PrismaClient, tenantId, true)) as Promise<unknown>, options as never)
            : target.$transaction(work as never, options as never);
      }
      const value = Reflect.get(target, property) as unknown;
      if (typeof property === 'string' && tenantOwnedDelegates.has(property) && value && typeof value === 'object') {
        let delegate = delegates.get(property);
        if (!delegate) delegates.set(property, (delegate = scopeDelegate(value, tenantId)));
        return delegate;
      }
      return typeof value === 'function' ? (value as AnyFunction).bind(target) : value;
    },
  });
  scopes.set(scoped, { tenantId, client: inTransaction ? undefined : client });
  return scoped;
}

/** What a scoped client is confined to, and the client under it (none in a transaction, which the driver's statements would escape). */
const scopes = new WeakMap<object, { tenantId: string; client?: PrismaClient }>();

/**
 * The tenant a scoped client (or a transaction opened on one) is confined to: raw SQL, which the
 * scope cannot rewrite, takes its tenant condition from here and nowhere else.
 */
export function scopedTenantId(db: object): string {
  const tenantId = scopes.get(db)?.tenantId;
  if (!tenantId) throw new Error('raw SQL needs a tenant-scoped client');
  return tenantId;
}

/**
 * The driver under a tenant-scoped client (src/db/driver.ts), outside any transaction: its
 * statements, raw SQL, take their tenant condition from `scopedTenantId` of the same client.
 */
export function scopedDriver(db: object): Driver {
  const client = scopes.get(db)?.client;
  if (!client) throw new Error('the driver is reached from a tenant-scoped client, outside a transaction');
  return driverOf(client);
}

/**
 * Locks one of the tenant's rows until the transaction ends (`SELECT ... FOR UPDATE`, which
 * Prisma cannot express), confined to the same tenant as every other query of `tx`. `NO KEY
 * UPDATE` serializes the same writers but not rows inserted with a reference to the locked one
 * (their foreign key takes `KEY SHARE`): a transaction that wrote such a row before it locks
 * asks for it, or two of them would deadlock.
 */
export async function lockForUpdate(
  tx: Pick<TenantDb, '$queryRaw'>,
  table: 'Deal' | 'Company' | 'BookableResource' | 'Inspection' | 'Invoice' | 'ApiKeyPair' | 'WebhookEndpoint',
  id: string,
  strength: 'UPDATE' | 'NO KEY UPDATE' = 'UPDATE',
): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM ${Prisma.raw(`"${table}"`)} WHERE id = ${id}::uuid AND "tenantId" = ${scopedTenantId(tx)}::uuid FOR ${Prisma.raw(strength)}`;
}

/**
 * Serializes changes counted or judged across the whole tenant (its users' roles and deactivation,
 * its number of webhook endpoints) until the transaction ends: the tenant's row, locked FOR NO KEY
 * UPDATE, so rows referencing the tenant are still written meanwhile.
 */
export async function lockTenant(tx: Pick<TenantDb, '$queryRaw'>): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM "Tenant" WHERE id = ${scopedTenantId(tx)}::uuid FOR NO KEY UPDATE`;
}

/** An open transaction (of a client spanning tenants) confined to one tenant, as a tenant's own transactions are. */
export const confineTransaction = (tx: Prisma.TransactionClient, tenantId: string): TenantDb => scope(tx as PrismaClient, tenantId, true);

/** The tenant-confined client type: the client's own surface. */
export type TenantDb = PrismaClient;

const clients = new WeakMap<PrismaClient, LRUCache<string, TenantDb>>();

/** Scoped clients are cached per tenant so a request does not build one. */
export function tenantDb(prisma: PrismaClient, tenantId: string): TenantDb {
  let cache = clients.get(prisma);
  if (!cache) {
    cache = new LRUCache<string, TenantDb>({ max: 1000 });
    clients.set(prisma, cache);
  }
  let db = cache.get(tenantId);
  if (!db) {
    db = scope(prisma, tenantId, false);
    cache.set(tenantId, db);
  }
  return db;
}
