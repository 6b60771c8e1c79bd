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
  return startCommand().args;
}

/**
 * The environment `npm start` sets before node (`NAME=value` words in front of it): settings read
 * by the C library at the process's start, which the process cannot set for itself. Spawners merge
 * it under their own environment.
 */
export function serverNodeEnv(): Record<string, string> {
  return startCommand().env;
}

function startCommand() {
  const { scripts } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = scripts.start.trim().split(/\s+/);
  const node = words.indexOf('node');
  if (node < 0) throw new Error(`the start script does not run node: ${scripts.start}`);
  const env = Object.fromEntries(words.slice(0, node).map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]));
  return { env, args: words.slice(node + 1) };
}

/** `npm start`'s node arguments with `flags` replacing those of the same name (or added before the entry point): a V8 setting tried by the benchmark's tools. */
export function withFlags(nodeArgs: string[], flags: string[]): string[] {
  const name = (flag: string) => flag.split('=')[0];
  const kept = nodeArgs.filter((a) => !flags.some((f) => name(f) === name(a)));
  return [...flags, ...kept];
}
