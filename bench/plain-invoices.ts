// The plain handler's `GET /api/invoices?search=`: the product's SQL (the page filtered on the
// invoice number or the ids of the companies whose name holds the word, case-insensitively, both
// served by indexes; joined to its company for the name; the status derived as the product derives
// `overdue`), less the LATERAL subquery Prisma adds to read the company name, and a count(*) with
// the same filter alongside it on a second pooled connection. Answers the JSON of the product's REST route.
import type pg from 'pg';

interface InvoiceRow {
  id: string;
  invoiceNumber: string;
  status: string;
  companyName: string;
  issuedDate: string | null;
  dueDate: string | null;
  totalAmount: string;
  amountPaid: string;
  balanceDue: string;
  createdAt: Date;
}

// LIKE's wildcards in the search are matched literally, as the product does.
const filter = `($2::text IS NULL OR i."invoiceNumber" ILIKE $2
  OR i."companyId" IN (SELECT id FROM "Company" WHERE "tenantId" = $1 AND name ILIKE $2)) AND i."tenantId" = $1`;

const pageSql = `
SELECT i.id, i."invoiceNumber",
       CASE WHEN i.status IN ('sent', 'viewed', 'partially_paid') AND i."dueDate" < (now() AT TIME ZONE 'UTC')::date THEN 'overdue' ELSE i.status::text END AS status,
       c.name AS "companyName", to_char(i."issuedDate", 'YYYY-MM-DD') AS "issuedDate", to_char(i."dueDate", 'YYYY-MM-DD') AS "dueDate",
       to_char(i."totalAmount", 'FM9999999999999990.00') AS "totalAmount", to_char(i."amountPaid", 'FM9999999999999990.00') AS "amountPaid",
       to_char(i."balanceDue", 'FM9999999999999990.00') AS "balanceDue", i."createdAt"
FROM "Invoice" i LEFT JOIN "Company" c ON c.id = i."companyId"
WHERE ${filter}
ORDER BY i."createdAt" DESC, i.id DESC
LIMIT $3 OFFSET $4`;

const countSql = `SELECT count(*)::int AS total FROM "Invoice" i WHERE ${filter}`;

/** `{data, total}` of one page of the tenant's invoices, newest first. */
export async function invoicePage(pool: pg.Pool, tenantId: string, page: number, limit: number, search: string | null) {
  const pattern = search ? `%${search.replace(/[\\%_]/g, '\\$&')}%` : null;
  const [rows, count] = await Promise.all([
    pool.query<InvoiceRow>(pageSql, [tenantId, pattern, limit, (page - 1) * limit]),
    pool.query<{ total: number }>(countSql, [tenantId, pattern]),
  ]);
  return { data: rows.rows, total: count.rows[0]?.total ?? 0 };
}
