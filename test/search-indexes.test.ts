import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
// The schema loads every list, hence every `search` column declaration.
import '../src/graphql/schema.js';
import { declaredSearchColumns } from '../src/shared/search.js';
import { openTestDatabase } from './support/database.js';

// `search` is ILIKE '%word%', which only a trigram index serves: every column a search reads needs one.
describe('search columns', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  }, 60_000);
  afterAll(() => db?.close());

  it('each have a trigram GIN index of their own in the migrated database', async () => {
    const indexes = await db.prisma.$queryRaw<{ tablename: string; indexdef: string }[]>`
      SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND indexdef LIKE '%USING gin%gin_trgm_ops%'`;
    const indexed = new Set(indexes.map((index) => `${index.tablename}.${/USING gin \("?(\w+)"? gin_trgm_ops\)$/.exec(index.indexdef)?.[1]}`));
    const searched = declaredSearchColumns.flatMap(({ table, fields }) => fields.map((field) => `${table}.${field}`));
    expect(searched).toEqual(expect.arrayContaining(['Lead.firstName', 'Invoice.invoiceNumber', 'Company.name', 'Inspection.searchText']));
    expect(searched.filter((column) => !indexed.has(column))).toEqual([]);
  });
});
