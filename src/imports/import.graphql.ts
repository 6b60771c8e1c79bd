import { ImportMode, ImportObject, ImportRowOutcome, ImportStatus } from '../generated/prisma/enums.js';
import { type ScopeMap, scopesByArgument } from '../graphql/access.js';
import { builder } from '../graphql/builder.js';
import { defineList } from '../graphql/connection.js';
import { longText } from '../graphql/limits.js';
import { anyOfDescription, DateTimeRange } from '../graphql/list-filters.js';
import { MISSING_RECORD_NOTE, orNull } from '../graphql/missing-record.js';
import { recordPayload } from '../graphql/mutation-payload.js';
import { Node } from '../graphql/node.js';
import { listOf } from '../graphql/read-access.js';
import { ERROR_COLUMN, importObjects } from './import-objects.js';
import { MAX_ROW_CHARS } from './spreadsheet.js';
import { cancelImport, createImport, getImport, importOrder, importRowOrder, listImportRows, listImports } from './import.service.js';

const ImportObjectEnum = builder.enumType(ImportObject, {
  name: 'ImportObject',
  description: 'What an import creates. Importing one needs the scope that creates it one by one.',
  values: {
    leads: { description: `Leads (\`createLead\`'s fields; \`${importObjects.leads.scope}\`). A lead without a \`source\` gets \`import\`.` },
    contacts: { description: `Contacts (\`createContact\`'s fields; \`${importObjects.contacts.scope}\`). A contact names its company by \`companyId\`, or by \`companyName\` (found case-insensitively; created with \`createCompanies\`).` },
    companies: { description: `Companies (\`createCompany\`'s fields; \`${importObjects.companies.scope}\`).` },
  },
});

const ImportModeEnum = builder.enumType(ImportMode, {
  name: 'ImportMode',
  description: 'What an import does with a row that names a record the tenant has.',
  values: {
    create: { description: 'Every row creates a record.' },
    upsert: { description: 'A row whose `matchOn` value (email for leads and contacts, name for companies; case-insensitive, trimmed) names one record updates it with the row\'s non-empty cells (custom fields merged), or leaves it `unchanged`; other rows create one.' },
  },
});

const ImportStatusEnum = builder.enumType(ImportStatus, {
  name: 'ImportStatus',
  description: 'Where an import stands.',
  values: {
    queued: { description: 'Waiting for a server process to take it.' },
    running: { description: 'Rows are being checked and written; the counts move with each batch.' },
    completed: { description: 'Every row was processed (some may have failed: see `failed` and the rows).' },
    failed: { description: 'Stopped before the end: see `error` (a file that cannot be read, the user it acts for deactivated or without the scope, 5 attempts in a row that made no progress). Rows processed before stay.' },
    cancelled: { description: 'Stopped by `cancelImport` between two batches; rows processed before stay.' },
  },
});

const ImportRowOutcomeEnum = builder.enumType(ImportRowOutcome, {
  name: 'ImportRowOutcome',
  description: 'What became of one row.',
  values: {
    created: { description: 'A record was created (in a dry run: would be).' },
    updated: { description: 'The matched record was changed (in a dry run: would be).' },
    unchanged: { description: 'The matched record already held the row\'s values.' },
    failed: { description: 'Nothing was written for the row; `errors` says why.' },
  },
});

/** Readable by whoever may import some object; each import only by whoever may import its object (the service filters). */
const importReaders = listOf('ImportJob').authScopes;

