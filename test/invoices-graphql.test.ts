import { beforeAll, describe, expect, it } from 'vitest';
import { createKeyPair } from '../src/auth/key-pairs.js';
import { JIT_AFTER_EXECUTIONS } from '../src/http/compiled-execution.js';
import {
  CompanyInvoicesGqlDocument,
  CreateInvoiceGqlDocument,
  InvoiceGqlDocument,
  InvoiceHistoryGqlDocument,
  InvoiceListGqlDocument,
  InvoicePdfGqlDocument,
  MarkInvoiceViewedGqlDocument,
  RecordInvoicePaymentGqlDocument,
  ReplaceInvoiceLinesGqlDocument,
  SendInvoiceGqlDocument,
  UpdateInvoiceGqlDocument,
  VoidInvoiceGqlDocument,
} from './generated/operations.js';
import { useHarness } from './support/harness.js';
import { type InvoiceWorld, invoiceWorld, TWO_LINES } from './support/invoice-fixtures.js';

const harness = useHarness();
const { gql, rest } = harness;
let w: InvoiceWorld;

beforeAll(async () => {
  w = await invoiceWorld(harness);
});

const codes = (answer: { errors?: { extensions: { code: string } }[] }) => (answer.errors ?? []).map((e) => e.extensions.code);

describe('invoices over GraphQL', () => {
  it('runs the lifecycle with the same rules and shapes as REST', async () => {
    const created = await gql(w.key, CreateInvoiceGqlDocument, { input: { companyId: w.company.id, contactId: w.contact.id, taxRate: '0.0825', lineItems: TWO_LINES, customerNotes: 'Thanks' } });
    const invoice = created.data!.createInvoice.invoice!;
    const id = invoice.id;
    expect(invoice).toMatchObject({
      status: 'draft',
      subtotal: '1287.50',
      taxAmount: '106.22',
      totalAmount: '1393.72',
      balanceDue: '1393.72',
      companyName: 'Northwind Hoists',
      company: { id: w.company.id, name: 'Northwind Hoists', fullAddress: '12 Main St, Springfield, IL 62701' },
      contact: { firstName: 'Ada', lastName: 'Stone', email: 'ada@northwind.example' },
    });
    const rested = (await rest('GET', `/api/invoices/${id}`, { key: w.key })).body;
    for (const field of ['invoiceNumber', 'subtotal', 'taxRate', 'taxAmount', 'totalAmount', 'lineItems'] as const) {
      expect(field === 'lineItems' ? invoice.lineItems.map((l) => l.total) : invoice[field], field).toEqual(field === 'lineItems' ? rested.lineItems.map((l: { total: string }) => l.total) : rested[field]);
    }

    const lines = await gql(w.key, ReplaceInvoiceLinesGqlDocument, { id, input: { lineItems: [{ description: 'Inspection', quantity: '1', unitPrice: '1000' }], taxRate: '0' } });
    expect(lines.data?.replaceInvoiceLineItems.invoice).toMatchObject({ totalAmount: '1000.00', taxRate: '0', lineItems: [{ total: '1000.00', sortOrder: 0 }] });
    expect(codes(await gql(w.key, RecordInvoicePaymentGqlDocument, { id, input: { amount: '1.00', paymentMethod: 'cash' } }))).toEqual(['CONFLICT']);
    expect((await gql(w.key, SendInvoiceGqlDocument, { id })).data?.sendInvoice.invoice?.status).toBe('sent');
    expect(codes(await gql(w.key, ReplaceInvoiceLinesGqlDocument, { id, input: { lineItems: TWO_LINES } }))).toEqual(['CONFLICT']);
    expect((await gql(w.key, MarkInvoiceViewedGqlDocument, { id })).data?.markInvoiceViewed.invoice?.status).toBe('viewed');
    const over = await gql(w.key, RecordInvoicePaymentGqlDocument, { id, input: { amount: '1000.01', paymentMethod: 'cash' } });
    expect(codes(over)).toEqual(['BAD_USER_INPUT']);
    expect(over.errors?.[0]?.extensions.details).toEqual([{ field: ['input', 'amount'], message: 'must not exceed the balance due, 1000.00', code: 'INVALID' }]);
    const paid = await gql(w.key, RecordInvoicePaymentGqlDocument, { id, input: { amount: '1000', paymentMethod: 'credit_card', paymentDate: '2026-11-02', referenceNumber: 'ch_1' } });
    expect(paid.data?.recordInvoicePayment.invoice).toMatchObject({ status: 'paid', amountPaid: '1000.00', balanceDue: '0.00', payments: [{ amount: '1000.00', paymentDate: '2026-11-02', paymentMethod: 'credit_card', referenceNumber: 'ch_1' }] });
    expect(codes(await gql(w.key, VoidInvoiceGqlDocument, { id }))).toEqual(['CONFLICT']);
    const history = await gql(w.key, InvoiceHistoryGqlDocument, { id });
    expect(history.data?.invoiceHistory?.map((e) => e.toStatus)).toEqual(['draft', 'sent', 'viewed', 'paid']);
    const pdf = await gql(w.key, InvoicePdfGqlDocument, { id });
    expect(Buffer.from(pdf.data?.invoicePdf?.pdfBase64 ?? '', 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('lists as a connection with its count, filters overdue, and answers an unknown invoice as null', async () => {
    const overdue = await w.inStatus('overdue');
    const list = await gql(w.key, InvoiceListGqlDocument, { filter: { status: ['overdue'] }, first: 100 });
    expect(list.data?.invoices.nodes.map((i) => i.id)).toContain(overdue.id);
    expect(list.data?.invoices.nodes.every((i) => i.status === 'overdue')).toBe(true);
    expect(list.data?.invoices.totalCount).toBe(list.data?.invoices.nodes.length);
    const missing = await gql(w.key, InvoiceGqlDocument, { id: '0199aa00-0000-7000-8000-000000000001' });
    expect(missing.data).toEqual({ invoice: null });
    expect(codes(missing)).toEqual([]);
    expect(codes(await gql(w.key, UpdateInvoiceGqlDocument, { id: overdue.id, input: {} }))).toEqual(['BAD_USER_INPUT']);
    const updated = await gql(w.key, UpdateInvoiceGqlDocument, { id: overdue.id, input: { dueDate: '2099-01-01' } });
    expect(updated.data?.updateInvoice.invoice).toMatchObject({ dueDate: '2099-01-01', status: 'overdue' });
  });

  it("pages a company's invoices as a connection, guarded by invoices.read", async () => {
    const fresh = await invoiceWorld(harness);
    for (let i = 0; i < 3; i++) await fresh.draft();
    const page = await gql(fresh.key, CompanyInvoicesGqlDocument, { id: fresh.company.id, first: 2 });
    expect(page.data?.company?.invoices).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true } });
    expect(page.data?.company?.invoices?.edges.map((e) => e.node.invoiceNumber)).toEqual(['INV-000003', 'INV-000002']);
    expect(page.data?.company?.invoices?.edges[0]?.node.lineItems).toHaveLength(2);
    const companiesOnly = await createKeyPair(harness.h.db.prisma, { tenantId: fresh.me.tenantId, userId: fresh.me.userId, name: 'companies only', scopes: ['companies.read'] });
    const refused = await gql(companiesOnly.secret.key, CompanyInvoicesGqlDocument, { id: fresh.company.id });
    // The company answers; only its invoices are refused.
    expect(refused.data?.company).toMatchObject({ invoices: null });
    expect(codes(refused)).toEqual(['FORBIDDEN']);
    expect(refused.errors?.[0]?.path).toEqual(['company', 'invoices']);
    expect(refused.errors?.[0]?.message).toContain('invoices.read');
  });

  it("reads a company's invoices with the company's plan once the document is compiled, not one query per invoice", async () => {
    const fresh = await invoiceWorld(harness);
    for (let i = 0; i < 3; i++) await fresh.draft();
    // graphql-jit runs a document from its JIT_AFTER_EXECUTIONS-th execution on; Invoice reads
    // only the columns asked for (select mode), so a row its plan had not loaded would be read again.
    const runs: { statements: string[]; data: unknown }[] = [];
    for (let run = 0; run <= JIT_AFTER_EXECUTIONS + 1; run += 1) {
      let data: unknown;
      const statements = await harness.statementsDuring(async () => {
        data = (await gql(fresh.key, CompanyInvoicesGqlDocument, { id: fresh.company.id, first: 3 })).data;
      });
      runs.push({ statements, data });
    }
    const [first] = runs;
    expect(first!.data).toMatchObject({ company: { invoices: { totalCount: 3 } } });
    for (const [run, { statements, data }] of runs.entries()) {
      expect(data, `run ${run}`).toEqual(first!.data);
      expect(statements.length, `run ${run}: ${statements.join('\n')}`).toBe(first!.statements.length);
    }
  });
});
