import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { scopedTenantId } from '../db/tenant-scope.js';
import type { CustomFieldEntity, CustomFieldType } from '../generated/prisma/enums.js';
import type { Context } from '../graphql/context.js';
import { dateProblem } from '../shared/dates.js';
import type { FieldProblem } from '../shared/errors.js';
import { badInput } from '../shared/errors.js';
import { boundedText } from '../shared/validation.js';
import { type Definition, definitionsOf } from './custom-field-definitions.js';

export type CustomFieldValues = Record<string, string | boolean>;

/** How many fields a tenant may define per entity: the form definitions are a short list, answered whole. */
export const MAX_DEFINITIONS_PER_ENTITY = 100;

/** The highest display position (`order`) a definition takes. */
export const MAX_ORDER = 10_000;

/**
 * The label of a field defined without one: the key's words (split at underscores and before a
 * capital that follows a lower-case letter or digit), lower-cased, the first capitalised, so
 * `poNumber` and `po_number` are both "Po number". (The migration that introduced labels gave
 * existing fields the same.)
 */
export function labelFromKey(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A `number` value: a JSON number or a decimal string, taken alike (a number is written out in
 * full first, 1e21 as "1000000000000000000000") and bounded alike: at most 30 digits before the
 * point and 30 after, so 1e308 is refused as its 309-digit string is.
 */
const decimalNumber = z
  .union([z.number().finite().transform((n) => new Decimal(n).toFixed()), z.string()])
  .pipe(z.string().regex(/^-?\d{1,30}(\.\d{1,30})?$/, 'must be a number with at most 30 digits before the decimal point and 30 after, such as 12.5 or "12.5"'));

const valueRules =
  "each value of its field's type (`text` up to 10000 characters; `number` a JSON number or decimal string, at most 30 digits before the point and 30 after; `boolean`; `date` YYYY-MM-DD in the years 1900 to 2200; `select` one of its options). A key the tenant has not defined is BAD_USER_INPUT (a misspelt key is never stored silently)";

/** The description of a `customFields` input: on create, and (`replaces`) on a PATCH. */
export const customFieldsInputDescription = (replaces: boolean) =>
  replaces
    ? `Replaces all custom field values by key: ${valueRules}; required ones must be present. Cannot be null.`
    : `Custom field values by key: ${valueRules}; required ones must be present.`;

/** Numbers are kept as decimal strings, like every other number that may be money. */
const valueSchemas: Record<CustomFieldType, (d: Definition) => z.ZodType<string | boolean>> = {
  text: () => boundedText(10_000, 'multiline'),
  number: () => decimalNumber,
  boolean: () => z.boolean(),
  date: () =>
    z.string().superRefine((value, ctx) => {
      const problem = dateProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  select: (d) => z.enum(d.options as [string, ...string[]], `must be one of: ${d.options.join(', ')}`),
};

/**
 * Checks a complete set of custom field values (on create, or the replacement set of a PATCH)
 * against the tenant's definitions: known keys only, each value of its definition's type, every
 * required field present. Returns the values to store.
 */
export async function checkCustomFields(
  ctx: Pick<Context, 'db' | 'prisma'>,
  entity: CustomFieldEntity,
  values: Record<string, unknown> | null | undefined,
): Promise<CustomFieldValues> {
  const definitions = await definitionsOf(ctx.prisma, ctx.db, entity);
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
      problems.push({ field: `customFields.${definition.key}`, message: 'is required', code: 'REQUIRED' });
    }
  }
  if (problems.length) throw badInput(problems);
  return checked;
}
