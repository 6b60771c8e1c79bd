import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './support/harness.js';
import { type InvoiceWorld, invoiceWorld } from './support/invoice-fixtures.js';

const harness = useHarness();
const { h, rest } = harness;

let w: InvoiceWorld;
beforeAll(async () => {
  w = await invoiceWorld(harness);
});

describe('under concurrency', () => {
  it('gives 50 invoices created at once 50 consecutive numbers, without gaps or duplicates', async () => {
    const fresh = await invoiceWorld(harness);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => rest('POST', '/api/invoices', { key: fresh.key, body: { companyId: fresh.company.id, lineItems: [{ description: 'x', quantity: '1', unitPrice: '1' }] } })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(201));
    const numbers = responses.map((r) => Number(r.body.invoiceNumber.replace('INV-', ''))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const stored = await h.db.prisma.invoice.findMany({ where: { tenantId: fresh.me.tenantId }, select: { invoiceNumber: true } });
    expect(new Set(stored.map((i) => i.invoiceNumber)).size).toBe(50);
  });

  it('lets concurrent payments pay the balance exactly once, never more', async () => {
    const invoice = await w.inStatus('sent'); // 1393.72 due
    const responses = await Promise.all(Array.from({ length: 10 }, () => rest('POST', `/api/invoices/${invoice.id}/payments`, { key: w.key, body: { amount: '500.00', paymentMethod: 'ach' } })));
    const statuses = responses.map((r) => r.status).sort();
    // 500 + 500 fit in 1393.72; every later one is over the balance (400) or finds it settled.
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 400)).toBe(true);
    const stored = await h.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id }, include: { payments: true } });
    expect(stored.amountPaid.toFixed(2)).toBe('1000.00');
    expect(stored.balanceDue.toFixed(2)).toBe('393.72');
    expect(stored.payments).toHaveLength(2);
  });
});

/** The amounts the rules give, computed here independently with decimal.js. */
function expected(lines: { quantity: string; unitPrice: string }[], taxRate: string) {
  const halfUp = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const Big = Decimal.clone({ precision: 100 });
  const totals = lines.map((l) => halfUp(new Big(l.quantity).mul(l.unitPrice)));
  const subtotal = totals.reduce((a, b) => a.add(b), new Big(0));
  const tax = halfUp(subtotal.mul(taxRate));
  return { totals: totals.map((t) => t.toFixed(2)), subtotal: subtotal.toFixed(2), taxAmount: tax.toFixed(2), totalAmount: subtotal.add(tax).toFixed(2) };
}

const decimalText = (maxInt: number, decimals: number) =>
  fc.tuple(fc.bigInt({ min: 0n, max: 10n ** BigInt(maxInt) - 1n }), fc.bigInt({ min: 0n, max: 10n ** BigInt(decimals) - 1n }), fc.boolean()).map(([whole, fraction, plain]) =>
    plain || decimals === 0 ? whole.toString() : `${whole}.${fraction.toString().padStart(decimals, '0')}`,
  );

describe('money, as a property', () => {
  it('computes every amount exactly, for random invoices and payment sequences', async () => {
    const line = fc.record({
      description: fc.constant('Item'),
      quantity: decimalText(4, 4).filter((q) => /[1-9]/.test(q)),
      unitPrice: decimalText(8, 2),
    });
    const invoiceCase = fc.record({
      lines: fc.array(line, { minLength: 1, maxLength: 50 }),
      taxRate: fc.oneof(fc.constant('0'), decimalText(0, 4), fc.constant('1')),
      // Payment shares of the balance, each in thousandths, and whether to try an overpayment.
      shares: fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 5 }),
      overpayBy: fc.constantFrom('0.01', '1.00', '1000000'),
    });
    await fc.assert(
      fc.asyncProperty(invoiceCase, async ({ lines, taxRate, shares, overpayBy }) => {
        const want = expected(lines, taxRate);
        const created = await rest('POST', '/api/invoices', { key: w.key, body: { companyId: w.company.id, taxRate, lineItems: lines } });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        expect(created.body.lineItems.map((l: { total: string }) => l.total)).toEqual(want.totals);
        expect(created.body).toMatchObject({ subtotal: want.subtotal, taxAmount: want.taxAmount, totalAmount: want.totalAmount, amountPaid: '0.00', balanceDue: want.totalAmount });
        const sent = await rest('POST', `/api/invoices/${created.body.id}/send`, { key: w.key });
        let paid = new Decimal(0);
        const total = new Decimal(want.totalAmount);
        for (const share of shares) {
          const balance = total.minus(paid);
          if (balance.isZero()) break;
          const amount = Decimal.max(balance.mul(share).div(1000).toDecimalPlaces(2, Decimal.ROUND_DOWN), '0.01');
          const response = await rest('POST', `/api/invoices/${created.body.id}/payments`, { key: w.key, body: { amount: amount.toFixed(2), paymentMethod: 'cash' } });
          expect(response.status, JSON.stringify(response.body)).toBe(201);
          paid = paid.plus(amount);
          expect(response.body).toMatchObject({ amountPaid: paid.toFixed(2), balanceDue: total.minus(paid).toFixed(2), status: total.equals(paid) ? 'paid' : 'partially_paid' });
        }
        if (sent.body.status !== 'paid' && !total.equals(paid)) {
          const over = total.minus(paid).plus(overpayBy).toFixed(2);
          const refused = await rest('POST', `/api/invoices/${created.body.id}/payments`, { key: w.key, body: { amount: over, paymentMethod: 'cash' } });
          expect(refused.status).toBe(400);
        }
        const stored = await h.db.prisma.invoice.findUniqueOrThrow({ where: { id: created.body.id }, include: { payments: true } });
        expect(stored.amountPaid.toFixed(2)).toBe(paid.toFixed(2));
        expect(stored.payments.reduce((sum, p) => sum.plus(p.amount.toFixed(2)), new Decimal(0)).toFixed(2)).toBe(paid.toFixed(2));
      }),
      // Every run makes HTTP requests: report the first counterexample rather than shrink it for minutes.
      { numRuns: 40, endOnFailure: true },
    );
  });
});
