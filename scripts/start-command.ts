import { readFileSync } from 'node:fs';

/** The project's root directory. */
export const projectRoot = new URL('..', import.meta.url).pathname;

/**
 * The node arguments of `npm start` (V8's memory flags, then the compiled entry point in dist/),
 * read from package.json, so that every tool starting a server process (the cluster, the tests,
 * the benchmark) starts it exactly as users do. The build must be current (scripts/build.ts).
 */
export function serverNodeArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
  return scripts.start.replace(/^node\s+/, '').split(/\s+/);
}
