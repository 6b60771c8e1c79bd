import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { projectRoot } from '../src/shared/project-root.js';
import { serverNodeEnv } from '../scripts/start-command.js';


/** A port nothing listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** This process's environment with `overrides`, where an empty value unsets a variable (DATABASE_URL, for the embedded database). */
export const childEnv = (overrides: Record<string, string>) =>
  Object.fromEntries(Object.entries({ ...process.env, ...overrides }).filter(([, value]) => value !== ''));

export interface ServerOptions {
  name: string;
  /** Node's arguments, the script last, run from the project root. */
  args: string[];
  env: Record<string, string>;
  /** Any HTTP answer from this URL means the server is up. */
  readyUrl: string;
  readyTimeoutMs?: number;
  /** Milliseconds between tries of `readyUrl` (250): less where the start-up time is the figure. */
  pollMs?: number;
}

export interface ChildServer {
  name: string;
  pid: number;
  /** Milliseconds from spawn until the server answered. */
  startupMs: number;
  /** The last lines the child wrote, for error messages. */
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL at once, as a crash would; resolves when the process is gone (reaped, so its PID is free). */
  kill(): Promise<void>;
}

const running = new Set<ChildProcess>();
// Last resort if the benchmark itself dies: never leave a server behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startServer(options: ServerOptions): Promise<ChildServer> {
  const startedAt = Date.now();
  const child = spawn(process.execPath, options.args, {
    cwd: projectRoot,
    env: childEnv({ ...serverNodeEnv(), ...options.env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  if (child.pid === undefined) throw new Error(`${options.name}: could not spawn node`);

  const server: ChildServer = {
    name: options.name,
    pid: child.pid,
    startupMs: 0,
    output: () => tail.trim(),
    stop: async (graceMs = 10_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited(child);
      clearTimeout(timer);
    },
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited(child);
    },
  };

  const deadline = startedAt + (options.readyTimeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${options.name} exited during startup (${child.exitCode ?? child.signalCode}):\n${server.output()}`);
    }
    try {
      await fetch(options.readyUrl, { signal: AbortSignal.timeout(2000) });
      server.startupMs = Date.now() - startedAt;
      return server;
    } catch {
      if (Date.now() > deadline) {
        await server.stop(1000);
        throw new Error(`${options.name} did not answer ${options.readyUrl} within the startup timeout:\n${server.output()}`);
      }
      await sleep(options.pollMs ?? 250);
    }
  }
}

/** VmRSS and VmHWM (peak resident set) of a process, in kB, from /proc/<pid>/status. */
export async function readMemory(pid: number): Promise<{ rssKb: number; hwmKb: number } | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssKb: field('VmRSS'), hwmKb: field('VmHWM') };
  } catch {
    return null;
  }
}

/** CPU time a process has used so far (user and system, all its threads), in ms, from /proc/<pid>/stat. */
export async function readCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** The kernel's USER_HZ, 100 on every Linux this runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** Samples a process's resident set size every `intervalMs`. */
export class RssSampler {
  private readonly samples: { at: number; rssKb: number }[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly pid: number, private readonly intervalMs = 200) {}

  start(): void {
    const sample = async () => {
      const memory = await readMemory(this.pid);
      if (memory) this.samples.push({ at: Date.now(), rssKb: memory.rssKb });
    };
    void sample();
    this.timer = setInterval(() => void sample(), this.intervalMs);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Largest sampled RSS in kB, optionally only between two Date.now() instants. */
  maxKb(from = 0, to = Infinity): number {
    return this.samples.filter((s) => s.at >= from && s.at <= to).reduce((max, s) => Math.max(max, s.rssKb), 0);
  }
}
