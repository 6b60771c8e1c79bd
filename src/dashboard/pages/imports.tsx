import { Fragment } from 'preact';
import { importObjects } from '../../imports/import-objects.js';
import type { Outcome } from '../form-outcomes.js';
import type { ImportMode, ImportObject, ImportProgressFragment, ImportStatus } from '../generated/operations.js';
import { mayCreateCompanies } from '../import-fields.js';
import type { Chrome } from './layout.js';
import { FormTokens, Layout, Notice, Time } from './layout.js';

export const IMPORTS = '/dashboard/imports';
export const jobPath = (id: string) => `${IMPORTS}/job?id=${encodeURIComponent(id)}`;
export const failedRowsPath = (id: string) => `${IMPORTS}/failed-rows?id=${encodeURIComponent(id)}`;

export type Job = ImportProgressFragment;

const statusWords: Record<ImportStatus, string> = { queued: 'Waiting to start', running: 'Running', completed: 'Completed', failed: 'Stopped', cancelled: 'Cancelled' };
const ENDED: readonly ImportStatus[] = ['completed', 'failed', 'cancelled'];
export const hasEnded = (job: Job) => ENDED.includes(job.status);

export const jobTitle = (job: Job) => `${job.dryRun ? 'Dry run' : 'Import'} of ${job.object}`;
const rowsText = (job: Job) => (job.rowsTotal === null ? `${job.rowsProcessed} (counting the rows)` : `${job.rowsProcessed} of ${job.rowsTotal}`);

/** What mode means, for one object (the record and the field rows are matched on) or any. */
const modeWords = (object?: ImportObject): Record<ImportMode, string> => ({
  create: 'Add every row as a new record',
  upsert: object
    ? `Update the ${importObjects[object].table.toLowerCase()} with the same ${importObjects[object].matchOn}; add the other rows`
    : 'Update the record with the same email (leads, contacts) or name (companies); add the other rows',
});

/**
 * An import's options: what becomes of rows for records the business already has, and (when
 * contacts may be imported) whether the companies they name are added.
 */
export function ImportOptions({ object, mode, createCompanies, offerCreateCompanies }: { object?: ImportObject; mode: string; createCompanies: boolean; offerCreateCompanies: boolean }) {
  return (
    <>
      <label for="mode">Rows for records you already have</label>
      <select id="mode" name="mode" aria-describedby="mode-hint">
        {Object.entries(modeWords(object)).map(([value, words]) => (
          <option key={value} value={value} selected={value === mode}>
            {words}
          </option>
        ))}
      </select>
      <span id="mode-hint" class="hint">
        Matching ignores upper and lower case. An update changes only the fields the row has a value for: empty cells never clear anything.
      </span>
      {offerCreateCompanies && (
        <div class="check">
          <input id="createCompanies" type="checkbox" name="createCompanies" value="true" checked={createCompanies} aria-describedby="createCompanies-hint" />
          <label for="createCompanies">Add the companies your contacts name that you do not have yet</label>
          <span id="createCompanies-hint" class="hint">
            Contacts only: a contact names its company in a companyName column. Without this, a contact naming a company you do not have is not imported.
          </span>
        </div>
      )}
    </>
  );
}

/**
 * Where an import stands: a progress bar and its counts, followed while it runs by
 * src/dashboard/assets/import-progress.js (`data-import-id`, `data-field`), which reloads the page
 * when it ends; without script, the page's Refresh link does.
 */
export function Progress({ job }: { job: Job }) {
  const total = job.rowsTotal;
  const counts = [
    ['created', job.dryRun ? 'Would create' : 'Created', job.created],
    ['updated', job.dryRun ? 'Would update' : 'Updated', job.updated],
    ['unchanged', 'Unchanged', job.unchanged],
    ['failed', job.dryRun ? 'Would fail' : 'Failed', job.failed],
  ] as const;
  return (
    <div data-import-id={job.id} data-status={job.status}>
      <label for={`progress-${job.id}`}>Rows processed</label>
      {/* No value while the rows are being counted: an indeterminate bar. */}
      <progress id={`progress-${job.id}`} style={{ width: '100%' }} max={Math.max(total ?? 0, 1)} value={total === null ? undefined : total === 0 ? 1 : job.rowsProcessed}>
        {rowsText(job)}
      </progress>
      <dl>
        <dt>Status</dt>
        <dd data-field="status" class={`status ${job.status}`}>
          {statusWords[job.status]}
        </dd>
        <dt>Rows</dt>
        <dd data-field="rows">{rowsText(job)}</dd>
        {counts.map(([field, label, count]) => (
          <Fragment key={field}>
            <dt>{label}</dt>
            <dd data-field={field}>{count}</dd>
          </Fragment>
        ))}
      </dl>
      {job.error && <p class="warning">{job.error}</p>}
    </div>
  );
}

