// The invoices data: 50 customer companies, a fifth of them "Harbor ..." (what the measured
// `search` finds), and 10,000 invoices over two years in every stored status, with exact amounts
// that satisfy the table's check constraint, three line items each and a payment on the paid and
// partially paid ones; the tenant's number sequence continues after them. Bulk INSERT ... SELECT.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';

export const INVOICE_COUNT = 10_000;
export const INVOICE_SEARCH = 'harbor';
const COMPANY_COUNT = 50;

const insertCompanies = `
INSERT INTO "Company" (id, "tenantId", name, address, city, state, "postalCode", "updatedAt")
SELECT c.id, $1::uuid, (ARRAY['Harbor','Summit','Pioneer','Keystone','Lakeside'])[1 + c.n % 5] || ' Supply ' || c.n,
       c.n || ' Market St', 'Toledo', 'OH', '43604', now()
FROM unnest($2::uuid[]) WITH ORDINALITY AS c(id, n)`;

// Invoice i: company i % 50, status i % 6 of the stored ones (those awaiting payment and due in the
// past stored as `overdue`, as the product's sweep leaves them), a subtotal of (i % 90 + 1) × 37.50 with 7.25 % tax, half paid when
// partially paid.
const insertInvoices = `
INSERT INTO "Invoice" (id, "tenantId", "invoiceNumber", status, "companyId", "issuedDate", "dueDate", subtotal, "taxRate", "taxAmount",
                       "totalAmount", "amountPaid", "balanceDue", "customFields", "sentAt", "createdAt", "updatedAt")
SELECT gen_random_uuid(), $1::uuid, 'INV-' || lpad(i::text, 6, '0'), v.status, ($2::uuid[])[1 + i % ${COMPANY_COUNT}],
       v.issued, v.issued + 30, v.subtotal, 0.0725, v.tax, v.subtotal + v.tax,
       CASE v.status WHEN 'paid' THEN v.subtotal + v.tax WHEN 'partially_paid' THEN round((v.subtotal + v.tax) / 2, 2) ELSE 0 END,
       CASE v.status WHEN 'paid' THEN 0 WHEN 'partially_paid' THEN v.subtotal + v.tax - round((v.subtotal + v.tax) / 2, 2) ELSE v.subtotal + v.tax END,
       '{}', CASE WHEN v.status <> 'draft' THEN now() - make_interval(days => i % 730) END,
       now() - make_interval(secs => i * 6307.2), now()
FROM generate_series(1, $3::int) AS i,
LATERAL (SELECT CASE WHEN i % 6 IN (1, 2, 3) AND current_date - i % 730 + 30 < current_date THEN 'overdue'
                     ELSE (ARRAY['draft','sent','viewed','partially_paid','paid','voided']::"InvoiceStatus"[])[1 + i % 6] END AS status,
                current_date - i % 730 AS issued,
                (i % 90 + 1) * 37.50 AS subtotal,
                round((i % 90 + 1) * 37.50 * 0.0725, 2) AS tax) AS v`;

const insertLines = `
INSERT INTO "InvoiceLineItem" (id, "tenantId", "invoiceId", description, quantity, "unitPrice", total, "sortOrder")
SELECT gen_random_uuid(), $1::uuid, i.id, 'Service line ' || n, 1, i.subtotal / 3, i.subtotal / 3, n
FROM "Invoice" i, generate_series(0, 2) AS n WHERE i."tenantId" = $1::uuid`;

const insertPayments = `
INSERT INTO "Payment" (id, "tenantId", "invoiceId", amount, "paymentDate", "paymentMethod")
SELECT gen_random_uuid(), $1::uuid, i.id, i."amountPaid", i."issuedDate" + 10, 'ach'
FROM "Invoice" i WHERE i."tenantId" = $1::uuid AND i."amountPaid" > 0`;

/** Fills the tenant's invoices. */
export async function seedInvoices(client: pg.Client, tenantId: string): Promise<void> {
  const companyIds = Array.from({ length: COMPANY_COUNT }, () => randomUUID());
  await client.query(insertCompanies, [tenantId, companyIds]);
  await client.query(insertInvoices, [tenantId, companyIds, INVOICE_COUNT]);
  await client.query(insertLines, [tenantId]);
  await client.query(insertPayments, [tenantId]);
  await client.query(`INSERT INTO "InvoiceSequence" ("tenantId", "lastNumber") VALUES ($1, $2)`, [tenantId, INVOICE_COUNT]);
}
