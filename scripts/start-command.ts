import { readFileSync } from 'node:fs';

/** The project's root directory. */
export const projectRoot = new URL('..', import.meta.url).pathname;

/**
 * The node arguments of `npm start` (heap limits, the TypeScript loader, the entry point), read
 * from package.json, so that every tool starting a server process (the cluster, the tests, the
 * benchmark) starts it exactly as users do.
 */
export function serverNodeArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
  return scripts.start.replace(/^node\s+/, '').split(/\s+/);
}