export const ImportJob = builder.prismaObject('ImportJob', {
  interfaces: [Node],
  description:
    "An import of records from a spreadsheet (CSV) or JSON lines, run in the background after it is created: its options, where it stands, and how many rows were created, updated, left unchanged or failed. Its `import.completed` or `import.failed` event is sent when it ends. Listed for the keys that may import its object; read by another it is FORBIDDEN, naming that object's write scope.",
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Import id.' }),
    object: t.expose('object', { type: ImportObjectEnum, description: 'What it creates.' }),
    mode: t.expose('mode', { type: ImportModeEnum, description: 'Create only, or update the records rows match.' }),
    matchOn: t.exposeString('matchOn', { nullable: true, description: 'The field rows are matched on, for `upsert`; null for `create`.' }),
    mapping: t.field({ type: 'JSONObject', description: 'The mapping it reads the file\'s columns with (from column names to field names; null leaves one out); `{}` when none was given.', resolve: (job) => (job.mapping ?? {}) as object }),
    createCompanies: t.exposeBoolean('createCompanies', { description: 'Contacts only: whether the companies named by `companyName` that the tenant does not have are created.' }),
    columns: t.exposeStringList('columns', { description: "The file's column names, in its order (JSON lines: as their keys first appear); empty until the file has been read once." }),
    fileId: t.expose('fileId', { type: 'UUID', description: 'The file imported: give it to `createImport` to import it again (after a dry run, say).' }),
    dryRun: t.exposeBoolean('dryRun', { description: 'Every row checked and reported as it would be, nothing kept.' }),
    status: t.expose('status', { type: ImportStatusEnum, description: 'Where it stands.' }),
    error: t.exposeString('error', { nullable: true, description: 'Why it stopped before the end, when it did; while it runs, why its last attempt was interrupted (it goes on after the lease of the process that stopped).' }),
    rowsTotal: t.exposeInt('rowsTotal', { nullable: true, description: 'Rows in the file (blank lines aside); null until the file has been read once, soon after it starts.' }),
    rowsProcessed: t.exposeInt('rowsProcessed', { description: 'Rows done so far, whatever their outcome: with `rowsTotal`, a progress bar.' }),
    created: t.exposeInt('created', { description: 'Rows that created a record.' }),
    updated: t.exposeInt('updated', { description: 'Rows that changed the record they matched.' }),
    unchanged: t.exposeInt('unchanged', { description: 'Rows whose matched record already held their values.' }),
    failed: t.exposeInt('failed', { description: 'Rows that wrote nothing (their errors are in the rows).' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was asked for (ISO 8601, UTC).' }),
    startedAt: t.expose('startedAt', { type: 'DateTime', nullable: true, description: 'When a server process first took it.' }),
    completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true, description: 'When it ended (completed, failed or cancelled).' }),
  }),
});

const ImportRowError = builder.objectRef<{ field: string; message: string }>('ImportRowError').implement({
  description: "One problem of a row: the field (or the file's column) at fault and what is wrong.",
  fields: (t) => ({
    field: t.exposeString('field', { description: 'The field (`email`, `customFields.region`) or, for a column that names no field, the column; `row` for the row as a whole.' }),
    message: t.exposeString('message', { description: 'What is wrong, following the field\'s name ("must be an email address").' }),
  }),
});

const ImportRow = builder.prismaObject('ImportRow', {
  description: `What became of one row of an import's file: a value of its import, keyed by the import and its \`line\`. Failed rows can be downloaded as CSV with an \`${ERROR_COLUMN}\` column, fixed and imported again.`,
  fields: (t) => ({
    id: t.string({ description: 'The import\'s id and the line, `<importId>:<line>`: a key for client caches, not a record id.', select: { importId: true, line: true }, resolve: (row) => `${row.importId}:${row.line}` }),
    line: t.exposeInt('line', { description: 'The row number a spreadsheet shows (the header is row 1; a cell with a line break does not shift later rows); for JSON lines, the line number.' }),
    outcome: t.expose('outcome', { type: ImportRowOutcomeEnum, description: 'What became of it.' }),
    recordId: t.expose('recordId', { type: 'UUID', nullable: true, description: 'The record it created or matched; null when it failed, and in a dry run for records it would create.' }),
    errors: t.field({ type: [ImportRowError], description: 'Every problem of the row at once; empty unless it failed.', resolve: (row) => row.errors as never }),
    cells: t.expose('cells', { type: 'JSONObject', description: `The row's cells by the file's column names, as read (at most ${MAX_ROW_CHARS} characters; a longer row failed with none kept).`, ...longText(MAX_ROW_CHARS) }),
  }),
});

const importList = defineList(ImportJob, importOrder, {
  plural: 'imports',
  filterDescription: 'Conditions on imports; every given condition must hold.',
  filter: (t) => ({
    object: t.field({ type: [ImportObjectEnum], ...anyOfDescription('imports of', 'object', 'objects') }),
    status: t.field({ type: [ImportStatusEnum], ...anyOfDescription('imports with', 'status', 'statuses') }),
    createdAt: t.field({ type: DateTimeRange, description: 'Only imports asked for in this interval.' }),
  }),
});

