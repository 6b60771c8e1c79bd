import { uuidv7 } from 'uuidv7';
import { insertStatement, newRow, type RowInput } from '../db/sql-insert.js';
import { scopedTenantId } from '../db/tenant-scope.js';
import { type Event as EventRow, Prisma } from '../generated/prisma/client.js';
import { type EventExtras, type EventRecord, type EventType, eventTypes } from './event-types.js';

/** The PostgreSQL channel every committed event is announced on (to webhook workers and subscriptions). */
export const EVENTS_CHANNEL = 'platform_events';

/** What an announcement on `EVENTS_CHANNEL` carries: enough to decide who wants the event before reading it. */
export interface EventAnnouncement {
  /** Null for a wake-up of the webhook workers alone (a delivery retried by hand). */
  id: string | null;
  tenantId: string;
  /** An event type of the catalog, `webhook.test`, or null with `id`. */
  type: string | null;
  /** Whether webhook deliveries were queued with it (so workers need not look otherwise). */
  deliveries: boolean;
}

/** The shape shared by the events list, webhooks' bodies and subscriptions. */
export type EventShape = Pick<EventRow, 'id' | 'type' | 'createdAt' | 'data'>;

/** A record's row exactly as the change wrote it (what its create or update returned), with any related rows the writer had in hand. */
export type WrittenRow = { id: string } & Record<string, unknown>;

/**
 * Renders a record inside the transaction that changed it, as its REST detail route answers it;
 * given the row just written, it renders that row instead of reading it back.
 */
export type RenderRecord = (tx: Prisma.TransactionClient, record: EventRecord, id: string, written?: WrittenRow) => Promise<Record<string, unknown>>;

/** The event types that announce a new record, and the record each one creates. */
export type CreationType = Extract<EventType, `${string}.created`>;
type CreatedRecord<Type extends CreationType> = (typeof eventTypes)[Type]['record'];
type Row<Model extends EventRecord> = Prisma.TypeMap['model'][Model]['payload']['scalars'];

/** Records events: every service that changes a record reports it through this (`ctx.events`). */
export interface EventLog {
  /**
   * Records that `type` happened to the record `recordId`, inside the transaction `tx` that made
   * the change: the event, its webhook deliveries and its announcement commit with the change or
   * not at all. Its data is the record as `tx` sees it now, after the change: given as its id, the
   * record is read; given as the row the change returned, that row is rendered, one read fewer.
   */
  record(tx: Prisma.TransactionClient, type: EventType, record: string | WrittenRow, extras?: EventExtras): Promise<void>;
  /**
   * Creates a record with its `type` event in one statement, and returns its row: the row is built
   * whole first (src/db/sql-insert.ts), the event rendered from it, and one INSERT writes both, so
   * the creation needs neither a transaction nor a read back (inside `db`'s transaction when it
   * is one). For creations whose rules need nothing of the database after the row is written.
   */
  create<Type extends CreationType>(
    db: Prisma.TransactionClient,
    type: Type,
    input: RowInput<CreatedRecord<Type>>,
    options?: CreationOptions<Row<CreatedRecord<Type>>>,
  ): Promise<Row<CreatedRecord<Type>>>;
  /**
   * A log whose creations of `type` are gathered rather than written, each row built and its event
   * rendered at once, as `create` does; `flush` then writes all of them, records and events, in
   * one statement (an import's batch: a few statements for hundreds of rows). Everything else passes
   * to this log unchanged. Only for creations whose rules read nothing the earlier creations of
   * the batch wrote (an import flushes before a row that names one).
   */
  gathering(type: CreationType): GatheredCreations;
}

export interface GatheredCreations {
  log: EventLog;
  /** The rows gathered since the last flush, with their events, in one statement; a failure leaves them to the caller's transaction to undo. */
  flush(tx: Pick<Prisma.TransactionClient, '$queryRaw'>): Promise<void>;
}

/** What else a creation's one statement holds (`EventLog.create`). */
export interface CreationOptions<NewRow> {
  /**
   * Rows of the new record's relations, already in hand (whole rows as Prisma's client returns
   * them, or null): the event's rendering takes them instead of reading them.
   */
  related?: Record<string, object | null>;
  /** Another INSERT made from the new row (a mail it queues), written by the same statement. */
  alongside?: (row: NewRow) => Prisma.Sql;
}

/** How long events are kept (and so how far back the list and deliveries reach). */
export const EVENT_RETENTION_DAYS = 30;

/**
 * The event log. One statement writes the event, queues a delivery to every enabled endpoint of
 * the tenant that receives its type, and announces it with `pg_notify`, which PostgreSQL sends
 * only when (and if) the transaction commits.
 */
