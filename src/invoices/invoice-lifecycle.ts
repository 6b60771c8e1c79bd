import type { Prisma } from '../generated/prisma/client.js';
import type { PaymentMethod } from '../generated/prisma/enums.js';
import type { Context } from '../graphql/context.js';
import { principalOf } from '../graphql/context.js';
import { mailQueued } from '../mail/outbox.js';
import { dateOnly, utcToday } from '../shared/dates.js';
import { badInput, invalidState } from '../shared/errors.js';
import { emailInvoice, prepareSentPdf } from './invoice-delivery.js';
import { MAX_PAYMENTS } from './invoice-limits.js';
import { afterPayment, isZero } from './invoice-money.js';
import { lockInvoice, mustAllow, recordInvoiceEvent } from './invoice-status.js';
import { getInvoice, type InvoiceQuery } from './invoice.service.js';

// The moves of the lifecycle, each in one transaction under the invoice's row lock, recorded in
// its history: send, mark as viewed, record a payment, void.

/**
 * `draft` → `sent`: stamps `sentAt` (and `issuedDate`, today in UTC, when unset) and emails the PDF.
 * A draft whose total is zero is settled by sending it, as Stripe does: it goes straight to `paid`.
 */
export async function sendInvoice(ctx: Context, id: string, query: InvoiceQuery = {}) {
  const { userId } = principalOf(ctx);
  await prepareSentPdf(ctx.db, id, ctx.now());
  const sent = await ctx.db.$transaction(
    async (tx) => {
      const invoice = await lockInvoice(tx, id, ctx);
      mustAllow(invoice.status, 'send');
      if (!(await tx.invoiceLineItem.count({ where: { invoiceId: id } }))) throw badInput([{ field: 'lineItems', message: 'an invoice without line items cannot be sent' }]);
      const now = ctx.now();
      const settled = isZero(invoice.totalAmount);
      const data: Prisma.InvoiceUpdateInput = { status: settled ? 'paid' : 'sent', sentAt: now, issuedDate: invoice.issuedDate ?? utcToday(now), paidAt: settled ? now : undefined };
      await tx.invoice.update({ where: { id }, data, select: { id: true } });
      const note = await emailInvoice(tx, id);
      await recordInvoiceEvent(tx, { invoiceId: id, userId, fromStatus: 'draft', toStatus: 'sent', note });
      if (settled) await recordInvoiceEvent(tx, { invoiceId: id, userId, fromStatus: 'sent', toStatus: 'paid', note: 'nothing to pay: the total is 0.00' });
      await ctx.events.record(tx, 'invoice.sent', id);
      if (settled) await ctx.events.record(tx, 'invoice.paid', id);
      return tx.invoice.findUniqueOrThrow({ ...query, where: { id } });
    },
    // Should the invoice have changed since prepareSentPdf, its PDF is rendered in the transaction.
    { maxWait: 8_000, timeout: 20_000 },
  );
  mailQueued();
  return sent;
}

/** `sent` → `viewed` (a customer portal or tracking link reports a view); a no-op once viewed, paying or paid. */
export async function markInvoiceViewed(ctx: Context, id: string, query: InvoiceQuery = {}) {
  const { userId } = principalOf(ctx);
  return ctx.db.$transaction(async (tx) => {
    const invoice = await lockInvoice(tx, id, ctx);
    mustAllow(invoice.status, 'view');
    if (invoice.status !== 'sent') return tx.invoice.findUniqueOrThrow({ ...query, where: { id } });
    await recordInvoiceEvent(tx, { invoiceId: id, userId, fromStatus: 'sent', toStatus: 'viewed' });
    return tx.invoice.update({ ...query, where: { id }, data: { status: 'viewed' } });
  });
}

export interface NewPayment {
  amount: string;
  paymentDate?: Date | null;
  paymentMethod: PaymentMethod;
  referenceNumber?: string | null;
  notes?: string | null;
}

