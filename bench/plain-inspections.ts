// The plain handler's `GET /api/inspections` page: one joined query for the rows (inspection with its
// equipment, type, site, customer, lead technician and a correlated count of its findings, run for
// the page's rows only) and, as for deals, a separate count(*) for `total` alongside it on a second
// pooled connection. Answers the JSON of the product's REST route.
import type pg from 'pg';

interface InspectionRow {
  id: string;
  status: string;
  /** to_char(..., 'YYYY-MM-DD'), like the Date scalar. */
  inspectionDate: string;
  overallResult: string | null;
  notes: string | null;
  createdAt: Date;
  equipmentId: string;
  manufacturer: string | null;
  model: string | null;
  serialNumber: string;
  typeId: string;
  typeName: string;
  typeCategory: string | null;
  siteId: string;
  siteName: string;
  address: string | null;
  city: string | null;
  state: string | null;
  customerId: string;
  customerName: string;
  technicianId: string;
  technicianName: string;
  findingCount: number;
}

// The correlated count sits in the select list: PostgreSQL evaluates it only for the rows the
// LIMIT lets through, read in order from the (tenantId, inspectionDate DESC, id DESC) index.
const pageSql = `
SELECT i.id, i.status, to_char(i."inspectionDate", 'YYYY-MM-DD') AS "inspectionDate", i."overallResult", i.notes, i."createdAt",
       e.id AS "equipmentId", e.manufacturer, e.model, e."serialNumber",
       t.id AS "typeId", t.name AS "typeName", t.category AS "typeCategory",
       s.id AS "siteId", s.name AS "siteName", s.address, s.city, s.state,
       c.id AS "customerId", c.name AS "customerName",
       u.id AS "technicianId", u.name AS "technicianName",
       (SELECT count(*)::int FROM "Finding" f WHERE f."tenantId" = i."tenantId" AND f."inspectionId" = i.id) AS "findingCount"
FROM "Inspection" i
JOIN "Equipment" e ON e.id = i."equipmentId"
JOIN "EquipmentType" t ON t.id = e."equipmentTypeId"
JOIN "Site" s ON s.id = i."siteId"
JOIN "Company" c ON c.id = i."companyId"
JOIN "User" u ON u.id = i."technicianId"
WHERE i."tenantId" = $1
ORDER BY i."inspectionDate" DESC, i.id DESC
LIMIT $2 OFFSET $3`;

const countSql = `SELECT count(*)::int AS total FROM "Inspection" WHERE "tenantId" = $1`;

/** The list item in the member order of the REST route's selection. */
function itemOf(r: InspectionRow) {
  return {
    inspection: { id: r.id, status: r.status, inspectionDate: r.inspectionDate, overallResult: r.overallResult, notes: r.notes, createdAt: r.createdAt },
    equipment: { id: r.equipmentId, manufacturer: r.manufacturer, model: r.model, serialNumber: r.serialNumber },
    equipmentType: { id: r.typeId, name: r.typeName, category: r.typeCategory },
    site: { id: r.siteId, name: r.siteName, address: r.address, city: r.city, state: r.state },
    customer: { id: r.customerId, name: r.customerName },
    technician: { id: r.technicianId, name: r.technicianName },
    findingCount: r.findingCount,
  };
}

/** `{data, total, page, pageSize}` of one page of the tenant's inspections, newest inspection date first. */
export async function inspectionPage(pool: pg.Pool, tenantId: string, page: number, limit: number) {
  const [rows, count] = await Promise.all([
    pool.query<InspectionRow>(pageSql, [tenantId, limit, (page - 1) * limit]),
    pool.query<{ total: number }>(countSql, [tenantId]),
  ]);
  return { data: rows.rows.map(itemOf), total: count.rows[0]?.total ?? 0, page, pageSize: limit };
}
