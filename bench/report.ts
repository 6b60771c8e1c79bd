import type { LoadResult, Target } from './load.js';

export interface Measured {
  target: Target;
  /** Required ratio of the requests/s of the plain handler of the same suite; absent for that handler. */
  minRatio?: number;
  /** Which interleaved round the run belongs to (0-based); targets alternate within each round. */
  round: number;
  result: LoadResult;
}

/** p99 of a product target may be at most this multiple of its plain handler's p99. */
export const MAX_P99_RATIO = 2.5;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
};

/** One target over every round: each round's figures as ratios to the plain handler's in that same round. */
export interface TargetSummary {
  target: string;
  suite: string;
  /** The plain handler: the baseline of its suite's ratios. */
  baseline: boolean;
  rounds: number;
  rpsMedian: number;
  /** Requests/s over the plain handler's, per round: median, min, max. */
  ratioMedian: number;
  ratioMin: number;
  ratioMax: number;
  p50Ms: number;
  p99Ms: number;
  p50Ratio: number;
  p99Ratio: number;
  goal?: number;
  /** Passes only when the median ratio clears the goal and the median p99 ratio is within MAX_P99_RATIO. */
  verdict?: 'PASS' | 'MISS';
}

export function summarize(measured: Measured[]): TargetSummary[] {
  const names = [...new Set(measured.map((m) => m.target.name))];
  return names.map((name) => {
    const runs = measured.filter((m) => m.target.name === name);
    const { target, minRatio } = runs[0] as Measured;
    const baseline = (round: number) => measured.find((m) => m.round === round && m.target.server === 'plain' && m.target.suite === target.suite)?.result;
    const ratios = (figure: (r: LoadResult) => number) => runs.map((m) => {
      const plain = baseline(m.round);
      return plain ? figure(m.result) / figure(plain) : NaN;
    });
    const rps = ratios((r) => r.rps);
    const p99Ratio = median(ratios((r) => r.p99Ms));
    const ratioMedian = median(rps);
    return {
      target: name,
      suite: target.suite,
      baseline: target.server === 'plain',
      rounds: runs.length,
      rpsMedian: median(runs.map((m) => m.result.rps)),
      ratioMedian,
      ratioMin: Math.min(...rps),
      ratioMax: Math.max(...rps),
      p50Ms: median(runs.map((m) => m.result.p50Ms)),
      p99Ms: median(runs.map((m) => m.result.p99Ms)),
      p50Ratio: median(ratios((r) => r.p50Ms)),
      p99Ratio,
      goal: minRatio,
      verdict: minRatio === undefined ? undefined : ratioMedian >= minRatio && p99Ratio <= MAX_P99_RATIO ? 'PASS' : 'MISS',
    };
  });
}

/** Peak resident memory asked of the product on PostgreSQL. */
export const RSS_LIMIT_MB = 200;

const mb = (kb: number) => kb / 1024;
const fixed = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

