// `npm run bench [-- --url postgresql://... --rounds 5 --duration 5 --quick --profile --only load,import,webhooks --import-rows 100000 --node24]`
//
// Interleaved rounds: every target runs once per round (in an order that shifts each round), so
// whatever the machine does meanwhile hits all targets alike; each product target is reported as
// the median over rounds of its ratio to the plain handler measured in the same round, with the
// spread, p50 and p99 ratios, and a verdict; bench/last.json holds the same summary for machines.
//
// Measures, for each list, the product's REST route, the same data over GraphQL and a hand-written
// node:http + pg handler doing the same work (bench/suites.ts): leads, contacts, companies, deals
// with their company, contact, stage and owner, bookings, a week of a resource's availability (500
// bookings in it), inspections with their equipment, type, site, customer, lead and finding count,
// and invoices found by a search, on a scratch database with 10,000 leads, deals, inspections and
// invoices; in the same rounds, the leads page with an OAuth access token beside the same with the key
// (bench/oauth-token.ts), and a peer, PostGraphile 5 without authentication (bench/peer/), on the
// leads and deals pages; then lead creation beside the plain handler's INSERT, in rounds of their
// own, and booking creation (distinct slots) on 10 resources and on 1 (bench/writes.ts); the cost
// of events on writes; then the product on the embedded database, idle and under load, for its
// memory; then an import of 100,000 leads from a CSV file beside a plain COPY of the same rows, with
// the server's memory meanwhile (bench/imports.ts); last, webhook delivery (bench/webhooks.ts). Each
// server runs in its own child process, so its memory can be measured and it does not share an event
// loop with the load generator. `--only` runs some of the three parts: `load` (everything before the
// import), `import`, `webhooks`. `--node24` runs the load part under this node, then under Node 24,
// and prints their figures side by side (bench/runtimes.ts).
// Misses against the goals are reported, not failures; errors (non-2xx, wrong bodies) fail the run.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CONNECTIONS, problemsOf, runLoad, type Target } from './load.js';
import { readMemory, RssSampler, freePort, startServer, type ChildServer } from './processes.js';
import { measureEmbedded } from './embedded-memory.js';
import { restartLine } from './embedded-restart.js';
import { compareRuntimes } from './runtimes.js';
import { eventCostReport, measureEventCost } from './events.js';
import { importReport, IMPORT_ROWS, measureImport } from './imports.js';
import { summarizeProfile } from './profile-summary.js';
import { MCP_GOAL, memoryTable, OAUTH_GOAL, oauthLine, peerGoalLines, peerGoals, relativeGoal, relativeLine, RSS_LIMIT_MB, summarize, throughputTable, type Measured, type MemoryFigures } from './report.js';
import { type BenchData, createScratchDatabase, LEAD_COUNT, prepareBenchData } from './scratch-db.js';
import { BOOKING_COUNT } from './seed-bookings.js';
import { DEAL_COUNT } from './seed-deals.js';
import { INSPECTION_COUNT } from './seed-inspections.js';
import { BOOKINGS_PER_SECOND_GOAL, mcpLeadsCall, PAGE, suitesOf, type Suite } from './suites.js';
import { bookingWrites, leadCreation } from './writes.js';
import { withOAuthToken } from './oauth-token.js';
import { checkPeer, PEER_NAME, peerReads } from './peer/targets.js';
import { projectRoot, serverNodeArgs } from '../scripts/start-command.js';
import { SUMMARY_FILE, writeSummary } from './summary-file.js';
import { Teardown } from './teardown.js';
import { serverEnv } from './server-env.js';
import { fetchJson, firstDifference, keyDifferences, memberOrder, shapeOf, type Json } from './verify.js';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    rounds: { type: 'string' },
    duration: { type: 'string' },
    // While developing: 2 rounds of 2 s, figures too rough for a verdict that counts.
    quick: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    // Only these suites (comma-separated names, such as `leads`), to look at one target while working on it.
    suites: { type: 'string' },
    // Only these parts (comma-separated): `load` (reads, writes, events, memory), `import`, `webhooks`.
    only: { type: 'string' },
    // Rows of the import's CSV file (100,000; 10,000 with --quick).
    'import-rows': { type: 'string' },
    // The load part under this node and under Node 24 (from the npm registry, or this binary; also BENCH_NODE24).
    node24: { type: 'boolean', default: false },
    'node24-path': { type: 'string' },
  },
});
const PARTS = ['load', 'import', 'webhooks'] as const;
const parts = args.only?.split(',').map((part) => part.trim()) ?? [...PARTS];
for (const part of parts) {
  if (!(PARTS as readonly string[]).includes(part)) throw new Error(`--only takes ${PARTS.join(', ')} (comma-separated), got ${part}`);
}
const serverUrl = args.url ?? process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const wholeNumber = (name: string, value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number of at least 1, got ${value}`);
  return n;
};
const seconds = wholeNumber('duration', args.duration ?? (args.quick ? '2' : '5'));
const rounds = wholeNumber('rounds', args.rounds ?? (args.quick ? '2' : '5'));
const importRows = wholeNumber('import-rows', args['import-rows'] ?? String(args.quick ? 10_000 : IMPORT_ROWS));
const WARMUP_SECONDS = args.quick ? 1 : 2;

const log = (line = '') => process.stdout.write(`${line}\n`);
const elapsed = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const loadAverage = () => loadavg().map((n) => n.toFixed(2)).join(' ');


/**
 * One request to every target of a suite: all succeed, the plain handler answers the product's JSON
 * shape with the same values, and GraphQL's value of the root field (as REST shapes it) equals the REST body.
 */
async function verifySuite({ rest, graphql, plain, field, asRest, isFullPage }: Suite): Promise<Map<Target, string>> {
  const call = (t: Target) => fetchJson(t.url, { method: t.method, headers: t.headers, body: t.body });
  const [restRes, graphqlRes, plainRes] = [await call(rest), await call(graphql), await call(plain)];
  for (const [target, res] of [[rest, restRes], [graphql, graphqlRes], [plain, plainRes]] as const) {
    if (res.status !== 200) throw new Error(`${target.name} answered ${res.status}: ${res.text.slice(0, 500)}`);
  }
  const restBody = restRes.json;
  const page = restBody && typeof restBody === 'object' && !Array.isArray(restBody) ? restBody : {};
  if (!isFullPage(page)) {
    throw new Error(`${rest.name} did not return a full first page of ${PAGE} rows: ${restRes.text.slice(0, 300)}`);
  }
  const graphqlBody = graphqlRes.json as { data?: { [field: string]: Json }; errors?: Json } | null;
  const graphqlValue = graphqlBody?.data?.[field];
  if (!graphqlValue || graphqlBody.errors) {
    throw new Error(`${graphql.name} answered with errors: ${graphqlRes.text.slice(0, 500)}`);
  }
  if (shapeOf(plainRes.json) !== shapeOf(restBody)) {
    throw new Error(`${plain.name} does not answer the product's JSON shape:\n${keyDifferences(restBody, plainRes.json) || `value types differ: ${shapeOf(plainRes.json)}\nvs ${shapeOf(restBody)}`}`);
  }
  log(`  ${plain.name}: same JSON shape as ${rest.name}: ${shapeOf(restBody)}`);
  if (memberOrder(plainRes.json) !== memberOrder(restBody)) {
    log(`  (member order differs; JSON objects are unordered. ${rest.name}: ${memberOrder(restBody)})`);
  }
  // Rows seeded the same way must come back with the same values; a difference fails the run.
  const compare = (what: string, a: Json, b: Json) => {
    const diff = firstDifference(a, b);
    log(`  ${what}: ${diff ? `values differ at ${diff}` : 'identical values'}`);
    if (diff) throw new Error(`${what}: values differ at ${diff}`);
  };
  compare(`${plain.name} vs ${rest.name}`, restBody, plainRes.json);
  compare(`${graphql.name} data.${field} vs ${rest.name}`, restBody, asRest(graphqlValue));
  return new Map([[rest, restRes.text], [graphql, graphqlRes.text], [plain, plainRes.text]]);
}

