import { lockForUpdate, scopedTenantId } from '../db/tenant-scope.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { InvoiceStatus } from '../generated/prisma/enums.js';
import { found } from '../shared/references.js';
import { mustBeIn } from '../shared/status-rules.js';
import { moveOverdueInvoice } from './invoice-overdue.js';
import type { Context } from '../graphql/context.js';

// The invoice lifecycle: which moves each stored status allows (`overdue` is stored by the
// scheduled move, see invoice-overdue.ts), the row lock every move takes, and the history.

/** What each lifecycle action needs the status to be. */
export const ACTIONS = {
  send: { allowed: ['draft'], verb: 'send' },
  view: { allowed: ['sent', 'viewed', 'partially_paid', 'paid', 'overdue'], verb: 'mark as viewed' },
  pay: { allowed: ['sent', 'viewed', 'partially_paid', 'overdue'], verb: 'record a payment on' },
  void: { allowed: ['draft', 'sent', 'viewed', 'overdue'], verb: 'void' },
  editLines: { allowed: ['draft'], verb: 'change the line items of' },
} as const satisfies Record<string, { allowed: readonly InvoiceStatus[]; verb: string }>;

export type InvoiceAction = keyof typeof ACTIONS;

/** CONFLICT naming the current status unless `action` is allowed in it. */
export const mustAllow = (status: InvoiceStatus, action: InvoiceAction) => mustBeIn('an invoice', status, ACTIONS[action].allowed, ACTIONS[action].verb);

/**
 * Locks an invoice for the rest of the transaction (concurrent payments are served one after the
 * other, each seeing the balance the previous one left) and reads it, overdue first if it is due
 * to be: a move or an edit starts from the status the invoice has at `now`.
 */
export async function lockInvoice(tx: Prisma.TransactionClient, id: string, ctx: Pick<Context, 'now' | 'events'>) {
  await moveOverdueInvoice(tx, ctx, id);
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
