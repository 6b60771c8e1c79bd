import { z } from 'zod';
import type { PrismaClient } from '../generated/prisma/client.js';
import { TenantModule, UserRole } from '../generated/prisma/enums.js';
import { AppError, badInput } from '../shared/errors.js';

const TenantInput = z.object({
  name: z.string().trim().min(1).max(200),
  modules: z.array(z.enum(TenantModule)).default([]),
});

export async function createTenant(prisma: PrismaClient, input: z.input<typeof TenantInput>) {
  const parsed = TenantInput.safeParse(input);
  if (!parsed.success) throw badInput(parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })));
  return prisma.tenant.create({ data: parsed.data, select: { id: true, name: true, modules: true } });
}

const UserInput = z.object({
  tenantId: z.uuid(),
  name: z.string().trim().min(1).max(200),
  email: z.email(),
  role: z.enum(UserRole),
});

export async function createUser(prisma: PrismaClient, input: z.input<typeof UserInput>) {
  const parsed = UserInput.safeParse(input);
  if (!parsed.success) throw badInput(parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })));
  const tenant = await prisma.tenant.findUnique({ where: { id: parsed.data.tenantId }, select: { id: true } });
  if (!tenant) throw new AppError('NOT_FOUND', 'tenant not found');
  return prisma.user.create({ data: parsed.data, select: { id: true, name: true, email: true, role: true } });
}
