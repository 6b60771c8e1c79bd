// The plain handler's simple page-based lists: `GET /api/v1/companies`, `GET /api/v1/contacts/contact`
// and `GET /api/bookings`, each one query for the page (the product's order) and a count(*) run
// alongside it on a second pooled connection. Rows come out in the product's JSON shape: columns
// in its field order, dates as ISO 8601 through toJSON, JSON columns as objects.
import type pg from 'pg';

const companySql = `
SELECT id, name, phone, email, address, city, state, "postalCode", "customFields", "createdAt", "updatedAt"
FROM "Company" WHERE "tenantId" = $1 ORDER BY name, id LIMIT $2 OFFSET $3`;

const contactSql = `
SELECT id, "companyId", "firstName", "lastName", email, phone, role, "isPrimary", notes, "customFields", "createdAt", "updatedAt"
FROM "Contact" WHERE "tenantId" = $1 ORDER BY "lastName", "firstName", id LIMIT $2 OFFSET $3`;

const bookingSql = `
SELECT id, status, "resourceId", "leadId", "slotId", "startsAt", "endsAt", "firstName", "lastName", email, phone, notes,
       interest, source, "createdAt", "cancelledAt"
FROM "Booking" WHERE "tenantId" = $1 ORDER BY "startsAt", id LIMIT $2 OFFSET $3`;

async function page(pool: pg.Pool, sql: string, table: string, tenantId: string, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    pool.query(sql, [tenantId, limit, offset]),
    pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM "${table}" WHERE "tenantId" = $1`, [tenantId]),
  ]);
  return { data: rows.rows, total: count.rows[0]?.total ?? 0 };
}

/** `{data, total, page, pageSize}`, as the product's company and contact lists answer. */
export async function companyPage(pool: pg.Pool, tenantId: string, pageNumber: number, limit: number) {
  return { ...(await page(pool, companySql, 'Company', tenantId, limit, (pageNumber - 1) * limit)), page: pageNumber, pageSize: limit };
}

export async function contactPage(pool: pg.Pool, tenantId: string, pageNumber: number, limit: number) {
  return { ...(await page(pool, contactSql, 'Contact', tenantId, limit, (pageNumber - 1) * limit)), page: pageNumber, pageSize: limit };
}

/** `{data, total}`: bookings are listed by `limit` and `offset`. */
export const bookingPage = (pool: pg.Pool, tenantId: string, offset: number, limit: number) => page(pool, bookingSql, 'Booking', tenantId, limit, offset);
