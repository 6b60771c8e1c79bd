import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { projectRoot } from './start-command.js';

/**
 * Compiles the server into dist/ (tsconfig.build.json; incremental, so an unchanged tree takes a
 * second or two). `npm start` runs that build; so do the tools that start servers as `npm start`
 * does (the tests' global setup, the benchmark), after building it here.
 */
export function buildServer(): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: projectRoot, stdio: 'inherit' });
}

/** Vitest's global setup: tests that start a server start the current code. */
export const setup = buildServer;