/** The MCP tool call answers the REST route's page as its structured content (and the same JSON as text); its body is then checked on every warm-up answer. */
async function verifyMcpCall(mcp: Target, rest: Target): Promise<string> {
  const [mcpRes, restRes] = [await fetchJson(mcp.url, { method: mcp.method, headers: mcp.headers, body: mcp.body }), await fetchJson(rest.url, { headers: rest.headers })];
  const result = (mcpRes.json as { result?: { structuredContent?: Json; isError?: boolean } } | null)?.result;
  if (mcpRes.status !== 200 || !result || result.isError) throw new Error(`${mcp.name} answered ${mcpRes.status}: ${mcpRes.text.slice(0, 500)}`);
  const diff = firstDifference(restRes.json, result.structuredContent ?? null);
  log(`  ${mcp.name} structuredContent vs ${rest.name}: ${diff ? `values differ at ${diff}` : 'identical values'}`);
  if (diff) throw new Error(`${mcp.name}: values differ at ${diff}`);
  return mcpRes.text;
}

/** Both lead-creation targets answer 201 with a lead of the same JSON shape. */
async function verifyLeadCreation(targets: Target[]): Promise<void> {
  const answers = [];
  for (const t of targets) {
    const res = await fetchJson(t.url, { method: t.method, headers: t.headers, body: t.body });
    if (res.status !== 201) throw new Error(`${t.name} answered ${res.status}: ${res.text.slice(0, 500)}`);
    answers.push(res.json);
  }
  const [product, plain] = answers as [Json, Json];
  if (shapeOf(product) !== shapeOf(plain)) throw new Error(`the plain lead creation does not answer the product's JSON shape:\n${keyDifferences(product, plain)}`);
  log(`  lead creation: both 201 with the same JSON shape: ${shapeOf(product)}`);
}