/** Left-aligns the first column, right-aligns the others. */
export function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  const line = (r: string[]) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  const [head, ...body] = rows;
  return [line(head ?? []), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

export function throughputTable(summaries: TargetSummary[]): string {
  const rows = [['target', 'req/s', 'x raw (median)', 'min-max', 'p50 ms', 'p99 ms', 'p50 x raw', 'p99 x raw', 'goal', 'verdict']];
  for (const s of summaries) {
    // Baselines read 1; a target without a plain handler (a write) has no ratios at all.
    const ratio = (value: number, digits = 2) => (s.baseline ? '1' : Number.isFinite(value) ? fixed(value, digits) : '');
    rows.push([
      s.target,
      fixed(s.rpsMedian, 0),
      ratio(s.ratioMedian),
      s.baseline || !Number.isFinite(s.ratioMin) ? '' : `${fixed(s.ratioMin, 2)}-${fixed(s.ratioMax, 2)}`,
      fixed(s.p50Ms, 1),
      fixed(s.p99Ms, 1),
      s.baseline ? '' : ratio(s.p50Ratio),
      s.baseline ? '' : ratio(s.p99Ratio),
      s.goal === undefined ? '' : `>= ${s.goal.toFixed(2)}, p99 <= ${MAX_P99_RATIO}`,
      s.verdict ?? '',
    ]);
  }
  return table(rows);
}

export interface MemoryFigures {
  name: string;
  /** VmRSS before any load: when the server first answered (or, embedded, idle after its first requests). */
  readyKb: number;
  /** Largest VmRSS sampled every 200 ms while it was under load. */
  maxUnderLoadKb: number;
  /** VmHWM at the end: the peak resident set over the process's life. */
  peakKb: number;
  /** The goal: under `mb`, on the peak or on the size before load. */
  limit?: { mb: number; on: 'peak' | 'ready' };
}

export function memoryTable(figures: MemoryFigures[]): string {
  const rows = [['server', 'RSS ready/idle', 'max RSS under load', 'peak RSS (VmHWM)', 'goal', 'verdict']];
  for (const f of figures) {
    const judged = f.limit && mb(f.limit.on === 'peak' ? f.peakKb : f.readyKb);
    rows.push([
      f.name,
      `${fixed(mb(f.readyKb), 0)} MB`,
      `${fixed(mb(f.maxUnderLoadKb), 0)} MB`,
      `${fixed(mb(f.peakKb), 0)} MB`,
      f.limit ? `${f.limit.on} < ${f.limit.mb} MB` : '',
      f.limit && judged !== undefined ? verdict(judged < f.limit.mb) : '',
    ]);
  }
  return table(rows);
}

/** The least share of the REST route's requests/s its MCP tool call must keep (the MCP layer's overhead within 15 %). */
export const MCP_GOAL = 0.85;

/** Requests/s of one target over another's in each round, and their median. */
function relativeRps(measured: Measured[], name: string, against: string): { ratio: number; perRound: number[] } {
  const perRound = measured
    .filter((m) => m.target.name === name)
    .map((m) => m.result.rps / (measured.find((o) => o.round === m.round && o.target.name === against)?.result.rps ?? NaN));
  return { ratio: median(perRound), perRound };
}

/** The least share of the leads page's requests/s with the key that the same page keeps with an OAuth access token (issue 44: within 5 %). */
export const OAUTH_GOAL = 0.95;

/** One target against another of the same rounds (the MCP tool call against its REST route): its requests/s, and the median of the per-round ratios against a goal. */
export interface RelativeGoal {
  target: string;
  against: string;
  rps: number;
  ratio: number;
  perRound: number[];
  goal: number;
  verdict: 'PASS' | 'MISS';
}

export function relativeGoal(measured: Measured[], name: string, against: string, goal: number): RelativeGoal {
  const { ratio, perRound } = relativeRps(measured, name, against);
  const rps = median(measured.filter((m) => m.target.name === name).map((m) => m.result.rps));
  return { target: name, against, rps, ratio, perRound, goal, verdict: ratio >= goal ? 'PASS' : 'MISS' };
}

const roundsAndGoal = ({ perRound, goal }: RelativeGoal) => `per round ${perRound.map((r) => fixed(r, 2)).join(', ')}; goal >= ${goal.toFixed(2)}`;

export const relativeLine = (g: RelativeGoal) => `${g.target} / ${g.against}: ${fixed(g.ratio, 2)} (${roundsAndGoal(g)}) ${g.verdict}`;

export const oauthLine = (g: RelativeGoal) =>
  `leads page with an OAuth token: ${fixed(g.rps, 0)} req/s, ×${fixed(g.ratio, 2)} of the same page with a key (${roundsAndGoal(g)}) ${g.verdict}`;

/** Whether one surface of the product is ahead of the peer on every page measured: ours over the peer's requests/s, per page. */
export interface PeerGoal {
  surface: string;
  pages: { suite: string; ours: string; peer: string; ratio: number; perRound: number[] }[];
  verdict: 'MET' | 'MISS';
}

/** The goal "ours ahead of the peer" per surface: met when every page's median per-round ratio (ours / peer) is above 1. */
export function peerGoals(measured: Measured[], surfaces: { surface: string; pages: { suite: string; ours: string; peer: string }[] }[]): PeerGoal[] {
  return surfaces.map(({ surface, pages }) => {
    const judged = pages.map((page) => ({ ...page, ...relativeRps(measured, page.ours, page.peer) }));
    return { surface, pages: judged, verdict: judged.length && judged.every((p) => p.ratio > 1) ? 'MET' : 'MISS' };
  });
}

export function peerGoalLines(goals: PeerGoal[], peerName: string): string {
  const lines = goals.map(({ surface, pages, verdict }) => {
    const figures = pages.map((p) => `${p.suite} ${fixed(p.ratio, 2)} (per round ${p.perRound.map((r) => fixed(r, 2)).join(', ')})`);
    return `  ${surface}: ${figures.join('; ')} ${verdict}`;
  });
  return [`Ahead of ${peerName} on the ${[...new Set(goals.flatMap((g) => g.pages.map((p) => p.suite)))].join(' and ')} pages (ours / peer requests/s, median of the rounds; goal > 1 on each page):`, ...lines].join('\n');
}
