import { describe, expect, it } from 'vitest';
import { useHarness } from './support/harness.js';
import { invoiceWorld } from './support/invoice-fixtures.js';
import { pdfText } from './support/pdf.js';
import { mailDelivery, settledOutbox, until } from './support/smtp.js';

const harness = useHarness();
const { h, rest } = harness;

describe('the invoice PDF and its email', () => {
  const smtp = mailDelivery(() => h.db.prisma, 'Billing <billing@northwind.example>');

  it('prints the number, dates, company, contact, lines, totals, payments and customer notes', async () => {
    const w = await invoiceWorld(harness);
    const invoice = await w.draft({ contactId: w.contact.id, issuedDate: '2026-11-01', dueDate: '2026-12-01', customerNotes: 'Merci, Šťastný and Ωμέγα' });
    await w.send(invoice.id);
    await w.pay(invoice.id, '393.72', { paymentMethod: 'check', referenceNumber: 'CHK-77', paymentDate: '2026-11-10' });
    const response = await h.app.fetch(`http://localhost/api/invoices/${invoice.id}/pdf`, { headers: { authorization: `Bearer ${w.key}` } });
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    for (const expected of [invoice.invoiceNumber, '2026-11-01', '2026-12-01', 'Northwind Hoists', '12 Main St, Springfield, IL 62701', 'Ada Stone', 'Annual crane inspection', 'Travel', '1287.50', '106.22', '1393.72', '1000.00', 'CHK-77', '2026-11-10', 'Merci, Šťastný and Ωμέγα']) {
      expect(text, expected).toContain(expected);
    }
  });

  it('emails the invoice with its PDF to the contact when sent, through the outbox', async () => {
    const w = await invoiceWorld(harness);
    const invoice = await w.draft({ contactId: w.contact.id, dueDate: '2099-01-31' });
    await w.send(invoice.id);
    const seller = (await h.db.prisma.tenant.findUniqueOrThrow({ where: { id: w.me.tenantId } })).name;
    const subject = `Invoice ${invoice.invoiceNumber} from ${seller}: 1393.72, due 2099-01-31`;
    const mail = await until(() => smtp.received.find((m) => m.subject === subject), 'the invoice email');
    expect(JSON.stringify(mail.to)).toContain('ada@northwind.example');
    const attachment = mail.attachments.find((a) => a.contentType === 'application/pdf');
    expect(attachment?.filename).toBe(`${invoice.invoiceNumber}.pdf`);
    const text = await pdfText(new Uint8Array(attachment?.content ?? []));
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain('1393.72');
    const outbox = await settledOutbox(h.db.prisma, w.me.tenantId, 'invoice.sent');
    expect(outbox.map((m) => m.status)).toEqual(['sent']);
  });

  it('sends without an email when nobody has an address, and the history says so', async () => {
    const w = await invoiceWorld(harness);
    const company = (await rest('POST', '/api/v1/companies', { key: w.key, body: { name: 'No Mail Ltd' } })).body.data;
    const invoice = await w.draft({ companyId: company.id });
    expect((await w.send(invoice.id)).status).toBe('sent');
    const history = (await rest('GET', `/api/invoices/${invoice.id}/history`, { key: w.key })).body.data;
    expect(history.at(-1)).toMatchObject({ toStatus: 'sent', note: 'not emailed: neither the invoice nor its company has a contact with an email address' });
    expect(await h.db.prisma.outboxMessage.count({ where: { tenantId: w.me.tenantId } })).toBe(0);
  });
});
