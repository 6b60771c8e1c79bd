// The import target of `npm run bench` (`npm run bench -- --only import [--import-rows N] [--profile]`):
//
// A CSV of 100,000 leads (names, unique emails, phones, a company, a short note; seeded, so every
// run imports the same file) is written to a temp file, with the same rows in COPY's columns
// (generated UUIDv7 ids, the tenant's id, `source` import as the import sets it, timestamps) beside it.
//
// 1. Baseline: `psql`'s `\copy "Lead" (...) FROM` that file into the scratch database's "Lead"
//    table (its indexes, trigram ones included, as the product has them), timed by psql's `\timing`:
//    rows per second.
//    The rows are counted, then the table is emptied again for the product.
// 2. Ours: a fresh `npm start` server (its RSS sampled every 200 ms, its VmHWM reset when the upload
//    starts where the kernel allows it) gets the file streamed from disk (`POST /api/v1/imports?object=leads`,
//    `text/csv`), and `GET /api/v1/imports/:id` is polled until the job is completed; the clock runs
//    from the request to the completion seen by the poll. Every row goes through the create
//    mutation's validation and the lead service with its `lead.created` event, in batches of
//    `IMPORT_BATCH_ROWS` (default 500), as users run it. `created` must equal the rows, as must the
//    tenant's leads and `lead.created` events.
//
// Goals: ours at least a quarter of COPY's rows per second; the server's peak RSS under 250 MB.
import { spawnSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { uuidv7 } from 'uuidv7';
import { createKeyPair } from '../src/auth/key-pairs.js';
import { openPostgres } from '../src/db/client.js';
import { applyMigrations } from '../src/db/schema-engine.js';
import { createTenant, createUser } from '../src/tenants/tenant.service.js';
import { freePort, readMemory, RssSampler, startServer, type ChildServer } from './processes.js';
import { memoryTable, type MemoryFigures } from './report.js';
import { createScratchDatabase, withClient } from './scratch-db.js';
import { serverEnv } from './server-env.js';
import type { Teardown } from './teardown.js';

export const IMPORT_ROWS = 100_000;
/** Ours over COPY's rows per second, with validation and an event per row. */
export const IMPORT_RATIO_GOAL = 0.25;
/** The server's peak resident memory during the import. */
export const IMPORT_RSS_LIMIT_MB = 250;

const CSV_COLUMNS = ['firstName', 'lastName', 'email', 'phone', 'companyName', 'notes'] as const;
const COPY_COLUMNS = ['id', 'tenantId', ...CSV_COLUMNS, 'source', 'createdAt', 'updatedAt'] as const;

const FIRST = ['Avery', 'Blake', 'Cameron', 'Drew', 'Emerson', 'Finley', 'Harper', 'Jamie', 'Jordan', 'Kai', 'Logan', 'Morgan', 'Noah', 'Olivia', 'Parker', 'Quinn', 'Riley', 'Sofia', 'Taylor', 'Uma', 'Valentina', 'Wei', 'Xavier', 'Yara', 'Zoë', 'Amélie', 'Björn', 'Chloé', 'Dmitri', 'Élodie', 'Fatima', 'Giulia', 'Hiroshi', 'Ingrid', 'José', 'Liam', 'Mateo', 'Nia', 'Omar', 'Priya'];
const LAST = ['Brooks', 'Reed', 'Hayes', 'Foster', 'Gray', 'Hart', 'Kim', 'Lane', 'Diaz', 'García', 'Müller', 'Nguyen', "O'Brien", 'Patel', 'Rossi', 'Schmidt', 'Silva', 'Smith', 'Tanaka', 'Van der Berg', 'Walsh', 'Young', 'Zhang', 'Novak', 'Larsen', 'Kowalski', 'Johnson', 'Ivanova', 'Hughes', 'Ferreira', 'Evans', 'Dubois', 'Costa', 'Baker', 'Anderson', 'Moreau', 'Lindqvist', 'Okafor', 'Ramirez', 'Sato'];
const COMPANY_WORDS = ['Acme', 'Blue Ridge', 'Summit', 'Harbor', 'Northwind', 'Riverbend', 'Keystone', 'Ironwood', 'Lakeside', 'Pioneer', 'Redwood', 'Silverline', 'Granite', 'Maple', 'Cedar', 'Beacon', 'Evergreen', 'Prairie', 'Atlas', 'Meridian'];
const COMPANY_KINDS = ['Logistics', 'Forklift Services', 'Warehousing', 'Manufacturing', 'Foods', 'Builders', 'Distribution', 'Rentals', 'Machinery', 'Supply'];
const COMPANY_ENDS = ['LLC', 'Inc.', 'Ltd', 'GmbH', '& Sons', 'Co.', ', Inc.', 'Group'];
const DOMAINS = ['example.com', 'mail.example', 'prospect.example', 'inbox.example', 'company.example'];
const NOTES = [
  'Met at the spring trade show.',
  'Wants a quote for 3 forklifts, annual inspection.',
  'Asked for a callback after 4 pm.',
  'Referred by an existing customer; "very interested".',
  'Budget approved for Q3, needs a site visit.',
  'Prefers email. Do not call on Mondays.',
  '',
  'Downloaded the price list twice this week.',
];

/** A small seeded generator (mulberry32): the same file on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A CSV cell: quoted when it holds a separator, a quote or a line break. */
const cell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const ascii = (value: string) => value.normalize('NFD').replace(/[^a-zA-Z]/g, '').toLowerCase();

export interface ImportFiles {
  dir: string;
  /** What is uploaded: a header of the create body's field names, then the rows. */
  csv: string;
  /** The same rows in COPY's columns (`COPY_COLUMNS`), as CSV with a header. */
  copy: string;
  csvBytes: number;
}

/** Writes `rows` leads as the upload's CSV and as COPY's CSV (the same rows), in a new temp folder. */
export async function writeImportFiles(rows: number, tenantId: string): Promise<ImportFiles> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-import-'));
  const csvPath = join(dir, 'leads.csv');
  const copyPath = join(dir, 'leads-copy.csv');
  const [csv, copy] = [await open(csvPath, 'w'), await open(copyPath, 'w')];
  try {
    const next = random(46);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
    const now = new Date().toISOString();
    let csvText = `${CSV_COLUMNS.join(',')}\n`;
    let copyText = `${COPY_COLUMNS.join(',')}\n`;
    for (let i = 1; i <= rows; i++) {
      const first = pick(FIRST);
      const last = pick(LAST);
      const end = pick(COMPANY_ENDS);
      const company = `${pick(COMPANY_WORDS)} ${pick(COMPANY_KINDS)}${end.startsWith(',') ? end : ` ${end}`}`;
      const phone = `+1 (${200 + Math.floor(next() * 800)}) 555-${String(Math.floor(next() * 10_000)).padStart(4, '0')}`;
      const values = [first, last, `${ascii(first)}.${ascii(last)}.${i}@${pick(DOMAINS)}`, phone, company, pick(NOTES)];
      const line = values.map(cell).join(',');
      csvText += `${line}\n`;
      // An empty note is left out by the import (an empty cell sets nothing): NULL in COPY's CSV too.
      copyText += `${uuidv7()},${tenantId},${line},import,${now},${now}\n`;
      if (i % 5_000 === 0 || i === rows) {
        await csv.write(csvText);
        await copy.write(copyText);
        csvText = '';
        copyText = '';
      }
    }
  } finally {
    await csv.close();
    await copy.close();
  }
  return { dir, csv: csvPath, copy: copyPath, csvBytes: (await stat(csvPath)).size };
}