/**
 * Records a payment of at most the balance due: `partially_paid`, or `paid` (with `paidAt`) when
 * the balance reaches zero. The row lock makes concurrent payments queue, so together they cannot
 * overpay (and the database's check constraint would refuse it anyway).
 */
export async function recordPayment(ctx: Context, id: string, input: NewPayment, query: InvoiceQuery = {}) {
  const { userId, tenantId } = principalOf(ctx);
  // A payment is recorded once received; tomorrow (UTC) is still today somewhere east of UTC.
  const latest = new Date(utcToday(ctx.now()).getTime() + 86_400_000);
  if (input.paymentDate && input.paymentDate > latest) {
    throw badInput([{ field: 'paymentDate', message: `must not be after ${dateOnly(latest)} (tomorrow, UTC): a payment is recorded once it is received` }]);
  }
  return ctx.db.$transaction(async (tx) => {
    const invoice = await lockInvoice(tx, id, ctx);
    mustAllow(invoice.status, 'pay');
    if ((await tx.payment.count({ where: { invoiceId: id } })) >= MAX_PAYMENTS) {
      throw badInput([{ field: 'amount', message: `an invoice records at most ${MAX_PAYMENTS} payments; this one has them all` }]);
    }
    const { amountPaid, balanceDue, settled } = afterPayment(invoice, input.amount);
    const now = ctx.now();
    await tx.payment.create({
      data: {
        tenantId,
        invoiceId: id,
        amount: input.amount,
        paymentDate: input.paymentDate ?? utcToday(now),
        paymentMethod: input.paymentMethod,
        referenceNumber: input.referenceNumber ?? null,
        notes: input.notes ?? null,
      },
    });
    // A payment that leaves a balance does not make an overdue invoice less overdue.
    const status = settled ? 'paid' : invoice.status === 'overdue' ? 'overdue' : 'partially_paid';
    await recordInvoiceEvent(tx, { invoiceId: id, userId, fromStatus: invoice.status, toStatus: status, note: `payment of ${input.amount} by ${input.paymentMethod}` });
    const updated = await tx.invoice.update({ ...query, where: { id }, data: { amountPaid, balanceDue, status, paidAt: settled ? now : null } });
    await ctx.events.record(tx, 'invoice.payment_recorded', id);
    if (settled) await ctx.events.record(tx, 'invoice.paid', id);
    return updated;
  });
}

/** Any unpaid status → `voided` (final). With payments recorded it is a CONFLICT (refunds and credit notes are not built). */
export async function voidInvoice(ctx: Context, id: string, query: InvoiceQuery = {}) {
  const { userId } = principalOf(ctx);
  return ctx.db.$transaction(async (tx) => {
    const invoice = await lockInvoice(tx, id, ctx);
    const status = invoice.status;
    if (!isZero(invoice.amountPaid)) {
      throw invalidState(`Cannot void an invoice with payments recorded: it is ${status}, with ${invoice.amountPaid.toFixed(2)} paid`, { status });
    }
    mustAllow(status, 'void');
    await recordInvoiceEvent(tx, { invoiceId: id, userId, fromStatus: invoice.status, toStatus: 'voided' });
    const voided = await tx.invoice.update({ ...query, where: { id }, data: { status: 'voided' } });
    await ctx.events.record(tx, 'invoice.voided', id);
    return voided;
  });
}

/** The invoice's history, oldest first. */
export async function invoiceHistory(ctx: Context, id: string, query: { include?: Prisma.InvoiceEventInclude; select?: Prisma.InvoiceEventSelect }) {
  // Read together: a missing invoice is NOT_FOUND (its history, read in the tenant, is then empty).
  const [, events] = await Promise.all([
    getInvoice(ctx, id, { select: { id: true } }),
    ctx.db.invoiceEvent.findMany({ ...query, where: { invoiceId: id }, orderBy: [{ occurredAt: 'asc' }, { id: 'asc' }] }),
  ]);
  return events;
}
