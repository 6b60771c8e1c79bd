import { serverEventLog } from '../../src/events/event-rendering.js';
import { type ImportWorkerOptions, startImportWorker } from '../../src/imports/import-worker.js';
import type { Database } from '../../src/db/client.js';

/** The background import worker `src/main.ts` starts, on a test's database: small batches and a quick poll, so tests see batches. */
export const startTestImportWorker = (db: Database, options: Partial<ImportWorkerOptions> = {}) =>
  startImportWorker(db.prisma, {
    events: serverEventLog({ prisma: db.prisma, publicUrl: 'http://localhost', now: () => new Date() }),
    publicUrl: 'http://localhost',
    concurrency: 2,
    batchRows: 50,
    pollMs: 50,
    leaseMs: 5_000,
    ...options,
  });
