import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../shared/project-root.js';

/** Every version of the widgets' URLs lives under this prefix; a breaking change would be /embed/v2/. */
export const EMBED_PATH = '/embed/v1/';
/** The URL pasted into websites (src/http/embed.ts serves it). */
export const WIDGETS_PATH = `${EMBED_PATH}widgets.js`;

/**
 * Where `npm run build` writes the widgets' bundle: esbuild bundles src/embed/widgets/main.ts
 * (package.json "build"), beside the compiled server. This is the one way the server gets it,
 * in production and in tests alike (Vitest's global setup runs `npm run build`,
 * scripts/build.ts): the server never bundles, so esbuild stays a development tool.
 */
export const WIDGETS_BUNDLE = join(projectRoot, 'dist', 'embed', 'widgets.js');

export interface WidgetsBundle {
  /** The minified ES module. */
  code: Buffer;
  /** The start of its content's SHA-256, in hex: the immutable copy's name. */
  hash: string;
}

let bundle: WidgetsBundle | undefined;

/** The built bundle, read once; throws when the build has not run. */
export function widgetsBundle(): WidgetsBundle {
  if (!bundle) {
    const code = readFileSync(WIDGETS_BUNDLE);
    bundle = { code, hash: createHash('sha256').update(code).digest('hex').slice(0, 16) };
  }
  return bundle;
}
