import { z } from 'zod';
import { badInput } from './errors.js';

/** A required text value of at most `max` characters, not blank. */
export const requiredText = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((s) => s.trim().length > 0, 'must not be blank');

/** An optional, nullable text value of at most `max` characters. */
export const optionalText = (max: number) => z.string().max(max, `must be at most ${max} characters`).nullish();

/**
 * Input-object check for a PATCH: these fields may be absent but never null. (Field validators
 * never see nulls, so this runs on the whole object.)
 */
export const rejectNulls = (...fields: string[]) =>
  z.record(z.string(), z.unknown()).superRefine((input, ctx) => {
    for (const field of fields) {
      if (input[field] === null) ctx.addIssue({ code: 'custom', path: [field], message: 'cannot be null' });
    }
  });

/** Keys of `patch` whose value was sent (absent fields do not change; null clears). */
export function sentFields<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Parses with a zod schema, or throws BAD_USER_INPUT naming each field. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw badInput(parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || 'input', message: issue.message })));
}