const importRowList = defineList(ImportRow, importRowOrder, {
  plural: 'import rows',
  filterDescription: "Conditions on an import's rows.",
  filter: (t) => ({
    outcome: t.field({ type: [ImportRowOutcomeEnum], ...anyOfDescription('rows with', 'outcome', 'outcomes', ' `failed`: the rows to fix.') }),
  }),
});

builder.queryFields((t) => ({
  imports: t.field({
    type: importList.connection,
    description: "The tenant's imports of the objects the caller may import, newest first.",
    authScopes: importReaders,
    args: importList.args(),
    resolve: (_root, args, ctx) => listImports(ctx, args),
  }),
  import: t.field({
    type: ImportJob,
    nullable: true,
    description: `One import by id; ${MISSING_RECORD_NOTE}. An import of an object the caller may not import is FORBIDDEN, naming the scope it needs.`,
    authScopes: importReaders,
    args: { id: t.arg({ type: 'UUID', required: true, description: 'Import id.' }) },
    resolve: (_root, { id }, ctx) => orNull(ctx, getImport(ctx, id)),
  }),
  importRows: t.field({
    type: importRowList.connection,
    description: "What became of an import's rows, in the file's order; `filter.outcome` narrows them. The rows hold the records' data: read with the import's object's read scope (an import of leads: `leads.lead.read`), FORBIDDEN otherwise.",
    authScopes: listOf('ImportRow').authScopes,
    args: { importId: t.arg({ type: 'UUID', required: true, description: 'Import id.' }), ...importRowList.args() },
    resolve: (_root, { importId, ...args }, ctx) => listImportRows(ctx, importId, args),
  }),
}));

const CreateImportPayload = recordPayload('createImport', 'import', ImportJob);
const CancelImportPayload = recordPayload('cancelImport', 'import', ImportJob);

const writers = Object.fromEntries(Object.entries(importObjects).map(([object, spec]) => [object, { scope: spec.scope }])) as Record<ImportObject, ScopeMap>;

builder.mutationFields((t) => ({
  createImport: t.field({
    type: CreateImportPayload,
    description:
      "Imports records from a file's text, or from a file uploaded before (REST: POST /api/v1/imports with the file as the body): answered at once with the queued import, whose rows are checked and written in the background by the same rules, checks and events as their one-by-one mutation, in batches. Columns are the create input's field names (headers differing only in case, spaces, `_` or `-` match), `customFields.KEY` for custom fields, or named by `mapping`. Follow it with `import(id)` (or the `import.completed` event), then `importRows`.",
    authScopes: scopesByArgument('object', writers),
    args: {
      object: t.arg({ type: ImportObjectEnum, required: true, description: 'What to create.' }),
      text: t.arg.string({ description: 'The file itself, as text (at most the request body limit, 1 MiB): CSV with a header row, or JSON lines (`format`). Give this or `fileId`.' }),
      format: t.arg({ type: builder.enumType('ImportFormat', { description: 'How a file given as text is written.', values: { csv: { description: 'CSV with a header row; `,` `;` or tab separated (detected).' }, ndjson: { description: 'One JSON object a line, by field names.' } } }), description: 'How `text` is written; `csv` unless given.' }),
      fileId: t.arg({ type: 'UUID', description: 'A file uploaded before (the `fileId` of an earlier import, such as a dry run): imports it again. Give this or `text` (on REST: this, with no body, or the file as the body).' }),
      mode: t.arg({ type: ImportModeEnum, description: '`create` unless given.' }),
      matchOn: t.arg.string({ description: 'For `upsert`: the field rows are matched on, which is `email` for leads and contacts and `name` for companies (the default).' }),
      dryRun: t.arg.boolean({ description: 'Check every row and report it as it would be, writing nothing.' }),
      mapping: t.arg({ type: 'JSONObject', description: 'From the file\'s column names to field names, for headers that are not the API\'s: `{"E-mail address": "email", "Notes (old)": null}` (null leaves a column out).' }),
      createCompanies: t.arg.boolean({ description: 'Contacts only: create the companies named by `companyName` that the tenant does not have.' }),
    },
    resolve: (_root, args, ctx) => createImport(ctx, args),
  }),
  cancelImport: t.field({
    type: CancelImportPayload,
    description: 'Stops a queued or running import between two batches (rows already written stay). A finished one is a CONFLICT naming its status.',
    authScopes: importReaders,
    args: { id: t.arg({ type: 'UUID', required: true, description: 'Import id.' }) },
    resolve: (_root, { id }, ctx) => cancelImport(ctx, id),
  }),
}));
