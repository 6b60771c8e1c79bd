// `npx tsx bench/compression.ts [--suite leads] [--surface rest|graphql] [--rounds 6] [--seconds 4] [--url postgresql://...]`
//
// What compressing answers costs: one server (this checkout's build, as `npm start` runs it) on a
// scratch database, one list measured as clients ask for it without `Accept-Encoding`, with
// `gzip` and with `br`, in alternating rounds (the order shifts each round), so drift of this
// shared machine falls on all three. Prints each round, the median ratio of each encoding to the
// uncompressed answer, the server's CPU time per request (from /proc: steadier than req/s on a
// busy machine, since it does not count the time the server waited for a core), and the bytes each
// answer takes on the wire.

import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { runLoad, type Target } from './load.js';
import { freePort, startServer } from './processes.js';
import { createScratchDatabase, prepareBenchData } from './scratch-db.js';
import { serverEnv } from './server-env.js';
import { runWithTeardown, type Teardown } from './teardown.js';
import { targetNamed } from './writes.js';
import { serverNodeArgs } from '../scripts/start-command.js';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test' },
    suite: { type: 'string', default: 'leads' },
    surface: { type: 'string', default: 'rest' },
    rounds: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '4' },
  },
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** CPU time the process has used, user and system, in milliseconds (Linux's /proc; clock ticks of 10 ms). */
async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).replace(/^.*\) /s, '').split(' ');
  // After the command's closing parenthesis, utime and stime are the 12th and 13th fields.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The bytes of one answer as sent (Node's `http` client, unlike fetch, does not decode it) and its encoding. */
async function wireSize(target: Target): Promise<{ bytes: number; encoding: string }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const sent = request(target.url, { method: target.method, headers: target.headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ bytes, encoding: String(response.headers['content-encoding'] ?? 'identity') }));
    });
    sent.on('error', reject);
    sent.end(target.body);
  });
}

async function main(teardown: Teardown) {
  const scratch = await createScratchDatabase(args.url!);
  teardown.add(`drop database ${scratch.name}`, () => scratch.drop());
  const data = await prepareBenchData(scratch.url);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer({ name: 'product', args: serverNodeArgs(), env: serverEnv(scratch.url, port), readyUrl: `${base}/api/v1/leads?limit=1` });
  teardown.add('stop server', () => server.stop());

  const plain = await targetNamed(base, data, args.suite!, args.surface!);
  const variants: Target[] = [
    { ...plain, name: `${plain.name} (no Accept-Encoding)` },
    { ...plain, name: `${plain.name} (gzip)`, headers: { ...plain.headers, 'accept-encoding': 'gzip' } },
    { ...plain, name: `${plain.name} (br)`, headers: { ...plain.headers, 'accept-encoding': 'br' } },
  ];
  for (const target of variants) {
    const { bytes, encoding } = await wireSize(target);
    process.stdout.write(`${target.name}: ${bytes} bytes on the wire, ${encoding}\n`);
    await runLoad(target, 2); // warm-up
  }
  const rps = variants.map(() => [] as number[]);
  const cpuPerRequest = variants.map(() => [] as number[]);
  for (let round = 0; round < Number(args.rounds); round += 1) {
    const line: string[] = [];
    for (let i = 0; i < variants.length; i += 1) {
      const index = (i + round) % variants.length;
      const cpuBefore = await cpuMs(server.pid);
      const result = await runLoad(variants[index]!, Number(args.seconds));
      cpuPerRequest[index]!.push(((await cpuMs(server.pid)) - cpuBefore) / result.requests);
      if (result.non2xx || result.errors) throw new Error(`${variants[index]!.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      rps[index]!.push(result.rps);
      line[index] = `${result.rps.toFixed(0)} req/s (p99 ${result.p99Ms} ms, ${(cpuPerRequest[index]!.at(-1)! * 1000).toFixed(0)} µs CPU)`;
    }
    process.stdout.write(`round ${round + 1}: none ${line[0]}, gzip ${line[1]}, br ${line[2]}\n`);
  }
  for (const [index, name] of [[1, 'gzip'], [2, 'br']] as const) {
    const ratios = rps[index]!.map((value, round) => value / rps[0]![round]!);
    process.stdout.write(`${name} / none: median ${median(ratios).toFixed(2)} (rounds ${ratios.map((r) => r.toFixed(2)).join(', ')})\n`);
  }
  process.stdout.write(`medians: none ${median(rps[0]!).toFixed(0)}, gzip ${median(rps[1]!).toFixed(0)}, br ${median(rps[2]!).toFixed(0)} req/s\n`);
  const cpu = cpuPerRequest.map((values) => median(values) * 1000);
  process.stdout.write(`server CPU per request, medians: none ${cpu[0]!.toFixed(0)} µs, gzip ${cpu[1]!.toFixed(0)} µs (x${(cpu[0]! / cpu[1]!).toFixed(2)} throughput at full CPU), br ${cpu[2]!.toFixed(0)} µs (x${(cpu[0]! / cpu[2]!).toFixed(2)})\n`);
}

void runWithTeardown(main);
