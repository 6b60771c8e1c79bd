import type { LoadResult, Target } from './load.js';

export interface Measured {
  target: Target;
  /** Required ratio of the requests/s of the plain handler of the same suite; absent for that handler. */
  minRatio?: number;
  result: LoadResult;
}

export const RSS_LIMIT_MB = 250;

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

export function throughputTable(measured: Measured[]): string {
  const rows = [['target', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors', 'vs plain', 'goal', 'verdict']];
  for (const { target, minRatio, result } of measured) {
    const plain = measured.find((m) => m.target.server === 'plain' && m.target.suite === target.suite);
    const ratio = plain ? result.rps / plain.result.rps : NaN;
    rows.push([
      target.name,
      fixed(result.rps, 0),
      fixed(result.p50Ms, 1),
      fixed(result.p99Ms, 1),
      String(result.requests),
      String(result.non2xx),
      String(result.errors + result.timeouts),
      fixed(ratio, 2),
      minRatio === undefined ? '' : `>= ${minRatio.toFixed(2)}`,
      minRatio === undefined ? '' : verdict(ratio >= minRatio),
    ]);
  }
  return table(rows);
}

export interface MemoryFigures {
  name: string;
  /** VmRSS when the server first answered, before any load. */
  readyKb: number;
  /** Largest VmRSS sampled every 200 ms while it was under load. */
  maxUnderLoadKb: number;
  /** VmHWM at the end: the peak resident set over the process's life. */
  peakKb: number;
  limitMb?: number;
}

export function memoryTable(figures: MemoryFigures[]): string {
  const rows = [['server', 'RSS ready', 'max RSS under load', 'peak RSS (VmHWM)', 'goal', 'verdict']];
  for (const f of figures) {
    rows.push([
      f.name,
      `${fixed(mb(f.readyKb), 0)} MB`,
      `${fixed(mb(f.maxUnderLoadKb), 0)} MB`,
      `${fixed(mb(f.peakKb), 0)} MB`,
      f.limitMb === undefined ? '' : `< ${f.limitMb} MB`,
      f.limitMb === undefined ? '' : verdict(mb(f.peakKb) < f.limitMb),
    ]);
  }
  return table(rows);
}
