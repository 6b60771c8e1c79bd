import { z } from 'zod';
import { badInput, UserErrorCodes, type UserErrorCode } from './errors.js';

/**
 * Characters no text field takes: control characters (C0, DEL, C1), the line and paragraph
 * separators U+2028/2029, and the bidirectional overrides and isolates (U+202A-202E, U+2066-2069),
 * which make a name print differently from what it is (in the dashboard, PDFs and emails).
 * Single-line fields (names, emails, phones...) take none of them; multi-line fields (notes,
 * descriptions) take line feeds, carriage returns and tabs.
 */
const forbiddenInLine = '\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069';
const forbiddenInMultiline = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069';

export type TextKind = 'line' | 'multiline';
const textRules: Record<TextKind, { pattern: RegExp; takes: string }> = {
  line: {
    pattern: new RegExp(`^[^${forbiddenInLine}]*$`, 'u'),
    takes: 'a single line of text takes no control characters, line breaks, line or paragraph separators or bidirectional overrides',
  },
  multiline: {
    pattern: new RegExp(`^[^${forbiddenInMultiline}]*$`, 'u'),
    takes: 'text takes line breaks and tabs, but no other control characters, line or paragraph separators or bidirectional overrides',
  },
};

/** The first character of `text` that `kind` refuses, as U+XXXX. */
function firstRefused(text: string, kind: TextKind): string {
  const refused = [...text].find((char) => !textRules[kind].pattern.test(char)) ?? '';
  return `U+${(refused.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Text of at most `max` characters, of one line or of several (`kind`). */
export const boundedText = (max: number, kind: TextKind = 'line') =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .regex(textRules[kind].pattern, { error: (issue) => `must not contain ${firstRefused(String(issue.input), kind)} (${textRules[kind].takes})` });

/** Blank: nothing but white space, separators and invisible formatting characters (zero-width space, BOM...). */
const blank = /^[\p{White_Space}\p{Z}\p{Default_Ignorable_Code_Point}]*$/u;

/** A required text value of at most `max` characters, not blank. */
export const requiredText = (max: number, kind: TextKind = 'line') =>
  boundedText(max, kind).refine((s) => !blank.test(s), { message: 'must not be blank', params: { code: 'BLANK' satisfies UserErrorCode } });

/** A non-negative amount of money with up to `digits` digits, then up to 2 decimals. */
export const moneyOfDigits = (digits: number) =>
  z.string().regex(new RegExp(`^\\d{1,${digits}}(\\.\\d{1,2})?$`), `must be a non-negative amount with at most ${digits} digits and 2 decimals`);

/** A non-negative amount of money as stored in NUMERIC(14,2): up to 12 digits, then up to 2 decimals. */
export const money = moneyOfDigits(12);

/** A non-negative quantity: up to 10 digits, then up to 4 decimals. */
export const quantity = z.string().regex(/^\d{1,10}(\.\d{1,4})?$/, 'must be a non-negative quantity with at most 10 digits and 4 decimals');

/** A quantity of more than zero. */
export const positiveQuantity = quantity.refine((value) => /[1-9]/.test(value), 'must be more than 0');

/** A rate as a decimal fraction from 0 to 1 (stored as NUMERIC(7,6)). */
export const fraction = z.string().regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, 'must be a decimal fraction from 0 to 1 with at most 6 decimals, such as "0.0825"');

/** An optional, nullable text value of at most `max` characters. */
export const optionalText = (max: number, kind: TextKind = 'line') => boundedText(max, kind).nullish();

/**
 * Input-object check for a PATCH: it must change something (an empty one is a client mistake,
 * not a way to read the record), and the `required` fields may be absent but never null. (Field
 * validators never see nulls, so this runs on the whole object.)
 */
export const patchInput = (...required: string[]) =>
  z
    .record(z.string(), z.unknown())
    .superRefine((input, ctx) => {
      if (!Object.values(input).some((value) => value !== undefined)) {
        ctx.addIssue({ code: 'custom', path: [], message: 'nothing to change: send at least one field' });
      }
      for (const field of required) {
        if (input[field] === null) ctx.addIssue({ code: 'custom', path: [field], message: 'cannot be null', params: { code: 'REQUIRED' satisfies UserErrorCode } });
      }
    })
    // The OpenAPI document reads this to publish these fields as not nullable.
    .meta({ neverNull: required });

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

/** An http(s) URL of at most 2000 characters (photos, signatures): no `javascript:` or `file:` links. */
export const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2000, 'must be at most 2000 characters');

/** A `search` argument: words, at most 200 characters in all. */
export const searchText = optionalText(200);

/**
 * The kind of problem a validation issue reports, for mutation payloads' `userErrors`: a custom
 * rule names its own (`params.code`), lengths and ranges are read from the issue, anything else is INVALID.
 */
export function problemCode(issue: object): UserErrorCode {
  const { code, origin, params } = issue as { code?: string; origin?: string; params?: { code?: string } };
  if (params?.code && Object.hasOwn(UserErrorCodes, params.code)) return params.code as UserErrorCode;
  const measured = origin === 'string' || origin === 'array';
  if (code === 'too_big') return measured ? 'TOO_LONG' : 'OUT_OF_RANGE';
  if (code === 'too_small') return measured ? 'TOO_SHORT' : 'OUT_OF_RANGE';
  return 'INVALID';
}
