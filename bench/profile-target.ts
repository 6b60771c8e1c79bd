// `npx tsx bench/profile-target.ts [--suite leads|'lead creation'|booking|'booking on 1 resource'] [--surface rest|graphql|mcp] [--subscribed] [--seconds 10] [--url postgresql://...] [--v8 --max-semi-space-size=8]`
//
// One product target alone under load, with the server under --cpu-prof: where the CPU of one
// kind of request goes (the garbage collector's share included), without the other targets of
// `npm run bench` mixed into the profile. `--subscribed` enables a webhook endpoint receiving
// `lead.created` first, so the profile of lead creation holds the deliveries' work too. Build first
// (`npm run --silent build`): the server runs as `npm start` does.
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchEndpoint } from './events.js';
import { runLoad } from './load.js';
import { freePort, readMemory, startServer } from './processes.js';
import { summarizeProfile } from './profile-summary.js';
import { createScratchDatabase, prepareBenchData } from './scratch-db.js';
import { targetNamed } from './writes.js';
import { serverNodeArgs, withFlags } from '../scripts/start-command.js';
import { runWithTeardown, type Teardown } from './teardown.js';
import { serverEnv } from './server-env.js';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test' },
    suite: { type: 'string', default: 'leads' },
    surface: { type: 'string', default: 'rest' },
    seconds: { type: 'string', default: '10' },
    subscribed: { type: 'boolean', default: false },
    // A V8 flag to try instead of `npm start`'s flag of the same name (repeatable).
    v8: { type: 'string', multiple: true, default: [] },
  },
});

async function main(teardown: Teardown) {
  const scratch = await createScratchDatabase(args.url);
  teardown.add(`drop database ${scratch.name}`, () => scratch.drop());
  const data = await prepareBenchData(scratch.url);
  const profileDir = await mkdtemp(join(tmpdir(), 'bench-target-profile-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const product = await startServer({
    name: 'product',
    args: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, ...withFlags(serverNodeArgs(), args.v8)],
    env: serverEnv(scratch.url, port),
    readyUrl: `${base}/api/v1/leads?limit=1`,
  });
  teardown.add('stop product server', () => product.stop());
  const target = await targetNamed(base, data, args.suite, args.surface);
  const endpoint = args.subscribed ? await benchEndpoint(base, data.secret, teardown) : null;
  await endpoint?.setStatus('enabled');
  await runLoad(target, 2);
  const result = await runLoad(target, Number(args.seconds));
  const memory = await readMemory(product.pid);
  await product.stop();
  const file = (await readdir(profileDir)).find((name) => name.endsWith('.cpuprofile'));
  process.stdout.write(`${target.name}${endpoint ? ` (${endpoint.received()} webhooks received)` : ''}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.requests} requests, non-2xx ${result.non2xx}; peak RSS ${((memory?.hwmKb ?? NaN) / 1024).toFixed(0)} MB\n`);
  if (file) process.stdout.write(`${await summarizeProfile(join(profileDir, file), { skipMs: product.startupMs + 2000 })}\n`);
}

void runWithTeardown(main);
