// `npx tsx bench/ab.ts --other ../other-checkout [--suite leads|'lead creation'|booking|...] [--surface rest|graphql|mcp] [--rounds 6] [--seconds 4] [--url postgresql://...] [--v8=--max-semi-space-size=16] [--env MALLOC_ARENA_MAX=2]`
//
// What one change is worth: this checkout's build (A) and another checkout's build (B, say the
// commit before the change, built with `npm run --silent build` there) serve one scratch database
// side by side, and one target is measured on each in alternating rounds (A B, B A, A B, ...), so
// drift of this shared machine falls on both. Prints each round and the median ratio A / B.
// Beside the rates, each server's CPU time per request (from /proc): on a host busy with other work
// the rates move with it, but what a request costs the server's own process moves far less.
// `--env NAME=VALUE` (repeatable) sets a variable of A's environment only.
// `--v8` (repeatable) runs A with that V8 flag instead of `npm start`'s of the same name: with
// `--other .` it measures a setting rather than a change.

import { isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runLoad, type Target } from './load.js';
import { freePort, readCpuMs, readMemory, startServer, type ChildServer } from './processes.js';
import { createScratchDatabase, prepareBenchData } from './scratch-db.js';
import { serverEnv } from './server-env.js';
import { runWithTeardown, type Teardown } from './teardown.js';
import { targetNamed } from './writes.js';
import { serverNodeArgs, withFlags } from '../scripts/start-command.js';

const { values: args } = parseArgs({
  options: {
    other: { type: 'string' },
    url: { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test' },
    suite: { type: 'string', default: 'leads' },
    surface: { type: 'string', default: 'rest' },
    rounds: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '4' },
    v8: { type: 'string', multiple: true, default: [] },
    // An environment variable for A only, NAME=VALUE (repeatable): with `--other .`, a setting of the process such as MALLOC_ARENA_MAX.
    env: { type: 'string', multiple: true, default: [] },
  },
});

const envOfA = Object.fromEntries(
  args.env!.map((setting) => {
    const at = setting.indexOf('=');
    if (at < 1) throw new Error(`--env takes NAME=VALUE, got ${setting}`);
    return [setting.slice(0, at), setting.slice(at + 1)];
  }),
);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(teardown: Teardown) {
  if (!args.other) throw new Error('--other names the checkout to compare with (built)');
  const other = resolve(args.other);
  const scratch = await createScratchDatabase(args.url);
  teardown.add(`drop database ${scratch.name}`, () => scratch.drop());
  const data = await prepareBenchData(scratch.url);
  // `npm start`'s arguments; B runs its own entry point (a relative one is resolved in its checkout).
  const nodeArgs = serverNodeArgs();
  const entry = nodeArgs.at(-1)!;
  const children: ChildServer[] = [];
  const servers = await Promise.all(
    [null, other].map(async (checkout, i) => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = await startServer({
        name: i === 0 ? 'A' : 'B',
        args: checkout ? [...nodeArgs.slice(0, -1), isAbsolute(entry) ? entry : join(checkout, entry)] : withFlags(nodeArgs, args.v8!),
        env: { ...serverEnv(scratch.url, port), ...(checkout ? {} : envOfA) },
        readyUrl: `${base}/api/v1/leads?limit=1`,
      });
      teardown.add(`stop server ${server.name}`, () => server.stop());
      children[i] = server;
      return base;
    }),
  );
  const a = await targetNamed(servers[0]!, data, args.suite!, args.surface!);
  // B takes the same requests; writes share A's bodies, so no slot is taken twice.
  const b: Target = { ...a, url: a.url.replace(servers[0]!, servers[1]!), bodies: a.bodies };
  for (const target of [a, b]) await runLoad(target, 2);
  /** One target's run with its server's CPU per request, in µs. */
  const measured = async (target: Target) => {
    const pid = children[target === a ? 0 : 1]!.pid;
    const before = await readCpuMs(pid);
    const result = await runLoad(target, Number(args.seconds));
    return { ...result, cpuUs: ((await readCpuMs(pid)) - before) * 1000 / result.requests };
  };
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  for (let round = 0; round < Number(args.rounds); round += 1) {
    const order = round % 2 === 0 ? [a, b] : [b, a];
    const [first, second] = [await measured(order[0]!), await measured(order[1]!)];
    const [ra, rb] = round % 2 === 0 ? [first, second] : [second, first];
    ratios.push(ra.rps / rb.rps);
    cpuRatios.push(rb.cpuUs / ra.cpuUs);
    process.stdout.write(
      `round ${round + 1}: A ${ra.rps.toFixed(0)} req/s (p99 ${ra.p99Ms} ms, ${ra.cpuUs.toFixed(0)} µs CPU a request), B ${rb.rps.toFixed(0)} req/s (p99 ${rb.p99Ms} ms, ${rb.cpuUs.toFixed(0)} µs), A/B ${(ra.rps / rb.rps).toFixed(2)}, B/A CPU ${(rb.cpuUs / ra.cpuUs).toFixed(2)}\n`,
    );
  }
  process.stdout.write(`${a.name}: A/B median ${median(ratios).toFixed(2)} (rounds ${ratios.map((r) => r.toFixed(2)).join(', ')}); CPU a request B/A median ${median(cpuRatios).toFixed(2)} (rounds ${cpuRatios.map((r) => r.toFixed(2)).join(', ')})\n`);
  // Both served the same load in turns, so their peaks compare (the VmHWM of each process).
  const peaks = await Promise.all(children.map(async (child) => ((await readMemory(child.pid))?.hwmKb ?? NaN) / 1024));
  process.stdout.write(`peak RSS: A ${peaks[0]!.toFixed(0)} MB, B ${peaks[1]!.toFixed(0)} MB\n`);
}

void runWithTeardown(main);
