import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCustomFieldDefinition } from '../src/custom-fields/custom-field.admin.js';
import { invoiceRoutes } from '../src/invoices/invoice.rest.js';
import { useHarness } from './support/harness.js';
import { responseProblems } from './support/openapi-validator.js';
import { type InvoiceWorld, invoiceWorld, TWO_LINES } from './support/invoice-fixtures.js';

const harness = useHarness();
const { h, tenant, rest, countStatements } = harness;

let w: InvoiceWorld;
beforeAll(async () => {
  w = await invoiceWorld(harness);
});

const INVOICE_KEYS = [
  'id', 'invoiceNumber', 'status', 'companyId', 'contactId', 'quoteId', 'issuedDate', 'dueDate', 'subtotal', 'taxRate', 'taxAmount', 'totalAmount',
  'amountPaid', 'balanceDue', 'notes', 'customerNotes', 'customFields', 'sentAt', 'paidAt', 'company', 'contact', 'lineItems', 'payments',
];
const LIST_ITEM_KEYS = ['id', 'invoiceNumber', 'status', 'companyName', 'issuedDate', 'dueDate', 'totalAmount', 'amountPaid', 'balanceDue', 'createdAt'];
const sorted = (object: object) => Object.keys(object).sort();
const invoiceCount = () => h.db.prisma.invoice.count({ where: { tenantId: w.me.tenantId } });