interface Servers {
  product: ChildServer;
  plain: ChildServer;
  peer: ChildServer;
  productBase: string;
  plainBase: string;
  peerBase: string;
  /** The product's DATA_DIR: the mail it writes, without SMTP, goes to its mail/ folder. */
  productDataDir: string;
  profileDir?: string;
}

/** The three servers as child processes on free ports; stopped by the teardown. */
async function startServers(databaseUrl: string, teardown: Teardown): Promise<Servers> {
  const started = Date.now();
  const profileDir = args.profile ? await mkdtemp(join(tmpdir(), 'bench-cpuprofile-')) : undefined;
  const [productPort, plainPort, peerPort] = [await freePort(), await freePort(), await freePort()];
  const productBase = `http://127.0.0.1:${productPort}`;
  const plainBase = `http://127.0.0.1:${plainPort}`;
  const peerBase = `http://127.0.0.1:${peerPort}`;
  const productDataDir = await mkdtemp(join(tmpdir(), 'bench-product-data-'));
  teardown.add('remove the product data directory', () => rm(productDataDir, { recursive: true, force: true }));
  const product = await startServer({
    name: 'product',
    // As `npm start` runs it (its V8 flags and compiled entry point, built by `prebench`).
    args: [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), ...serverNodeArgs()],
    // PUBLIC_URL: the base the bench calls, which an OAuth token's resource must name (src/oauth/resources.ts).
    env: { ...serverEnv(databaseUrl, productPort), PUBLIC_URL: productBase, DATA_DIR: productDataDir },
    readyUrl: `${productBase}/api/v1/leads?limit=1`,
  });
  teardown.add('stop product server', () => product.stop());
  const plain = await startServer({
    name: 'plain',
    args: ['--import', 'tsx', 'bench/plain-server.ts'],
    env: serverEnv(databaseUrl, plainPort),
    readyUrl: `${plainBase}/api/v1/leads?limit=1`,
  });
  teardown.add('stop plain server', () => plain.stop());
  const peer = await startServer({
    name: 'peer',
    // PostGraphile 5 needs Node 22's Promise.withResolvers: preloaded where missing.
    args: ['--import', 'tsx', '--import', './bench/peer/polyfill.ts', 'bench/peer/server.ts'],
    env: { ...serverEnv(databaseUrl, peerPort), GRAPHILE_ENV: 'production' },
    readyUrl: `${peerBase}/graphql`,
  });
  teardown.add('stop peer server', () => peer.stop());
  log(`Servers up in ${elapsed(started)} (product pid ${product.pid}, startup ${product.startupMs} ms; plain pid ${plain.pid}; peer pid ${peer.pid}, startup ${peer.startupMs} ms)`);
  return { product, plain, peer, productBase, plainBase, peerBase, productDataDir, profileDir };
}

