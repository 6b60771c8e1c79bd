import { execFileSync } from 'node:child_process';
import { projectRoot } from './start-command.js';

/**
 * Vitest's global setup: `npm run build` (the server compiled into dist/; incremental, so an
 * unchanged tree takes a second or two), so that tests which start a server as `npm start` does
 * start the current code.
 */
export function setup(): void {
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: projectRoot, stdio: 'inherit' });
}
