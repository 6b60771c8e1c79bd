import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { projectRoot, serverNodeArgs, serverNodeEnv } from '../../scripts/start-command.js';
import { createScratchDatabase } from './database.js';

const run = promisify(execFile);
export const root = projectRoot;

/** The node arguments of `npm start` (heap limits included), so tests meet the server as users run it. */
const startArgs = serverNodeArgs();

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The CLI exactly as integrators call it: `npm run --silent cli -- ...`. */
export async function cli(env: NodeJS.ProcessEnv, ...args: string[]) {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'cli', '--', ...args], { cwd: root, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/**
 * Where a server child keeps its data: a scratch PostgreSQL database with TEST_DATABASE_URL,
 * otherwise an embedded database in a fresh directory. `env` is the whole environment to give
 * the server and the CLI.
 */
export async function serverDatabase(extra: NodeJS.ProcessEnv = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bp-server-'));
  const env: NodeJS.ProcessEnv = {
    ...serverNodeEnv(),
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    // Tests that are not about rate limits must not meet them (those that are set their own).
    RATE_LIMIT_KEY_REQUESTS: '1000000',
    RATE_LIMIT_IP_REQUESTS: '1000000',
    RATE_LIMIT_PUBLIC_ADDRESS_REQUESTS: '1000000',
    RATE_LIMIT_PUBLIC_KEY_REQUESTS: '1000000',
    RATE_LIMIT_PUBLIC_BOOKINGS_PER_HOUR: '1000000',
    ...extra,
  };
  delete env.DATABASE_URL;
  let dropDatabase = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL);
    env.DATABASE_URL = scratch.url;
    dropDatabase = scratch.drop;
  }
  return {
    env,
    embedded: !env.DATABASE_URL,
    drop: async () => {
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `npm start` on a port that cannot serve: how it exits and what it says (killed if it is still up after 30 s). */
export async function failedStart(env: NodeJS.ProcessEnv, port: number) {
  const child = spawn(process.execPath, startArgs, { cwd: root, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  return { code, stderr };
}

export type ServerProcess = Awaited<ReturnType<typeof startServer>>;

/** `npm start` as a child process on a free port, once it answers, with `args` after it (`--demo`). With `wholeLog`, every line it writes is kept. */
export async function startServer(env: NodeJS.ProcessEnv, { wholeLog = false, args = [] }: { wholeLog?: boolean; args?: string[] } = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [...startArgs, ...args], { cwd: root, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = wholeLog ? stderr + chunk.toString() : (stderr + chunk.toString()).slice(-20_000);
  });
  const base = `http://127.0.0.1:${port}`;
  /** Resolves with the exit code (null when a signal killed it). */
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = {
    base,
    port,
    pid: child.pid!,
    stderr: () => stderr,
    /** Resident memory of the server process, in MB. */
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]) / 1024,
    exited,
    kill: (signal: NodeJS.Signals) => child.kill(signal),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
    if (await fetch(`${base}/graphql`, { method: 'POST' }).then(() => true, () => false)) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.stop();
  throw new Error(`server did not start: ${stderr}`);
}

/** A secret key with every scope, for a fresh tenant of the server's database (through the CLI). */
export async function secretKey(env: NodeJS.ProcessEnv): Promise<string> {
  const result = await cli(env, 'seed', 'demo');
  if (result.code !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout).keys.secret.key;
}
