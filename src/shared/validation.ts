import { z } from 'zod';
import { badInput } from './errors.js';

const notNull = (issue: { input?: unknown }) => (issue.input === null ? 'cannot be null' : 'must be a string');

/** A required text value (create) of at most `max` characters, not blank. */
export const requiredText = (max: number) =>
  z
    .string({ error: notNull })
    .max(max, `must be at most ${max} characters`)
    .refine((s) => s.trim().length > 0, 'must not be blank');

/** The same field in a PATCH: may be absent, never null. */
export const patchedRequiredText = (max: number) => requiredText(max).optional();

/** An optional, nullable text value of at most `max` characters. */
export const optionalText = (max: number) => z.string().max(max, `must be at most ${max} characters`).nullish();

/** A value that may be absent but not null (booleans, JSON objects in a PATCH). */
export const notNullable = <T extends z.ZodType>(schema: T) =>
  z.custom<unknown>((v) => v !== null, 'cannot be null').pipe(schema.optional());

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
