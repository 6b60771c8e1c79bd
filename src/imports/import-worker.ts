import { setImmediate, setTimeout as sleep } from 'node:timers/promises';
import { actingOwner } from '../auth/acting-for.js';
import { insertStatement } from '../db/sql-insert.js';
import { confineTransaction, tenantDb } from '../db/tenant-scope.js';
import type { EventLog, GatheredCreations } from '../events/event-log.js';
import { type ImportJob, Prisma, type PrismaClient } from '../generated/prisma/client.js';
import type { Context } from '../graphql/context.js';
import { ReadGrants } from '../graphql/read-grants-plugin.js';
import { errorReason } from '../shared/error-reason.js';
import { type LeasedRounds, leasedRounds } from '../shared/leased-rounds.js';
import { logger } from '../shared/logger.js';
import { storedImportFile } from './import-file.js';
import { importObjects } from './import-objects.js';
import { importRow, matchingRecords, type RowOutcome, rowReader, type RowReader, tooLong } from './import-rows.js';
import { onImportQueued } from './import.service.js';
import { charsOf, readSpreadsheet, SpreadsheetError, type SpreadsheetFormat, type SpreadsheetRow } from './spreadsheet.js';

/** The request budgets of the server (src/http/rate-limits.ts), as a batch spends them. */
export interface RequestBudgets {
  consume(subject: { key: string; requests: number | null } | { user: string }): Promise<{ allowed: boolean; resetSeconds: number }>;
}

export interface ImportWorkerOptions {
  events: EventLog;
  publicUrl: string;
  /** The request budgets each batch spends from (none: unlimited, as without a server's limits). */
  rateLimits?: RequestBudgets;
  concurrency: number;
  batchRows: number;
  pollMs: number;
  leaseMs: number;
}

/**
 * The most text a batch holds (its cells' characters): a batch ends at `batchRows` rows or at this,
 * whichever comes first. Rows may hold up to 1 MB each, and a batch is held several times over
 * (its rows, their outcomes, the statements' JSON): 500 such rows grew a process by over 500 MB.
 */
const MAX_BATCH_CHARS = 4 * 1024 * 1024;

/** Rows read between two turns given to other work while a file is counted (the embedded database answers in this thread). */
const YIELD_ROWS = 2_000;

/**
 * Claims in a row that committed no batch, after which a job is failed instead of run again: a job
 * that ends its process, or throws outside its rows, every time would otherwise be claimed again
 * after every lease, forever. A few ride out a restart or a database briefly away.
 */
const MAX_ATTEMPTS_WITHOUT_PROGRESS = 5;

/** The batch's work was undone on purpose: a dry run's rows, checked and written, then rolled back. */
class DryRun extends Error {
  constructor(readonly outcomes: RowOutcome[]) {
    super('dry run');
  }
}

/**
 * A statement the database refused for what a row holds (a constraint, a value out of a column's
 * range: Prisma's P2xxx), as opposed to the database being unavailable or the lease lost, which
 * stop the job for this process (another, or a retry after the lease, goes on).
 */
const refusedByDatabase = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code.startsWith('P2');

/** Another process holds the job now (this one's lease ran out): what this one did of the batch is undone. */
class LeaseLost extends Error {}

/** Why a job ends early: its owner's access, a cancellation, or a file that cannot be read. */
class JobEnds extends Error {
  constructor(
    readonly status: 'failed' | 'cancelled',
    message: string,
  ) {
    super(message);
  }
}

type ClaimedJob = ImportJob & { format: SpreadsheetFormat; charset: string | null };

/** A batch's rows with their outcomes, and its creations gathered for one statement (`EventLog.gathering`). */
interface CheckedBatch {
  rows: SpreadsheetRow[];
  outcomes: RowOutcome[];
  gathered: GatheredCreations | null;
}

/**
 * Whether a job's batches may be checked before the batch ahead of them is written, outside the
 * transaction that writes them: creations the object gathers, whose rules read nothing an earlier
 * creation writes (`ImportObjectSpec.gatheredCreation`). Not upserts: a row may match a record
 * the batch ahead creates.
 */
const checksAhead = (job: ClaimedJob) => job.mode === 'create' && importObjects[job.object].gatheredCreation !== undefined;

