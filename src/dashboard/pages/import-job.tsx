import type { Outcome } from '../form-outcomes.js';
import type { ImportPageQuery } from '../generated/operations.js';
import type { FieldChoice, Mapping } from '../import-fields.js';
import { fieldOf, mayCreateCompanies, shownColumns } from '../import-fields.js';
import { CancelForm, failedRowsPath, hasEnded, ImportOptions, IMPORTS, jobPath, jobTitle, Progress, ProgressScript } from './imports.js';
import type { Chrome } from './layout.js';
import { FormTokens, Layout, Notice, Time } from './layout.js';

type Row = ImportPageQuery['rows']['nodes'][number];
/** An import as its page shows it: where it stands, with the options it ran with and the file's columns. */
type ShownJob = NonNullable<ImportPageQuery['import']>;

const cellStyle = { padding: '.25rem .5rem', borderBottom: '1px solid #d0d7de', textAlign: 'left', verticalAlign: 'top' } as const;
/** A cell as the table shows it: JSON lines' objects as JSON, long text cut. */
const cellText = (value: unknown) => {
  const text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};
const rowErrors = (row: Row) => row.errors.map((error) => `${error.field}: ${error.message}`).join('; ');
const outcomeWords = { created: 'Created', updated: 'Updated', unchanged: 'Unchanged', failed: 'Failed' } as const;

/** The select of the field a column fills, in the table's header above the column. */
function FieldSelect({ column, index, mapping, choices }: { column: string; index: number; mapping: Mapping; choices: readonly FieldChoice[] }) {
  const field = fieldOf(column, mapping, choices);
  const option = (choice: FieldChoice) => (
    <option key={choice.value} value={choice.value} selected={choice.value === field}>
      {choice.label}
    </option>
  );
  return (
    <>
      <input type="hidden" name="column" value={column} />
      <select name="field" style={{ minWidth: '9rem' }} aria-label={`Field for the column “${column}”`} aria-describedby={field === undefined ? `unknown-${index}` : undefined}>
        <option value="">Leave out</option>
        <optgroup label="Fields">{choices.filter((choice) => !choice.custom).map(option)}</optgroup>
        {choices.some((choice) => choice.custom) && <optgroup label="Custom fields">{choices.filter((choice) => choice.custom).map(option)}</optgroup>}
      </select>
      {field === undefined && (
        <span id={`unknown-${index}`} class="hint">
          No field has this name: in this dry run, rows with a value here failed. Choose a field, or leave the column out.
        </span>
      )}
    </>
  );
}

