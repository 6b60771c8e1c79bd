import { Decimal } from 'decimal.js';
import { z } from 'zod';
import type { TenantDb } from '../db/tenant-scope.js';
import type { CustomFieldEntity, CustomFieldType } from '../generated/prisma/enums.js';
import type { FieldProblem } from '../shared/errors.js';
import { badInput } from '../shared/errors.js';

export type CustomFieldValues = Record<string, string | boolean>;

interface Definition {
  key: string;
  type: CustomFieldType;
  required: boolean;
  options: string[];
}

/** Numbers are kept as decimal strings, like every other number that may be money. */
const valueSchemas: Record<CustomFieldType, (d: Definition) => z.ZodType<string | boolean>> = {
  text: () => z.string().max(10_000),
  // A JSON number is accepted too, written out in full (1e21 becomes "1000000000000000000000").
  number: () =>
    z.union([z.number().finite().transform((n) => new Decimal(n).toFixed()), z.string().regex(/^-?\d{1,30}(\.\d{1,30})?$/, 'must be a number')]),
  boolean: () => z.boolean(),
  date: () => z.iso.date('must be a date YYYY-MM-DD'),
  select: (d) => z.enum(d.options as [string, ...string[]], `must be one of: ${d.options.join(', ')}`),
};

/**
 * Checks a complete set of custom field values (on create, or the replacement set of a PATCH)
 * against the tenant's definitions: known keys only, each value of its definition's type, every
 * required field present. Returns the values to store.
 */
export async function checkCustomFields(
  db: TenantDb,
  entity: CustomFieldEntity,
  values: Record<string, unknown> | null | undefined,
): Promise<CustomFieldValues> {
  const definitions = await db.customFieldDefinition.findMany({
    where: { entity },
    select: { key: true, type: true, required: true, options: true },
  });
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  const problems: FieldProblem[] = [];
  const checked: CustomFieldValues = {};
  for (const [key, value] of Object.entries(values ?? {})) {
    const definition = byKey.get(key);
    if (!definition) {
      problems.push({ field: `customFields.${key}`, message: 'is not a custom field of this tenant' });
      continue;
    }
    if (value === null) continue;
    const parsed = valueSchemas[definition.type](definition).safeParse(value);
    if (parsed.success) checked[key] = parsed.data;
    else problems.push({ field: `customFields.${key}`, message: parsed.error.issues[0]?.message ?? 'is invalid' });
  }
  for (const definition of definitions) {
    if (definition.required && !(definition.key in checked) && !problems.some((p) => p.field === `customFields.${definition.key}`)) {
      problems.push({ field: `customFields.${definition.key}`, message: 'is required' });
    }
  }
  if (problems.length) throw badInput(problems);
  return checked;
}