/** Cancels a queued or running import or dry run (a one-time form); what an import saved before stays. */
export function CancelForm({ chrome, job }: { chrome: Chrome; job: Job }) {
  return (
    <form method="post" action={`${IMPORTS}/cancel`} class="actions">
      <FormTokens chrome={chrome} />
      <input type="hidden" name="id" value={job.id} />
      <button type="submit" class="danger" aria-describedby={job.dryRun ? undefined : 'cancel-hint'}>
        Cancel the {job.dryRun ? 'dry run' : 'import'}
      </button>
      {!job.dryRun && (
        <span id="cancel-hint" class="hint">
          Rows already imported stay.
        </span>
      )}
    </form>
  );
}

/** The script that follows running imports: the session's CSRF token goes with its calls to the API. */
export const ProgressScript = ({ chrome }: { chrome: Chrome }) => <script src="/dashboard/assets/import-progress.js" defer data-csrf={chrome.csrf} />;

/** What the upload form had, when it is shown again with what was wrong (a browser cannot be given the file back). */
export interface UploadDraft {
  object: string;
  mode: string;
  createCompanies: boolean;
}

function UploadForm({ chrome, objects, draft, maxBytes }: { chrome: Chrome; objects: readonly ImportObject[]; draft: UploadDraft; maxBytes: number }) {
  return (
    // The file comes last: the fields before it (the CSRF token) are read before any of the file.
    <form method="post" action={IMPORTS} enctype="multipart/form-data" class="stack" aria-labelledby="upload-title">
      <h2 id="upload-title">Import a file</h2>
      <input type="hidden" name="csrf" value={chrome.csrf} />
      <label for="object">Records to create</label>
      <select id="object" name="object">
        {objects.map((object) => (
          <option key={object} value={object} selected={object === draft.object}>
            {object.charAt(0).toUpperCase() + object.slice(1)}
          </option>
        ))}
      </select>
      <ImportOptions mode={draft.mode} createCompanies={draft.createCompanies} offerCreateCompanies={objects.some(mayCreateCompanies)} />
      <label for="file">File</label>
      <input id="file" name="file" type="file" required accept=".csv,.tsv,.txt,.jsonl,.ndjson,text/csv,application/x-ndjson" aria-describedby="file-hint" />
      <span id="file-hint" class="hint">
        A CSV file with a header row, as any spreadsheet program saves it, or JSON lines (.jsonl); at most {Math.floor(maxBytes / 1024 / 1024)} MB. First comes a dry run: every row is checked and
        nothing is saved, and you see how the columns map to fields.
      </span>
      <button type="submit">Upload and check</button>
    </form>
  );
}

export interface ImportsView {
  chrome: Chrome;
  objects: readonly ImportObject[];
  imports: Job[];
  maxBytes: number;
  outcome?: Outcome | null;
  errors?: string[];
  draft?: UploadDraft;
}

/** Imports: the upload form, and the recent imports with their progress. */
export function ImportsPage({ chrome, objects, imports, maxBytes, outcome, errors, draft = { object: objects[0] ?? '', mode: 'create', createCompanies: false } }: ImportsView) {
  return (
    <Layout title="Imports" chrome={chrome}>
      <p>Create leads, contacts or companies from a spreadsheet: each row goes through the same checks as one created by hand, and rows that fail can be downloaded, fixed and imported again.</p>
      <Notice errors={errors} done={outcome?.done} />
      <UploadForm chrome={chrome} objects={objects} draft={draft} maxBytes={maxBytes} />
      <section aria-labelledby="recent-title">
        <h2 id="recent-title">Recent imports and dry runs</h2>
        {imports.length ? (
          <ul class="cards">
            {imports.map((job) => (
              <li class="card" key={job.id}>
                <h3>
                  <a href={jobPath(job.id)}>
                    {jobTitle(job)}, <Time iso={job.createdAt} />
                  </a>
                </h3>
                <Progress job={job} />
                {job.failed > 0 && <a href={failedRowsPath(job.id)}>Download the failed rows (CSV)</a>}
              </li>
            ))}
          </ul>
        ) : (
          <p>No imports yet.</p>
        )}
        {imports.some((job) => !hasEnded(job)) && (
          <>
            <a href={IMPORTS}>Refresh</a>
            <ProgressScript chrome={chrome} />
          </>
        )}
      </section>
    </Layout>
  );
}
