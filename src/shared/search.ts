/** Prisma's `contains` is SQL LIKE: its wildcards and escape character must match themselves. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * A `search` string as Prisma conditions: every word must match (case-insensitively) at least
 * one of the given text columns, so "ann lee" finds Ann Lee by first and last name.
 */
export function searchWords<Field extends string>(search: string | null | undefined, fields: Field[]) {
  const words = (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5).map(likeLiteral);
  return words.map((word) => ({
    OR: fields.map((field) => ({ [field]: { contains: word, mode: 'insensitive' as const } }) as Record<Field, { contains: string; mode: 'insensitive' }>),
  }));
}
