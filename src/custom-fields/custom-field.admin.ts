import { z } from 'zod';
import { lockTenant, tenantDb } from '../db/tenant-scope.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { CustomFieldEntity, CustomFieldType } from '../generated/prisma/enums.js';
import { AppError } from '../shared/errors.js';
import { parseOrThrow, requiredText } from '../shared/validation.js';
import { definitionsChanged } from './custom-field-definitions.js';
import { definitionFields } from './custom-field.service.js';
import { labelFromKey, MAX_DEFINITIONS_PER_ENTITY, MAX_ORDER } from './custom-field.rules.js';

/** A display position: a whole number, or its digits (as the CLI passes it). */
const order = z
  .union([z.number(), z.string().regex(/^\d{1,9}$/, 'must be a whole number').transform(Number)])
  .pipe(z.number().int('must be a whole number').min(0, `must be 0 to ${MAX_ORDER}`).max(MAX_ORDER, `must be 0 to ${MAX_ORDER}`));

const DefinitionInput = z
  .object({
    tenantId: z.uuid(),
    entity: z.enum(CustomFieldEntity),
    key: z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,99}$/, 'must start with a letter and hold only letters, digits and _'),
    label: requiredText(200).transform((label) => label.trim()).optional(),
    type: z.enum(CustomFieldType),
    required: z.boolean().default(false),
    options: z.array(requiredText(200)).default([]),
    order: order.optional(),
  })
  .refine((d) => (d.type === 'select') === d.options.length > 0, {
    path: ['options'],
    message: 'select fields need options, and only select fields take them',
  });

/**
 * Defines a custom field of a tenant's leads, contacts, companies, deals or invoices: labelled from
 * its key unless `label` is given, placed after the entity's last field unless `order` is given.
 * A tenant has at most MAX_DEFINITIONS_PER_ENTITY fields per entity (a CONFLICT beyond).
 * `input` is validated here (it comes from the CLI as text).
 */
export async function createCustomFieldDefinition(prisma: PrismaClient, input: Record<string, unknown>) {
  const { tenantId, ...data } = parseOrThrow(DefinitionInput, input);
  const tenant = await prisma.tenant.findUnique({ where: { id: tenantId }, select: { id: true } });
  if (!tenant) throw new AppError('NOT_FOUND', 'tenant not found');
  const created = await tenantDb(prisma, tenantId).$transaction(async (tx) => {
    // Counted under the tenant's row lock, so concurrent definitions cannot pass the ceiling together.
    await lockTenant(tx);
    const where = { entity: data.entity };
    if ((await tx.customFieldDefinition.count({ where })) >= MAX_DEFINITIONS_PER_ENTITY) {
      throw new AppError('CONFLICT', `A tenant has at most ${MAX_DEFINITIONS_PER_ENTITY} custom fields per entity; ${data.entity} has them all`, undefined, undefined, 'LIMIT_REACHED');
    }
    const last = data.order === undefined ? await tx.customFieldDefinition.findFirst({ where, orderBy: { order: 'desc' }, select: { order: true } }) : null;
    return tx.customFieldDefinition.create({
      data: {
        ...data,
        tenantId,
        label: data.label ?? labelFromKey(data.key),
        order: data.order ?? (last ? Math.min(last.order + 1, MAX_ORDER) : 0),
      },
      select: { id: true, entity: true, ...definitionFields },
    });
  });
  definitionsChanged(prisma, tenantId);
  return created;
}