/**
 * Runs imports in the background, in any number of server processes: a queued job is claimed
 * under a lease (FOR UPDATE SKIP LOCKED), and each batch of rows commits its records, their
 * events, its rows' outcomes and the job's progress in one transaction, only while the lease is
 * still this process's. A process killed midway leaves the job to another after the lease, which
 * goes on after the last committed batch: no row is written twice.
 */
export function startImportWorker(prisma: PrismaClient, options: ImportWorkerOptions): LeasedRounds {
  const running = new Map<string, Promise<void>>();
  let stopping = false;

  const claim = async (token: string): Promise<ClaimedJob[]> => {
    const free = options.concurrency - running.size;
    if (free <= 0 || stopping) return [];
    // Each tenant's oldest import first, and one at a time per tenant across all processes: a
    // tenant that queues many imports waits for its own, never delays another tenant's.
    return prisma.$queryRaw<ClaimedJob[]>`
      WITH claimable AS (
        SELECT DISTINCT ON (job."tenantId") job.id FROM "ImportJob" job
        WHERE job.status IN ('queued', 'running') AND (job."leaseUntil" IS NULL OR job."leaseUntil" < now())
          AND NOT job.id = ANY(${[...running.keys()]}::uuid[])
          AND NOT EXISTS (
            SELECT 1 FROM "ImportJob" other
            WHERE other."tenantId" = job."tenantId" AND other.status = 'running' AND other."leaseUntil" >= now()
          )
        ORDER BY job."tenantId", job."createdAt"
      ), picked AS (
        SELECT id FROM "ImportJob" WHERE id IN (SELECT id FROM claimable)
        ORDER BY "createdAt" LIMIT ${free} FOR UPDATE SKIP LOCKED
      )
      UPDATE "ImportJob" job SET status = 'running', "startedAt" = COALESCE(job."startedAt", now()), attempts = job.attempts + 1,
        "leaseToken" = ${token}::uuid, "leaseUntil" = now() + ${options.leaseMs} * interval '1 millisecond', "updatedAt" = now()
      FROM picked, "ImportFile" file WHERE job.id = picked.id AND file.id = job."fileId"
      RETURNING job.*, file.format, file.charset`;
  };

  const rounds = leasedRounds('imports', options.pollMs, claim, async (jobs, token) => {
    for (const job of jobs) {
      const run = runJob(job, token)
        .catch(async (error: unknown) => {
          const reason = errorReason(error);
          logger.warn({ importId: job.id, reason }, 'import interrupted; another process or this one goes on after its lease');
          // Kept for the job's error should its attempts never make progress; the database may be what
          // interrupted it, and then the reason is only logged.
          await prisma.importJob.updateMany({ where: { id: job.id, leaseToken: token, status: 'running' }, data: { error: reason } }).catch(() => {});
        })
        .finally(() => {
          running.delete(job.id);
          rounds.kick();
        });
      running.set(job.id, run);
    }
  });
  const unsubscribe = onImportQueued(() => rounds.kick());

  /** The job's progress and lease, updated only while this process still holds it; progress clears the count of attempts without it. */
  async function advance(tx: Pick<PrismaClient, '$executeRaw'>, job: ClaimedJob, token: string, outcomes: RowOutcome[]) {
    const count = (outcome: RowOutcome['outcome']) => outcomes.filter((o) => o.outcome === outcome).length;
    const updated = await tx.$executeRaw`
      UPDATE "ImportJob" SET "rowsProcessed" = "rowsProcessed" + ${outcomes.length}, created = created + ${count('created')},
        updated = updated + ${count('updated')}, unchanged = unchanged + ${count('unchanged')}, failed = failed + ${count('failed')},
        "leaseUntil" = now() + ${options.leaseMs} * interval '1 millisecond', attempts = 0, error = NULL, "updatedAt" = now()
      WHERE id = ${job.id}::uuid AND "leaseToken" = ${token}::uuid`;
    if (!updated) throw new LeaseLost();
  }

  /** Stores what became of the rows (record ids of a dry run are left out: nothing was kept). */
  async function recordRows(tx: PrismaClient, job: ClaimedJob, token: string, outcomes: RowOutcome[]) {
    if (!outcomes.length) return;
    // One raw statement (src/db/sql-insert.ts): Prisma's createMany compiles a statement of this size anew for every batch.
    await tx.$executeRaw(
      insertStatement(
        'ImportRow',
        outcomes.map((o) => ({ importId: job.id, tenantId: job.tenantId, line: o.line, outcome: o.outcome, recordId: job.dryRun ? null : o.recordId, errors: o.errors, cells: o.cells })),
      ),
    );
    await advance(tx, job, token, outcomes);
  }

  /** The context a batch runs in: the job's owner as it stands now, in the job's tenant. */
  async function ownerContext(job: ClaimedJob): Promise<Context> {
    const [state] = await prisma.$queryRaw<{ role: string; deactivatedAt: Date | null; modules: string[]; cancelRequested: boolean }[]>`
      SELECT "User".role, "User"."deactivatedAt", "Tenant".modules, job."cancelRequested"
      FROM "ImportJob" job JOIN "User" ON "User".id = job."createdByUserId" JOIN "Tenant" ON "Tenant".id = job."tenantId"
      WHERE job.id = ${job.id}::uuid`;
    if (!state || state.cancelRequested) throw new JobEnds('cancelled', 'cancelled before it finished');
    const principal = actingOwner({
      tenantId: job.tenantId,
      ownerId: job.createdByUserId,
      ownerRole: state.role as never,
      ownerDeactivatedAt: state.deactivatedAt,
      scopes: job.scopes,
      modules: state.modules as never,
    });
    const scope = importObjects[job.object].scope;
    if (!principal) throw new JobEnds('failed', 'the user it acts for was deactivated');
    if (!principal.scopes.has(scope)) throw new JobEnds('failed', `the user it acts for may no longer import ${job.object} (${scope})`);
    return {
      principal,
      authFailure: null,
      db: tenantDb(prisma, job.tenantId),
      prisma,
      readGrants: new ReadGrants(),
      requestId: `import:${job.id}`,
      now: () => new Date(),
      publicUrl: options.publicUrl,
      events: options.events,
    };
  }

  /** Waits for a request of the job creator's budget, so an import never starves its tenant's other work. */
  async function spendBudget(job: ClaimedJob, token: string) {
    if (!options.rateLimits) return;
    const [kind, id] = [job.budgetKey.slice(0, job.budgetKey.indexOf(':')), job.budgetKey.slice(job.budgetKey.indexOf(':') + 1)];
    const subject = kind === 'user' ? { user: id } : { key: id, requests: job.budgetRequests };
    for (;;) {
      const verdict = await options.rateLimits.consume(subject);
      if (verdict.allowed || stopping) return;
      await sleep(Math.min(verdict.resetSeconds * 1000, options.leaseMs / 2));
      await renewLease(job, token);
    }
  }

  /**
   * Every row of a batch through the rules: their outcomes, and the creations gathered to be
   * written in one statement. `tx`: the transaction the batch is written in, when it must be
   * checked inside it (`checksAhead`); otherwise its reads go to the pool.
   */
  async function checkBatch(job: ClaimedJob, ctx: Context, reader: RowReader, rows: SpreadsheetRow[], tx?: PrismaClient): Promise<CheckedBatch> {
    const spec = reader.settings.spec;
    // The batch's creations gathered into one statement where the object allows it (`gatheredCreation`).
    const gathered = spec.gatheredCreation ? ctx.events.gathering(spec.gatheredCreation) : null;
    const rowCtx: Context = { ...ctx, db: tx ? confineTransaction(tx, job.tenantId) : ctx.db, events: gathered ? gathered.log : ctx.events };
    const keyOf = (row: SpreadsheetRow) => {
      const value = Object.entries(row.cells).find(([column]) => reader.matchColumn(column))?.[1];
      return typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : null;
    };
    const keys = job.mode === 'upsert' ? rows.map(keyOf) : [];
    let matches = await matchingRecords(rowCtx, spec, keys.filter((k): k is string => k !== null));
    const createdKeys = new Set<string>();
    const outcomes: RowOutcome[] = [];
    for (const [i, row] of rows.entries()) {
      const refused = tooLong(row);
      if (refused) {
        outcomes.push(refused);
        continue;
      }
      const key = keys[i] ?? null;
      if (key && createdKeys.has(key) && tx) {
        // A file naming a record twice: the later row updates what the earlier one created, once it is written.
        await gathered?.flush(tx);
        matches = new Map([...matches, ...(await matchingRecords(rowCtx, spec, [key]))]);
        createdKeys.delete(key);
      }
      const found = key ? (matches.get(key) ?? []) : [];
      if (found.length > 1) {
        outcomes.push({ line: row.line, outcome: 'failed', recordId: null, cells: row.cells, errors: [{ field: spec.matchOn, message: `matches ${found.length} ${job.object}; make it unique, or import them one by one` }] });
        continue;
      }
      const outcome = await importRow(rowCtx, reader, row, found[0] ?? null);
      outcomes.push(outcome);
      if (key && outcome.outcome === 'created') createdKeys.add(key);
    }
    return { rows, outcomes, gathered };
  }

  /** A checked batch's records, events, rows' outcomes and the job's progress, in `tx` (a dry run's records are undone, its outcomes kept). */
  async function writeBatch(tx: PrismaClient, job: ClaimedJob, token: string, checked: CheckedBatch) {
    await checked.gathered?.flush(tx);
    if (job.dryRun) throw new DryRun(checked.outcomes);
    await recordRows(tx, job, token, checked.outcomes);
  }

  /** Runs `work` in a transaction of its own; a dry run's outcomes, undone with it, are recorded after. */
  const inTransaction = (job: ClaimedJob, token: string, work: (tx: PrismaClient) => Promise<void>) =>
    prisma.$transaction((tx) => work(tx as PrismaClient), { timeout: Math.max(60_000, options.leaseMs) }).catch(async (error: unknown) => {
      if (!(error instanceof DryRun)) throw error;
      await prisma.$transaction((tx) => recordRows(tx as PrismaClient, job, token, error.outcomes));
    });

  /**
   * Writes a batch in one transaction: checked already (`checked`, when the job checks ahead), or
   * checked inside it. A batch the database refuses (a row the rules let through that a constraint
   * refused) is undone, and its rows go one by one, so the others are not lost with it.
   */
  async function commitBatch(job: ClaimedJob, token: string, ctx: Context, reader: RowReader, rows: SpreadsheetRow[], checked?: CheckedBatch) {
    const checkAndWrite = (batch: SpreadsheetRow[]) => inTransaction(job, token, async (tx) => writeBatch(tx, job, token, await checkBatch(job, ctx, reader, batch, tx)));
    try {
      await (checked ? inTransaction(job, token, (tx) => writeBatch(tx, job, token, checked)) : checkAndWrite(rows));
    } catch (error) {
      if (!refusedByDatabase(error) || rows.length === 1) throw error;
      logger.info({ importId: job.id, reason: errorReason(error) }, 'import batch failed; its rows go one by one');
      for (const row of rows) {
        await checkAndWrite([row]).catch(async (rowError: unknown) => {
          if (!refusedByDatabase(rowError)) throw rowError;
          const errors = [{ field: 'row', message: 'could not be written; the database refused it' }];
          await prisma.$transaction((tx) => recordRows(tx as PrismaClient, job, token, [{ line: row.line, outcome: 'failed', recordId: null, errors, cells: row.cells }]));
        });
      }
    }
  }

  /**
   * Imports a file's batches in order, each written before the next: while one is written, the
   * next is checked where the job allows it (`checksAhead`), so the database's work on one batch
   * and this process's on the next overlap.
   */
  function batchWriter(job: ClaimedJob, token: string, reader: RowReader) {
    const ahead = checksAhead(job);
    // The batch being written; its failure is kept, not thrown, until the next batch waits for it.
    let writing: Promise<{ failure: unknown } | undefined> = Promise.resolve(undefined);
    const written = async () => {
      const result = await writing;
      writing = Promise.resolve(undefined);
      if (result) throw result.failure;
    };
    return {
      async add(rows: SpreadsheetRow[]) {
        const ctx = await ownerContext(job);
        await spendBudget(job, token);
        const checked = ahead ? await checkBatch(job, ctx, reader, rows) : undefined;
        await written();
        writing = commitBatch(job, token, ctx, reader, rows, checked).then(
          () => undefined,
          (failure: unknown) => ({ failure }),
        );
      },
      written,
    };
  }

  const rowsOf = (job: ClaimedJob, onColumns?: (columns: string[]) => void) =>
    readSpreadsheet(storedImportFile(tenantDb(prisma, job.tenantId), job.fileId), { format: job.format, charset: job.charset ?? undefined, onColumns });

  /** Ends the job (only while this process holds it), with its event in the same transaction. */
  async function finish(job: ClaimedJob, token: string, status: 'completed' | 'failed' | 'cancelled', error?: string) {
    await prisma.$transaction(async (tx) => {
      const ended = await tx.importJob.updateMany({
        where: { id: job.id, leaseToken: token },
        data: { status, error: error?.slice(0, 2000) ?? null, completedAt: new Date(), leaseUntil: null, leaseToken: null },
      });
      if (!ended.count) throw new LeaseLost();
      if (status !== 'cancelled') await options.events.record(confineTransaction(tx, job.tenantId), status === 'completed' ? 'import.completed' : 'import.failed', job.id);
    });
  }

  async function runJob(job: ClaimedJob, token: string) {
    if (job.attempts > MAX_ATTEMPTS_WITHOUT_PROGRESS) {
      const last = job.error ?? 'its process ended without recording why';
      return finish(job, token, 'failed', `stopped after ${MAX_ATTEMPTS_WITHOUT_PROGRESS} attempts that made no progress; the last: ${last}`);
    }
    let writer: ReturnType<typeof batchWriter> | undefined;
    try {
      const reader = await rowReader(await ownerContext(job), { spec: importObjects[job.object], mode: job.mode, mapping: (job.mapping ?? {}) as never, createCompanies: job.createCompanies });
      writer = batchWriter(job, token, reader);
      if (job.rowsTotal === null) {
        // Counted first (the file is read twice, the second time with the writes), so progress has
        // a total; the columns in the file's order (JSON lines: as their keys first appear) are kept for the rows' download.
        let total = 0;
        let header: string[] | undefined;
        const seen = new Set<string>();
        for await (const row of rowsOf(job, (columns) => (header = columns))) {
          total += 1;
          if (total % YIELD_ROWS === 0) {
            await setImmediate();
            await renewLease(job, token);
          }
          if (!header) for (const column of Object.keys(row.cells)) seen.add(column);
        }
        await prisma.importJob.updateMany({ where: { id: job.id, leaseToken: token }, data: { rowsTotal: total, columns: header ?? [...seen] } });
      }
      let skip = job.rowsProcessed;
      let batch: SpreadsheetRow[] = [];
      let batchChars = 0;
      for await (const row of rowsOf(job)) {
        if (skip > 0) {
          skip -= 1;
          continue;
        }
        batch.push(row);
        batchChars += charsOf(row);
        if (batch.length < options.batchRows && batchChars < MAX_BATCH_CHARS) continue;
        await writer.add(batch);
        batch = [];
        batchChars = 0;
        // The embedded database runs in this thread: between batches, requests get their turn.
        await setImmediate();
        if (stopping) {
          await writer.written();
          return release(job, token);
        }
      }
      if (batch.length) await writer.add(batch);
      await writer.written();
      await finish(job, token, 'completed');
    } catch (error) {
      // A batch still being written ends first (its failure, if any, is this one's consequence or the same).
      await writer?.written().catch(() => undefined);
      if (error instanceof JobEnds) return finish(job, token, error.status, error.message);
      if (error instanceof SpreadsheetError) return finish(job, token, 'failed', `the file cannot be read: ${error.message}`);
      throw error;
    }
  }

  /** Keeps the claim while a long step runs (counting a large file), as each batch's progress does. */
  async function renewLease(job: ClaimedJob, token: string) {
    const { count } = await prisma.importJob.updateMany({ where: { id: job.id, leaseToken: token }, data: { leaseUntil: new Date(Date.now() + options.leaseMs) } });
    if (!count) throw new LeaseLost();
  }

  /** Hands a job back at once when the process stops between batches, for another process (or the next start) to go on with. */
  async function release(job: ClaimedJob, token: string) {
    await prisma.importJob.updateMany({ where: { id: job.id, leaseToken: token }, data: { leaseUntil: null, leaseToken: null } });
  }

  return {
    kick: rounds.kick,
    async stop() {
      stopping = true;
      unsubscribe();
      await rounds.stop();
      await Promise.all(running.values());
    },
  };
}
