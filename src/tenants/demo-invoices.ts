import type { PrismaClient } from '../generated/prisma/client.js';
import { markInvoiceViewed, recordPayment, sendInvoice, voidInvoice } from '../invoices/invoice-lifecycle.js';
import { createInvoice } from '../invoices/invoice.service.js';
import { utcToday } from '../shared/dates.js';
import { actingAs, type DemoUser } from './acting-as.js';

const services = [
  { description: 'Annual overhead crane inspection', quantity: '1', unitPrice: '950.00' },
  { description: 'Chain hoist inspection', quantity: '2', unitPrice: '185.00' },
  { description: 'Technician travel (hours)', quantity: '1.5', unitPrice: '95.00' },
];

const STATUSES = ['draft', 'sent', 'viewed', 'partially_paid', 'paid', 'overdue', 'voided'] as const;

const daysFromToday = (days: number) => new Date(utcToday(new Date()).getTime() + days * 86_400_000);

/**
 * The demo tenant's invoices, made through the domain services as its manager: one in every
 * status, overdue included (sent with a due date already past), with 7.25 % tax.
 */
export async function seedDemoInvoices(prisma: PrismaClient, tenantId: string, users: DemoUser[], customers: { id: string; contacts: { id: string }[] }[]) {
  const manager = actingAs(prisma, tenantId, users.find((u) => u.role === 'manager') ?? (users[0] as DemoUser));
  for (const [i, status] of STATUSES.entries()) {
    const customer = customers[i % customers.length] as (typeof customers)[number];
    const overdue = status === 'overdue';
    const invoice = await createInvoice(manager, {
      companyId: customer.id,
      contactId: customer.contacts[0]?.id ?? null,
      issuedDate: daysFromToday(overdue ? -45 : -i),
      dueDate: daysFromToday(overdue ? -15 : 30 - i),
      taxRate: '0.0725',
      customerNotes: 'Payment by ACH or check within 30 days. Thank you for your business.',
      lineItems: services.slice(0, 1 + (i % services.length)),
    });
    if (status === 'draft') continue;
    if (status === 'voided') {
      await voidInvoice(manager, invoice.id);
      continue;
    }
    await sendInvoice(manager, invoice.id);
    if (status === 'viewed') await markInvoiceViewed(manager, invoice.id);
    if (status === 'partially_paid') await recordPayment(manager, invoice.id, { amount: '500.00', paymentMethod: 'check', referenceNumber: 'CHK 1042' });
    if (status === 'paid') await recordPayment(manager, invoice.id, { amount: invoice.totalAmount.toFixed(2), paymentMethod: 'ach', referenceNumber: 'ACH 88121' });
  }
}
