import { expect } from 'vitest';
import { fixtures } from './fixtures.js';
import type { useHarness } from './harness.js';

type Harness = ReturnType<typeof useHarness>;

/** Two lines and 8.25 % tax: subtotal 1,287.50, tax 106.22 (106.21875 rounded half-up), total 1,393.72. */
export const TWO_LINES = [
  { description: 'Annual crane inspection', quantity: '1', unitPrice: '950.00' },
  { description: 'Travel', quantity: '2.5', unitPrice: '135' },
];

/**
 * A tenant with a billed company (with an address and a primary contact) and helpers to make
 * invoices in every status through the REST surface.
 */
export async function invoiceWorld(harness: Harness) {
  const { rest, tenant } = harness;
  const me = await tenant({ role: 'manager' });
  const key = me.secret;
  const make = fixtures(harness);
  const company = await make.company(key, { name: 'Northwind Hoists', address: '12 Main St', city: 'Springfield', state: 'IL', postalCode: '62701' });
  const contact = await make.contact(key, company.id, { firstName: 'Ada', lastName: 'Stone', email: 'ada@northwind.example', isPrimary: true });

  async function call(method: string, path: string, body?: unknown, expected = 200) {
    const response = await rest(method, `/api/invoices${path}`, { key, body });
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBe(expected);
    return response.body;
  }

  const draft = (body: Record<string, unknown> = {}) => call('POST', '', { companyId: company.id, taxRate: '0.0825', lineItems: TWO_LINES, ...body }, 201);
  const send = (id: string) => call('POST', `/${id}/send`);
  const pay = (id: string, amount: string, body: Record<string, unknown> = {}) => call('POST', `/${id}/payments`, { amount, paymentMethod: 'ach', ...body }, 201);

  /** An invoice whose status (as clients see it) is `status`. */
  async function inStatus(status: string) {
    const overdue = status === 'overdue';
    const invoice = await draft(overdue ? { issuedDate: '2024-01-02', dueDate: '2024-02-01' } : { dueDate: '2099-12-31' });
    if (status === 'draft') return invoice;
    if (status === 'voided') return call('POST', `/${invoice.id}/void`);
    await send(invoice.id);
    if (status === 'viewed') return call('POST', `/${invoice.id}/viewed`);
    if (status === 'partially_paid') return pay(invoice.id, '100.00');
    if (status === 'paid') return pay(invoice.id, invoice.totalAmount);
    return call('GET', `/${invoice.id}`);
  }

  return { me, key, company, contact, call, draft, send, pay, inStatus };
}

export type InvoiceWorld = Awaited<ReturnType<typeof invoiceWorld>>;
