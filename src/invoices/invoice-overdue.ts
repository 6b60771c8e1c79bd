import { confineTransaction, scopedTenantId } from '../db/tenant-scope.js';
import type { Context } from '../graphql/context.js';
import type { EventLog } from '../events/event-log.js';
import { Prisma, type PrismaClient } from '../generated/prisma/client.js';
import type { InvoiceStatus } from '../generated/prisma/enums.js';
import { dateOnly, utcToday } from '../shared/dates.js';

// The scheduled move to `overdue`. An invoice that is sent, viewed or partially paid becomes
// overdue on the first day after its due date, that day counted in UTC (as issue dates are): due
// 2026-11-24, it is overdue from 2026-11-25T00:00Z. The move is a transition of its own, recorded
// in the history without a user; nothing else (a PATCH of the due date included) changes it.

/** Stored statuses in which an unpaid balance can fall due. */
export const AWAITING_PAYMENT = ['sent', 'viewed', 'partially_paid'] as const satisfies readonly InvoiceStatus[];

/** An invoice the move made overdue. */
export interface OverdueInvoice {
  id: string;
  tenantId: string;
  fromStatus: InvoiceStatus;
  dueDate: Date;
}

/**
 * Invoices moved per transaction: each move records an event whose data is rendered, so a backlog
 * (after an import, or downtime) is moved in bounded transactions, one after another.
 */
const MOVE_BATCH = 50;

/** Runs `move` (one transaction per call) until a call moves less than a batch; returns every invoice moved. */
async function inBatches(move: () => Promise<OverdueInvoice[]>): Promise<OverdueInvoice[]> {
  const moved: OverdueInvoice[] = [];
  for (let batch = await move(); ; batch = await move()) {
    moved.push(...batch);
    if (batch.length < MOVE_BATCH) return moved;
  }
}

const awaitingPayment = Prisma.join(AWAITING_PAYMENT.map((status) => Prisma.sql`${status}::"InvoiceStatus"`));

/** Invoices awaiting payment whose due date is before `today`, among those `scope` names. */
const due = (today: Date, scope: Prisma.Sql) => Prisma.sql`status IN (${awaitingPayment}) AND "dueDate" < ${today}::date ${scope}`;

/**
 * Moves up to `MOVE_BATCH` invoices awaiting payment whose due date is before `today` (and
 * matching `scope`) to `overdue`, with their history steps and events, inside the transaction `tx`. Idempotent, and safe with
 * several processes at once: the rows are locked as they are chosen (in id order, so two runs
 * cannot deadlock), and a concurrent run that waited for one finds it no longer awaiting payment
 * and leaves it. Returns the invoices it moved.
 */
async function moveOverdue(tx: Prisma.TransactionClient, events: EventLog, today: Date, scope: Prisma.Sql): Promise<OverdueInvoice[]> {
  const moved = await tx.$queryRaw<OverdueInvoice[]>`
    UPDATE "Invoice" SET status = 'overdue', "updatedAt" = now()
    FROM (
      SELECT id, status FROM "Invoice"
      WHERE ${due(today, scope)}
      ORDER BY id LIMIT ${MOVE_BATCH} FOR UPDATE
    ) AS due
    WHERE "Invoice".id = due.id
    RETURNING "Invoice".id, "Invoice"."tenantId", due.status::text AS "fromStatus", "Invoice"."dueDate"`;
  if (moved.length) {
    await tx.invoiceEvent.createMany({
      data: moved.map((invoice) => ({
        tenantId: invoice.tenantId,
        invoiceId: invoice.id,
        userId: null,
        fromStatus: invoice.fromStatus,
        toStatus: 'overdue' as const,
        note: `due ${dateOnly(invoice.dueDate)}, unpaid`,
      })),
    });
  }
  // The sweep's transaction spans tenants: each event is recorded confined to its invoice's tenant.
  for (const invoice of moved) await events.record(confineTransaction(tx, invoice.tenantId), 'invoice.overdue', invoice.id);
  return moved;
}

const ofTenant = (db: object) => Prisma.sql`AND "tenantId" = ${scopedTenantId(db)}::uuid`;
const ofInvoice = (db: object, id: string) => Prisma.sql`${ofTenant(db)} AND id = ${id}::uuid`;

/** What moving invoices needs: the clock, and where the moves are reported (`invoice.overdue`). */
type Mover = { now: () => Date; events: EventLog };

/** The periodic sweep, over every tenant (each server process runs it; see main.ts). */
export const sweepOverdueInvoices = (prisma: PrismaClient, mover: Mover) =>
  inBatches(() => prisma.$transaction((tx) => moveOverdue(tx, mover.events, utcToday(mover.now()), Prisma.empty)));

/**
 * The same move for one tenant (its scoped client), or one of its invoices, run before its
 * invoices are read: so between two sweeps no client sees an invoice past due that is not yet
 * overdue. Most reads find nothing due (the sweep moved it), which one statement tells without a
 * transaction: a list read was BEGIN, UPDATE and COMMIT before its page.
 */
export async function moveTenantOverdueInvoices(ctx: Mover & Pick<Context, 'db' | 'renderingEvent'>, invoiceId?: string): Promise<OverdueInvoice[]> {
  // An event shows the invoice as the change left it; the move, if due, is the next change.
  if (ctx.renderingEvent) return [];
  const scope = (db: object) => (invoiceId ? ofInvoice(db, invoiceId) : ofTenant(db));
  // One day for the check and the move, so a read across midnight does not judge by two.
  const today = utcToday(ctx.now());
  const [{ pending }] = await ctx.db.$queryRaw<[{ pending: boolean }]>`SELECT EXISTS (SELECT 1 FROM "Invoice" WHERE ${due(today, scope(ctx.db))}) AS pending`;
  if (!pending) return [];
  return inBatches(() => ctx.db.$transaction((tx) => moveOverdue(tx, ctx.events, today, scope(tx))));
}

/** The same for one invoice of the tenant, inside the caller's transaction: before it is changed. */
export const moveOverdueInvoice = (tx: Prisma.TransactionClient, mover: Mover, id: string) =>
  moveOverdue(tx, mover.events, utcToday(mover.now()), ofInvoice(tx, id));
