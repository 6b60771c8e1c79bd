import { beforeAll, describe, expect, it } from 'vitest';
import { CreateInvoiceGqlDocument, InvoicePdfGqlDocument, UpdateInvoiceGqlDocument } from './generated/operations.js';
import { pdfRenderStats } from '../src/shared/pdf-renderer.js';
import { useHarness } from './support/harness.js';
import { type InvoiceWorld, invoiceWorld } from './support/invoice-fixtures.js';

const harness = useHarness();
const { h, rest, gql } = harness;
let w: InvoiceWorld;

beforeAll(async () => {
  w = await invoiceWorld(harness);
});

const invoiceCount = () => h.db.prisma.invoice.count({ where: { tenantId: w.me.tenantId } });
const lines = (count: number, length: number) => Array.from({ length: count }, () => ({ description: 'W'.repeat(length), quantity: '1', unitPrice: '1.00' }));
const fields = (body: { details?: { field: string }[] }) => (body.details ?? []).map((d) => d.field);

describe('bounds on what an invoice holds', () => {
  it("refuses the review's invoice (450 lines of 2,000 characters, 10,000-character notes) with a 400, each bound on its own too, and creates nothing", async () => {
    const before = await invoiceCount();
    const refused = await rest('POST', '/api/invoices', {
      key: w.key,
      body: { companyId: w.company.id, lineItems: lines(450, 2000), notes: 'N'.repeat(10_000), customerNotes: 'C'.repeat(10_000) },
    });
    expect(refused.status).toBe(400);
    expect(fields(refused.body)).toEqual(expect.arrayContaining(['notes', 'lineItems.0.description', 'lineItems.449.description']));

    const bounds: [Record<string, unknown>, string, RegExp][] = [
      [{ lineItems: lines(251, 10) }, 'lineItems', /at most 250 lines/],
      [{ lineItems: lines(1, 1001) }, 'lineItems.0.description', /at most 1000 characters/],
      [{ lineItems: lines(1, 10), notes: 'N'.repeat(5001) }, 'notes', /at most 5000 characters/],
      [{ lineItems: lines(1, 10), customerNotes: 'C'.repeat(2001) }, 'customerNotes', /at most 2000 characters/],
    ];
    for (const [body, field, message] of bounds) {
      const answer = await rest('POST', '/api/invoices', { key: w.key, body: { companyId: w.company.id, ...body } });
      expect(answer.status).toBe(400);
      expect(answer.body.details).toEqual([{ field, message: expect.stringMatching(message) }]);
    }
    expect(await invoiceCount()).toBe(before);
  });

  it('refuses the same over GraphQL, and accepts the largest legal invoice', async () => {
    const before = await invoiceCount();
    const refused = await gql(w.key, CreateInvoiceGqlDocument, { input: { companyId: w.company.id, lineItems: lines(251, 10) } });
    expect(refused.errors?.map((e) => e.extensions.code)).toEqual(['BAD_USER_INPUT']);
    expect(await invoiceCount()).toBe(before);
    const largest = await rest('POST', '/api/invoices', {
      key: w.key,
      body: { companyId: w.company.id, lineItems: lines(250, 1000), notes: 'N'.repeat(5000), customerNotes: 'C'.repeat(2000) },
    });
    expect(largest.status).toBe(201);
    expect(largest.body.lineItems).toHaveLength(250);
  });

  it('holds the bounds in PATCH and in the replacement of lines, changing nothing when refused', async () => {
    const invoice = await w.draft({ notes: 'internal', customerNotes: 'thanks' });
    const notes = await rest('PATCH', `/api/invoices/${invoice.id}`, { key: w.key, body: { notes: 'N'.repeat(5001) } });
    expect(notes.status).toBe(400);
    expect(fields(notes.body)).toEqual(['notes']);
    const customerNotes = await gql(w.key, UpdateInvoiceGqlDocument, { id: invoice.id, input: { customerNotes: 'C'.repeat(2001) } });
    expect(customerNotes.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ field: ['input', 'customerNotes'] }] });
    const replaced = await rest('PUT', `/api/invoices/${invoice.id}/line-items`, { key: w.key, body: { lineItems: lines(251, 10) } });
    expect(replaced.status).toBe(400);
    const stored = await h.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id }, include: { lineItems: true } });
    expect(stored).toMatchObject({ notes: 'internal', customerNotes: 'thanks' });
    expect(stored.lineItems).toHaveLength(2);
  });

  it('records at most 100 payments on an invoice', async () => {
    const invoice = await w.inStatus('sent');
    for (let i = 0; i < 100; i++) await w.pay(invoice.id, '0.01');
    const refused = await rest('POST', `/api/invoices/${invoice.id}/payments`, { key: w.key, body: { amount: '0.01', paymentMethod: 'cash' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/at most 100 payments/);
    expect(await h.db.prisma.payment.count({ where: { invoiceId: invoice.id } })).toBe(100);
  });
});

describe('the PDF store', () => {
  const download = async (id: string) => {
    const response = await h.app.fetch(`http://localhost/api/invoices/${id}/pdf`, { headers: { authorization: `Bearer ${w.key}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    return Buffer.from(await response.arrayBuffer());
  };
  const storedPdf = (invoiceId: string) => h.db.prisma.invoicePdf.findUnique({ where: { invoiceId } });

  it('renders an invoice once, serves it again from the database, and renders anew after a change', async () => {
    const invoice = await w.draft();
    const before = pdfRenderStats.rendered;
    const first = await download(invoice.id);
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfRenderStats.rendered).toBe(before + 1);
    const row = await storedPdf(invoice.id);
    expect(Buffer.from(row?.pdf ?? []).equals(first)).toBe(true);

    expect((await download(invoice.id)).equals(first)).toBe(true);
    expect(pdfRenderStats.rendered).toBe(before + 1);
    const pdf = await gql(w.key, InvoicePdfGqlDocument, { id: invoice.id });
    expect(Buffer.from(pdf.data?.invoicePdf?.pdfBase64 ?? '', 'base64').equals(first)).toBe(true);
    expect(pdfRenderStats.rendered).toBe(before + 1);

    await rest('PATCH', `/api/invoices/${invoice.id}`, { key: w.key, body: { customerNotes: 'Now with a note' } });
    const changed = await download(invoice.id);
    expect(changed.equals(first)).toBe(false);
    expect(pdfRenderStats.rendered).toBe(before + 2);
    expect((await storedPdf(invoice.id))?.contentHash).not.toBe(row?.contentHash);
  });

  it('sends with the PDF rendered once, before the sending transaction, and serves the download from it', async () => {
    const invoice = await w.draft();
    const before = pdfRenderStats.rendered;
    await w.send(invoice.id);
    expect(pdfRenderStats.rendered).toBe(before + 1);
    const mail = await h.db.prisma.outboxMessage.findFirstOrThrow({ where: { tenantId: w.me.tenantId, kind: 'invoice.sent' }, orderBy: { createdAt: 'desc' } });
    const attached = Buffer.from((mail.message as { attachments: { content: string }[] }).attachments[0]?.content ?? '', 'base64');
    expect((await download(invoice.id)).equals(attached)).toBe(true);
    expect(pdfRenderStats.rendered).toBe(before + 1);
  });
});
