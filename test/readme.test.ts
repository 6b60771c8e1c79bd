import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Keeps the README (the front door) and docs/ honest: links and anchors resolve, the commands it
 * quotes exist, its configuration table is the configuration the server reads, and it stays short
 * enough to read. No server, no database.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const readmePath = 'README.md';
const docsPages = readdirSync(join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`)
  .sort();
const markdownFiles = [readmePath, ...docsPages];

/** The text with fenced code blocks blanked (line count kept), so their contents are neither links nor headings. */
function withoutFences(markdown: string): string {
  let fence: string | null = null;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^\s*(?:>\s*)*(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence === null && marker) {
        fence = marker[0]!.repeat(marker.length);
        return '';
      }
      if (fence !== null) {
        if (marker && marker.startsWith(fence)) fence = null;
        return '';
      }
      return line;
    })
    .join('\n');
}

/** Prose only: fenced blocks and inline code spans removed. */
const prose = (markdown: string) => withoutFences(markdown).replace(/(`+)[^`]*?\1/g, '');

/** The code a page quotes: the contents of its fenced blocks and of its inline code spans. */
function quotedCode(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/^\s*(?:>\s*)*(`{3,}|~{3,})[^\n]*\n([\s\S]*?)^\s*(?:>\s*)*\1/gm)].map((m) => m[2]!);
  const spans = [...withoutFences(markdown).matchAll(/(`+)([^`]+?)\1/g)].map((m) => m[2]!);
  return [...blocks, ...spans];
}

/** GitHub's heading anchor: lowercase, markup dropped, punctuation other than `-` and `_` dropped, spaces to `-`. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text
    .replace(/<[^>]+>/g, '') // inline HTML tags
    .replace(/[*`]/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** Every anchor a page's headings make, with GitHub's `-1`, `-2` suffixes for repeats. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const match of withoutFences(markdown).matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm)) {
    const base = slug(match[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** Every inline link and image target in a page's prose (code excluded). */
function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

describe('README.md and docs/', () => {
  it('has docs pages to check', () => {
    expect(docsPages.length).toBeGreaterThan(0);
  });

  it('links only to files that exist, and to anchors their headings make', () => {
    const broken: string[] = [];
    for (const file of markdownFiles) {
      for (const target of linkTargets(read(file))) {
        if (isExternal(target)) continue;
        const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
        const targetFile = pathPart === '' ? join(root, file) : resolve(dirname(join(root, file)), decodeURIComponent(pathPart));
        const shown = `${file}: ${target}`;
        if (!targetFile.startsWith(root) || !existsSync(targetFile)) {
          broken.push(`${shown} (no such file)`);
          continue;
        }
        if (anchor === undefined) continue;
        if (!statSync(targetFile).isFile() || !targetFile.endsWith('.md')) {
          broken.push(`${shown} (an anchor into something that is not a Markdown file)`);
          continue;
        }
        const made = anchors(readFileSync(targetFile, 'utf8'));
        if (!made.has(decodeURIComponent(anchor))) {
          broken.push(`${shown} (no heading makes #${anchor} in ${relative(root, targetFile)})`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('links every docs page from the README', () => {
    const linked = new Set(
      linkTargets(read(readmePath))
        .filter((target) => !isExternal(target))
        .map((target) => relative(root, resolve(root, target.split('#')[0]!))),
    );
    expect(docsPages.filter((page) => !linked.has(page))).toEqual([]);
  });

  it('is at most 230 lines long', () => {
    const lines = read(readmePath).replace(/\n$/, '').split('\n').length;
    expect(lines).toBeLessThanOrEqual(230);
  });

  it('opens with the two commands', () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(read(readmePath))?.[1] ?? '';
    const commands = firstBlock.split('\n').map((line) => line.replace(/\s+#.*$/, '').trim()).filter(Boolean);
    expect(commands).toEqual(['npm install && npm run demo', 'npm install && npm test']);
  });

  it('quotes only npm commands that exist', () => {
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
    const builtIns = ['install', 'test', 'ci', 'start'];
    const quoted = new Set<string>();
    for (const code of quotedCode(read(readmePath))) {
      for (const m of code.matchAll(/(?<![\w-])npm\s+run\s+(?:--?[\w-]+\s+)*([\w:.-]+)/g)) quoted.add(`npm run ${m[1]}`);
      for (const m of code.matchAll(/(?<![\w-])npm\s+(?!run\b)([a-z][\w:.-]*)/g)) quoted.add(`npm ${m[1]}`);
    }
    expect(quoted.size).toBeGreaterThan(0);
    const missing = [...quoted].filter((command) => {
      const [, verb, name] = /^npm (run )?(.+)$/.exec(command)!;
      return verb ? !scripts.includes(name!) : !builtIns.includes(name!) && !scripts.includes(name!);
    });
    expect(missing).toEqual([]);
  });

  it('lists in its configuration table exactly the variables the server reads', () => {
    const readme = read(readmePath);
    const section = /^## Configuration\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';
    const documented = [...section.matchAll(/^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|/gm)].map((m) => m[1]!);
    expect(documented.length).toBeGreaterThan(0);
    expect(documented.filter((name, i) => documented.indexOf(name) !== i), 'listed twice').toEqual([]);

    const configured = configVariables();
    expect(configured.length).toBeGreaterThan(0);
    const readByServer = new Set([...configured, ...environmentReadsOutsideConfig()]);
    expect({
      inTableButReadNowhere: documented.filter((name) => !readByServer.has(name)),
      readButMissingFromTable: [...readByServer].filter((name) => !documented.includes(name)),
    }).toEqual({ inTableButReadNowhere: [], readButMissingFromTable: [] });
  });
});

/** The variables of `ConfigSchema` in src/config.ts: the keys of the object given to `z.object`. */
function configVariables(): string[] {
  const path = 'src/config.ts';
  const source = ts.createSourceFile(path, read(path), ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText(source) === 'ConfigSchema' && node.initializer) {
      const call = node.initializer;
      if (ts.isCallExpression(call) && call.expression.getText(source) === 'z.object') {
        const shape = call.arguments[0];
        if (shape && ts.isObjectLiteralExpression(shape)) {
          for (const property of shape.properties) {
            if (property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) names.push(property.name.text);
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** Variables read straight from `process.env` elsewhere in src/ (generated code aside): none today, and any would need the table too. */
function environmentReadsOutsideConfig(): string[] {
  const src = join(root, 'src');
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.tsx?$/.test(f) && !f.startsWith('generated') && f !== 'config.ts',
  );
  return files.flatMap((file) => {
    const text = readFileSync(join(src, file), 'utf8');
    return [...text.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g)].map((m) => (m[1] ?? m[2])!);
  });
}