/** The baseline: psql's `\copy` of the rows into "Lead", as psql's `\timing` reports it (the statement, the connection left out), and psql's run from start to exit. */
function copyLeads(databaseUrl: string, file: string): { ms: number; wallMs: number } {
  const command = `\\copy "Lead" (${COPY_COLUMNS.map((c) => `"${c}"`).join(', ')}) FROM '${file.replaceAll("'", "''")}' WITH (FORMAT csv, HEADER true)`;
  const started = performance.now();
  const result = spawnSync('psql', ['--no-psqlrc', '-v', 'ON_ERROR_STOP=1', '-q', '-d', databaseUrl, '-c', '\\timing on', '-c', command], { encoding: 'utf8' });
  const wallMs = performance.now() - started;
  if (result.error) throw new Error(`psql could not run (the COPY baseline needs PostgreSQL's client, psql, on the PATH): ${result.error.message}`);
  if (result.status !== 0) throw new Error(`psql \\copy failed (${result.status}): ${result.stderr}`);
  const timed = /Time: ([\d.]+) ms/.exec(result.stdout);
  return { ms: timed ? Number(timed[1]) : wallMs, wallMs };
}

interface ImportJobAnswer {
  id: string;
  status: string;
  error: string | null;
  rowsTotal: number | null;
  rowsProcessed: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

export interface ImportFigures {
  at: string;
  rows: number;
  csvBytes: number;
  batchRows: number;
  /** `seconds` as psql's \timing reports the statement; `psqlSeconds` from psql's start to its exit. */
  copy: { seconds: number; psqlSeconds: number; rowsPerSecond: number };
  ours: { uploadSeconds: number; seconds: number; rowsPerSecond: number; created: number; failed: number; leads: number; events: number };
  ratio: number;
  ratioGoal: number;
  ratioVerdict: 'PASS' | 'MISS';
  memory: MemoryFigures;
  /** VmHWM was reset at the upload's start (else it is the process's peak since it started). */
  peakSinceUpload: boolean;
  rssVerdict: 'PASS' | 'MISS';
  profiled: boolean;
}

/** Resets a process's peak resident size (VmHWM) to its current one, where the kernel lets us. */
async function resetPeak(pid: number): Promise<boolean> {
  const handle = await open(`/proc/${pid}/clear_refs`, 'w').catch(() => null);
  if (!handle) return false;
  try {
    await handle.write('5');
    return true;
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

const count = async (url: string, sql: string, params: unknown[]) =>
  withClient(url, async (client) => Number((await client.query<{ n: string }>(sql, params)).rows[0]?.n ?? NaN));

export interface ImportOptions {
  rows: number;
  /** Node arguments of the server: `npm start`'s, with --cpu-prof in front when profiling. */
  nodeArgs: string[];
  profiled: boolean;
  log: (line?: string) => void;
}

/** The import target: COPY's rows per second, ours, their ratio and the server's memory meanwhile. */
export async function measureImport(serverUrl: string, teardown: Teardown, { rows, nodeArgs, profiled, log }: ImportOptions): Promise<{ figures: ImportFigures; server: ChildServer }> {
  const started = Date.now();
  const scratch = await createScratchDatabase(serverUrl);
  teardown.add(`drop database ${scratch.name}`, () => scratch.drop());
  const db = await openPostgres(scratch.url, 2);
  let tenantId: string;
  let secret: string;
  try {
    await applyMigrations(db.adapterFactory);
    const tenant = await createTenant(db.prisma, { name: 'Import bench' });
    const admin = await createUser(db.prisma, { tenantId: tenant.id, name: 'Admin', email: 'admin@import-bench.example', role: 'system_admin' });
    const keys = await createKeyPair(db.prisma, { tenantId: tenant.id, userId: admin.id, name: 'bench import', scopes: ['leads.lead.read', 'leads.lead.write'] });
    [tenantId, secret] = [tenant.id, keys.secret.key];
  } finally {
    await db.close();
  }
  const files = await writeImportFiles(rows, tenantId);
  teardown.add('remove the import files', () => rm(files.dir, { recursive: true, force: true }));
  log(`Scratch database ${scratch.name}: migrated, one tenant and key; ${rows.toLocaleString('en')} leads written to ${files.csv} (${(files.csvBytes / 1024 / 1024).toFixed(1)} MB) and as COPY's rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // 1. The baseline.
  const leadsOfTenant = 'SELECT count(*) AS n FROM "Lead" WHERE "tenantId" = $1';
  const { ms: copyMs, wallMs: copyWallMs } = copyLeads(scratch.url, files.copy);
  const copied = await count(scratch.url, leadsOfTenant, [tenantId]);
  if (copied !== rows) throw new Error(`COPY wrote ${copied} leads, not ${rows}`);
  const copyRate = rows / (copyMs / 1000);
  log(`  COPY "Lead" FROM (psql \\copy): ${rows} rows in ${(copyMs / 1000).toFixed(2)} s by psql's \\timing (${(copyWallMs / 1000).toFixed(2)} s from psql's start to its exit), ${copyRate.toFixed(0)} rows/s`);
  // Emptied for the import, which then meets the table COPY met (its indexes empty too).
  await withClient(scratch.url, async (client) => {
    await client.query('TRUNCATE "Lead" CASCADE');
    await client.query('VACUUM ANALYZE "Lead"');
  });

  // 2. Ours, on a server of its own: its memory is the import's.
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer({ name: 'product (import)', args: nodeArgs, env: serverEnv(scratch.url, port), readyUrl: `${base}/api/v1/leads?limit=1` });
  teardown.add('stop the import server', () => server.stop());
  const readyKb = (await readMemory(server.pid))?.rssKb ?? NaN;
  const batchRows = Number(process.env.IMPORT_BATCH_ROWS ?? 500);
  const headers = { authorization: `Bearer ${secret}` };
  const sampler = new RssSampler(server.pid);
  const peakSinceUpload = await resetPeak(server.pid);
  sampler.start();
  teardown.add('stop the import server RSS sampling', async () => sampler.stop());
  const from = Date.now();
  const began = performance.now();
  const response = await fetch(`${base}/api/v1/imports?object=leads`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'text/csv' },
    body: Readable.toWeb(createReadStream(files.csv)) as ReadableStream<Uint8Array>,
    duplex: 'half',
  } as RequestInit);
  const uploadMs = performance.now() - began;
  const answer = (await response.json()) as { data?: ImportJobAnswer };
  if (response.status !== 202 || !answer.data) throw new Error(`POST /api/v1/imports answered ${response.status}: ${JSON.stringify(answer).slice(0, 500)}`);
  log(`  upload: 202 in ${(uploadMs / 1000).toFixed(2)} s (import ${answer.data.id}, ${answer.data.status})`);
  let job = answer.data;
  let lastLog = performance.now();
  while (job.status === 'queued' || job.status === 'running') {
    await sleep(250);
    const poll = await fetch(`${base}/api/v1/imports/${job.id}`, { headers });
    if (poll.status !== 200) throw new Error(`GET /api/v1/imports/${job.id} answered ${poll.status}: ${(await poll.text()).slice(0, 500)}`);
    job = ((await poll.json()) as { data: ImportJobAnswer }).data;
    if (performance.now() - lastLog > 15_000) {
      lastLog = performance.now();
      log(`    ${((lastLog - began) / 1000).toFixed(0)} s: ${job.rowsProcessed} of ${job.rowsTotal ?? '?'} rows (${((job.rowsProcessed / (lastLog - began)) * 1000).toFixed(0)} rows/s so far)`);
    }
  }
  const ms = performance.now() - began;
  const to = Date.now();
  sampler.stop();
  const peakKb = (await readMemory(server.pid))?.hwmKb ?? NaN;
  if (job.status !== 'completed') throw new Error(`the import ended ${job.status}: ${job.error ?? ''}`);
  const leads = await count(scratch.url, leadsOfTenant, [tenantId]);
  const events = await count(scratch.url, `SELECT count(*) AS n FROM "Event" WHERE "tenantId" = $1 AND type = 'lead.created'`, [tenantId]);
  if (job.created !== rows || job.failed !== 0 || leads !== rows || events !== rows) {
    throw new Error(`the import created ${job.created} and failed ${job.failed} of ${rows} rows; the tenant has ${leads} leads and ${events} lead.created events`);
  }
  const oursRate = rows / (ms / 1000);
  log(`  ours (POST /api/v1/imports, polled until completed): ${rows} rows in ${(ms / 1000).toFixed(2)} s, ${oursRate.toFixed(0)} rows/s; created ${job.created}, failed ${job.failed}; ${leads} leads and ${events} lead.created events in the tenant`);
  const ratio = oursRate / copyRate;
  const memory: MemoryFigures = {
    name: `product (npm start) importing ${rows.toLocaleString('en')} leads`,
    readyKb,
    maxUnderLoadKb: sampler.maxKb(from, to),
    peakKb,
    limit: { mb: IMPORT_RSS_LIMIT_MB, on: 'peak' },
  };
  return {
    server,
    figures: {
      at: new Date().toISOString(),
      rows,
      csvBytes: files.csvBytes,
      batchRows,
      copy: { seconds: copyMs / 1000, psqlSeconds: copyWallMs / 1000, rowsPerSecond: copyRate },
      ours: { uploadSeconds: uploadMs / 1000, seconds: ms / 1000, rowsPerSecond: oursRate, created: job.created, failed: job.failed, leads, events },
      ratio,
      ratioGoal: IMPORT_RATIO_GOAL,
      ratioVerdict: ratio >= IMPORT_RATIO_GOAL ? 'PASS' : 'MISS',
      memory,
      peakSinceUpload,
      rssVerdict: peakKb / 1024 < IMPORT_RSS_LIMIT_MB ? 'PASS' : 'MISS',
      profiled,
    },
  };
}

export function importReport(f: ImportFigures): string {
  return [
    `Import of ${f.rows.toLocaleString('en')} leads (${(f.csvBytes / 1024 / 1024).toFixed(1)} MB of CSV; batches of ${f.batchRows}, validation and a lead.created event per row):`,
    `  COPY "Lead" FROM (psql \\copy):   ${f.copy.rowsPerSecond.toFixed(0).padStart(7)} rows/s (${f.copy.seconds.toFixed(2)} s)`,
    `  ours, request to completed:      ${f.ours.rowsPerSecond.toFixed(0).padStart(7)} rows/s (${f.ours.seconds.toFixed(2)} s, of which the upload's 202 ${f.ours.uploadSeconds.toFixed(2)} s)`,
    `  ours / COPY: ${f.ratio.toFixed(3)} (goal >= ${f.ratioGoal}) ${f.ratioVerdict}`,
    `  server peak RSS ${(f.memory.peakKb / 1024).toFixed(0)} MB ${f.peakSinceUpload ? 'since the upload began (VmHWM reset then)' : "over the server's life (VmHWM could not be reset)"}; goal < ${IMPORT_RSS_LIMIT_MB} MB ${f.rssVerdict}`,
    ...(f.profiled ? ['  NOTE: the server ran under --cpu-prof, which slows it; use a run without --profile for figures.'] : []),
    '',
    memoryTable([f.memory]),
  ].join('\n');
}
