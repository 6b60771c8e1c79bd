// The inspections data: 8 customer companies with 3 sites each, 5 equipment types, 300 pieces of
// equipment spread over the sites, one checklist template and 10,000 inspections over three
// years, each with its lead on the team, 0-3 findings and the `searchText` the product would have
// written (see src/inspections/search-text.ts). Bulk INSERT ... SELECT, as the other seeds.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';

export const INSPECTION_COUNT = 10_000;
const COMPANY_COUNT = 8;
const SITE_COUNT = 24;
const EQUIPMENT_COUNT = 300;

const ids = (count: number) => Array.from({ length: count }, () => randomUUID());

/** name, category (null for one, so the nullable column is exercised). */
const types = [
  ['Forklift', 'Powered industrial truck'],
  ['Overhead crane', 'Material handling'],
  ['Dock leveler', 'Loading dock'],
  ['Pallet rack', 'Storage'],
  ['Scissor lift', null],
] as const;

const insertCompanies = `
INSERT INTO "Company" (id, "tenantId", name, city, state, "updatedAt")
SELECT c.id, $1::uuid, 'Customer ' || c.n || ' Logistics', 'Dayton', 'OH', now()
FROM unnest($2::uuid[]) WITH ORDINALITY AS c(id, n)`;

// Site n belongs to company (n - 1) % 8 + 1; every fifth has no street address.
const insertSites = `
INSERT INTO "Site" (id, "tenantId", "companyId", name, address, city, state, "updatedAt")
SELECT s.id, $1::uuid, ($2::uuid[])[(s.n - 1) % ${COMPANY_COUNT} + 1], 'Plant ' || s.n,
       CASE WHEN s.n % 5 = 0 THEN NULL ELSE (100 + s.n) || ' Commerce Dr' END, 'Dayton', 'OH', now()
FROM unnest($3::uuid[]) WITH ORDINALITY AS s(id, n)`;

const insertTypes = `
INSERT INTO "EquipmentType" (id, "tenantId", name, category)
SELECT t.id, $1::uuid, t.name, t.category
FROM unnest($2::uuid[], $3::text[], $4::text[]) AS t(id, name, category)`;

// Equipment n stands at site (n - 1) % 24 + 1, its company being that site's; serial SN-00001...
const insertEquipment = `
INSERT INTO "Equipment" (id, "tenantId", "companyId", "siteId", "equipmentTypeId", manufacturer, model, "serialNumber", "updatedAt")
SELECT gen_random_uuid(), $1::uuid, s."companyId", s.id, ($3::uuid[])[1 + n % ${types.length}],
       (ARRAY['Toyota','Hyster','Crown','Konecranes','Genie'])[1 + n % 5],
       CASE WHEN n % 7 = 0 THEN NULL ELSE 'M-' || (100 + n % 40) END,
       'SN-' || lpad(n::text, 5, '0'), now()
FROM generate_series(1, ${EQUIPMENT_COUNT}) AS n
JOIN "Site" s ON s.id = ($2::uuid[])[(n - 1) % ${SITE_COUNT} + 1]`;

// Inspection i: equipment i % 300 at its site and company, lead one of the technicians, status
// i % 6 (a result once approved), a date ~9 inspections share over three years (so the id breaks
// ties), and searchText as refreshSearchText writes it (company, type, serial, team names).
const insertInspections = `
INSERT INTO "Inspection" (id, "tenantId", "equipmentId", "siteId", "companyId", "templateId", "technicianId", status,
                          "inspectionDate", "overallResult", notes, "rejectionReason", "searchText", "createdAt", "updatedAt")
SELECT gen_random_uuid(), $1::uuid, e.id, e."siteId", e."companyId", $2::uuid, u.id,
       (ARRAY['draft','submitted','in_review','approved','delivered','rejected']::"InspectionStatus"[])[1 + i % 6],
       current_date - (i * 7919) % 1096,
       CASE WHEN i % 6 IN (3, 4) THEN (ARRAY['pass','fail','conditional']::"InspectionResult"[])[1 + i % 3] END,
       CASE WHEN i % 4 = 0 THEN 'Customer asked for the report by ' || to_char(now() - make_interval(days => i % 30), 'YYYY-MM-DD') || '.' END,
       CASE WHEN i % 6 = 5 THEN 'Missing the load test answer.' END,
       lower(concat_ws(' ', c.name, t.name, e."serialNumber", u.name)),
       now() - make_interval(secs => i * 9467.5),
       now()
FROM generate_series(1, $4::int) AS i
JOIN "Equipment" e ON e."tenantId" = $1::uuid AND e."serialNumber" = 'SN-' || lpad((1 + i % ${EQUIPMENT_COUNT})::text, 5, '0')
JOIN "Company" c ON c.id = e."companyId"
JOIN "EquipmentType" t ON t.id = e."equipmentTypeId"
JOIN "User" u ON u.id = ($3::uuid[])[1 + i % cardinality($3::uuid[])]`;

const insertTeamLeads = `
INSERT INTO "InspectionTeamMember" (id, "tenantId", "inspectionId", "technicianId", role)
SELECT gen_random_uuid(), $1::uuid, i.id, i."technicianId", 'lead' FROM "Inspection" i WHERE i."tenantId" = $1::uuid`;

// 0-3 findings an inspection, by the first byte of its (random) id.
const insertFindings = `
INSERT INTO "Finding" (id, "tenantId", "inspectionId", severity, description)
SELECT gen_random_uuid(), $1::uuid, i.id, (ARRAY['imminent','serious','minor']::"FindingSeverity"[])[1 + (get_byte(uuid_send(i.id), 1) + f) % 3],
       'Finding ' || f || ': ' || (ARRAY['worn chain','leaking hydraulic hose','missing data plate','cracked weld'])[1 + (get_byte(uuid_send(i.id), 2) + f) % 4]
FROM "Inspection" i, generate_series(1, get_byte(uuid_send(i.id), 0) % 4) AS f
WHERE i."tenantId" = $1::uuid`;

/** Fills the tenant's inspections module (and enables it); `technicianIds` lead the inspections in turn. */
export async function seedInspections(client: pg.Client, tenantId: string, technicianIds: string[]): Promise<void> {
  const [companyIds, siteIds, typeIds, templateId] = [ids(COMPANY_COUNT), ids(SITE_COUNT), ids(types.length), randomUUID()];
  await client.query(`UPDATE "Tenant" SET modules = array_append(coalesce(modules, '{}'), 'inspections') WHERE id = $1 AND NOT ('inspections' = ANY(coalesce(modules, '{}')))`, [tenantId]);
  await client.query(insertCompanies, [tenantId, companyIds]);
  await client.query(insertSites, [tenantId, companyIds, siteIds]);
  await client.query(insertTypes, [tenantId, typeIds, types.map((t) => t[0]), types.map((t) => t[1])]);
  await client.query(insertEquipment, [tenantId, siteIds, typeIds]);
  await client.query(`INSERT INTO "ChecklistTemplate" (id, "tenantId", name, sections) VALUES ($1, $2, 'Annual inspection', '[]'::jsonb)`, [templateId, tenantId]);
  await client.query(insertInspections, [tenantId, templateId, technicianIds, INSPECTION_COUNT]);
  await client.query(insertTeamLeads, [tenantId]);
  await client.query(insertFindings, [tenantId]);
}
