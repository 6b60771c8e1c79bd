import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../src/shared/project-root.js';

export { projectRoot };

/**
 * The node arguments of `npm start` (V8's memory flags, then the compiled entry point in dist/),
 * read from package.json, so that every tool starting a server process (the cluster, the tests,
 * the benchmark) starts it exactly as users do. The build must be current (scripts/build.ts).
 */
export function serverNodeArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return scripts.start.replace(/^node\s+/, '').split(/\s+/);
}

/** `npm start`'s node arguments with `flags` replacing those of the same name (or added before the entry point): a V8 setting tried by the benchmark's tools. */
export function withFlags(nodeArgs: string[], flags: string[]): string[] {
  const name = (flag: string) => flag.split('=')[0];
  const kept = nodeArgs.filter((a) => !flags.some((f) => name(f) === name(a)));
  return [...flags, ...kept];
}
