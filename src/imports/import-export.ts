import { stringify } from 'csv-stringify/sync';
import type { ImportRowOutcome } from '../generated/prisma/enums.js';
import { scopedTenantId } from '../db/tenant-scope.js';
import { Prisma } from '../generated/prisma/client.js';
import type { Context } from '../graphql/context.js';
import { ERROR_COLUMN } from './import-objects.js';
import { importWithReadableRows } from './import.service.js';

/**
 * Rows read from the database at a time while the download is written, and the most text of
 * cells a page holds: rows may hold 1 MB each, and a page of them whole was a file's worth at once.
 */
const PAGE_ROWS = 1000;
const PAGE_CHARS = 4 * 1024 * 1024;

/** A cell as CSV text: JSON lines' objects and lists as JSON, the rest as written. */
const cellText = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/**
 * An import's rows as CSV, in the file's order: the file's own columns, each row's cells as read,
 * and an `error` column with its problems, so a user fixes the failed rows and imports the file
 * again (the `error` column is left out then). Cells starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return get a leading `'`, so no spreadsheet runs them as a formula (an import reads
 * them without it). The import is checked before anything is written (a missing one is a 404);
 * then the rows are read a page at a time, never all at once.
 */
export async function importRowsCsv(ctx: Context, importId: string, outcomes: readonly ImportRowOutcome[] | undefined): Promise<AsyncIterable<string>> {
  const job = await importWithReadableRows(ctx, importId);
  const columns = [...job.columns.filter((column) => column !== ERROR_COLUMN), ERROR_COLUMN];
  const options = { columns, escape_formulas: true, record_delimiter: 'windows' as const };
  return (async function* () {
    yield stringify([], { ...options, header: true });
    for (let after = 0; ; ) {
      // The page's first rows up to PAGE_CHARS of cells (always one at least).
      const rows = await ctx.db.$queryRaw<{ line: number; cells: Record<string, unknown>; errors: { field: string; message: string }[] }[]>`
        SELECT line, cells, errors FROM (
          SELECT line, cells, errors, sum(octet_length(cells::text)) OVER (ORDER BY line) - octet_length(cells::text) AS "charsBefore"
          FROM (
            SELECT line, cells, errors FROM "ImportRow"
            WHERE "tenantId" = ${scopedTenantId(ctx.db)}::uuid AND "importId" = ${importId}::uuid AND line > ${after}
              ${outcomes?.length ? Prisma.sql`AND outcome::text = ANY(string_to_array(${outcomes.join(',')}, ','))` : Prisma.empty}
            ORDER BY line LIMIT ${PAGE_ROWS}
          ) first_rows
        ) page
        WHERE "charsBefore" < ${PAGE_CHARS} ORDER BY line`;
      if (!rows.length) return;
      after = rows.at(-1)!.line;
      yield stringify(
        rows.map(({ cells, errors }) => {
          const record = Object.fromEntries(Object.entries(cells).map(([column, value]) => [column, cellText(value)]));
          return { ...record, [ERROR_COLUMN]: errors.map((e) => `${e.field}: ${e.message}`).join('; ') };
        }),
        options,
      );
    }
  })();
}
