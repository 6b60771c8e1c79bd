import type { Prisma } from '../generated/prisma/client.js';
import { oneLineAddress } from '../shared/address.js';
import { dateOnly } from '../shared/dates.js';
import { BOLD, REGULAR, renderPdf } from '../shared/pdf.js';
import { found } from '../shared/references.js';

const STATUS_STAMPS: Record<string, string> = { draft: 'DRAFT', voided: 'VOID', paid: 'PAID' };

/** Everything the customer's invoice shows, read in one statement. */
export async function invoiceDocument(db: Prisma.TransactionClient, id: string) {
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

export type InvoiceDocument = Awaited<ReturnType<typeof invoiceDocument>>;

const money = (value: { toFixed(dp: number): string }) => value.toFixed(2);

/** The invoice as a PDF: who bills whom, the lines, the totals, the payments and the customer's notes. */
export function renderInvoicePdf(invoice: InvoiceDocument, seller: string, status: string): Promise<Buffer> {
  return renderPdf({ Title: `Invoice ${invoice.invoiceNumber}`, Subject: `Invoice ${invoice.invoiceNumber} from ${seller}` }, ({ doc, heading, line }) => {
    doc.font(BOLD).fontSize(18).text(`Invoice ${invoice.invoiceNumber}`);
    doc.font(REGULAR).fontSize(11).text(seller);
    if (STATUS_STAMPS[status]) doc.moveDown(0.3).font(BOLD).fontSize(14).fillColor('#b00020').text(STATUS_STAMPS[status] as string).fillColor('black');
    doc.font(REGULAR).fontSize(10).moveDown(0.5);
    line('Issued', invoice.issuedDate && dateOnly(invoice.issuedDate));
    line('Due', invoice.dueDate && dateOnly(invoice.dueDate));
    line('Status', status.replace('_', ' '));

    heading('Bill to');
    doc.text(invoice.company.name);
    const address = oneLineAddress(invoice.company);
    if (address) doc.text(address);
    if (invoice.contact) doc.text(`Attn: ${invoice.contact.firstName} ${invoice.contact.lastName}${invoice.contact.email ? ` <${invoice.contact.email}>` : ''}`);

    heading('Items');
    for (const item of invoice.lineItems) {
      doc.text(`${item.description}`);
      doc.fillColor('#555555').text(`   ${item.quantity.toFixed()} × ${money(item.unitPrice)} = ${money(item.total)}`).fillColor('black');
    }
    doc.moveDown(0.5);
    line('Subtotal', money(invoice.subtotal));
    line(`Tax (${invoice.taxRate.times(100).toFixed()} %)`, money(invoice.taxAmount));
    line('Total', money(invoice.totalAmount));
    line('Paid', money(invoice.amountPaid));
    line('Balance due', money(invoice.balanceDue));

    if (invoice.payments.length) {
      heading('Payments');
      for (const payment of invoice.payments) {
        doc.text(`${dateOnly(payment.paymentDate)}  ${money(payment.amount)}  ${payment.paymentMethod.replace('_', ' ')}${payment.referenceNumber ? `  ref. ${payment.referenceNumber}` : ''}`);
      }
    }
    if (invoice.customerNotes) {
      heading('Notes');
      doc.text(invoice.customerNotes);
    }
  });
}
