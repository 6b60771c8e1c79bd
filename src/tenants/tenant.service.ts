import { z } from 'zod';
import { normalizedEmail } from '../auth/sign-in.js';
import { scopedTenantId } from '../db/tenant-scope.js';
import type { Prisma, PrismaClient } from '../generated/prisma/client.js';
import { TenantModule, UserRole } from '../generated/prisma/enums.js';
import { AppError } from '../shared/errors.js';
import { parseOrThrow, requiredText } from '../shared/validation.js';

const TenantInput = z.object({
  name: requiredText(200).transform((name) => name.trim()),
  modules: z.array(z.enum(TenantModule)).default([]),
});

export async function createTenant(prisma: PrismaClient, input: Record<string, unknown>) {
  return prisma.tenant.create({ data: parseOrThrow(TenantInput, input), select: { id: true, name: true, modules: true } });
}

const UserInput = z.object({
  tenantId: z.uuid(),
  name: requiredText(200).transform((name) => name.trim()),
  email: z.email().max(320).transform(normalizedEmail),
  role: z.enum(UserRole),
});

export async function createUser(prisma: PrismaClient, input: Record<string, unknown>) {
  const data = parseOrThrow(UserInput, input);
  const tenant = await prisma.tenant.findUnique({ where: { id: data.tenantId }, select: { id: true } });
  if (!tenant) throw new AppError('NOT_FOUND', 'tenant not found');
  return prisma.user.create({ data, select: { id: true, name: true, email: true, role: true } });
}

/** The name of the tenant a scoped client acts for: the business named on its reports and invoices. */
export const tenantName = async (db: Prisma.TransactionClient) =>
  (await db.tenant.findUniqueOrThrow({ where: { id: scopedTenantId(db) }, select: { name: true } })).name;
