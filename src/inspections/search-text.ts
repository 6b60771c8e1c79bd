import { scopedTenantId, type TenantDb } from '../db/tenant-scope.js';
import { Prisma } from '../generated/prisma/client.js';

const matching = {
  inspection: Prisma.sql`i.id`,
  company: Prisma.sql`i."companyId"`,
  site: Prisma.sql`i."siteId"`,
  equipment: Prisma.sql`i."equipmentId"`,
  equipmentType: Prisma.sql`e."equipmentTypeId"`,
} as const;

/**
 * Rewrites `Inspection.searchText` (what `search` matches, under a trigram index) of the
 * inspections of one inspection, company, site, piece of equipment or equipment type: the company
 * name, equipment type name, team members' names and serial number, lowercased (for those of a
 * site: after it moved to another company). Called in the transaction of every change to one of those.
 */
export async function refreshSearchText(db: Pick<TenantDb, '$executeRaw'>, of: keyof typeof matching, id: string): Promise<void> {
  const tenantId = scopedTenantId(db);
  await db.$executeRaw`
    UPDATE "Inspection" i SET "searchText" = lower(concat_ws(' ', c.name, t.name, e."serialNumber", (
      SELECT string_agg(u.name, ' ') FROM "InspectionTeamMember" m JOIN "User" u ON u.id = m."technicianId"
      WHERE m."inspectionId" = i.id AND m."tenantId" = ${tenantId}::uuid)))
    FROM "Company" c, "Equipment" e, "EquipmentType" t
    WHERE i."tenantId" = ${tenantId}::uuid AND c.id = i."companyId" AND e.id = i."equipmentId" AND t.id = e."equipmentTypeId"
      AND ${matching[of]} = ${id}::uuid`;
}
