import { createHash } from 'node:crypto';
import { primaryContactWithEmail } from '../contacts/primary-contact.js';
import { scopedTenantId } from '../db/tenant-scope.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { Context } from '../graphql/context.js';
import { enqueueMail } from '../mail/outbox.js';
import { oneLineAddress } from '../shared/address.js';
import { dateOnly, utcToday } from '../shared/dates.js';
import { renderPdfInWorker } from '../shared/pdf-renderer.js';
import { found } from '../shared/references.js';
import { tenantName } from '../tenants/tenant.service.js';
import { isZero } from './invoice-money.js';
import { moveTenantOverdueInvoices } from './invoice-overdue.js';
import type { InvoicePrintout } from './invoice-pdf.js';

/** Everything the customer's invoice shows, read in one statement. */
function invoiceDocument(db: Prisma.TransactionClient, id: string) {
  return found(db.invoice.findUnique({
    where: { id },
    include: {
      company: { select: { name: true, address: true, city: true, state: true, postalCode: true } },
      contact: { select: { firstName: true, lastName: true, email: true } },
      lineItems: { orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] },
      payments: { orderBy: [{ paymentDate: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] },
    },
  }), 'Invoice');
}

type InvoiceDocument = Awaited<ReturnType<typeof invoiceDocument>>;

const money = (value: { toFixed(dp: number): string }) => value.toFixed(2);

/** What the PDF prints of `invoice`, as text (no timestamps, so an unchanged invoice prints the same). */
function printoutOf(invoice: InvoiceDocument, seller: string): InvoicePrintout {
  const { contact } = invoice;
  return {
    invoiceNumber: invoice.invoiceNumber,
    seller,
    status: invoice.status,
    issued: invoice.issuedDate && dateOnly(invoice.issuedDate),
    due: invoice.dueDate && dateOnly(invoice.dueDate),
    billTo: {
      name: invoice.company.name,
      address: oneLineAddress(invoice.company),
      attention: contact && `${contact.firstName} ${contact.lastName}${contact.email ? ` <${contact.email}>` : ''}`,
    },
    lines: invoice.lineItems.map((item) => ({ description: item.description, amount: `${item.quantity.toFixed()} × ${money(item.unitPrice)} = ${money(item.total)}` })),
    totals: [
      { label: 'Subtotal', value: money(invoice.subtotal) },
      { label: `Tax (${invoice.taxRate.times(100).toFixed()} %)`, value: money(invoice.taxAmount) },
      { label: 'Total', value: money(invoice.totalAmount) },
      { label: 'Paid', value: money(invoice.amountPaid) },
      { label: 'Balance due', value: money(invoice.balanceDue) },
    ],
    payments: invoice.payments.map(
      (p) => `${dateOnly(p.paymentDate)}  ${money(p.amount)}  ${p.paymentMethod.replace('_', ' ')}${p.referenceNumber ? `  ref. ${p.referenceNumber}` : ''}`,
    ),
    customerNotes: invoice.customerNotes,
  };
}

/**
 * The PDF of a printout: the one stored for the invoice when it was rendered from the same
 * content (a SHA-256 of the printout), else rendered in the worker and stored in its place. The
 * store is a table, so every server process serves what any of them rendered; any change to what
 * the invoice prints (its lines, payments, status, the company's name...) changes the hash.
 */
async function invoicePdfOf(db: Prisma.TransactionClient, invoiceId: string, printout: InvoicePrintout): Promise<Buffer> {
  const contentHash = createHash('sha256').update(JSON.stringify(printout)).digest('hex');
  const stored = await db.invoicePdf.findFirst({ where: { invoiceId, contentHash }, select: { pdf: true } });
  if (stored) return Buffer.from(stored.pdf);
  const pdf = await renderPdfInWorker({ kind: 'invoice', content: printout });
  // Two processes rendering the same invoice at once: the last one's PDF stays, both are right.
  await db.$executeRaw`
    INSERT INTO "InvoicePdf" ("invoiceId", "tenantId", "contentHash", pdf) VALUES (${invoiceId}::uuid, ${scopedTenantId(db)}::uuid, ${contentHash}, ${pdf})
    ON CONFLICT ("invoiceId") DO UPDATE SET "contentHash" = excluded."contentHash", pdf = excluded.pdf, "renderedAt" = now()`;
  return pdf;
}

/**
 * Renders (into the store) the PDF a draft will have once sent, before the sending transaction,
 * so that the transaction, which holds the invoice's row lock and a database connection, finds it
 * rendered and does not wait for the renderer. Anything else is left to the transaction to refuse.
 */
export async function prepareSentPdf(db: Prisma.TransactionClient, id: string, now: Date) {
  const [invoice, seller] = await Promise.all([invoiceDocument(db, id), tenantName(db)]);
  if (invoice.status !== 'draft' || !invoice.lineItems.length) return;
  const sent = { ...invoice, status: isZero(invoice.totalAmount) ? ('paid' as const) : ('sent' as const), issuedDate: invoice.issuedDate ?? utcToday(now) };
  await invoicePdfOf(db, id, printoutOf(sent, seller));
}

/**
 * Queues the sent invoice by email, with its PDF, in the sending transaction: to the invoice's
 * contact, else the company's primary contact. Returns the history note saying where it went.
 */
export async function emailInvoice(tx: Prisma.TransactionClient, id: string): Promise<string> {
  const [invoice, seller] = await Promise.all([invoiceDocument(tx, id), tenantName(tx)]);
  const recipient = invoice.contact?.email ? invoice.contact : await primaryContactWithEmail(tx, invoice.companyId);
  if (!recipient?.email) return 'not emailed: neither the invoice nor its company has a contact with an email address';
  const pdf = await invoicePdfOf(tx, id, printoutOf(invoice, seller));
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

/** The invoice as a PDF, as it stands now (a draft or a voided one stamped so): from the store when unchanged. */
export async function invoicePdf(ctx: Context, id: string) {
  await moveTenantOverdueInvoices(ctx, id);
  const [invoice, seller] = await Promise.all([invoiceDocument(ctx.db, id), tenantName(ctx.db)]);
  return { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, pdf: await invoicePdfOf(ctx.db, id, printoutOf(invoice, seller)) };
}
