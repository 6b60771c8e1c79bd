import { z } from 'zod';
import type { PrismaClient } from '../generated/prisma/client.js';
import { CustomFieldEntity, CustomFieldType } from '../generated/prisma/enums.js';
import { AppError } from '../shared/errors.js';
import { parseOrThrow, requiredText } from '../shared/validation.js';

const DefinitionInput = z
  .object({
    tenantId: z.uuid(),
    entity: z.enum(CustomFieldEntity),
    key: z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,99}$/, 'must start with a letter and hold only letters, digits and _'),
    type: z.enum(CustomFieldType),
    required: z.boolean().default(false),
    options: z.array(requiredText(200)).default([]),
  })
  .refine((d) => (d.type === 'select') === d.options.length > 0, {
    path: ['options'],
    message: 'select fields need options, and only select fields take them',
  });

/** Defines a custom field of a tenant's leads, contacts, companies, deals or invoices. */
/** `input` is validated here (it comes from the CLI as text). */
export async function createCustomFieldDefinition(prisma: PrismaClient, input: Record<string, unknown>) {
  const data = parseOrThrow(DefinitionInput, input);
  const tenant = await prisma.tenant.findUnique({ where: { id: data.tenantId }, select: { id: true } });
  if (!tenant) throw new AppError('NOT_FOUND', 'tenant not found');
  return prisma.customFieldDefinition.create({
    data,
    select: { id: true, entity: true, key: true, type: true, required: true, options: true },
  });
}
