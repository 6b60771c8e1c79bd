import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Runs `prisma generate` for the schema under `projectDir`. Generation never calls the schema
 * engine, but the CLI insists on locating one, and the native binary cannot be downloaded on
 * air-gapped machines: point it at any executable when no real engine is installed.
 */
export function prismaGenerate(projectDir: string) {
  const engines = join(root, 'node_modules/@prisma/engines');
  const hasEngine = existsSync(engines) && readdirSync(engines).some((f) => f.startsWith('schema-engine'));
  const engineOverride = hasEngine || process.env.PRISMA_SCHEMA_ENGINE_BINARY ? {} : { PRISMA_SCHEMA_ENGINE_BINARY: process.execPath };
  execFileSync(join(root, 'node_modules/.bin/prisma'), ['generate', '--schema', join(projectDir, 'prisma/schema.prisma')], {
    cwd: projectDir,
    stdio: 'pipe',
    env: { ...process.env, ...engineOverride },
  });
}

/** Generates the Prisma client into a scratch copy of the project and returns that copy's root. */
export function prismaGenerateScratch(): string {
  const scratch = mkdtempSync(join(tmpdir(), 'bp-generate-'));
  cpSync(join(root, 'prisma'), join(scratch, 'prisma'), { recursive: true });
  prismaGenerate(scratch);
  return scratch;
}
