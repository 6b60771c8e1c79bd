import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import type { Principal } from '../auth/api-keys.js';
import { allScopes } from '../auth/scopes.js';
import { modelColumns, modelRelations } from '../db/datamodel.js';
import { confineTransaction, scopedTenantId, type TenantDb } from '../db/tenant-scope.js';
import type { Prisma, PrismaClient } from '../generated/prisma/client.js';
import { TenantModule } from '../generated/prisma/enums.js';
import type { Context } from '../graphql/context.js';
import { ReadGrants } from '../graphql/read-grants-plugin.js';
import { operations } from '../graphql/route-map.js';
import { compilationSchemaFor } from '../graphql/schema.js';
import { requestScope } from '../shared/request-scope.js';
import { createEventLog, type EventLog, type WrittenRow } from './event-log.js';
import { type EventRecord, eventRecords } from './event-types.js';

/**
 * Whom an event's record is rendered for: a reader of the whole tenant, since what each consumer
 * may see is decided per event type when it is shown (src/events/event-visibility.ts).
 */
const renderer = (tenantId: string): Principal => ({
  credentialId: '00000000-0000-0000-0000-000000000000',
  via: 'key',
  kind: 'secret',
  tenantId,
  userId: '00000000-0000-0000-0000-000000000000',
  role: 'system_admin',
  scopes: new Set(allScopes),
  modules: new Set(Object.values(TenantModule)),
  rateLimit: null,
});

/**
 * The event log of a server: each event's data is rendered by running its record's REST detail
 * operation (the route map's own document, compiled once) inside the transaction of the change,
 * so webhooks, subscriptions and the events list carry exactly what `GET` on the record answers.
 */
let compiledDetails: Map<EventRecord, { query: CompiledQuery; field: string; shape: (value: unknown) => unknown }> | undefined;

/** Each event record's REST detail operation, compiled once per process. */
function detailQueries() {
  compiledDetails ??= new Map(
    (Object.entries(eventRecords) as [EventRecord, (typeof eventRecords)[EventRecord]][]).map(([record, { detail, path }]) => {
      const operation = operations.find((candidate) => candidate.key === detail);
      if (operation?.route.path !== path) throw new Error(`events: ${detail} is not served at ${path}`);
      const query = compileQuery(compilationSchemaFor(operation.document, null), operation.document, operation.operationName);
      if (!isCompiledQuery(query)) throw new Error(`events: cannot compile ${detail}`);
      return [record, { query, field: operation.field.name, shape: operation.shape }] as const;
    }),
  );
  return compiledDetails;
}

type Selection = Record<string, unknown>;

/**
 * Whether `row` holds what `args` read of one record by its id: the read names the record by id
 * alone, and every column and relation it selects or includes is in `row` (an included relation
 * whole: every column of its model).
 */
function answers(model: string, row: Record<string, unknown>, args: unknown): boolean {
  const { where, select, include, ...rest } = (args ?? {}) as { where?: Selection; select?: Selection; include?: Selection };
  const byIdAlone = where?.id === row.id && Object.keys(where ?? {}).every((key) => key === 'id' || key === 'tenantId');
  return Object.keys(rest).length === 0 && byIdAlone && holds(model, row, select ?? include ?? {});
}

/** Whether `row` has every column of `model` (as an included relation, or an `include` read, has). */
const whole = (model: string, row: Record<string, unknown>) => modelColumns.get(model)!.every((column) => column.name in row);

/** Whether `row` has every column and relation `selection` (a `select` or `include`) names, each relation as it is asked for. */
function holds(model: string, row: Record<string, unknown>, selection: Selection): boolean {
  return Object.entries(selection).every(([field, wanted]) => {
    if (!wanted) return true;
    if (!(field in row)) return false;
    const target = modelRelations.get(model)?.get(field);
    const related = row[field] as Record<string, unknown> | null;
    if (!target || related === null) return true;
    if (wanted === true) return whole(target, related);
    const { select, include, ...rest } = wanted as { select?: Selection; include?: Selection };
    return Object.keys(rest).length === 0 && (!include || whole(target, related)) && holds(target, related, select ?? include ?? {});
  });
}

/**
 * `tx` answering a read by id of the row just written with that row (and the relations the
 * writer gave with it) when the row holds all it asks for; every other query goes to the database.
 */
function answeringWith(tx: Prisma.TransactionClient, model: EventRecord, written: WrittenRow): Prisma.TransactionClient {
  const delegateName = model.charAt(0).toLowerCase() + model.slice(1);
  return new Proxy(tx, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (property !== delegateName) return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      return new Proxy(value as object, {
        get(delegate, operation) {
          const method = Reflect.get(delegate, operation) as unknown;
          if (operation !== 'findUnique' || typeof method !== 'function') return method;
          return (args: unknown) => (answers(model, written, args) ? Promise.resolve(written) : method.call(delegate, args));
        },
      });
    },
  });
}

/**
 * The event log of a server: each event's data is rendered by running its record's REST detail
 * operation (the route map's own document, compiled once) inside the transaction of the change,
 * so webhooks, subscriptions and the events list carry exactly what `GET` on the record answers.
 */
export function serverEventLog(options: { prisma: PrismaClient; publicUrl: string; now: () => Date }): EventLog {
  const log: EventLog = createEventLog(async (tx, record, id, written) => {
    const { query, field, shape } = detailQueries().get(record)!;
    const tenantId = scopedTenantId(tx);
    const ctx: Context = {
      principal: renderer(tenantId),
      authFailure: null,
      // The transaction's client is confined to the tenant as the request's is (src/db/tenant-scope.ts).
      db: written ? confineTransaction(answeringWith(tx, record, written), tenantId) : (tx as TenantDb),
      prisma: options.prisma,
      readGrants: new ReadGrants(),
      requestId: requestScope.getStore()?.requestId ?? 'events',
      now: options.now,
      publicUrl: options.publicUrl,
      events: log,
      renderingEvent: true,
    };
    const result = await query.query(undefined, ctx, { id });
    const data = (result.data as Record<string, unknown> | null | undefined)?.[field];
    // The cause itself (a database outage is a 503, not a 500): the change rolls back with its event.
    const [failure] = result.errors ?? [];
    if (failure) throw failure.originalError ?? failure;
    if (!data || typeof data !== 'object') throw new Error(`events: rendering ${record} ${id} answered no data`);
    return shape(data) as Record<string, unknown>;
  });
  return log;
}