interface Run {
  target: Target;
  minRatio?: number;
  expectedBody?: string;
}

/**
 * Every target is warmed up first (all 2xx with the expected body), then measured in `rounds`
 * interleaved rounds, the order shifting by one target each round, so neither drift nor a
 * neighbour's noise favours one target. Repeatable writes (lead creation) are checked, warmed up
 * and run in rounds of their own after the reads, so the rows they add do not change the pages
 * read; writes that use up what they write (booking creation, which takes its slots) run once, at the end.
 */
async function measure(reads: Run[], writes: { check(): Promise<void>; rounds: Run[]; once: Run[] }) {
  log(`\nLoad: autocannon, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up per target (every body checked, not counted), then ${rounds} interleaved rounds of ${seconds} s per target`);
  const warmUp = async (runs: Run[]) => {
    for (const { target, expectedBody } of runs) {
      const warmup = await runLoad(target, WARMUP_SECONDS, expectedBody);
      const warmupProblems = problemsOf(target, warmup);
      log(`  ${target.name}: warm-up ${warmup.requests} requests, ${warmupProblems ?? `all ${target.status ?? 200}${expectedBody ? ' with the expected body' : ''}`}`);
      if (warmupProblems) throw new Error(`${target.name} failed during warm-up: ${warmupProblems}`);
    }
  };
  const measured: Measured[] = [];
  const failures: string[] = [];
  const run = async ({ target, minRatio }: Run, round: number) => {
    const result = await runLoad(target, seconds);
    const problems = problemsOf(target, result);
    if (problems) failures.push(`${target.name}: ${problems}`);
    measured.push({ target, minRatio, round, result });
    return `${target.name.replace(/: .*/, '')} ${target.server === 'plain' ? 'raw' : target.server === 'peer' ? 'peer' : target.name.includes('GraphQL') ? 'gql' : target.name.includes('MCP') ? 'mcp' : target.name.includes('OAuth') ? 'oauth' : 'rest'} ${result.rps.toFixed(0)}/s${problems ? ` (${problems})` : ''}`;
  };
  const interleave = async (targets: Run[]) => {
    for (let round = 0; round < rounds && targets.length; round += 1) {
      const order = targets.map((_, i) => targets[(i + round) % targets.length] as Run);
      const line: string[] = [];
      for (const target of order) line.push(await run(target, round));
      log(`  round ${round + 1}/${rounds}: ${line.join(', ')}`);
    }
  };
  await warmUp(reads);
  await interleave(reads);
  log('Writes');
  await writes.check();
  await warmUp(writes.rounds);
  await interleave(writes.rounds);
  for (const write of writes.once) log(`  ${await run(write, 0)}`);
  return { measured, failures };
}

