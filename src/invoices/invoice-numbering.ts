import { scopedTenantId } from '../db/tenant-scope.js';
import type { Prisma } from '../generated/prisma/client.js';

/** `INV-000123`: the tenant's prefix and the number, zero-padded to six digits (more when it grows). */
export const formatInvoiceNumber = (prefix: string, number: number) => `${prefix}${String(number).padStart(6, '0')}`;

/**
 * The tenant's next invoice number. The increment row-locks the tenant's sequence until the
 * creating transaction ends, so concurrent creations queue for it; a creation that rolls back
 * rolls its number back too. So numbers are sequential, without gaps or duplicates.
 */
export async function nextInvoiceNumber(tx: Prisma.TransactionClient): Promise<string> {
  const tenantId = scopedTenantId(tx);
  const [next] = await tx.$queryRaw<{ number: number; prefix: string }[]>`
    WITH bumped AS (
      INSERT INTO "InvoiceSequence" ("tenantId", "lastNumber") VALUES (${tenantId}::uuid, 1)
      ON CONFLICT ("tenantId") DO UPDATE SET "lastNumber" = "InvoiceSequence"."lastNumber" + 1
      RETURNING "lastNumber"
    )
    SELECT bumped."lastNumber" AS number, tenant."invoicePrefix" AS prefix FROM bumped, "Tenant" tenant WHERE tenant.id = ${tenantId}::uuid`;
  if (!next) throw new Error(`tenant ${tenantId} not found`);
  return formatInvoiceNumber(next.prefix, next.number);
}

/** The tenant's numbering: its prefix and the number the next invoice will get. */
export async function invoiceSettings(db: Prisma.TransactionClient) {
  const tenantId = scopedTenantId(db);
  const [tenant, sequence] = await Promise.all([
    db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { invoicePrefix: true } }),
    db.invoiceSequence.findUnique({ where: { tenantId }, select: { lastNumber: true } }),
  ]);
  return { invoicePrefix: tenant.invoicePrefix, nextInvoiceNumber: formatInvoiceNumber(tenant.invoicePrefix, (sequence?.lastNumber ?? 0) + 1) };
}

/** Changes the prefix; numbering continues where it was, so numbers never repeat. */
export async function updateInvoiceSettings(db: Prisma.TransactionClient, input: { invoicePrefix: string }) {
  await db.tenant.update({ where: { id: scopedTenantId(db) }, data: { invoicePrefix: input.invoicePrefix } });
  return invoiceSettings(db);
}
