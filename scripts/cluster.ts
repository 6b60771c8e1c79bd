import { type ChildProcess, spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { projectRoot, serverNodeArgs, serverNodeEnv } from './start-command.js';

/**
 * `npm run cluster -- [--processes N] [--port P]`: N server processes (default 3) on consecutive
 * ports from P (default PORT or 4000), all on the PostgreSQL of DATABASE_URL, for trying the
 * product as it runs in production behind a load balancer. Each process is started as `npm start`
 * starts it and logs to this terminal (every line names its pid); one that dies is started again.
 * SIGTERM or Ctrl-C stops them all gracefully; the exit code is 0 when every one stopped cleanly.
 */
const { values } = parseArgs({ options: { processes: { type: 'string', default: '3' }, port: { type: 'string', default: process.env.PORT ?? '4000' } } });
const count = Number(values.processes);
const firstPort = Number(values.port);
if (!Number.isInteger(count) || count < 1 || count > 32) fail('--processes must be a whole number from 1 to 32');
if (!Number.isInteger(firstPort) || firstPort < 1 || firstPort + count - 1 > 65535) fail('--port must leave room for every process below 65536');
if (!process.env.DATABASE_URL) {
  fail('a cluster needs PostgreSQL: set DATABASE_URL (the embedded database lives inside one process). Add REDIS_URL so the processes share rate limits.');
}

function fail(message: string): never {
  process.stderr.write(`cluster: ${message}\n`);
  process.exit(2);
}

let stopping = false;
let failedStops = 0;
const children = new Map<number, ChildProcess>();

function start(port: number) {
  // Each in its own process group, so that Ctrl-C reaches only this supervisor, which passes one
  // SIGTERM on (a second signal makes a server exit without waiting).
  const child = spawn(process.execPath, serverNodeArgs(), { cwd: projectRoot, env: { ...serverNodeEnv(), ...process.env, PORT: String(port) }, stdio: 'inherit', detached: true });
  children.set(port, child);
  child.once('exit', (code, signal) => {
    children.delete(port);
    if (stopping) {
      if (code !== 0) failedStops += 1;
      if (children.size === 0) process.exit(failedStops ? 1 : 0);
      return;
    }
    process.stderr.write(`cluster: the process on port ${port} exited (${signal ?? `code ${code}`}); starting it again in 1 s\n`);
    setTimeout(() => start(port), 1_000);
  });
}

function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  process.stderr.write(`cluster: ${signal}: stopping ${children.size} processes\n`);
  for (const child of children.values()) child.kill('SIGTERM');
  if (children.size === 0) process.exit(0);
}

for (let i = 0; i < count; i += 1) start(firstPort + i);
process.stderr.write(`cluster: ${count} processes on ports ${firstPort}-${firstPort + count - 1}\n`);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
