import { BOLD, REGULAR, renderPdf } from '../shared/pdf.js';

// Drawn in the PDF renderer's worker thread (src/pdf-worker.ts), from plain values only.

/** Everything the customer's invoice prints, as text: what the PDF is drawn from, and what its cache is keyed by. */
export interface InvoicePrintout {
  invoiceNumber: string;
  seller: string;
  status: string;
  issued: string | null;
  due: string | null;
  billTo: { name: string; address: string | null; attention: string | null };
  lines: { description: string; amount: string }[];
  totals: { label: string; value: string }[];
  payments: string[];
  customerNotes: string | null;
}

const STATUS_STAMPS: Record<string, string> = { draft: 'DRAFT', voided: 'VOID', paid: 'PAID' };

/** The invoice as a PDF: who bills whom, the lines, the totals, the payments and the customer's notes. */
export function renderInvoicePdf(invoice: InvoicePrintout): Promise<Buffer> {
  return renderPdf({ Title: `Invoice ${invoice.invoiceNumber}`, Subject: `Invoice ${invoice.invoiceNumber} from ${invoice.seller}` }, ({ doc, heading, line }) => {
    doc.font(BOLD).fontSize(18).text(`Invoice ${invoice.invoiceNumber}`);
    doc.font(REGULAR).fontSize(11).text(invoice.seller);
    const stamp = STATUS_STAMPS[invoice.status];
    if (stamp) doc.moveDown(0.3).font(BOLD).fontSize(14).fillColor('#b00020').text(stamp).fillColor('black');
    doc.font(REGULAR).fontSize(10).moveDown(0.5);
    line('Issued', invoice.issued);
    line('Due', invoice.due);
    line('Status', invoice.status.replace('_', ' '));

    heading('Bill to');
    doc.text(invoice.billTo.name);
    if (invoice.billTo.address) doc.text(invoice.billTo.address);
    if (invoice.billTo.attention) doc.text(`Attn: ${invoice.billTo.attention}`);

    heading('Items');
    for (const item of invoice.lines) {
      doc.text(item.description);
      doc.fillColor('#555555').text(`   ${item.amount}`).fillColor('black');
    }
    doc.moveDown(0.5);
    for (const total of invoice.totals) line(total.label, total.value);

    if (invoice.payments.length) {
      heading('Payments');
      for (const payment of invoice.payments) doc.text(payment);
    }
    if (invoice.customerNotes) {
      heading('Notes');
      doc.text(invoice.customerNotes);
    }
  });
}
