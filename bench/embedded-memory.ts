// The product on the embedded database (PGlite in the process, as `npm run demo` runs it): its
// resident set when idle after start-up and its first requests, and its peak under load on the
// leads list. The goal is on the idle figure: the embedded database is for one developer's machine.
// Then, on the same seeded data directory, its restart after kill -9 (bench/embedded-restart.ts).
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { problemsOf, runLoad, type Target } from './load.js';
import { projectRoot } from '../src/shared/project-root.js';
import { childEnv, freePort, readMemory, RssSampler, startServer, type ServerOptions } from './processes.js';
import { measureRestart, type RestartFigures } from './embedded-restart.js';
import type { MemoryFigures } from './report.js';
import type { Teardown } from './teardown.js';

export const EMBEDDED_IDLE_LIMIT_MB = 300;

/** Seconds the server is left alone before its idle size is read. */
const SETTLE_SECONDS = 3;

/** `serverEnv`: the benchmark's environment of a product server (no rate limits) for a database URL, which empty unsets; `args`: `npm start`'s node arguments. */
export async function measureEmbedded(
  serverEnv: (databaseUrl: string, port: number) => Record<string, string>,
  args: string[],
  seconds: number,
  teardown: Teardown,
): Promise<{ memory: MemoryFigures; restart: RestartFigures }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-embedded-'));
  teardown.add('remove the embedded data directory', () => rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...serverEnv('', port), DATA_DIR: dataDir };
  const options: ServerOptions = { name: 'embedded', args, env, readyUrl: `${base}/health/live` };
  const server = await startServer(options);
  teardown.add('stop embedded server', () => server.stop());
  // The demo tenant and its key, through the CLI and the server's socket, as a developer gets them.
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'seed', 'demo'], { cwd: projectRoot, env: childEnv(env) });
  const secret = (JSON.parse(stdout) as { keys: { secret: { key: string } } }).keys.secret.key;
  const target: Target = {
    name: 'leads on the embedded database',
    suite: 'leads',
    server: 'product',
    url: `${base}/api/v1/leads?limit=25`,
    method: 'GET',
    headers: { authorization: `Bearer ${secret}` },
  };
  const first = await fetch(target.url, { headers: target.headers });
  if (first.status !== 200) throw new Error(`embedded server answered ${first.status}: ${await first.text()}`);
  await sleep(SETTLE_SECONDS * 1000);
  const idleKb = (await readMemory(server.pid))?.rssKb ?? NaN;
  const sampler = new RssSampler(server.pid);
  sampler.start();
  const result = await runLoad(target, seconds);
  sampler.stop();
  const problems = problemsOf(target, result);
  if (problems) throw new Error(`embedded server under load: ${problems}`);
  const peakKb = (await readMemory(server.pid))?.hwmKb ?? NaN;
  const restart = await measureRestart(server, options, target, seconds, teardown);
  return {
    memory: {
      name: `product, embedded (${result.rps.toFixed(0)} req/s on leads)`,
      readyKb: idleKb,
      maxUnderLoadKb: sampler.maxKb(),
      peakKb,
      limit: { mb: EMBEDDED_IDLE_LIMIT_MB, on: 'ready' },
    },
    restart,
  };
}