/** The first rows as the file has them, each with what became of it (first: a wide file scrolls); with the mapping form, each column's field above it. */
function RowsTable({ columns, rows, mapping }: { columns: readonly string[]; rows: readonly Row[]; mapping?: { mapping: Mapping; choices: readonly FieldChoice[] } }) {
  return (
    <>
      <h3 id="rows-title">The first rows of the file{mapping && ', and the field each column fills'}</h3>
      {/* A wide file scrolls within its own region (focusable, for the keyboard), not the page. */}
      <div role="region" aria-labelledby="rows-title" tabIndex={0} style={{ overflowX: 'auto', background: '#fff' }}>
        <table aria-labelledby="rows-title" style={{ borderCollapse: 'collapse', minWidth: '100%' }}>
          <thead>
            <tr>
              <th scope="col" style={cellStyle}>
                Row
              </th>
              <th scope="col" style={{ ...cellStyle, minWidth: '12rem' }}>
                Result
              </th>
              {columns.map((column) => (
                <th key={column} scope="col" style={cellStyle}>
                  {column}
                </th>
              ))}
            </tr>
            {mapping && (
              <tr>
                <td style={cellStyle} colSpan={2} />
                {columns.map((column, index) => (
                  <td key={column} style={cellStyle}>
                    <FieldSelect column={column} index={index} {...mapping} />
                  </td>
                ))}
              </tr>
            )}
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.line}>
                <th scope="row" style={cellStyle}>
                  {row.line}
                </th>
                <td style={cellStyle}>
                  <span class={`status ${row.outcome}`}>{outcomeWords[row.outcome]}</span>
                  {row.errors.length > 0 && `: ${rowErrors(row)}`}
                </td>
                {columns.map((column) => (
                  <td key={column} style={cellStyle}>
                    {cellText(row.cells[column])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * A finished dry run's form: the mode, and the field of each column (in the table). "Check again"
 * runs another dry run of the same file with them; "Import" imports it with them, as shown.
 */
function MappingForm({ chrome, job, rows, choices }: { chrome: Chrome; job: ShownJob; rows: readonly Row[]; choices: readonly FieldChoice[] }) {
  return (
    <form method="post" action={`${IMPORTS}/check`} class="stack" aria-labelledby="mapping-title">
      <h2 id="mapping-title">Columns and fields</h2>
      <FormTokens chrome={chrome} />
      <input type="hidden" name="object" value={job.object} />
      <input type="hidden" name="fileId" value={job.fileId} />
      <p class="hint">Choose the field each column fills, or leave a column out. Check again to see the rows with them (nothing is saved); Import imports the file with the fields and options shown.</p>
      {/* The API keeps only column names and fields (or null) in a mapping. */}
      <RowsTable columns={shownColumns(job.columns)} rows={rows} mapping={{ mapping: job.mapping as Mapping, choices }} />
      <ImportOptions object={job.object} mode={job.mode} createCompanies={job.createCompanies} offerCreateCompanies={mayCreateCompanies(job.object)} />
      <div class="actions">
        <button type="submit" class="button">
          Check again
        </button>
        <button type="submit" formAction={`${IMPORTS}/run`}>
          Import {job.rowsTotal === 1 ? '1 row' : `${job.rowsTotal} rows`}
        </button>
      </div>
    </form>
  );
}

export interface ImportJobView {
  chrome: Chrome;
  job: ShownJob;
  data: ImportPageQuery;
  /** What the form this page follows did (a cancel). */
  outcome: Outcome | null;
  /** The fields a finished dry run's columns can fill: its mapping form is shown with them. */
  choices?: readonly FieldChoice[];
}

/** One import or dry run: its progress; once ended, its first rows (with the mapping form for a dry run) and its failed rows. */
export function ImportJobPage({ chrome, job, data, outcome, choices }: ImportJobView) {
  const failed = data.failedRows.nodes;
  // Its rows are shown once it has ended (none when the file could not be read).
  const columns = hasEnded(job) ? shownColumns(job.columns) : [];
  return (
    <Layout title={jobTitle(job)} chrome={chrome}>
      <p>
        <a href={IMPORTS}>All imports</a> · asked for <Time iso={job.createdAt} />
      </p>
      <Notice done={outcome?.done} />
      <section class="card" aria-labelledby="progress-title">
        <h2 id="progress-title">{job.dryRun ? 'Dry run: every row checked, nothing saved' : 'Progress'}</h2>
        <Progress job={job} />
        {!hasEnded(job) && (
          <>
            <CancelForm chrome={chrome} job={job} />
            <a href={jobPath(job.id)}>Refresh</a>
            <ProgressScript chrome={chrome} />
          </>
        )}
      </section>
      {choices ? (
        <MappingForm chrome={chrome} job={job} rows={data.rows.nodes} choices={choices} />
      ) : (
        columns.length > 0 && <RowsTable columns={columns} rows={data.rows.nodes} />
      )}
      {failed.length > 0 && (
        <section aria-labelledby="failed-title">
          <h2 id="failed-title">{job.dryRun ? 'Rows that would fail' : 'Rows that failed'}</h2>
          <ul>
            {failed.map((row) => (
              <li key={row.line}>
                Row {row.line}: {rowErrors(row)}
              </li>
            ))}
          </ul>
          <p>
            <a href={failedRowsPath(job.id)}>Download the failed rows (CSV)</a>: the file's columns and an <code>error</code> column; fix them and import the file again.
          </p>
        </section>
      )}
    </Layout>
  );
}
