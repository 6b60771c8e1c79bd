import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { projectRoot } from '../scripts/start-command.js';

/**
 * The last runs' figures for machines: `npm run bench` writes its part, `npm run bench:scale` its
 * `scale`. BENCH_SUMMARY_FILE puts them elsewhere: a run under `--node24` has its two children write
 * to files of their own, then merges them here.
 */
export const SUMMARY_FILE = process.env.BENCH_SUMMARY_FILE || join(projectRoot, 'bench/last.json');

/** Replaces `part`'s keys in the summary, keeping what the other benchmark wrote. */
export async function writeSummary(part: Record<string, unknown>): Promise<void> {
  const previous = await readFile(SUMMARY_FILE, 'utf8').then(
    (text) => JSON.parse(text) as Record<string, unknown>,
    () => ({}),
  );
  await writeFile(SUMMARY_FILE, `${JSON.stringify({ ...previous, ...part }, null, 2)}\n`);
}