/** Samples both servers' RSS from now on; `figures()` stops sampling and reads the peaks. */
function watchMemory({ product, plain }: Servers, teardown: Teardown) {
  const watched = [
    { server: product, label: 'product (npm start)', kind: 'product' as const, limit: { mb: RSS_LIMIT_MB, on: 'peak' as const } },
    { server: plain, label: 'plain (bench/plain-server.ts)', kind: 'plain' as const, limit: undefined },
  ].map((w) => ({ ...w, sampler: new RssSampler(w.server.pid), readyKb: NaN }));
  const ready = Promise.all(
    watched.map(async (w) => {
      w.readyKb = (await readMemory(w.server.pid))?.rssKb ?? NaN;
      w.sampler.start();
      teardown.add(`stop ${w.server.name} RSS sampling`, async () => w.sampler.stop());
    }),
  );
  return {
    ready,
    figures: async (measured: Measured[]): Promise<MemoryFigures[]> =>
      Promise.all(
        watched.map(async (w) => {
          w.sampler.stop();
          const runs = measured.filter((m) => m.target.server === w.kind).map((m) => m.result);
          const from = Math.min(...runs.map((r) => r.startedAt));
          const to = Math.max(...runs.map((r) => r.finishedAt));
          return {
            name: w.label,
            readyKb: w.readyKb,
            maxUnderLoadKb: w.sampler.maxKb(from, to),
            peakKb: (await readMemory(w.server.pid))?.hwmKb ?? NaN,
            limit: w.limit,
          };
        }),
      ),
  };
}

