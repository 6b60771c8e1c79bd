import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './support/server-process.js';

/** Every module under src/ (generated code aside) with the src/ modules it imports, by path relative to src/. */
function importGraph(): Map<string, string[]> {
  const src = join(root, 'src');
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f) && !f.startsWith('generated'));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(join(src, file), 'utf8');
    const imports = [...text.matchAll(/^(?:import|export)[^'"]*?from '(\.{1,2}\/[^']+)'/gm)].map((m) =>
      relative(src, resolve(dirname(join(src, file)), m[1]!)).replace(/\.js$/, ''),
    );
    graph.set(file.replace(/\.tsx?$/, ''), imports.filter((i) => !i.startsWith('generated')));
  }
  return graph;
}

describe('the layers of src/', () => {
  const graph = importGraph();

  it('lets the transports (HTTP, MCP, the dashboard) depend on the domains, never the reverse', () => {
    const transports = /^(http|mcp|dashboard)\//;
    const upward = [...graph].flatMap(([file, imports]) =>
      file === 'main' || transports.test(file) ? [] : imports.filter((i) => transports.test(i)).map((i) => `${file} -> ${i}`),
    );
    expect(upward).toEqual([]);
  });

  it('has no import cycles', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'visiting') {
        cycles.push([...path.slice(path.indexOf(file)), file].join(' -> '));
        return;
      }
      state.set(file, 'visiting');
      for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
