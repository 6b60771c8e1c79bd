import { lockForUpdate, scopedTenantId } from '../db/tenant-scope.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { InvoiceStatus } from '../generated/prisma/enums.js';
import { found } from '../shared/references.js';
import { mustBeIn } from '../shared/status-rules.js';

// The invoice lifecycle. `overdue` is derived when read, never stored: an invoice that is sent,
// viewed or partially paid is overdue from the first day after its due date (UTC), on every
// process at once, with no sweep to run or miss.

/** Stored statuses in which an unpaid balance can fall due. */
export const AWAITING_PAYMENT = ['sent', 'viewed', 'partially_paid'] as const satisfies readonly InvoiceStatus[];

const awaitingPayment = (status: InvoiceStatus) => (AWAITING_PAYMENT as readonly InvoiceStatus[]).includes(status);

/** The status clients see: the stored one, or `overdue` once the due date has passed. */
export function effectiveStatus(invoice: { status: InvoiceStatus; dueDate: Date | null }, today: Date): InvoiceStatus {
  return awaitingPayment(invoice.status) && invoice.dueDate && invoice.dueDate < today ? 'overdue' : invoice.status;
}

/** Prisma conditions for invoices whose effective status is `status`. */
export function statusCondition(status: InvoiceStatus, today: Date): Prisma.InvoiceWhereInput {
  if (status === 'overdue') return { status: { in: [...AWAITING_PAYMENT] }, dueDate: { lt: today } };
  if (awaitingPayment(status)) return { status, OR: [{ dueDate: null }, { dueDate: { gte: today } }] };
  return { status };
}

/** What each lifecycle action needs the effective status to be. */
export const ACTIONS = {
  send: { allowed: ['draft'], verb: 'send' },
  view: { allowed: ['sent', 'viewed', 'partially_paid', 'paid', 'overdue'], verb: 'mark as viewed' },
  pay: { allowed: ['sent', 'viewed', 'partially_paid', 'overdue'], verb: 'record a payment on' },
  void: { allowed: ['draft', 'sent', 'viewed', 'overdue'], verb: 'void' },
  editLines: { allowed: ['draft'], verb: 'change the line items of' },
} as const satisfies Record<string, { allowed: readonly InvoiceStatus[]; verb: string }>;

export type InvoiceAction = keyof typeof ACTIONS;

/** CONFLICT naming the current (effective) status unless `action` is allowed in it. */
export const mustAllow = (status: InvoiceStatus, action: InvoiceAction) => mustBeIn('an invoice', status, ACTIONS[action].allowed, ACTIONS[action].verb);

/**
 * Locks an invoice for the rest of the transaction (concurrent payments are served one after the
 * other, each seeing the balance the previous one left) and reads it.
 */
export async function lockInvoice(tx: Prisma.TransactionClient, id: string) {
  await lockForUpdate(tx, 'Invoice', id);
  return found(tx.invoice.findUnique({ where: { id } }), 'Invoice');
}

/** Records a step in the invoice's history. */
export function recordInvoiceEvent(
  tx: Prisma.TransactionClient,
  entry: { invoiceId: string; userId: string; fromStatus: InvoiceStatus | null; toStatus: InvoiceStatus; note?: string },
) {
  return tx.invoiceEvent.create({ data: { ...entry, tenantId: scopedTenantId(tx) } });
}
