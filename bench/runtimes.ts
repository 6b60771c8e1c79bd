// `npm run bench -- --node24 [--quick --suites leads ...]`: the load part of the benchmark under
// this node (the machine's Node 20), then under Node 24 LTS, each as a child `node --import tsx
// bench/run.ts` (which starts every server with its own binary) writing its summary to a file of its
// own; then one table of both runs' main figures, and both runs in bench/last.json under `runtimes`
// (the top-level fields stay this node's run). The runs are one after the other, not interleaved
// rounds: compare ratios within a runtime; absolute figures across runtimes are a rough guide.
// Node 24 is the npm registry's `node` package, installed on first use into
// node_modules/.cache/node24 (ignored with node_modules), unless --node24-path or BENCH_NODE24 names one.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../src/shared/project-root.js';
import { eventCostRatio, type EventCost } from './events.js';
import type { RestartFigures } from './embedded-restart.js';
import { table, type MemoryFigures, type PeerGoal, type RelativeGoal, type TargetSummary } from './report.js';
import { SUMMARY_FILE, writeSummary } from './summary-file.js';

const NODE24_DIR = join(projectRoot, 'node_modules/.cache/node24');

/** What the load part writes to its summary (bench/run.ts), as far as the comparison reads it. */
interface Summary {
  node: string;
  targets: TargetSummary[];
  mcpGoal?: RelativeGoal;
  aheadOfPeer: PeerGoal[];
  bookingGoal?: { rps: number };
  eventCost: EventCost;
  memory: MemoryFigures[];
  embeddedRestart: RestartFigures;
}

const log = (line = '') => process.stdout.write(`${line}\n`);

/** The binary named, else the registry's node@24 in NODE24_DIR, installed there if missing; checked to be a Node 24. */
function node24Binary(named: string | undefined): string {
  const binary = named ?? join(NODE24_DIR, 'node_modules/.bin/node');
  if (!named && !existsSync(binary)) {
    log(`Installing Node 24 (the npm registry's node@24) into ${NODE24_DIR}`);
    // The package's preinstall fetches the platform's binary: npm runs it only where allowed.
    mkdirSync(NODE24_DIR, { recursive: true });
    writeFileSync(join(NODE24_DIR, 'package.json'), `${JSON.stringify({ private: true, allowScripts: { node: true } })}\n`);
    spawnSync('npm', ['install', '--prefix', NODE24_DIR, '--no-audit', '--no-fund', 'node@24'], { stdio: 'inherit' });
  }
  const version = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  if (!version.startsWith('v24.')) throw new Error(`${binary} is not a Node 24 (it answered ${version || 'nothing'} to --version)`);
  return binary;
}

/** The load part under `node`, with the parent's flags; its summary, or null when the run failed. */
async function loadPart(node: string, flags: string[], file: string): Promise<Summary | null> {
  const run = spawnSync(node, ['--import', 'tsx', 'bench/run.ts', ...flags, '--only', 'load'], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: { ...process.env, BENCH_SUMMARY_FILE: file },
  });
  if (run.status !== 0) return null;
  return JSON.parse(await readFile(file, 'utf8')) as Summary;
}

const fixed = (n: number | undefined, digits: number) => (n !== undefined && Number.isFinite(n) ? n.toFixed(digits) : '');
const mb = (kb: number | undefined) => (kb === undefined ? '' : `${fixed(kb / 1024, 0)} MB`);

/** Both runs' main figures: every target's req/s and ratios, then the other goals' figures, one column per runtime. */
function sideBySide(runs: Summary[]): string {
  const head = (label: string) => [label, ...runs.map((r) => `Node ${r.node}`)];
  const targets = [['target', ...runs.flatMap((r) => [`${r.node} req/s`, 'x raw', 'p99 x raw'])]];
  for (const name of [...new Set(runs.flatMap((r) => r.targets.map((t) => t.target)))]) {
    const cells = runs.map((r) => r.targets.find((t) => t.target === name));
    targets.push([name, ...cells.flatMap((t) => (t?.baseline ? [fixed(t.rpsMedian, 0), '1', '1'] : [fixed(t?.rpsMedian, 0), fixed(t?.ratioMedian, 2), fixed(t?.p99Ratio, 2)]))]);
  }
  const figure = (label: string, value: (r: Summary) => string) => [label, ...runs.map(value)];
  const pages = runs[0]?.aheadOfPeer.flatMap((g) => g.pages.map((p) => ({ surface: g.surface, suite: p.suite }))) ?? [];
  const memory = (r: Summary, prefix: string) => r.memory.find((m) => m.name.startsWith(prefix));
  const others = [
    head('figure'),
    figure('MCP tool call / REST, leads', (r) => fixed(r.mcpGoal?.ratio, 2)),
    ...pages.map(({ surface, suite }) =>
      figure(`ours / PostGraphile, ${suite} ${surface}`, (r) => fixed(r.aheadOfPeer.find((g) => g.surface === surface)?.pages.find((p) => p.suite === suite)?.ratio, 2)),
    ),
    figure('events on writes: with / without an endpoint', (r) => fixed(eventCostRatio(r.eventCost), 2)),
    figure('bookings/s, 10 resources', (r) => fixed(r.bookingGoal?.rps, 0)),
    figure('peak RSS, product on PostgreSQL', (r) => mb(memory(r, 'product (npm start)')?.peakKb)),
    figure('RSS idle, product embedded', (r) => mb(memory(r, 'product, embedded')?.readyKb)),
    figure('restart after kill -9, idle / under load', (r) => `${fixed(r.embeddedRestart.idleSeconds, 1)} s / ${fixed(r.embeddedRestart.underLoadSeconds, 1)} s`),
  ];
  return `${table(targets)}\n\n${table(others)}`;
}

/** Runs the load part under this node and under Node 24 (`node24`: a binary, else installed), prints both side by side and records them. */
export async function compareRuntimes(flags: Record<string, string | boolean | undefined>, node24?: string): Promise<boolean> {
  if (flags.only !== undefined && flags.only !== 'load') throw new Error('--node24 runs the load part only: leave out --only');
  // The child's flags: the parent's, less those that chose this comparison.
  const childFlags = Object.entries(flags).flatMap(([name, value]) =>
    ['node24', 'node24-path', 'only'].includes(name) || value === undefined || value === false ? [] : value === true ? [`--${name}`] : [`--${name}`, value],
  );
  const binaries = [process.execPath, node24Binary(node24)];
  const dir = await mkdtemp(join(tmpdir(), 'bench-runtimes-'));
  try {
    const runs: Summary[] = [];
    for (const [i, node] of binaries.entries()) {
      log(`\n=== The load part under ${node} ===\n`);
      const summary = await loadPart(node, childFlags, join(dir, `summary-${i}.json`));
      if (!summary) {
        log(`\nThe run under ${node} failed: no comparison.`);
        return false;
      }
      runs.push(summary);
    }
    log(`\n${runs.map((r) => `Node ${r.node}`).join(' and ')}, one run after the other (not interleaved rounds): compare ratios within a runtime; the runtimes' absolute figures are only a rough guide.`);
    log(sideBySide(runs));
    const byName = Object.fromEntries(runs.map((r) => [`node${r.node.replace(/^v(\d+).*/, '$1')}`, r]));
    await writeSummary({ ...runs[0], runtimes: byName });
    log(`\nSummary written to ${SUMMARY_FILE} (this node's run at the top, both under runtimes)`);
    return true;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