async function main(teardown: Teardown): Promise<boolean> {
  const started = Date.now();
  const scratch = await createScratchDatabase(serverUrl);
  teardown.add(`drop database ${scratch.name}`, () => scratch.drop());
  const data = await prepareBenchData(scratch.url);
  log(`Scratch database ${scratch.name}: migrated, ${LEAD_COUNT} leads, ${DEAL_COUNT} deals, ${BOOKING_COUNT} bookings, ${INSPECTION_COUNT} inspections and a key pair for all of them in ${elapsed(started)}`);

  const servers = await startServers(scratch.url, teardown);
  const memory = watchMemory(servers, teardown);
  await memory.ready;
  const only = args.suites?.split(',');
  const suites = suitesOf(servers.productBase, servers.plainBase, data).filter((suite) => !only || only.includes(suite.name));

  log('\nChecking the targets');
  const runs: Run[] = [];
  const peers = peerReads(servers.peerBase, data.tenantId);
  const peerPages: { suite: Suite; peer: string }[] = [];
  for (const suite of suites) {
    const bodies = await verifySuite(suite);
    runs.push(
      { target: suite.rest, minRatio: suite.goals.rest, expectedBody: bodies.get(suite.rest) },
      { target: suite.graphql, minRatio: suite.goals.graphql, expectedBody: bodies.get(suite.graphql) },
      { target: suite.plain, expectedBody: bodies.get(suite.plain) },
    );
    const peer = peers.find((read) => read.target.suite === suite.name);
    if (peer) {
      const expectedBody = await checkPeer(peer, JSON.parse(bodies.get(suite.plain) ?? 'null') as Json);
      log(`  ${peer.target.name}: 200, the plain handler's ${PAGE} rows (same ids, same order)`);
      runs.push({ target: peer.target, expectedBody });
      peerPages.push({ suite, peer: peer.target.name });
    }
  }
  const mcp = mcpLeadsCall(servers.productBase, data);
  const leadsRest = suites.find((suite) => suite.name === 'leads')?.rest;
  // The product target right after the MCP call runs about a tenth slower (measured
  // 2026-11-28 by swapping which of two equal reads followed it): the call runs before the leads
  // page's plain handler and peer, other processes, and neither of the page's REST reads follows it.
  const afterLeadsGraphql = runs.findIndex((r) => r.target === leadsRest) + 2;
  if (leadsRest) runs.splice(afterLeadsGraphql, 0, { target: mcp, expectedBody: await verifyMcpCall(mcp, leadsRest) });
  const oauthRead = leadsRest && (await withOAuthToken(leadsRest, servers.productBase, servers.productDataDir, data.email));
  if (oauthRead) {
    // The same page, byte for byte, as the key's: checked on every warm-up answer.
    const expectedBody = runs.find((r) => r.target === leadsRest)?.expectedBody;
    log(`  ${oauthRead.name}: a token obtained by the authorization flow over HTTP (${data.email} signed in by emailed link, consent, code exchanged), the key's page expected`);
    runs.push({ target: oauthRead, expectedBody });
  }
  const leads = leadCreation(servers.productBase, servers.plainBase, data.secret);
  const bookings = (await bookingWrites(servers.productBase, data)).map((target) => ({ target }));
  log(`  booking: ${bookings.map(({ target }) => `${target.bodies?.length} distinct open slots (${target.name.replace(/.*, /, '')})`).join(' and ')}, one per request`);
  const { measured, failures } = await measure(runs, {
    // After the reads: the leads written would change the leads page the reads check.
    check: () => verifyLeadCreation([leads.rest, leads.plain]),
    rounds: [{ target: leads.rest, minRatio: leads.goal }, { target: leads.plain }],
    once: bookings,
  });
  const memoryFigures = await memory.figures(measured);
  const summaries = summarize(measured);
  log(`\nResults: medians of ${rounds} interleaved rounds of ${seconds} s per target; "x raw" is each round's ratio to the plain handler of that round (${cpus().length} CPUs shared by servers, PostgreSQL and autocannon; load average at end ${loadAverage()})`);
  if (args.quick) log('NOTE: --quick: too few and too short rounds for a verdict that counts.');
  if (servers.profileDir) log('NOTE: the product ran under --cpu-prof, which slows it; use a run without --profile for figures.');
  log(throughputTable(summaries));
  const mcpGoal = leadsRest && relativeGoal(measured, mcp.name, leadsRest.name, MCP_GOAL);
  if (mcpGoal) log(`\n${relativeLine(mcpGoal)}`);
  const oauthGoal = oauthRead && leadsRest && relativeGoal(measured, oauthRead.name, leadsRest.name, OAUTH_GOAL);
  if (oauthGoal) log(oauthLine(oauthGoal));
  const aheadOfPeer = peerPages.length
    ? peerGoals(measured, [
        { surface: 'REST', pages: peerPages.map(({ suite, peer }) => ({ suite: suite.name, ours: suite.rest.name, peer })) },
        { surface: 'GraphQL', pages: peerPages.map(({ suite, peer }) => ({ suite: suite.name, ours: suite.graphql.name, peer })) },
      ])
    : [];
  if (aheadOfPeer.length) log(`\n${peerGoalLines(aheadOfPeer, PEER_NAME)}`);
  const spreadBookings = summaries.find((s) => s.target === bookings[0]?.target.name);
  const bookingGoal = spreadBookings && { target: spreadBookings.target, rps: spreadBookings.rpsMedian, goal: BOOKINGS_PER_SECOND_GOAL, verdict: spreadBookings.rpsMedian >= BOOKINGS_PER_SECOND_GOAL ? 'PASS' : 'MISS' };
  if (bookingGoal) log(`\n${bookingGoal.target}: ${bookingGoal.rps.toFixed(0)} bookings/s (goal >= ${bookingGoal.goal}) ${bookingGoal.verdict}`);
  const eventCost = await measureEventCost(servers.productBase, data.secret, rounds, seconds, teardown);
  log(`\n${eventCostReport(eventCost)}`);
  // Alone on the machine: the PostgreSQL servers are stopped first.
  await servers.product.stop();
  await servers.plain.stop();
  await servers.peer.stop();
  log('\nThe product on the embedded database: idle, then under load on leads, then restarted after kill -9 idle and under load');
  const embedded = await measureEmbedded(serverEnv, serverNodeArgs(), seconds, teardown);
  memoryFigures.push(embedded.memory);

  log('');
  log(memoryTable(memoryFigures));
  log(restartLine(embedded.restart));
  await writeSummary({
    at: new Date().toISOString(),
    node: process.version,
    rounds,
    seconds,
    quick: args.quick,
    profiled: args.profile,
    targets: summaries,
    mcpGoal,
    aheadOfPeer,
    bookingGoal,
    oauthGoal,
    eventCost,
    memory: memoryFigures,
    embeddedRestart: embedded.restart,
  });
  log(`\nSummary written to ${SUMMARY_FILE}`);

  if (servers.profileDir) {
    await servers.product.stop(); // a graceful exit writes the profile
    const file = (await readdir(servers.profileDir)).find((name) => name.endsWith('.cpuprofile'));
    if (!file) log(`\nNo .cpuprofile was written in ${servers.profileDir}`);
    else log(`\n${await summarizeProfile(join(servers.profileDir, file), { skipMs: servers.product.startupMs })}`);
  }

  if (failures.length) {
    log(`\nFAILED: targets answered errors during the measured runs:\n  ${failures.join('\n  ')}`);
    return false;
  }
  return true;
}

