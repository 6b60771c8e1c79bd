import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root directory (the one holding package.json), found from this file, so it is
 * the same whether the code runs as TypeScript from `src/` (tests, the CLI) or compiled from
 * `dist/src/` (`npm start`), and whatever the working directory.
 */
export const projectRoot = (() => {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
  }
})();
