import type { RestRoutes } from '../graphql/operations.js';
import type { ImportRowOutcome } from '../generated/prisma/enums.js';
import { importRowsCsv } from './import-export.js';
import { storeUploadedImport } from './import.service.js';

const job = 'id object mode matchOn dryRun mapping createCompanies columns fileId status error rowsTotal rowsProcessed created updated unchanged failed createdAt startedAt completedAt';

export const importRoutes: RestRoutes = {
  'Mutation.createImport': { method: 'POST', path: '/v1/imports', summary: 'Import records from a file', status: 202, envelope: 'data', select: `{ ${job} }`, upload: { argument: 'fileId', replaces: ['text', 'format'], store: storeUploadedImport } },
  'Query.imports': { method: 'GET', path: '/v1/imports', summary: 'List imports', select: `{ ${job} }`, list: { paging: 'cursor', filters: { object: 'object', status: 'status' } } },
  'Query.import': { method: 'GET', path: '/v1/imports/:id', summary: 'Get an import', envelope: 'data', select: `{ ${job} }` },
  'Mutation.cancelImport': { method: 'POST', path: '/v1/imports/:id/cancel', summary: 'Cancel an import', envelope: 'data', select: `{ ${job} }` },
  'Query.importRows': {
    method: 'GET',
    path: '/v1/imports/:id/rows',
    parameterNames: { importId: 'id' },
    summary: "List an import's rows",
    select: '{ line outcome recordId errors { field message } cells }',
    list: { paging: 'cursor', filters: { outcome: 'outcome' } },
    // With `Accept: text/csv`: every row of the filter (not a page), the file's columns and `error`, to fix and import again.
    alternate: {
      contentType: 'text/csv',
      fileName: 'import-rows.csv',
      answer: (ctx, params) => importRowsCsv(ctx, params.id as string, params.outcome === undefined ? undefined : ([params.outcome].flat() as ImportRowOutcome[])),
    },
  },
};
