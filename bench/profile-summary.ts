// Summarizes a V8 .cpuprofile (node --cpu-prof): where the CPU time went, by function (self and
// inclusive time) and by package. Also runnable alone:
//   npx tsx bench/profile-summary.ts <file.cpuprofile> [--skip-ms N] [--top N]
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { table } from './report.js';

interface CallFrame {
  functionName: string;
  url: string;
  /** Zero-based, like columnNumber. */
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  /** Microseconds since the previous sample. */
  timeDeltas: number[];
}

const META = new Set(['(root)', '(program)', '(idle)', '(garbage collector)']);

function shortUrl(url: string): string {
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) return url.slice(modules + '/node_modules/'.length);
  const src = url.indexOf('/src/');
  if (src >= 0) return url.slice(src + 1);
  const bench = url.indexOf('/bench/');
  if (bench >= 0) return url.slice(bench + 1);
  return url.replace(/^file:\/\//, '');
}

const sourceMaps = new Map<string, SourceMap | null>();

/** The source map shipped next to a minified package file (e.g. @prisma/client/runtime/client.js.map). */
function sourceMapOf(url: string): SourceMap | null {
  let map = sourceMaps.get(url);
  if (map === undefined) {
    map = null;
    try {
      const file = url.startsWith('file://') ? fileURLToPath(url) : url;
      if (file.includes('/node_modules/') && existsSync(`${file}.map`)) {
        map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
      }
    } catch {
      map = null;
    }
    sourceMaps.set(url, map);
  }
  return map;
}

/** Function name and location; minified package code is located in its original source when a map ships with it. */
function functionKey({ functionName, url, lineNumber, columnNumber }: CallFrame): string {
  if (META.has(functionName)) return functionName;
  const name = functionName || '(anonymous)';
  if (!url) return `${name}  (native)`;
  const origin = sourceMapOf(url)?.findOrigin(lineNumber + 1, columnNumber + 1);
  if (origin && 'fileName' in origin) {
    const pkg = packageOf({ functionName, url, lineNumber, columnNumber });
    return `${name}  ${pkg} ${origin.fileName.replace(/^(\.\.\/)+/, '')}:${origin.lineNumber}`;
  }
  return `${name}  ${shortUrl(url)}:${lineNumber + 1}`;
}

/** The package a frame belongs to: an npm package, node's own code, the project, or a V8 pseudo-frame. */
function packageOf({ functionName, url }: CallFrame): string {
  if (META.has(functionName)) return functionName;
  // The innermost package when node_modules are nested.
  const inner = url.split('/node_modules/').slice(1).at(-1);
  const match = inner && /^((?:@[^/]+\/)?[^/]+)\//.exec(inner);
  if (match?.[1]) return match[1];
  if (url.startsWith('node:')) return 'node (internal)';
  if (url.includes('/src/')) return 'project src/';
  if (!url) return '(native / builtins)';
  return url;
}

export interface SummaryOptions {
  /** Ignore samples taken in the first N ms (process startup). */
  skipMs?: number;
  top?: number;
}

export async function summarizeProfile(path: string, { skipMs = 0, top = 20 }: SummaryOptions = {}): Promise<string> {
  const profile = JSON.parse(await readFile(path, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);

  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
  let elapsed = 0;
  let busy = 0;
  let idle = 0;
  for (const [i, id] of profile.samples.entries()) {
    const delta = profile.timeDeltas[i] ?? 0;
    elapsed += delta;
    if (elapsed < skipMs * 1000) continue;
    const node = nodes.get(id);
    if (!node) continue;
    if (node.callFrame.functionName === '(idle)') {
      idle += delta;
      continue;
    }
    busy += delta;
    add(self, functionKey(node.callFrame), delta);
    add(byPackage, packageOf(node.callFrame), delta);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = nodes.get(at)?.callFrame;
      if (!frame || META.has(frame.functionName)) continue;
      const key = functionKey(frame);
      if (!seen.has(key)) add(inclusive, key, delta);
      seen.add(key);
    }
  }

  const pct = (us: number) => `${((100 * us) / Math.max(busy, 1)).toFixed(1)}%`;
  const ms = (us: number) => (us / 1000).toFixed(0);
  const rank = (map: Map<string, number>, title: string) =>
    table([
      [title, 'ms', '% busy'],
      ...[...map.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([key, us]) => [key, ms(us), pct(us)]),
    ]);
  return [
    `Profile ${path}`,
    `Counted from ${skipMs} ms after process start: busy ${ms(busy)} ms, idle ${ms(idle)} ms.`,
    '',
    rank(byPackage, 'self time by package'),
    '',
    rank(self, 'self time by function'),
    '',
    rank(inclusive, 'inclusive time by function'),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'skip-ms': { type: 'string', default: '0' }, top: { type: 'string', default: '20' } },
  });
  const file = positionals[0];
  if (!file) {
    console.error('usage: npx tsx bench/profile-summary.ts <file.cpuprofile> [--skip-ms N] [--top N]');
    process.exit(2);
  }
  console.log(await summarizeProfile(file, { skipMs: Number(values['skip-ms']), top: Number(values.top) }));
}
