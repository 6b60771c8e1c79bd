import { CSRF_HEADER, SESSION_COOKIE } from '../auth/sessions.js';
import { loadConfig } from '../config.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { importObjectNames, importObjects } from '../imports/import-objects.js';
import { requestScope } from '../shared/request-scope.js';
import type { ApiError } from './api-client.js';
import type { Handler, UserHandler } from './form-routes.js';
import { formHandling, forRole, idOf } from './form-routes.js';
import type { ImportObject } from './generated/operations.js';
import { CancelImportDocument, CreateImportFromFileDocument, ImportCustomFieldsDocument, ImportPageDocument, ImportsPageDocument } from './generated/operations.js';
import { fieldChoices, importableObjects, importOptions, mappingErrors, mappingOfForm } from './import-fields.js';
import type { PageRequest, SignedIn } from './pages.js';
import { notAllowed, refused } from './pages.js';
import type { UploadDraft } from './pages/imports.js';
import { ImportJobPage } from './pages/import-job.js';
import { IMPORTS, ImportsPage, jobPath } from './pages/imports.js';
import { asMultipart, UPLOAD_PATH } from './posted-form.js';
import { html, seeOther } from './respond.js';

const importers = (handler: UserHandler) => forRole((chrome) => chrome.canImport, 'Only people who may create leads, contacts or companies can import them.', handler);

/** Imports and dry runs the page lists, newest first. */
const RECENT_IMPORTS = 20;
/** Rows an import's page shows: the first of the file, and the first that failed. */
const PREVIEW_ROWS = 10;

/** REST refusals said in the dashboard's words, as the code GraphQL gives them; others (429, 503, 500) are left to the plugin's `asPage`. */
const REST_CODES = { 400: 'BAD_USER_INPUT', 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 413: 'PAYLOAD_TOO_LARGE' } as const;

/** A REST refusal (`{ error, message }`) as GraphQL's errors, or null for one the plugin shows as it is. */
async function restErrors(answer: Response): Promise<ApiError[] | null> {
  const code = REST_CODES[answer.status as keyof typeof REST_CODES];
  if (!code) return null;
  const body = (await answer.json().catch(() => ({}))) as { error?: string; message?: string };
  return [{ message: body.message ?? body.error ?? 'The request was refused', extensions: { code } }];
}

const notFound: ApiError[] = [{ message: 'not found', extensions: { code: 'NOT_FOUND' } }];
const badInput = (message: string): ApiError[] => [{ message, extensions: { code: 'BAD_USER_INPUT' } }];

/**
 * The dashboard's Imports: upload a file (a dry run first), map its columns to fields and check
 * again on the same file, import it, follow its progress, download its failed rows. The file and the
 * CSV travel through the API's REST routes (GraphQL carries neither), the rest through GraphQL.
 */