describe('access', () => {
  it('needs a secret key with invoices.read to read and invoices.write to write', async () => {
    const reader = await tenant({ scopes: ['invoices.read'] });
    expect((await rest('GET', '/api/invoices', { key: reader.secret })).status).toBe(200);
    const refused = await rest('POST', '/api/invoices', { key: reader.secret, body: { companyId: randomUUID() } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Forbidden' });
    expect(refused.headers.get('x-required-scope')).toBe('invoices.write');
    expect((await rest('GET', '/api/invoices', { key: reader.publishable })).status).toBe(403);
    expect((await rest('GET', '/api/invoices', {})).status).toBe(401);
    const writer = await tenant({ scopes: ['invoices.write', 'companies.write'] });
    expect((await rest('GET', '/api/invoices', { key: writer.secret })).headers.get('x-required-scope')).toBe('invoices.read');
  });

  it('lets a write-only key see the whole invoice its write answers', async () => {
    const writer = await tenant({ scopes: ['invoices.write', 'companies.write'] });
    const company = (await rest('POST', '/api/v1/companies', { key: writer.secret, body: { name: 'Solo' } })).body.data;
    const created = await rest('POST', '/api/invoices', { key: writer.secret, body: { companyId: company.id, lineItems: TWO_LINES } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.lineItems).toHaveLength(2);
    expect(created.body.company).toEqual({ name: 'Solo', address: null });
  });

  it('answers 404 on every invoice route for another tenant\'s invoice, and changes nothing', async () => {
    const other = await invoiceWorld(harness);
    const theirs = await other.inStatus('sent');
    const before = await h.db.prisma.invoice.findUniqueOrThrow({ where: { id: theirs.id } });
    const bodies: Record<string, unknown> = {
      'PATCH /invoices/:id': { notes: 'mine now' },
      'PUT /invoices/:id/line-items': { lineItems: TWO_LINES },
      'POST /invoices/:id/payments': { amount: '1.00', paymentMethod: 'cash' },
    };
    for (const route of Object.values(invoiceRoutes).filter((r) => r.path.includes(':id'))) {
      const response = await rest(route.method, `/api${route.path.replace(':id', theirs.id)}`, { key: w.key, body: bodies[`${route.method} ${route.path}`] });
      expect(response.status, `${route.method} ${route.path}`).toBe(404);
      expect(response.body).toMatchObject({ error: 'Not Found' });
    }
    expect(await h.db.prisma.invoice.findUniqueOrThrow({ where: { id: theirs.id } })).toEqual(before);
    expect(await h.db.prisma.payment.count({ where: { invoiceId: theirs.id } })).toBe(0);
  });
});

describe('creation', () => {
  it('creates a draft with the next number, exact amounts and the specification\'s invoice object', async () => {
    const response = await rest('POST', '/api/invoices', {
      key: w.key,
      body: {
        companyId: w.company.id,
        contactId: w.contact.id,
        quoteId: '0199aa00-0000-7000-8000-000000000001',
        issuedDate: '2026-11-01',
        dueDate: '2026-12-01',
        taxRate: '0.0825',
        notes: 'Net 30',
        customerNotes: 'Thank you!',
        lineItems: [TWO_LINES[1], { ...TWO_LINES[0], sortOrder: -0 }].map((line, i) => ({ ...line, sortOrder: 1 - i })),
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(responseProblems('POST', 'http://localhost/api/invoices', 201, response.headers, response.body)).toEqual([]);
    const invoice = response.body;
    expect(sorted(invoice)).toEqual([...INVOICE_KEYS].sort());
    expect(invoice).toMatchObject({
      invoiceNumber: expect.stringMatching(/^INV-\d{6}$/),
      status: 'draft',
      companyId: w.company.id,
      contactId: w.contact.id,
      issuedDate: '2026-11-01',
      dueDate: '2026-12-01',
      subtotal: '1287.50',
      taxRate: '0.0825',
      taxAmount: '106.22',
      totalAmount: '1393.72',
      amountPaid: '0.00',
      balanceDue: '1393.72',
      sentAt: null,
      paidAt: null,
      company: { name: 'Northwind Hoists', address: '12 Main St, Springfield, IL 62701' },
      contact: { firstName: 'Ada', lastName: 'Stone', email: 'ada@northwind.example' },
      payments: [],
    });
    expect(invoice.lineItems.map((l: { description: string }) => l.description)).toEqual(['Annual crane inspection', 'Travel']);
    expect(sorted(invoice.lineItems[0])).toEqual(['description', 'id', 'quantity', 'sortOrder', 'total', 'unitPrice']);
    expect(invoice.lineItems[1]).toMatchObject({ quantity: '2.5', unitPrice: '135.00', total: '337.50', sortOrder: 1 });
    const stored = await h.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id }, include: { lineItems: true, events: true } });
    expect(stored.totalAmount.toFixed(2)).toBe('1393.72');
    expect(stored.lineItems).toHaveLength(2);
    expect(stored.events).toMatchObject([{ fromStatus: null, toStatus: 'draft', userId: w.me.userId }]);
  });

  it('numbers invoices per tenant, one after the other, with the tenant\'s prefix', async () => {
    const fresh = await invoiceWorld(harness);
    expect((await fresh.draft()).invoiceNumber).toBe('INV-000001');
    expect((await fresh.draft()).invoiceNumber).toBe('INV-000002');
    const settings = await rest('PATCH', '/api/settings/invoices', { key: fresh.key, body: { invoicePrefix: 'NW-2026-' } });
    expect(settings.body).toEqual({ data: { invoicePrefix: 'NW-2026-', nextInvoiceNumber: 'NW-2026-000003' } });
    expect((await fresh.draft()).invoiceNumber).toBe('NW-2026-000003');
    expect((await rest('PATCH', '/api/settings/invoices', { key: fresh.key, body: { invoicePrefix: 'bad prefix!' } })).status).toBe(400);
    const reader = await tenant({ scopes: ['invoices.read', 'invoices.write'] });
    expect((await rest('PATCH', '/api/settings/invoices', { key: reader.secret, body: { invoicePrefix: 'X-' } })).headers.get('x-required-scope')).toBe('settings.manage');
  });

  it('refuses bad input with a 400 naming the field, and creates nothing', async () => {
    const before = await invoiceCount();
    const other = await harness.tenant();
    const theirCompany = (await rest('POST', '/api/v1/companies', { key: other.secret, body: { name: 'Theirs' } })).body.data;
    const otherCompany = (await rest('POST', '/api/v1/companies', { key: w.key, body: { name: 'Elsewhere' } })).body.data;
    const cases: [Record<string, unknown>, number, string][] = [
      [{}, 400, 'companyId'],
      [{ companyId: 'nope' }, 400, 'companyId'],
      [{ companyId: theirCompany.id }, 404, 'companyId'],
      [{ contactId: randomUUID() }, 404, 'contactId'],
      [{ companyId: otherCompany.id, contactId: w.contact.id }, 400, 'contactId'],
      [{ taxRate: '1.5' }, 400, 'taxRate'],
      [{ taxRate: 0.08 }, 400, 'taxRate'],
      [{ taxRate: '-0.1' }, 400, 'taxRate'],
      [{ issuedDate: '2026-02-30' }, 400, 'issuedDate'],
      [{ issuedDate: '2026-03-01', dueDate: '2026-02-01' }, 400, 'dueDate'],
      [{ lineItems: [{ description: 'x', quantity: '0', unitPrice: '1' }] }, 400, 'quantity'],
      [{ lineItems: [{ description: 'x', quantity: '1', unitPrice: 10.5 }] }, 400, 'unitPrice'],
      [{ lineItems: [{ description: 'x', quantity: '1', unitPrice: '-5' }] }, 400, 'unitPrice'],
      [{ lineItems: [{ description: 'x', quantity: '1', unitPrice: '1.005' }] }, 400, 'unitPrice'],
      [{ lineItems: [{ description: ' ', quantity: '1', unitPrice: '1' }] }, 400, 'description'],
      [{ lineItems: [{ description: 'x', quantity: '9999999999', unitPrice: '999999999999.99' }] }, 400, 'lineItems'],
      [{ lineItems: Array.from({ length: 501 }, () => TWO_LINES[0]) }, 400, 'lineItems'],
      [{ status: 'paid' }, 400, 'status'],
      [{ totalAmount: '1.00' }, 400, 'totalAmount'],
      [{ customFields: { nope: 1 } }, 400, 'customFields.nope'],
    ];
    for (const [change, status, field] of cases) {
      const body = { companyId: w.company.id, lineItems: TWO_LINES, ...change };
      if (!('companyId' in change) && Object.keys(change).length === 0) delete (body as Record<string, unknown>).companyId;
      const response = await rest('POST', '/api/invoices', { key: w.key, body });
      expect(response.status, `${JSON.stringify(change)}: ${JSON.stringify(response.body)}`).toBe(status);
      expect(JSON.stringify(response.body), JSON.stringify(change)).toContain(field);
    }
    expect(await invoiceCount()).toBe(before);
  });
});

describe('custom fields', () => {
  it("enforces the tenant's required invoice fields on creation, and PATCH replaces them all", async () => {
    const fresh = await invoiceWorld(harness);
    await createCustomFieldDefinition(h.db.prisma, { tenantId: fresh.me.tenantId, entity: 'invoice', key: 'poNumber', type: 'text', required: true });
    const missing = await rest('POST', '/api/invoices', { key: fresh.key, body: { companyId: fresh.company.id, lineItems: TWO_LINES } });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([{ field: 'customFields.poNumber', message: 'is required' }]);
    const invoice = await fresh.draft({ customFields: { poNumber: 'PO-7' } });
    expect(invoice.customFields).toEqual({ poNumber: 'PO-7' });
    expect((await rest('PATCH', `/api/invoices/${invoice.id}`, { key: fresh.key, body: { customFields: {} } })).status).toBe(400);
    const patched = await rest('PATCH', `/api/invoices/${invoice.id}`, { key: fresh.key, body: { customFields: { poNumber: 'PO-8' } } });
    expect(patched.body.customFields).toEqual({ poNumber: 'PO-8' });
  });
});

describe('the list', () => {
  it('answers {data, total} with the specification\'s item, newest first, 25 by default and at most 100', async () => {
    const fresh = await invoiceWorld(harness);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await fresh.draft());
    const list = await rest('GET', '/api/invoices', { key: fresh.key });
    expect(list.status).toBe(200);
    expect(responseProblems('GET', 'http://localhost/api/invoices', 200, list.headers, list.body)).toEqual([]);
    expect(sorted(list.body)).toEqual(['data', 'total']);
    expect(list.body.total).toBe(3);
    expect(list.body.data.map((i: { id: string }) => i.id)).toEqual(made.map((i) => i.id).reverse());
    expect(sorted(list.body.data[0])).toEqual([...LIST_ITEM_KEYS].sort());
    expect(list.body.data[0]).toMatchObject({ companyName: 'Northwind Hoists', totalAmount: '1393.72', amountPaid: '0.00', balanceDue: '1393.72', status: 'draft' });
    const second = await rest('GET', '/api/invoices?page=2&limit=2', { key: fresh.key });
    expect(second.body.data.map((i: { id: string }) => i.id)).toEqual([made[0]?.id]);
    for (const bad of ['limit=101', 'limit=0', 'page=0', 'status=late', 'dateFrom=2026-13-01', 'dateFrom=2026-05-02&dateTo=2026-05-01']) {
      const response = await rest('GET', `/api/invoices?${bad}`, { key: fresh.key });
      expect(response.status, bad).toBe(400);
    }
  });

  it('filters by status (overdue derived), search on number or company name, and issue date range', async () => {
    const fresh = await invoiceWorld(harness);
    const byStatus: Record<string, { id: string; invoiceNumber: string }> = {};
    for (const status of ['draft', 'sent', 'viewed', 'partially_paid', 'paid', 'overdue', 'voided']) byStatus[status] = await fresh.inStatus(status);
    for (const [status, invoice] of Object.entries(byStatus)) {
      const list = await rest('GET', `/api/invoices?status=${status}`, { key: fresh.key });
      expect(list.body.data.map((i: { id: string }) => i.id), status).toEqual([invoice.id]);
      expect(list.body.data[0].status).toBe(status);
    }
    const other = (await rest('POST', '/api/v1/companies', { key: fresh.key, body: { name: 'Zephyr 100% Cranes' } })).body.data;
    const zephyr = await fresh.draft({ companyId: other.id, issuedDate: '2026-05-10' });
    const ids = async (query: string) => (await rest('GET', `/api/invoices?${query}`, { key: fresh.key })).body.data.map((i: { id: string }) => i.id);
    expect(await ids('search=zEPHyr')).toEqual([zephyr.id]);
    expect(await ids('search=100%25')).toEqual([zephyr.id]);
    expect(await ids('search=10%25')).toEqual([]);
    expect(await ids(`search=${byStatus.paid?.invoiceNumber.toLowerCase()}`)).toEqual([byStatus.paid?.id]);
    // Each word must match, in the number or the company name, as every list's search does.
    expect(await ids('search=cranes%20zephyr')).toEqual([zephyr.id]);
    expect(await ids(`search=${zephyr.invoiceNumber}%20Cranes`)).toEqual([zephyr.id]);
    expect(await ids('search=zephyr%20northwind')).toEqual([]);
    expect(await ids('dateFrom=2026-05-10&dateTo=2026-05-10')).toEqual([zephyr.id]);
    expect(await ids('dateTo=2024-01-02')).toEqual([byStatus.overdue?.id]);
    expect(await ids('dateFrom=2026-05-11&dateTo=2026-06-01')).toEqual([]);
  });

  it('finds invoices by company name the same way when more than 1,000 companies match (then by a join, not by their ids)', async () => {
    const fresh = await invoiceWorld(harness);
    const tenantId = (await h.db.prisma.company.findUniqueOrThrow({ where: { id: fresh.company.id } })).tenantId;
    await h.db.prisma.company.createMany({ data: Array.from({ length: 1_001 }, (_, i) => ({ tenantId, name: `Quokka Lifts ${i}` })) });
    const quokka = (await rest('POST', '/api/v1/companies', { key: fresh.key, body: { name: 'Quokka Lifts Prime' } })).body.data;
    const invoice = await fresh.draft({ companyId: quokka.id });
    const found = async (search: string) => (await rest('GET', `/api/invoices?search=${search}`, { key: fresh.key })).body;
    // 1,002 companies hold "quokka"; one holds "prime".
    for (const search of ['quokka', 'prime', 'prime%20quokka']) {
      const page = await found(search);
      expect(page.data.map((i: { id: string }) => i.id), search).toEqual([invoice.id]);
      expect(page.total, search).toBe(1);
    }
  });

  it('reads a page and an invoice in a fixed number of statements, however many invoices, lines and payments', async () => {
    const fresh = await invoiceWorld(harness);
    const first = await fresh.inStatus('partially_paid');
    const listOnce = await countStatements(() => rest('GET', '/api/invoices', { key: fresh.key }));
    const detailOnce = await countStatements(() => rest('GET', `/api/invoices/${first.id}`, { key: fresh.key }));
    for (let i = 0; i < 4; i++) await fresh.inStatus('partially_paid');
    const bigger = await fresh.draft({ lineItems: Array.from({ length: 30 }, (_, i) => ({ description: `Line ${i}`, quantity: '1', unitPrice: '1' })) });
    await fresh.send(bigger.id);
    for (let i = 0; i < 5; i++) await fresh.pay(bigger.id, '1.00');
    expect(await countStatements(() => rest('GET', '/api/invoices', { key: fresh.key }))).toBe(listOnce);
    expect(await countStatements(() => rest('GET', `/api/invoices/${bigger.id}`, { key: fresh.key }))).toBe(detailOnce);
  });
});

describe('PATCH', () => {
  it('changes only the metadata and answers the invoice object', async () => {
    const invoice = await w.inStatus('sent');
    const response = await rest('PATCH', `/api/invoices/${invoice.id}`, { key: w.key, body: { notes: 'Call first', customerNotes: null, dueDate: '2099-06-30', customFields: {} } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(sorted(response.body)).toEqual([...INVOICE_KEYS].sort());
    expect(response.body).toMatchObject({ notes: 'Call first', customerNotes: null, dueDate: '2099-06-30', status: 'sent', totalAmount: '1393.72' });
    expect((await h.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).notes).toBe('Call first');
  });

  it('refuses status, amounts, lines and unknown fields with a 400 naming the field, and changes nothing', async () => {
    const invoice = await w.inStatus('sent');
    const before = await h.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    for (const [field, value] of Object.entries({ status: 'paid', totalAmount: '0.00', amountPaid: '1393.72', balanceDue: '0', subtotal: '1', taxRate: '0', lineItems: [], invoiceNumber: 'X', companyId: randomUUID() })) {
      const response = await rest('PATCH', `/api/invoices/${invoice.id}`, { key: w.key, body: { notes: 'x', [field]: value } });
      expect(response.status, field).toBe(400);
      expect(response.body.details?.[0]?.field ?? response.body.message, field).toContain(field);
    }
    for (const body of [{}, { customFields: null }, { dueDate: '2023-01-01', notes: 'x' }]) {
      expect((await rest('PATCH', `/api/invoices/${invoice.id}`, { key: w.key, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect(await h.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toEqual(before);
    expect((await rest('PATCH', `/api/invoices/${randomUUID()}`, { key: w.key, body: { notes: 'x' } })).status).toBe(404);
  });
});

describe('line items', () => {
  it('replaces a draft\'s lines (and tax rate) and recomputes every amount', async () => {
    const invoice = await w.draft();
    const response = await rest('PUT', `/api/invoices/${invoice.id}/line-items`, {
      key: w.key,
      body: { taxRate: '0.1', lineItems: [{ description: 'Rope', quantity: '3.333', unitPrice: '0.10' }] },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    // 3.333 × 0.10 = 0.3333 → 0.33; tax 0.033 → 0.03
    expect(response.body).toMatchObject({ subtotal: '0.33', taxRate: '0.1', taxAmount: '0.03', totalAmount: '0.36', balanceDue: '0.36' });
    expect(response.body.lineItems).toMatchObject([{ description: 'Rope', quantity: '3.333', total: '0.33', sortOrder: 0 }]);
    expect(await h.db.prisma.invoiceLineItem.count({ where: { invoiceId: invoice.id } })).toBe(1);
  });
});

// What each action does from each status, as clients see it: the new status, or the error.
const TRANSITIONS: Record<string, Record<string, string | number>> = {
  send: { draft: 'sent', sent: 409, viewed: 409, partially_paid: 409, paid: 409, overdue: 409, voided: 409 },
  viewed: { draft: 409, sent: 'viewed', viewed: 'viewed', partially_paid: 'partially_paid', paid: 'paid', overdue: 'overdue', voided: 409 },
  payments: { draft: 409, sent: 'partially_paid', viewed: 'partially_paid', partially_paid: 'partially_paid', paid: 409, overdue: 'overdue', voided: 409 },
  void: { draft: 'voided', sent: 'voided', viewed: 'voided', partially_paid: 409, paid: 409, overdue: 'voided', voided: 409 },
  'line-items': { draft: 'draft', sent: 409, viewed: 409, partially_paid: 409, paid: 409, overdue: 409, voided: 409 },
};

describe('the lifecycle', () => {
  for (const [action, outcomes] of Object.entries(TRANSITIONS)) {
    for (const [from, outcome] of Object.entries(outcomes)) {
      it(`${action} from ${from}: ${outcome}`, async () => {
        const invoice = await w.inStatus(from);
        const before = await h.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
        const method = action === 'line-items' ? 'PUT' : 'POST';
        const body = action === 'payments' ? { amount: '1.00', paymentMethod: 'check' } : action === 'line-items' ? { lineItems: TWO_LINES } : undefined;
        const response = await rest(method, `/api/invoices/${invoice.id}/${action}`, { key: w.key, body });
        expect(responseProblems(method, `http://localhost/api/invoices/${invoice.id}/${action}`, response.status, response.headers, response.body)).toEqual([]);
        if (typeof outcome === 'number') {
          expect(response.status).toBe(outcome);
          expect(response.body.message).toContain(from);
          expect(await h.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toEqual(before);
        } else {
          expect(response.status, JSON.stringify(response.body)).toBe(action === 'payments' ? 201 : 200);
          expect(response.body.status).toBe(outcome);
        }
      });
    }
  }

  it('sends: sentAt, issuedDate today (UTC) when unset, the email queued with the PDF, and a history entry', async () => {
    const invoice = await w.draft({ contactId: w.contact.id });
    const sent = await w.send(invoice.id);
    expect(sent).toMatchObject({ status: 'sent', issuedDate: new Date().toISOString().slice(0, 10), sentAt: expect.any(String) });
    const mail = await h.db.prisma.outboxMessage.findFirstOrThrow({ where: { tenantId: w.me.tenantId, kind: 'invoice.sent', subject: { contains: invoice.invoiceNumber } } });
    expect(mail.recipient).toBe('ada@northwind.example');
    expect(JSON.stringify(mail.message)).toContain('application/pdf');
    const history = (await rest('GET', `/api/invoices/${invoice.id}/history`, { key: w.key })).body.data;
    expect(history.map((e: { toStatus: string }) => e.toStatus)).toEqual(['draft', 'sent']);
    expect(history[1].note).toBe('emailed to ada@northwind.example');
  });

  it('keeps a given issue date, sends to the company\'s primary contact when the invoice names none, and refuses a draft without lines', async () => {
    const invoice = await w.draft({ issuedDate: '2026-01-15' });
    expect((await w.send(invoice.id)).issuedDate).toBe('2026-01-15');
    expect((await h.db.prisma.outboxMessage.findFirstOrThrow({ where: { subject: { contains: invoice.invoiceNumber } } })).recipient).toBe('ada@northwind.example');
    const empty = await w.draft({ lineItems: [] });
    const refused = await rest('POST', `/api/invoices/${empty.id}/send`, { key: w.key });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([{ field: 'lineItems', message: 'an invoice without line items cannot be sent' }]);
    expect((await h.db.prisma.invoice.findUniqueOrThrow({ where: { id: empty.id } })).status).toBe('draft');
  });

  it('settles a zero-total invoice by sending it', async () => {
    const invoice = await w.draft({ lineItems: [{ description: 'Warranty visit', quantity: '1', unitPrice: '0' }] });
    const sent = await w.send(invoice.id);
    expect(sent).toMatchObject({ status: 'paid', totalAmount: '0.00', balanceDue: '0.00', paidAt: expect.any(String) });
  });

  it('records payments up to the balance: partially paid, then paid with paidAt', async () => {
    const invoice = await w.inStatus('sent');
    for (const amount of ['0', '0.00', '-1.00', '1393.73', '1e3', 12]) {
      const refused = await rest('POST', `/api/invoices/${invoice.id}/payments`, { key: w.key, body: { amount, paymentMethod: 'cash' } });
      expect(refused.status, String(amount)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('amount');
    }
    expect((await rest('POST', `/api/invoices/${invoice.id}/payments`, { key: w.key, body: { amount: '1.00', paymentMethod: 'bitcoin' } })).status).toBe(400);
    expect(await h.db.prisma.payment.count({ where: { invoiceId: invoice.id } })).toBe(0);
    const partial = await w.pay(invoice.id, '393.72', { paymentDate: '2026-11-20', referenceNumber: 'CHK 1042', paymentMethod: 'check' });
    expect(partial).toMatchObject({ status: 'partially_paid', amountPaid: '393.72', balanceDue: '1000.00', paidAt: null });
    expect(partial.payments).toEqual([{ id: expect.any(String), amount: '393.72', paymentDate: '2026-11-20', paymentMethod: 'check', referenceNumber: 'CHK 1042', notes: null }]);
    const early = await w.pay(invoice.id, '500', { paymentDate: '2026-11-01' });
    expect(early.payments.map((p: { paymentDate: string }) => p.paymentDate)).toEqual(['2026-11-01', '2026-11-20']);
    const paid = await w.pay(invoice.id, '500.00');
    expect(paid).toMatchObject({ status: 'paid', amountPaid: '1393.72', balanceDue: '0.00', paidAt: expect.any(String) });
    const refused = await rest('POST', `/api/invoices/${invoice.id}/void`, { key: w.key });
    expect(refused.status).toBe(409);
  });

  it('refuses to void an invoice with payments recorded, naming its status', async () => {
    const invoice = await w.inStatus('partially_paid');
    const refused = await rest('POST', `/api/invoices/${invoice.id}/void`, { key: w.key });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/payments recorded.*partially_paid/);
  });

  it('makes an unpaid invoice overdue the day after its due date, and a payment moves it on', async () => {
    const dueToday = new Date().toISOString().slice(0, 10);
    const invoice = await w.draft({ dueDate: dueToday });
    await w.send(invoice.id);
    const statusOf = async () => (await rest('GET', `/api/invoices/${invoice.id}`, { key: w.key })).body.status;
    const overdueIds = async () => (await rest('GET', '/api/invoices?status=overdue&limit=100', { key: w.key })).body.data.map((i: { id: string }) => i.id);
    expect(await statusOf()).toBe('sent');
    expect(await overdueIds()).not.toContain(invoice.id);
    h.clock.offsetMs = 24 * 3600 * 1000;
    try {
      expect(await statusOf()).toBe('overdue');
      expect(await overdueIds()).toContain(invoice.id);
      expect((await rest('GET', '/api/invoices?status=sent&limit=100', { key: w.key })).body.data.map((i: { id: string }) => i.id)).not.toContain(invoice.id);
      expect((await w.pay(invoice.id, '1.00')).status).toBe('overdue');
      expect((await w.pay(invoice.id, '1392.72')).status).toBe('paid');
    } finally {
      h.clock.offsetMs = 0;
    }
    expect((await h.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('paid');
  });

  it('serves the PDF as application/pdf, and 404 for an unknown invoice', async () => {
    const invoice = await w.draft();
    const response = await h.app.fetch(`http://localhost/api/invoices/${invoice.id}/pdf`, { headers: { authorization: `Bearer ${w.key}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
