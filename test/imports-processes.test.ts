import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedSocketUrl } from '../src/db/client.js';
import type { ServerProcess } from './support/server-process.js';
import { secretKey, serverDatabase, startServer } from './support/server-process.js';

/**
 * Imports as users run them: `npm start` processes, each with its import worker, over HTTP.
 * A process killed mid-import leaves its job to the next (no row written twice), several
 * processes on one PostgreSQL share the queued jobs, and a file past IMPORT_MAX_BYTES is refused
 * as it streams in, without the server holding it.
 */
describe('imports across server processes', () => {
  const servers: ServerProcess[] = [];
  const databases: Awaited<ReturnType<typeof serverDatabase>>[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(databases.map((database) => database.drop()));
  }, 120_000);

  const database = async (extra: NodeJS.ProcessEnv = {}) => {
    const created = await serverDatabase(extra);
    databases.push(created);
    return created;
  };
  const server = async (env: NodeJS.ProcessEnv) => {
    const started = await startServer(env);
    servers.push(started);
    return started;
  };

  /**
   * SQL on a server's database: its PostgreSQL, or the embedded one through the running server's
   * socket (the directory is the server's alone), one short connection per call.
   */
  async function sql<T = Record<string, unknown>>(env: NodeJS.ProcessEnv, text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: env.DATABASE_URL ?? embeddedSocketUrl(env.DATA_DIR as string) });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  }

  const leadsFile = (prefix: string, rows: number) => {
    const lines = ['firstName,lastName,email'];
    for (let i = 0; i < rows; i++) lines.push(`${prefix}${i},Import,${prefix}-${i}@imports-processes.test`);
    return `${lines.join('\n')}\n`;
  };

  async function upload(base: string, key: string, file: string) {
    const response = await fetch(`${base}/api/v1/imports?object=leads`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' }, body: file });
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(202);
    return body.data as { id: string; status: string };
  }

  interface Job {
    id: string;
    status: string;
    rowsTotal: number | null;
    rowsProcessed: number;
    created: number;
    updated: number;
    unchanged: number;
    failed: number;
    error: string | null;
    startedAt: string | null;
    completedAt: string | null;
  }

  /**
   * The job as GET /v1/imports/:id answers it, within `timeoutMs`; undefined when the server could
   * not answer (a 503 "retry later", a connection cut or timed out), for the caller to ask again.
   */
  async function job(base: string, key: string, id: string, timeoutMs = 600_000): Promise<Job | undefined> {
    let response: Response;
    let body: { data: Job };
    try {
      response = await fetch(`${base}/api/v1/imports/${id}`, { headers: { authorization: `Bearer ${key}` }, signal: AbortSignal.timeout(timeoutMs) });
      body = await response.json();
    } catch {
      return undefined;
    }
    if (response.status === 503) return undefined;
    expect(response.status, JSON.stringify(body)).toBe(200);
    return body.data;
  }

  /** Polls the job until `done` holds, at most `timeoutMs`; the last answer is in the error. */
  async function jobUntil(base: string, key: string, id: string, done: (job: Job) => boolean, what: string, timeoutMs: number, everyMs = 250) {
    const deadline = Date.now() + timeoutMs;
    let last: Job | undefined;
    for (;;) {
      last = (await job(base, key, id, Math.max(1_000, deadline - Date.now()))) ?? last;
      if (last && done(last)) return last;
      if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last: ${JSON.stringify(last)}`);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }

  /** How long the server takes to answer a request that needs no database (`{ __typename }`), or null past `timeoutMs`. */
  async function answerMs(base: string, timeoutMs: number): Promise<number | null> {
    const began = Date.now();
    try {
      const response = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}', signal: AbortSignal.timeout(timeoutMs) });
      await response.text();
      return Date.now() - began;
    } catch {
      return null;
    }
  }

  const ended = (j: Job) => ['completed', 'failed', 'cancelled'].includes(j.status);

  /** What the database holds of imported leads whose email ends with `@imports-processes.test` and starts with one of `prefixes`. */
  async function stored(env: NodeJS.ProcessEnv, tenantId: string, importIds: string[], prefixes: string[]) {
    const like = prefixes.map((prefix) => `${prefix}-%@imports-processes.test`);
    const [leads] = await sql<{ count: number; emails: number; ids: number }>(
      env,
      `SELECT count(*)::int AS count, count(DISTINCT lower(email))::int AS emails, count(DISTINCT id)::int AS ids
       FROM "Lead" WHERE "tenantId" = $1::uuid AND email LIKE ANY($2::text[])`,
      [tenantId, like],
    );
    const [rows] = await sql<{ count: number; keys: number; records: number; created: number }>(
      env,
      `SELECT count(*)::int AS count, count(DISTINCT ("importId", line))::int AS keys, count(DISTINCT "recordId")::int AS records,
         count(*) FILTER (WHERE outcome = 'created')::int AS created
       FROM "ImportRow" WHERE "importId" = ANY($1::uuid[])`,
      [importIds],
    );
    // Every imported lead's creation recorded once, and no lead.created event of a lead that is not there (a rolled-back batch's).
    const [events] = await sql<{ count: number; leads: number; orphans: number }>(
      env,
      `SELECT count(*)::int AS count, count(DISTINCT e.data->>'id')::int AS leads, count(*) FILTER (WHERE l.id IS NULL)::int AS orphans
       FROM "Event" e LEFT JOIN "Lead" l ON l.id::text = e.data->>'id'
       WHERE e."tenantId" = $1::uuid AND e.type = 'lead.created' AND e.data->>'email' LIKE ANY($2::text[])`,
      [tenantId, like],
    );
    const twice = await sql<{ id: string; count: number }>(
      env,
      `SELECT data->>'id' AS id, count(*)::int AS count FROM "Event" WHERE "tenantId" = $1::uuid AND type = 'lead.created'
       GROUP BY 1 HAVING count(*) > 1 LIMIT 5`,
      [tenantId],
    );
    // The rows' record ids are the leads of the file, each once.
    const [linked] = await sql<{ count: number }>(
      env,
      `SELECT count(DISTINCT r."recordId")::int AS count FROM "ImportRow" r JOIN "Lead" l ON l.id = r."recordId"
       WHERE r."importId" = ANY($1::uuid[]) AND l.email LIKE ANY($2::text[])`,
      [importIds, like],
    );
    return { leads, rows, events, twice, linked: linked!.count };
  }

  const tenantOf = async (env: NodeJS.ProcessEnv, importId: string) =>
    (await sql<{ tenantId: string }>(env, `SELECT "tenantId" FROM "ImportJob" WHERE id = $1::uuid`, [importId]))[0]!.tenantId;

  it('finishes an import whose process was killed (kill -9) midway, after a restart: every row once, no lead twice', { timeout: 900_000 }, async () => {
    const ROWS = 20_000;
    const BATCH = 200;
    const { env } = await database({ IMPORT_BATCH_ROWS: String(BATCH), IMPORT_LEASE_MS: '2000', IMPORT_POLL_MS: '200' });
    const first = await server(env);
    const key = await secretKey(env);
    const started = Date.now();
    const { id } = await upload(first.base, key, leadsFile('kill', ROWS));

    // The server goes on answering while the import runs in the background.
    const pingMs = await answerMs(first.base, 5_000);
    expect.soft(pingMs, `{ __typename } while an import runs: ${pingMs === null ? 'no answer within 5 s' : `${pingMs} ms`} (the import must not hold the event loop)`).not.toBeNull();

    // Killed once some batches have committed, long before the last: when its progress shows
    // them, or (should the server not answer while the import runs) 15 s into the import.
    const killBy = started + 15_000;
    let seen: Job | undefined;
    while (Date.now() < killBy && !(seen && (seen.rowsProcessed >= 3 * BATCH || ended(seen)))) {
      seen = (await job(first.base, key, id, Math.max(100, killBy - Date.now()))) ?? seen;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    first.kill('SIGKILL');
    const killedAt = new Date();
    expect(await first.exited).toBeNull();
    expect(seen?.status ?? 'not seen', `the import ended before it could be killed: ${JSON.stringify(seen)}`).not.toBe('completed');

    // The same data directory (embedded) or database (PostgreSQL): the job goes on where its last batch committed.
    const second = await server(env);
    const done = await jobUntil(second.base, key, id, ended, 'the import to end after the restart', 780_000, 500);
    expect(done).toMatchObject({ status: 'completed', error: null, rowsTotal: ROWS, rowsProcessed: ROWS, created: ROWS, updated: 0, unchanged: 0, failed: 0 });

    const tenantId = await tenantOf(env, id);
    // Killed midway indeed: whole batches were committed before the kill, the rest after the restart.
    const [before] = await sql<{ count: number }>(
      env,
      `SELECT count(*)::int AS count FROM "Lead" WHERE "tenantId" = $1::uuid AND email LIKE 'kill-%@imports-processes.test' AND "createdAt" <= $2`,
      [tenantId, killedAt],
    );
    const committedBeforeKill = before!.count;
    expect(committedBeforeKill).toBeGreaterThan(0);
    expect(committedBeforeKill).toBeLessThan(ROWS);
    expect(committedBeforeKill % BATCH).toBe(0);
    // What the killed process reported as done was kept.
    expect(committedBeforeKill).toBeGreaterThanOrEqual(seen?.rowsProcessed ?? 0);

    const { leads, rows, events, twice, linked } = await stored(env, tenantId, [id], ['kill']);
    expect(leads).toEqual({ count: ROWS, emails: ROWS, ids: ROWS });
    // Each row once (a line twice would be refused by ImportRow's key, so the count is the check), every one created.
    expect(rows).toEqual({ count: ROWS, keys: ROWS, records: ROWS, created: ROWS });
    expect(linked).toBe(ROWS);
    expect(events).toEqual({ count: ROWS, leads: ROWS, orphans: 0 });
    expect(twice).toEqual([]);
    const [lines] = await sql<{ min: number; max: number }>(env, `SELECT min(line)::int AS min, max(line)::int AS max FROM "ImportRow" WHERE "importId" = $1::uuid`, [id]);
    expect(lines).toEqual({ min: 2, max: ROWS + 1 });
    // The import's own event, once.
    const [completed] = await sql<{ count: number }>(env, `SELECT count(*)::int AS count FROM "Event" WHERE type = 'import.completed' AND data->>'id' = $1`, [id]);
    expect(completed!.count).toBe(1);
    report('kill -9 and restart', { rows: ROWS, pingMs, progressSeenAtKill: seen?.rowsProcessed ?? null, committedBeforeKill, killedAfterMs: killedAt.getTime() - started, totalMs: Date.now() - started });
  });

  it('shares queued imports between two processes on one PostgreSQL, each row once', { timeout: 600_000 }, async ({ skip }) => {
    if (!process.env.TEST_DATABASE_URL) skip('the embedded database (PGlite) lives inside one process: two server processes cannot share it; run with TEST_DATABASE_URL');
    const FILES = 4;
    const ROWS = 3_000;
    // One import at a time per process: two imports running at once can only be two processes'.
    const { env } = await database({ IMPORT_BATCH_ROWS: '200', IMPORT_LEASE_MS: '5000', IMPORT_POLL_MS: '200', IMPORT_CONCURRENCY: '1' });
    const pair = [await server(env), await server(env)] as const;
    // Two tenants: one tenant's imports run one at a time across processes (its queue never delays
    // another tenant's), so only two tenants' imports can run at once, in the two processes.
    const keys = [await secretKey(env), await secretKey(env)] as const;
    const started = Date.now();
    const prefixes = Array.from({ length: FILES }, (_, i) => `pair${i}x`);
    const ids: string[] = [];
    for (const [i, prefix] of prefixes.entries()) ids.push((await upload(pair[i % 2]!.base, keys[i % 2]!, leadsFile(prefix, ROWS))).id);

    const jobs: Job[] = [];
    for (const [i, id] of ids.entries()) jobs.push(await jobUntil(pair[(i + 1) % 2]!.base, keys[i % 2]!, id, ended, `import ${i + 1} of ${FILES} to end`, 480_000, 500));
    for (const done of jobs) expect(done).toMatchObject({ status: 'completed', error: null, rowsTotal: ROWS, rowsProcessed: ROWS, created: ROWS, updated: 0, unchanged: 0, failed: 0 });

    const tenantOfJob = await Promise.all(ids.map((id) => tenantOf(env, id)));
    for (const tenantId of new Set(tenantOfJob)) {
      const mine = (_: unknown, i: number) => tenantOfJob[i] === tenantId;
      const tenantIds = ids.filter(mine);
      const { leads, rows, events, twice, linked } = await stored(env, tenantId, tenantIds, prefixes.filter(mine));
      const all = tenantIds.length * ROWS;
      expect(leads).toEqual({ count: all, emails: all, ids: all });
      expect(rows).toEqual({ count: all, keys: all, records: all, created: all });
      expect(linked).toBe(all);
      expect(events).toEqual({ count: all, leads: all, orphans: 0 });
      expect(twice).toEqual([]);
    }
    const perJob = await sql<{ importId: string; count: number }>(env, `SELECT "importId", count(*)::int AS count FROM "ImportRow" WHERE "importId" = ANY($1::uuid[]) GROUP BY 1`, [ids]);
    expect(perJob.map((r) => r.count)).toEqual(Array(FILES).fill(ROWS));

    // Each process runs one import at a time (IMPORT_CONCURRENCY=1), so two imports running at
    // once (startedAt..completedAt overlapping) mean both processes took jobs; they are two
    // tenants' then, never one tenant's two.
    const tenants = await Promise.all(ids.map((id) => tenantOf(env, id)));
    const spans = jobs.map((j, i) => [Date.parse(j.startedAt!), Date.parse(j.completedAt!), tenants[i]] as const);
    const pairs = spans.flatMap(([start, end, tenant], i) => spans.slice(i + 1).filter(([s, e]) => s < end && start < e).map(([, , other]) => other === tenant));
    expect(pairs.filter((sameTenant) => sameTenant)).toEqual([]);
    const overlapping = pairs.length;
    // Two tenants' imports run at once in the two processes; the demo seed may give both keys one tenant, whose imports run one at a time.
    if (new Set(tenants).size > 1) expect(overlapping, JSON.stringify(jobs.map((j) => [j.startedAt, j.completedAt]))).toBeGreaterThan(0);
    report('two processes', { files: FILES, rowsEach: ROWS, overlappingPairs: overlapping, totalMs: Date.now() - started });
  });

  it('refuses a 60 MB file with 413 as it streams in, stores nothing of it, and keeps its memory bounded', { timeout: 300_000 }, async () => {
    const TOTAL = 60 * 1024 * 1024;
    const LIMIT = 50 * 1024 * 1024; // IMPORT_MAX_BYTES's default: not set here
    const { env } = await database();
    delete env.IMPORT_MAX_BYTES;
    // A 50 MiB upload takes longer than the default receive limit (15 s) on a loaded machine; the
    // setting documented for large files (docs/imports.md#bounds) gives it time, so the limit met is the file's.
    env.RECEIVE_TIMEOUT_MS = '120000';
    const single = await server(env);
    const key = await secretKey(env);

    /**
     * A CSV of `TOTAL` bytes made as the request takes it (64 KiB at a time, chunked: no length is
     * declared, so the server counts), never held whole. node:http's client, which reports the
     * answer when it comes, even while the body is still being sent (fetch reports the reset of a
     * connection the server closes on a body it refused instead).
     */
    function sendBig(): Promise<{ status: number; contentType: string | undefined; body: unknown; sentAtAnswer: number; ms: number }> {
      const url = new URL(`${single.base}/api/v1/imports?object=leads`);
      const began = Date.now();
      let sent = 0;
      let n = 0;
      return new Promise((resolve, reject) => {
        const request = http.request(url, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' } });
        let answered = false;
        request.on('response', (response) => {
          answered = true;
          const sentAtAnswer = sent;
          const parts: Buffer[] = [];
          response.on('data', (part: Buffer) => parts.push(part));
          response.on('end', () => {
            resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'], body: JSON.parse(Buffer.concat(parts).toString() || 'null'), sentAtAnswer, ms: Date.now() - began });
            request.destroy();
          });
        });
        // The server reads the rest away after its answer (a lingering close): no reset while it is read.
        request.on('error', (error) => (answered ? undefined : reject(error)));
        const write = () => {
          while (!answered && sent < TOTAL) {
            let text = sent === 0 ? 'firstName,lastName,email\n' : '';
            while (text.length < 64 * 1024) text += `Big${n},Upload,big-${n++}@imports-processes.test\n`;
            sent += Buffer.byteLength(text);
            if (!request.write(text)) return void request.once('drain', write);
          }
          if (!answered) request.end();
        };
        write();
      });
    }

    const pid = single.pid;
    const status = () => readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status())?.[1]);
    /** Resets the peak resident size (VmHWM) to the current one, where the kernel lets us. */
    const resetPeak = () => {
      try {
        writeFileSync(`/proc/${pid}/clear_refs`, '5');
        return true;
      } catch {
        return false;
      }
    };

    const rssBefore = kb('VmRSS');
    const peakReset = resetPeak();
    const refused = await sendBig();
    const peak = kb('VmHWM');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const rssAfter = kb('VmRSS');

    // Every property is checked (soft), so one run shows each that fails.
    expect.soft(refused.status, `the 60 MB upload was answered ${refused.status} after ${refused.ms} ms: ${JSON.stringify(refused.body)}`).toBe(413);
    expect.soft(refused.contentType).toMatch(/^application\/(problem\+)?json/);
    expect.soft(JSON.stringify(refused.body)).toContain(`Import files are limited to ${LIMIT} bytes (IMPORT_MAX_BYTES)`);
    // Answered as the limit passed, not after the whole body.
    expect.soft(refused.sentAtAnswer).toBeLessThan(TOTAL);

    // Nothing of it stored: no job, no file, no piece (the refused upload's pieces deleted with it), in the whole database.
    const [left] = await sql<{ jobs: number; files: number; chunks: number }>(
      env,
      `SELECT (SELECT count(*)::int FROM "ImportJob") AS jobs, (SELECT count(*)::int FROM "ImportFile") AS files, (SELECT count(*)::int FROM "ImportFileChunk") AS chunks`,
    );
    expect.soft(left, 'what the refused upload left in the database').toEqual({ jobs: 0, files: 0, chunks: 0 });

    // The server never held the file: its resident memory grew by far less than the 50 MiB it refused.
    const grewMb = (rssAfter - rssBefore) / 1024;
    const peakMb = (peak - rssBefore) / 1024;
    report('60 MB refused', { status: refused.status, ms: refused.ms, sentAtAnswerMb: +(refused.sentAtAnswer / 1048576).toFixed(1), left, rssBeforeMb: +(rssBefore / 1024).toFixed(1), grewMb: +grewMb.toFixed(1), peakGrowthMb: peakReset ? +peakMb.toFixed(1) : 'unmeasured' });
    // Measured on 2026-11-29 (a 2-core machine), after the pieces went through the driver as bytes
    // (src/db/driver.ts) rather than through Prisma, whose debug history kept the last hundred as
    // base64 text (+40 to +55 MB before, peaks +48 to +74): embedded -2 to +1 MB, peaks +2 to +3;
    // PostgreSQL +25 to +35, peaks +32 to +40, a high-water mark of the young generation and the
    // allocator that a second and third refused upload leave where it is (+1 MB each). The bounds
    // leave room for a noisy machine.
    const [grewBound, peakBound] = process.env.TEST_DATABASE_URL ? [45, 55] : [12, 15];
    expect.soft(grewMb, `resident memory grew by ${grewMb.toFixed(1)} MB (${(rssBefore / 1024).toFixed(1)} -> ${(rssAfter / 1024).toFixed(1)} MB)`).toBeLessThan(grewBound);
    if (peakReset) expect.soft(peakMb, `resident memory peaked ${peakMb.toFixed(1)} MB above where it started`).toBeLessThan(peakBound);

    // The server is still serving.
    expect((await fetch(`${single.base}/api/v1/imports`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
  });

  it('imports a 36 MB file of rows near the 1 MB row limit with its memory bounded: each fails alone, none of its cells kept', { timeout: 300_000 }, async () => {
    const { env } = await database();
    env.RECEIVE_TIMEOUT_MS = '120000';
    const single = await server(env);
    const key = await secretKey(env);
    const ROWS = 40;
    const file = ['firstName,lastName,notes', ...Array.from({ length: ROWS }, (_, i) => `Fat${i},Row,${'n'.repeat(900_000)}`)].join('\n');
    const status = () => readFileSync(`/proc/${single.pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status())?.[1]);
    const rssBefore = kb('VmRSS');
    let peakReset = true;
    try {
      writeFileSync(`/proc/${single.pid}/clear_refs`, '5');
    } catch {
      peakReset = false;
    }
    const began = Date.now();
    const response = await fetch(`${single.base}/api/v1/imports?object=leads`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' }, body: file });
    expect(response.status).toBe(202);
    const { id } = ((await response.json()) as { data: { id: string } }).data;
    const done = await jobUntil(single.base, key, id, (j) => j.status !== 'queued' && j.status !== 'running', 'the fat import to end', 240_000);
    const download = await fetch(`${single.base}/api/v1/imports/${id}/rows`, { headers: { authorization: `Bearer ${key}`, accept: 'text/csv' } });
    const csv = await download.text();
    const peakMb = (kb('VmHWM') - rssBefore) / 1024;
    report('36 MB of 1 MB rows', { ms: Date.now() - began, status: done.status, failed: done.failed, csvBytes: csv.length, peakGrowthMb: peakReset ? +peakMb.toFixed(1) : 'unmeasured' });

    expect(done).toMatchObject({ status: 'completed', rowsTotal: ROWS, created: 0, failed: ROWS });
    expect(download.status).toBe(200);
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(ROWS + 1);
    const [kept] = await sql<{ chars: number }>(env, `SELECT coalesce(sum(octet_length(cells::text)), 0)::int AS chars FROM "ImportRow" WHERE "importId" = $1`, [id]);
    expect(kept?.chars).toBe(ROWS * 2); // each row's cells: {}
    // Measured on 2026-11-29 (2 cores): peaks +37 MB embedded, +61 MB PostgreSQL, with batches cut at 4 MB of cells and
    // rows past 64K characters kept without them; the bound leaves room for a noisy machine.
    if (peakReset) expect.soft(peakMb, `resident memory peaked ${peakMb.toFixed(1)} MB above where it started`).toBeLessThan(100);
    expect((await fetch(`${single.base}/api/v1/imports`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
  });
});

/** One line of figures per case, for the run's log (durations and sizes, to compare databases). */
function report(what: string, figures: Record<string, unknown>) {
  console.log(`[imports-processes ${process.env.TEST_DATABASE_URL ? 'postgresql' : 'embedded'}] ${what}: ${JSON.stringify(figures)}`);
}
