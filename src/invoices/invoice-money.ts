import { Decimal } from 'decimal.js';
import { badInput } from '../shared/errors.js';

// Invoice arithmetic, exact: decimal.js with enough precision for any product of a NUMERIC(14,4)
// quantity and a NUMERIC(14,2) price, rounded half-up to cents where the rules say so. No float.
const Exact = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP });

/** The largest amount the invoice columns (NUMERIC(18,2)) hold. */
export const MAX_AMOUNT = '9999999999999999.99';

type DecimalText = string | { toFixed(): string };
const exact = (value: DecimalText) => new Exact(typeof value === 'string' ? value : value.toFixed());
const cents = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

export interface LineInput {
  description: string;
  quantity: string;
  unitPrice: string;
  sortOrder?: number | null;
}

export interface InvoiceAmounts {
  subtotal: string;
  taxAmount: string;
  totalAmount: string;
  amountPaid: string;
  balanceDue: string;
}

/** A line's total: quantity × unit price, rounded half-up to cents. */
export const lineTotal = (line: { quantity: DecimalText; unitPrice: DecimalText }) => cents(exact(line.quantity).times(exact(line.unitPrice)));

/**
 * The stored lines of an invoice, in order: each with its total, `sortOrder` defaulting to the
 * position given. 400 when a total would not fit the columns.
 */
export function pricedLines(lines: LineInput[]) {
  return lines.map((line, index) => {
    const total = lineTotal(line);
    if (total.greaterThan(MAX_AMOUNT)) throw badInput([{ field: `lineItems.${index}`, message: `total ${total.toFixed(2)} exceeds the largest amount, ${MAX_AMOUNT}` }]);
    return { description: line.description, quantity: line.quantity, unitPrice: line.unitPrice, total: total.toFixed(2), sortOrder: line.sortOrder ?? index };
  });
}

/**
 * The amounts of an unpaid invoice (a draft) from its line totals and tax rate: subtotal = Σ line
 * totals; tax = subtotal × rate, rounded half-up to cents; total = subtotal + tax = balance.
 */
export function invoiceAmounts(lineTotals: DecimalText[], taxRate: DecimalText): InvoiceAmounts {
  const subtotal = lineTotals.reduce<Decimal>((sum, total) => sum.plus(exact(total)), new Exact(0));
  const taxAmount = cents(subtotal.times(exact(taxRate)));
  const totalAmount = subtotal.plus(taxAmount);
  if (totalAmount.greaterThan(MAX_AMOUNT)) throw badInput([{ field: 'lineItems', message: `the invoice total ${totalAmount.toFixed(2)} exceeds the largest amount, ${MAX_AMOUNT}` }]);
  return { subtotal: subtotal.toFixed(2), taxAmount: taxAmount.toFixed(2), totalAmount: totalAmount.toFixed(2), amountPaid: '0.00', balanceDue: totalAmount.toFixed(2) };
}

/** The amounts after a payment of `amount`; 400 when it is more than the balance due. */
export function afterPayment(current: { totalAmount: DecimalText; amountPaid: DecimalText; balanceDue: DecimalText }, amount: string) {
  const payment = exact(amount);
  if (payment.lessThanOrEqualTo(0)) throw badInput([{ field: 'amount', message: 'must be more than 0' }]);
  if (payment.greaterThan(exact(current.balanceDue))) {
    throw badInput([{ field: 'amount', message: `must not exceed the balance due, ${exact(current.balanceDue).toFixed(2)}` }]);
  }
  const amountPaid = exact(current.amountPaid).plus(payment);
  const balanceDue = exact(current.totalAmount).minus(amountPaid);
  return { amountPaid: amountPaid.toFixed(2), balanceDue: balanceDue.toFixed(2), settled: balanceDue.isZero() };
}

/** Whether an amount is zero. */
export const isZero = (value: DecimalText) => exact(value).isZero();