export function importRoutes({ prisma, handle }: { prisma: PrismaClient; handle: (request: Request) => Promise<Response> }): Record<string, Handler> {
  const { form, outcomeOf } = formHandling(prisma);

  /** A REST call as the signed-in user, through the whole pipeline as `apiClient`'s are: the session cookie, its CSRF token, the page's request id. */
  const restAs = (page: PageRequest, path: string, init: { method?: string; headers?: Record<string, string>; body?: ReadableStream<Uint8Array> } = {}) =>
    handle(
      new Request(`${page.url.origin}${path}`, {
        ...init,
        headers: { ...init.headers, cookie: `${SESSION_COOKIE}=${page.session}`, [CSRF_HEADER]: page.csrf ?? '', 'x-request-id': requestScope.getStore()?.requestId ?? '' },
        // A body that streams (the upload) goes as it arrives.
        ...(init.body ? { duplex: 'half' } : {}),
      } as RequestInit),
    );

  /** The answer to a refused REST call. */
  const restRefused = async (page: PageRequest, user: SignedIn, answer: Response) => {
    const errors = await restErrors(answer);
    return errors ? refused(page, errors, user.chrome) : answer;
  };

  /** The failed rows as CSV: the file's columns, in its order, then `error`. */
  const failedRowsCsv = (page: PageRequest, id: string) => restAs(page, `/api/v1/imports/${encodeURIComponent(id)}/rows?outcome=failed`, { headers: { accept: 'text/csv' } });

  /** The imports page, with what the last form did, or the upload form again with what was wrong. */
  async function importsPage(page: PageRequest, user: SignedIn, again: { errors: string[]; draft: UploadDraft } | null = null, status = 200) {
    const result = await user.api(ImportsPageDocument, { first: RECENT_IMPORTS });
    if (result.errors) return refused(page, result.errors, user.chrome);
    const outcome = again ? null : await outcomeOf(page, user);
    const view = { objects: importableObjects(user.viewer.scopes), imports: result.data.imports.nodes, maxBytes: loadConfig().IMPORT_MAX_BYTES, outcome };
    return html(<ImportsPage chrome={user.chrome} {...view} {...again} />, status);
  }

  /** What a column of an `object` file can fill, with the tenant's custom fields. */
  async function choicesFor(user: SignedIn, object: ImportObject) {
    const result = await user.api(ImportCustomFieldsDocument, { entity: importObjects[object].customFieldEntity });
    return result.errors ? { errors: result.errors } : { choices: fieldChoices(object, result.data.customFieldDefinitions) };
  }

  /** The mapping form's choices, checked (a field the object does not have is refused here): the import they ask for, or the refusal. */
  async function chosenImport(page: PageRequest, user: SignedIn) {
    const object = page.form.get('object') as ImportObject;
    if (!importObjectNames.includes(object)) return refused(page, badInput(`Choose what to import: ${importObjectNames.join(', ')}`), user.chrome);
    const fields = await choicesFor(user, object);
    if (fields.errors) return refused(page, fields.errors, user.chrome);
    const mapping = mappingOfForm(page.form);
    const errors = mappingErrors(mapping, fields.choices, object);
    if (errors.length) return refused(page, errors, user.chrome);
    return { object, fileId: page.form.get('fileId') ?? '', ...importOptions(page.form, object), mapping };
  }

  return {
    [`GET ${IMPORTS}`]: importers((page, user) => importsPage(page, user)),

    // A dry run of the uploaded file, streamed through to the API: it writes no record, so the form is not one-time, and leads to the dry run's page.
    [`POST ${UPLOAD_PATH}`]: importers(async (page, user) => {
      const draft: UploadDraft = { object: page.form.get('object') ?? '', mode: page.form.get('mode') ?? 'create', createCompanies: page.form.get('createCompanies') === 'true' };
      const file = page.file;
      const again = (errors: string[], status: number) => importsPage(page, user, { errors, draft }, status);
      // Checked before the file is sent: the API would store it before it refuses the object.
      if (!importableObjects(user.viewer.scopes).includes(draft.object as ImportObject)) return notAllowed(user.chrome, `You may not import ${draft.object || 'that'}.`);
      if (!file?.fileName) return again(['Choose a file to import: a CSV file, or JSON lines.'], 400);
      const { body, contentType } = asMultipart(file);
      const { matchOn, createCompanies } = importOptions(page.form, draft.object as ImportObject);
      const options = new URLSearchParams({ object: draft.object, mode: draft.mode, dryRun: 'true', ...(matchOn && { matchOn }), ...(createCompanies && { createCompanies: 'true' }) });
      const answer = await restAs(page, `/api/v1/imports?${options}`, { method: 'POST', headers: { 'content-type': contentType }, body });
      if (answer.status === 202) return seeOther(jobPath(((await answer.json()) as { data: { id: string } }).data.id));
      if (answer.status === 415) return again([`“${file.fileName}” is not a CSV or JSON lines file. Save the spreadsheet as CSV, and choose that file.`], 415);
      const errors = await restErrors(answer);
      // A mistake in what was sent (an option, a file past the limit) is said on the form.
      const mistaken = errors && (answer.status === 400 || answer.status === 413) ? errors.map((error) => error.message) : null;
      if (mistaken) return again(mistaken, answer.status);
      return errors ? refused(page, errors, user.chrome) : answer;
    }),

    // The mapping and the columns come from the job, not the address: the page can be reloaded, and a long mapping fits.
    [`GET ${IMPORTS}/job`]: importers(async (page, user) => {
      const result = await user.api(ImportPageDocument, { id: page.url.searchParams.get('id') ?? '', rows: PREVIEW_ROWS });
      if (result.errors) return refused(page, result.errors, user.chrome);
      const job = result.data.import;
      if (!job) return refused(page, notFound, user.chrome);
      const view = { chrome: user.chrome, job, data: result.data, outcome: await outcomeOf(page, user) };
      if (!job.dryRun || job.status !== 'completed' || !job.columns.length) return html(<ImportJobPage {...view} />);
      const fields = await choicesFor(user, job.object);
      if (fields.errors) return refused(page, fields.errors, user.chrome);
      return html(<ImportJobPage {...view} choices={fields.choices} />);
    }),

    // Another dry run of the same file with the mapping chosen; like the upload, not a one-time form.
    [`POST ${IMPORTS}/check`]: importers(async (page, user) => {
      const chosen = await chosenImport(page, user);
      if (chosen instanceof Response) return chosen;
      const result = await user.api(CreateImportFromFileDocument, { ...chosen, dryRun: true });
      if (result.errors) return refused(page, result.errors, user.chrome);
      return seeOther(jobPath(result.data.createImport.import!.id));
    }),

    // The import itself: a one-time form (a double click imports once), then the list with its progress.
    [`POST ${IMPORTS}/run`]: importers(
      form(IMPORTS, async (page, user) => {
        const chosen = await chosenImport(page, user);
        if (chosen instanceof Response) return chosen;
        const result = await user.api(CreateImportFromFileDocument, { ...chosen, dryRun: false });
        if (result.errors) return refused(page, result.errors, user.chrome);
        return { done: `The import of ${chosen.object} has started: its progress is below.` };
      }),
    ),

    // A one-time form, then the import's page with what it did: a queued import ends at once, a running one after the batch it is writing.
    [`POST ${IMPORTS}/cancel`]: importers(
      form(
        (fields) => jobPath(idOf(fields)),
        async (page, user) => {
          const result = await user.api(CancelImportDocument, { id: idOf(page.form) });
          if (result.errors) return refused(page, result.errors, user.chrome);
          const ended = result.data.cancelImport.import?.status === 'cancelled';
          return { done: ended ? 'Cancelled: no more rows will be imported.' : 'Cancelling: the import stops once the rows it is saving now are saved. Rows already imported stay.' };
        },
      ),
    ),

    // The browser cannot send the API's credentials for a download: the dashboard asks with the session, and streams the CSV through.
    [`GET ${IMPORTS}/failed-rows`]: importers(async (page, user) => {
      const id = page.url.searchParams.get('id') ?? '';
      const csv = await failedRowsCsv(page, id);
      if (!csv.ok || !csv.body) return restRefused(page, user, csv);
      return new Response(csv.body, {
        headers: { 'Content-Type': csv.headers.get('content-type') ?? 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="import-${id}-failed-rows.csv"` },
      });
    }),
  };
}