/** An import of `importRows` leads on a server of its own, beside a plain COPY of the same rows (bench/imports.ts); under --profile, where its CPU went. */
async function importPart(teardown: Teardown): Promise<boolean> {
  const profileDir = args.profile ? await mkdtemp(join(tmpdir(), 'bench-import-cpuprofile-')) : undefined;
  log(`\nImport: ${importRows.toLocaleString('en')} leads from a CSV file, a plain COPY of the same rows first (load average ${loadAverage()})`);
  const { figures, server } = await measureImport(serverUrl, teardown, {
    rows: importRows,
    nodeArgs: [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), ...serverNodeArgs()],
    profiled: profileDir !== undefined,
    log,
  });
  log(`\n${importReport(figures)}`);
  // A profiled run's figures are slowed by the profiler: they do not replace the last run's.
  if (profileDir) log(`\n--profile: figures not written to ${SUMMARY_FILE}`);
  else {
    await writeSummary({ import: { ...figures, quick: args.quick, loadAverage: loadavg() } });
    log(`\nSummary written to ${SUMMARY_FILE} (under import)`);
  }
  if (profileDir) {
    await server.stop(); // a graceful exit writes the profile
    const file = (await readdir(profileDir)).find((name) => name.endsWith('.cpuprofile'));
    if (!file) log(`\nNo .cpuprofile was written in ${profileDir}`);
    else log(`\n${await summarizeProfile(join(profileDir, file), { skipMs: server.startupMs })}`);
  }
  return true;
}

/** The running part's teardown, which a signal runs. */
let current: Teardown | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`\n${signal}: tearing down`);
    void (current?.run() ?? Promise.resolve('Nothing to tear down.')).then((summary) => {
      log(summary);
      process.exit(130);
    });
  });
}
/** Runs one part with a teardown of its own; a failure is reported, not thrown. */
async function runPart(part: (teardown: Teardown) => Promise<boolean>): Promise<boolean> {
  const teardown = (current = new Teardown());
  try {
    return await part(teardown);
  } catch (error) {
    process.stderr.write(`\nBENCHMARK FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return false;
  } finally {
    log(await teardown.run());
  }
}

// Under --node24 this process only runs the load part twice as children and compares them.
if (args.node24) process.exit((await compareRuntimes(args, args['node24-path'] ?? process.env.BENCH_NODE24)) ? 0 : 1);
log(`Benchmark ${new Date().toISOString()}: node ${process.version}, ${cpus().length} CPUs, load average at start ${loadAverage()} (1, 5, 15 min)${args.only ? `; only ${parts.join(', ')}` : ''}`);
let ok = true;
if (parts.includes('load')) ok = await runPart(main);
if (ok && parts.includes('import')) ok = await runPart(importPart);
// Last, webhook delivery throughput (`npm run bench:webhooks`) on the same PostgreSQL server.
if (ok && parts.includes('webhooks')) ok = spawnSync(process.execPath, ['--import', 'tsx', 'bench/webhooks.ts', '--url', serverUrl], { cwd: projectRoot, stdio: 'inherit' }).status === 0;
process.exit(ok ? 0 : 1);
