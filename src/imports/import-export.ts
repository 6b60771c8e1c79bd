import { stringify } from 'csv-stringify/sync';
import type { ImportRowOutcome } from '../generated/prisma/enums.js';
import type { Context } from '../graphql/context.js';
import { ERROR_COLUMN } from './import-objects.js';
import { getImport } from './import.service.js';

/** Rows read from the database at a time while the download is written. */
const PAGE_ROWS = 1000;

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
  const job = await getImport(ctx, importId);
  const columns = [...job.columns.filter((column) => column !== ERROR_COLUMN), ERROR_COLUMN];
  const options = { columns, escape_formulas: true, record_delimiter: 'windows' as const };
  return (async function* () {
    yield stringify([], { ...options, header: true });
    for (let after = 0; ; ) {
      const rows = await ctx.db.importRow.findMany({
        where: { importId, line: { gt: after }, outcome: outcomes?.length ? { in: [...outcomes] } : undefined },
        orderBy: { line: 'asc' },
        take: PAGE_ROWS,
        select: { line: true, cells: true, errors: true },
      });
      if (!rows.length) return;
      after = rows.at(-1)!.line;
      yield stringify(
        rows.map(({ cells, errors }) => {
          const record = Object.fromEntries(Object.entries(cells as Record<string, unknown>).map(([column, value]) => [column, cellText(value)]));
          return { ...record, [ERROR_COLUMN]: (errors as { field: string; message: string }[]).map((e) => `${e.field}: ${e.message}`).join('; ') };
        }),
        options,
      );
    }
  })();
}
