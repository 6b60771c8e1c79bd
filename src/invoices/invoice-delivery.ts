import { primaryContactWithEmail } from '../contacts/primary-contact.js';
import { scopedTenantId } from '../db/tenant-scope.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { Context } from '../graphql/context.js';
import { enqueueMail } from '../mail/outbox.js';
import { dateOnly } from '../shared/dates.js';
import { tenantName } from '../tenants/tenant.service.js';
import { invoiceDocument, renderInvoicePdf } from './invoice-pdf.js';
import { statusOf } from './invoice.service.js';

/**
 * Queues the sent invoice by email, with its PDF, in the sending transaction: to the invoice's
 * contact, else the company's primary contact. Returns the history note saying where it went.
 */
export async function emailInvoice(tx: Prisma.TransactionClient, id: string): Promise<string> {
  const [invoice, seller] = await Promise.all([invoiceDocument(tx, id), tenantName(tx)]);
  const recipient = invoice.contact?.email ? invoice.contact : await primaryContactWithEmail(tx, invoice.companyId);
  if (!recipient?.email) return 'not emailed: neither the invoice nor its company has a contact with an email address';
  const pdf = await renderInvoicePdf(invoice, seller, invoice.status);
  const due = invoice.dueDate ? `, due ${dateOnly(invoice.dueDate)}` : '';
  await enqueueMail(tx, scopedTenantId(tx), {
    kind: 'invoice.sent',
    to: recipient.email,
    subject: `Invoice ${invoice.invoiceNumber} from ${seller}: ${invoice.totalAmount.toFixed(2)}${due}`,
    text: `Hello ${recipient.firstName},\n\nInvoice ${invoice.invoiceNumber} for ${invoice.totalAmount.toFixed(2)}${due} is attached.${invoice.customerNotes ? `\n\n${invoice.customerNotes}` : ''}\n\n${seller}\n`,
    attachments: [{ filename: `${invoice.invoiceNumber.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`, contentType: 'application/pdf', content: pdf.toString('base64'), encoding: 'base64' }],
  });
  return `emailed to ${recipient.email}`;
}

/** The invoice as a PDF, as it stands now (a draft or a voided one stamped so). */
export async function invoicePdf(ctx: Context, id: string) {
  const [invoice, seller] = await Promise.all([invoiceDocument(ctx.db, id), tenantName(ctx.db)]);
  return { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, pdf: await renderInvoicePdf(invoice, seller, statusOf(ctx, invoice)) };
}
