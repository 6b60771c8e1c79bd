import { EventEmitter } from 'node:events';
import { loadConfig } from '../config.js';
import type { ImportMode, ImportObject, ImportRowOutcome } from '../generated/prisma/enums.js';
import { keysetPage, type ListArgs, type ListOrder } from '../graphql/connection.js';
import { forbidden } from '../graphql/access.js';
import { type Context, principalOf } from '../graphql/context.js';
import type { IncomingFile } from '../graphql/operations.js';
import { oneOf, withinRange } from '../graphql/list-filters.js';
import { AppError, badInput, invalidState } from '../shared/errors.js';
import { found } from '../shared/references.js';
import { fileTooLarge, storeImportFile } from './import-file.js';
import { importObjectNames, importObjects } from './import-objects.js';
import { charsetOf, formatOf, type SpreadsheetFormat } from './spreadsheet.js';

export interface NewImport {
  object: ImportObject;
  mode?: ImportMode | null;
  matchOn?: string | null;
  dryRun?: boolean | null;
  mapping?: Record<string, unknown> | null;
  createCompanies?: boolean | null;
  /** A file stored by an upload (REST's POST /v1/imports), or by an earlier import: a dry run, then the real one. */
  fileId?: string | null;
  /** The file's text itself (GraphQL and MCP: a list an agent was given), with its format. */
  text?: string | null;
  format?: SpreadsheetFormat | null;
}

/** Wakes this process's import worker when a job is queued (the others find it at their next poll). */
const queued = new EventEmitter();
export const onImportQueued = (listener: () => void) => {
  queued.on('queued', listener);
  return () => queued.off('queued', listener);
};

/** The objects a caller may import, and so whose imports it may see: those whose create scope it holds. */
const importableBy = (ctx: Context) => importObjectNames.filter((object) => principalOf(ctx).scopes.has(importObjects[object].scope));

/** What an import's options must be, every problem at once (`withFile`: the file is named too, not yet being uploaded). */
function optionProblems(input: NewImport, withFile = true) {
  const spec = importObjects[input.object];
  const problems: { field: string; message: string }[] = [];
  if (withFile && (input.fileId == null) === (input.text == null)) problems.push({ field: 'fileId', message: 'give the file: either fileId (an uploaded file) or text' });
  if (input.mode === 'upsert' && input.matchOn != null && input.matchOn !== spec.matchOn) problems.push({ field: 'matchOn', message: `must be ${spec.matchOn} for ${input.object}` });
  if (input.mode !== 'upsert' && input.matchOn != null) problems.push({ field: 'matchOn', message: 'applies to mode=upsert only' });
  if (input.createCompanies && !spec.lookups) problems.push({ field: 'createCompanies', message: 'applies to contacts only' });
  for (const [column, field] of Object.entries(input.mapping ?? {})) {
    if (field !== null && typeof field !== 'string') problems.push({ field: `mapping.${column}`, message: 'must be a field name (a string), or null to leave the column out' });
  }
  return problems;
}

/**
 * Queues an import of `object` records from a file: answered at once, the rows are checked and
 * written in the background (src/imports/import-worker.ts). The job acts for the caller's user
 * with the caller's scopes, within the user's role at every batch, as a webhook endpoint does.
 */
/** Imports a tenant may have waiting or running at once: more is a mistake or a flood, not a spreadsheet. */
export const MAX_PENDING_IMPORTS = 10;