export function createEventLog(render: RenderRecord): EventLog {
  const log: EventLog = {
    async record(tx, type, record, extras = {}) {
      const tenantId = scopedTenantId(tx);
      const [id, written] = typeof record === 'string' ? [record, undefined] : [record.id, record];
      const data = { ...(await render(tx, eventTypes[type].record, id, written)), ...extras };
      await writeEvent(tx, { id: uuidv7(), tenantId, type, data });
    },
    async create(db, type, input, { related, alongside } = {}) {
      const tenantId = scopedTenantId(db);
      const model = eventTypes[type].record;
      const row = newRow(model, tenantId, input as RowInput<typeof model>);
      const data = await render(db, model, row.id, { ...row, ...related });
      const statements = [insertStatement(model, row), ...(alongside ? [alongside(row as never)] : [])];
      await writeEvent(db, { id: uuidv7(), tenantId, type, data }, { alongside: statements });
      return row as never;
    },
    gathering: (type) => gatheredCreations(log, type, render),
  };
  return log;
}

/**
 * Writes an event with its deliveries and announcement (see `createEventLog`). `onlyEndpoint`
 * sends it to that one endpoint instead of every endpoint receiving its type (a test event);
 * `alongside` are data-changing statements (the record's INSERT) run as part of the same one.
 */
export async function writeEvent(
  tx: Pick<Prisma.TransactionClient, '$queryRaw'>,
  event: { id: string; tenantId: string; type: string; data: object },
  options: { onlyEndpoint?: string; alongside?: Prisma.Sql[] } = {},
): Promise<void> {
  await writeEvents(tx, { tenantId: event.tenantId, type: event.type, events: [event] }, options);
}

/**
 * Writes events of one type and tenant in one statement, as `writeEvent` writes one: each with
 * its deliveries and its announcement (PostgreSQL sends the notifications at commit, one per event).
 */
async function writeEvents(
  tx: Pick<Prisma.TransactionClient, '$queryRaw'>,
  { tenantId, type, events }: { tenantId: string; type: string; events: readonly { id: string; data: object }[] },
  { onlyEndpoint, alongside = [] }: { onlyEndpoint?: string; alongside?: Prisma.Sql[] } = {},
): Promise<void> {
  // PostgreSQL runs every data-changing statement of a WITH once, whether or not it is read.
  const change = alongside.length ? Prisma.sql`${Prisma.join(alongside.map((statement, i) => Prisma.sql`${Prisma.raw(`change${i}`)} AS (${statement})`), ', ')},` : Prisma.empty;
  const receivers = onlyEndpoint
    ? Prisma.sql`endpoint.id = ${onlyEndpoint}::uuid`
    : Prisma.sql`endpoint.status = 'enabled' AND ${type} = ANY(endpoint.receives)`;
  // The events as one JSON parameter, as src/db/sql-insert.ts writes rows (and for its reasons).
  await tx.$queryRaw`
    WITH ${change} event AS (
      INSERT INTO "Event" (id, "tenantId", type, data)
      SELECT given.id, ${tenantId}::uuid, ${type}, given.data FROM jsonb_to_recordset(${JSON.stringify(events)}::jsonb) AS given(id uuid, data jsonb)
      RETURNING id
    ), queued AS (
      INSERT INTO "WebhookDelivery" (id, "tenantId", "endpointId", "eventId")
      SELECT gen_random_uuid(), endpoint."tenantId", endpoint.id, event.id
      FROM "WebhookEndpoint" endpoint, event
      WHERE endpoint."tenantId" = ${tenantId}::uuid AND ${receivers}
      RETURNING 1
    )
    SELECT pg_notify(${EVENTS_CHANNEL}, json_build_object(
      'id', event.id::text, 'tenantId', ${tenantId}::text, 'type', ${type}::text, 'deliveries', EXISTS (SELECT 1 FROM queued)
    )::text)::text AS announced FROM event`;
}

/** `EventLog.gathering`. */
function gatheredCreations(log: EventLog, type: CreationType, render: RenderRecord): GatheredCreations {
  const model = eventTypes[type].record;
  let pending: { row: WrittenRow; data: Record<string, unknown> }[] = [];
  let tenant: string | undefined;
  const gathering: EventLog = {
    record: (tx, ...rest) => log.record(tx, ...rest),
    gathering: (other) => log.gathering(other),
    async create(db, createdType, input, options = {}) {
      if (createdType !== type || options.alongside) return log.create(db, createdType, input, options);
      tenant = scopedTenantId(db);
      const row = newRow(model, tenant, input as RowInput<typeof model>) as unknown as WrittenRow;
      pending.push({ row, data: await render(db, model, row.id, { ...row, ...options.related }) });
      return row as never;
    },
  };
  return {
    log: gathering,
    async flush(tx: Pick<Prisma.TransactionClient, '$queryRaw'>) {
      if (!pending.length) return;
      const written = pending;
      pending = [];
      const events = written.map(({ data }) => ({ id: uuidv7(), data }));
      await writeEvents(tx, { tenantId: tenant!, type, events }, { alongside: [insertStatement(model, written.map(({ row }) => row))] });
    },
  };
}
