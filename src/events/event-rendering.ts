import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import type { Principal } from '../auth/api-keys.js';
import { allScopes } from '../auth/scopes.js';
import { scopedTenantId, type TenantDb } from '../db/tenant-scope.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { TenantModule } from '../generated/prisma/enums.js';
import type { Context } from '../graphql/context.js';
import { ReadGrants } from '../graphql/read-grants-plugin.js';
import { operations } from '../graphql/route-map.js';
import { schema } from '../graphql/schema.js';
import { requestScope } from '../shared/request-scope.js';
import { createEventLog, type EventLog } from './event-log.js';
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
      const query = compileQuery(schema, operation.document, operation.operationName);
      if (!isCompiledQuery(query)) throw new Error(`events: cannot compile ${detail}`);
      return [record, { query, field: operation.field.name, shape: operation.shape }] as const;
    }),
  );
  return compiledDetails;
}

/**
 * The event log of a server: each event's data is rendered by running its record's REST detail
 * operation (the route map's own document, compiled once) inside the transaction of the change,
 * so webhooks, subscriptions and the events list carry exactly what `GET` on the record answers.
 */
export function serverEventLog(options: { prisma: PrismaClient; publicUrl: string; now: () => Date }): EventLog {
  const log: EventLog = createEventLog(async (tx, record, id) => {
    const { query, field, shape } = detailQueries().get(record)!;
    const ctx: Context = {
      principal: renderer(scopedTenantId(tx)),
      authFailure: null,
      // The transaction's client is confined to the tenant as the request's is (src/db/tenant-scope.ts).
      db: tx as TenantDb,
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