export async function createImport(ctx: Context, input: NewImport) {
  const principal = principalOf(ctx);
  const problems = optionProblems(input);
  if (problems.length) throw badInput(problems);
  await mayQueueImport(ctx);
  let fileId = input.fileId;
  if (fileId) {
    const file = await ctx.db.importFile.findFirst({ where: { id: fileId, storedAt: { not: null } }, select: { id: true } });
    if (!file) throw badInput([{ field: 'fileId', message: 'is not an uploaded file of this tenant' }]);
  } else {
    const maxBytes = loadConfig().IMPORT_MAX_BYTES;
    fileId = (await storeImportFile(ctx.db, [Buffer.from(input.text!, 'utf8')], { format: input.format ?? 'csv', charset: 'utf-8' }, maxBytes)).id;
  }
  const job = await ctx.db.importJob.create({
    data: {
      object: input.object,
      mode: input.mode ?? 'create',
      matchOn: input.mode === 'upsert' ? importObjects[input.object].matchOn : null,
      dryRun: input.dryRun ?? false,
      mapping: (input.mapping ?? undefined) as never,
      createCompanies: input.createCompanies ?? false,
      fileId,
      createdByUserId: principal.userId,
      scopes: [...principal.scopes],
      // Each batch spends a request of the creator's budget: its key's (with its pair's limit), or its user's for a session.
      budgetKey: principal.via === 'session' ? `user:${principal.userId}` : `key:${principal.credentialId}`,
      budgetRequests: principal.rateLimit,
    } as never,
  });
  queued.emit('queued');
  return job;
}

/**
 * An import of the tenant; one of an object the caller may not import is FORBIDDEN naming the
 * scope it needs (its rows hold that object's data), as a record of another read scope is.
 */
export async function getImport(ctx: Context, id: string) {
  const job = await found(ctx.db.importJob.findUnique({ where: { id } }), 'Import');
  if (!importableBy(ctx).includes(job.object)) throw forbidden(importObjects[job.object].scope);
  return job;
}

export interface ImportFilter {
  object?: ImportObject[] | null;
  status?: ('queued' | 'running' | 'completed' | 'failed' | 'cancelled')[] | null;
  createdAt?: { from?: Date | null; to?: Date | null } | null;
}

export const importOrder: ListOrder = {
  entity: 'ImportJob',
  orderFields: { CREATED_AT: { column: 'createdAt', date: true, description: 'When the import was asked for.' } },
  defaultOrder: { field: 'CREATED_AT', direction: 'DESC' },
};

/** The tenant's imports of the objects the caller may import, newest first. */
export function listImports(ctx: Context, args: ListArgs<ImportFilter>) {
  const filter = args.filter ?? {};
  const allowed = importableBy(ctx).filter((object) => !filter.object?.length || filter.object.includes(object));
  const where = { object: { in: allowed }, status: oneOf(filter.status), createdAt: withinRange(filter.createdAt) };
  return keysetPage(
    ctx,
    importOrder,
    args,
    (query) => ctx.db.importJob.findMany({ where: { AND: [where, query.where] }, orderBy: query.orderBy as never, skip: query.skip, take: query.take }),
    () => ctx.db.importJob.count({ where }),
  );
}

/**
 * Stops an import between rows: a queued one at once, a running one at its next batch (what the
 * batches before wrote stays, and is reported). A finished import is a CONFLICT naming its status.
 */
export async function cancelImport(ctx: Context, id: string) {
  const job = await getImport(ctx, id);
  if (job.status === 'queued') {
    const { count } = await ctx.db.importJob.updateMany({ where: { id, status: 'queued' }, data: { status: 'cancelled', cancelRequested: true, completedAt: new Date() } });
    if (count) return getImport(ctx, id);
  }
  const { count } = await ctx.db.importJob.updateMany({ where: { id, status: { in: ['queued', 'running'] } }, data: { cancelRequested: true } });
  if (!count) throw invalidState(`The import is ${(await getImport(ctx, id)).status}; only a queued or running import can be cancelled`);
  return getImport(ctx, id);
}

export const importRowOrder: ListOrder = {
  entity: 'ImportRow',
  orderFields: { LINE: { column: 'line', numeric: true, description: 'The row number a spreadsheet shows (the header is row 1).' } },
  defaultOrder: { field: 'LINE', direction: 'ASC' },
  tieBreaker: 'line',
};

