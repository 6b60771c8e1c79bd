import type { Prisma } from '../generated/prisma/client.js';

/** Prisma's `contains` is SQL LIKE: its wildcards and escape character must match themselves (also for a raw `ILIKE` meaning equality). */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&');

type ColumnOf<Table extends Prisma.ModelName> = keyof Prisma.TypeMap['model'][Table]['fields'] & string;

/** The text columns of one table a list's `search` reads. */
export interface SearchColumns<Field extends string> {
  table: Prisma.ModelName;
  fields: readonly Field[];
}

/**
 * Every searched column declared, once the modules declaring them are loaded (the GraphQL schema
 * loads them all): each must have a trigram index (`ILIKE '%word%'` is served by nothing else),
 * which test/search-indexes.test.ts checks against the migrated database.
 */
export const declaredSearchColumns: SearchColumns<string>[] = [];

/** Declares the columns a `search` reads; `searchWords` and `containing` take nothing else. */
export function searchColumns<Table extends Prisma.ModelName, Field extends ColumnOf<Table>>(table: Table, fields: Field[]): SearchColumns<Field> {
  const columns = { table, fields };
  declaredSearchColumns.push(columns);
  return columns;
}

/** `text` as a Prisma condition: it appears, case-insensitively, in one of the columns. */
export function containing<Field extends string>(text: string, columns: SearchColumns<Field>) {
  const pattern = likeLiteral(text);
  return {
    OR: columns.fields.map((field) => ({ [field]: { contains: pattern, mode: 'insensitive' as const } }) as Record<Field, { contains: string; mode: 'insensitive' }>),
  };
}

/**
 * A `search` string as Prisma conditions: every word must match (case-insensitively) at least
 * one of the given text columns, so "ann lee" finds Ann Lee by first and last name.
 */
export function searchWords<Field extends string>(search: string | null | undefined, columns: SearchColumns<Field>) {
  return searchTerms(search).map((word) => containing(word, columns));
}

/** The words of a `search` string that must each match: split on white space, the first 5. */
export const searchTerms = (search: string | null | undefined) => (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5);
