// `npx tsx --experimental-websocket bench/allocations.ts [--suite leads|'lead creation'|...] [--surface rest|graphql] [--seconds 5] [--url postgresql://...]`
//
// Where a request's garbage comes from (the collector is the largest single cost of a list
// request): one target under load while V8's sampling heap profiler counts every allocation,
// collected ones included, then kilobytes allocated per request by package and by function.
// Node 20 needs --experimental-websocket to reach the server's inspector.

import { parseArgs } from 'node:util';
import { runLoad } from './load.js';
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
    seconds: { type: 'string', default: '5' },
  },
});

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

/** A tiny DevTools protocol client over the inspector's WebSocket: one call at a time. */
async function inspector(port: number) {
  const [page] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(page!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let lastId = 0;
  return {
    call: <T>(method: string, params: object = {}) =>
      new Promise<T>((resolve) => {
        const id = (lastId += 1);
        socket.addEventListener('message', function answer(event) {
          const message = JSON.parse(String(event.data)) as { id?: number; result: T };
          if (message.id !== id) return;
          socket.removeEventListener('message', answer);
          resolve(message.result);
        });
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

const place = ({ functionName, url, lineNumber }: SamplingNode['callFrame']) =>
  `${functionName || '(anonymous)'} ${url.replace(/.*node_modules\//, '').replace(/.*\/dist\//, '')}:${lineNumber + 1}`;

const packageOf = (url: string) => {
  if (url.includes('node_modules/')) {
    const parts = url.replace(/.*node_modules\//, '').split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (url.includes('/dist/src/')) return 'project src/';
  return url.startsWith('node:') ? 'node (internal)' : '(native / builtins)';
};

function report(head: SamplingNode, requests: number): string {
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  const walk = (node: SamplingNode) => {
    total += node.selfSize;
    byPackage.set(packageOf(node.callFrame.url), (byPackage.get(packageOf(node.callFrame.url)) ?? 0) + node.selfSize);
    byFunction.set(place(node.callFrame), (byFunction.get(place(node.callFrame)) ?? 0) + node.selfSize);
    node.children.forEach(walk);
  };
  walk(head);
  const perRequest = (bytes: number) => `${(bytes / requests / 1024).toFixed(1).padStart(7)} KB`;
  const top = (map: Map<string, number>, count: number) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, count).map(([name, bytes]) => `${perRequest(bytes)}  ${name}`);
  return [`${perRequest(total)}  allocated per request in all (${requests} requests)`, '', 'by package:', ...top(byPackage, 15), '', 'by function:', ...top(byFunction, 30)].join('\n');
}

async function main(teardown: Teardown) {
  const scratch = await createScratchDatabase(args.url);
  teardown.add(`drop database ${scratch.name}`, () => scratch.drop());
  const data = await prepareBenchData(scratch.url);
  const [port, inspectorPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer({
    name: 'product',
    args: [`--inspect=127.0.0.1:${inspectorPort}`, ...serverNodeArgs()],
    env: serverEnv(scratch.url, port),
    readyUrl: `${base}/api/v1/leads?limit=1`,
  });
  teardown.add('stop product server', () => server.stop());
  const target = await targetNamed(base, data, args.suite!, args.surface!);
  await runLoad(target, 3);
  const session = await inspector(inspectorPort);
  teardown.add('close the inspector session', async () => session.close());
  // Every 16 KB on average, the objects the collector has freed included: what was allocated, not what is left.
  await session.call('HeapProfiler.startSampling', { samplingInterval: 16_384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  const result = await runLoad(target, Number(args.seconds));
  const { profile } = await session.call<{ profile: { head: SamplingNode } }>('HeapProfiler.stopSampling');
  process.stdout.write(`${target.name}: ${result.rps.toFixed(0)} req/s under the sampling profiler\n${report(profile.head, result.requests)}\n`);
}

void runWithTeardown(main);