export interface ImportRowFilter {
  outcome?: ImportRowOutcome[] | null;
}

/** What became of an import's rows, in file order; `outcome` narrows them (`failed`: the rows to fix). */
/**
 * An import whose rows the caller may read: its rows hold the records' data (cells, the errors that
 * quote them), so reading them needs the object's read scope, as reading the records does; a key
 * that may only write leads follows an import's progress (`getImport`), not another user's file.
 */
export async function importWithReadableRows(ctx: Context, importId: string) {
  const job = await found(ctx.db.importJob.findUnique({ where: { id: importId } }), 'Import');
  const { readScope } = importObjects[job.object];
  if (!principalOf(ctx).scopes.has(readScope)) throw forbidden(readScope);
  return job;
}

export async function listImportRows(ctx: Context, importId: string, args: ListArgs<ImportRowFilter>) {
  await importWithReadableRows(ctx, importId);
  const where = { importId, outcome: oneOf(args.filter?.outcome) };
  return keysetPage(
    ctx,
    { ...importRowOrder, entity: `ImportRow:${importId}` },
    args,
    (query) => ctx.db.importRow.findMany({ where: { AND: [where, query.where] }, orderBy: query.orderBy as never, skip: query.skip, take: query.take }),
    () => ctx.db.importRow.count({ where }),
  );
}

/**
 * Refuses an upload its import would refuse (the object's scope, the options) before a byte of it
 * is stored (REST's POST /v1/imports): a refused request leaves no file behind.
 */
export async function checkImportUpload(ctx: Context, input: NewImport) {
  if (!input.object || !importObjects[input.object]) throw badInput([{ field: 'object', message: `is required: one of ${importObjectNames.join(', ')}` }]);
  const scope = importObjects[input.object].scope;
  if (!principalOf(ctx).scopes.has(scope)) throw forbidden(scope);
  const problems = optionProblems(input, false);
  if (problems.length) throw badInput(problems);
  return mayQueueImport(ctx);
}

async function mayQueueImport(ctx: Context) {
  const pending = await ctx.db.importJob.count({ where: { status: { in: ['queued', 'running'] } } });
  if (pending >= MAX_PENDING_IMPORTS) {
    throw new AppError('CONFLICT', `A tenant has at most ${MAX_PENDING_IMPORTS} imports queued or running; wait for one to end, or cancel one`, undefined, undefined, 'LIMIT_REACHED');
  }
}

/** The formats a file may be sent in, for the 415 that refuses another. */
const ACCEPTED = 'text/csv, application/x-ndjson (JSON lines), or multipart/form-data with a `file` part of either';

/**
 * Stores a file uploaded for an import (REST's POST /v1/imports), as its bytes arrive: its format
 * from its content type (a multipart part's own, or its name's extension when the browser said
 * nothing useful), its charset when named (else the reader detects it). Its id, for `createImport`.
 */
export async function storeUploadedImport(ctx: Context, file: IncomingFile, args: Record<string, unknown>): Promise<string> {
  await checkImportUpload(ctx, args as unknown as NewImport);
  const byName = file.fileName?.match(/\.(csv|tsv|txt)$/i) ? 'csv' : file.fileName?.match(/\.(ndjson|jsonl)$/i) ? 'ndjson' : null;
  const format = formatOf(file.contentType) ?? byName;
  if (!format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the file as ${ACCEPTED}; ${file.contentType || 'no content type'} is not one`);
  const maxBytes = loadConfig().IMPORT_MAX_BYTES;
  // A body that says it is too large is refused before a byte is read; one that does not say is counted as it arrives.
  if ((file.declaredBytes ?? 0) > maxBytes) throw fileTooLarge(maxBytes);
  const stored = await storeImportFile(ctx.db, file.bytes, { format, charset: charsetOf(file.contentType), fileName: file.fileName }, maxBytes);
  return stored.id;
}
