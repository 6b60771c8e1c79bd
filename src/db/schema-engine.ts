// Migrations without Prisma's native schema-engine binary (which cannot be downloaded on
// air-gapped machines): the same engine compiled to WASM, talking to the database through a
// driver adapter. Folder layout and the `_prisma_migrations` table are Prisma's own, so the
// stock `prisma migrate deploy` stays compatible with databases migrated here.
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import type {
  MigrationDirectory,
  MigrationList,
  SchemaContainer,
  SchemaEngine,
  SchemaFilter,
} from '@prisma/schema-engine-wasm/schema_engine_bg';
import { logger } from '../shared/logger.js';
import { projectRoot } from '../shared/project-root.js';
import { createPGlite, embeddedAdapter } from './embedded.js';

type EngineRuntime = typeof import('@prisma/schema-engine-wasm/schema_engine_bg');

const schemaPath = path.join(projectRoot, 'prisma', 'schema.prisma');
const migrationsDir = path.join(projectRoot, 'prisma', 'migrations');

// No tables or enums are managed outside Prisma (prisma.config.ts `tables.external`).
const filters: SchemaFilter = { externalTables: [], externalEnums: [] };

let runtimePromise: Promise<EngineRuntime> | undefined;

// The package's default entry imports the .wasm file as an ES module, which Node cannot do,
// so instantiate it by hand; the glue module keeps the instance in module state, hence once.
function loadRuntime(): Promise<EngineRuntime> {
  runtimePromise ??= (async () => {
    const runtime = await import('@prisma/schema-engine-wasm/schema_engine_bg');
    const gluePath = createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const wasmPath = path.join(path.dirname(gluePath), 'schema_engine_bg.wasm');
    // The glue has no clearTimeout, so the engine's 10 s advisory-lock timeout outlives every
    // call and would hold the process open for 10 s; unref those timers (pending database I/O
    // still keeps the process alive while the engine works).
    const glueImports = Object.fromEntries(
      Object.entries(runtime).map(([name, value]) =>
        name.startsWith('__wbg_setTimeout_') ? [name, unrefSetTimeout] : [name, value],
      ),
    );
    const { instance } = await WebAssembly.instantiate(await readFile(wasmPath), {
      './schema_engine_bg.js': glueImports,
    });
    runtime.__wbg_set_wasm(instance.exports);
    const start = instance.exports['__wbindgen_start'];
    if (typeof start !== 'function') throw new Error('schema-engine-wasm: __wbindgen_start is missing');
    start();
    return runtime;
  })();
  return runtimePromise;
}

function unrefSetTimeout(callback: () => void, ms: number): NodeJS.Timeout {
  return setTimeout(callback, ms >>> 0).unref();
}

// The engine logs one JSON line per event; only warnings and errors are worth showing.
function onEngineLog(line: string): void {
  if (/"level":"(WARN|ERROR)"/.test(line)) logger.warn({ engine: line.trim() }, 'schema engine');
}

async function readSchemaFiles(): Promise<SchemaContainer[]> {
  return [{ path: schemaPath, content: await readFile(schemaPath, 'utf8') }];
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

// Same shape the Prisma CLI builds: directories sorted by name, unreadable files passed as
// errors so the engine reports them instead of silently skipping a migration.
async function readMigrationsList(): Promise<MigrationList> {
  const lockfilePath = 'migration_lock.toml';
  const lockContent = await readFile(path.join(migrationsDir, lockfilePath), 'utf8').catch(() => null);
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch((error: unknown) => {
    if (isMissing(error)) return [];
    throw error;
  });
  const names = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  names.sort((a, b) => a.localeCompare(b));
  const migrationDirectories = await Promise.all(
    names.map(async (name): Promise<MigrationDirectory> => {
      const content = await readFile(path.join(migrationsDir, name, 'migration.sql'), 'utf8').then(
        (value) => ({ tag: 'ok' as const, value }),
        (error: unknown) => ({ tag: 'error' as const, value: String(error) }),
      );
      return { path: name, migrationFile: { path: 'migration.sql', content } };
    }),
  );
  return {
    baseDir: migrationsDir,
    lockfile: { path: lockfilePath, content: lockContent },
    shadowDbInitScript: '',
    migrationDirectories,
  };
}

// The engine never disposes the connections it opens (free() is synchronous), and an
// adapter-pg pool left open holds the process for its 10 s idle timeout; so the factory
// handed to the engine records each connection and withEngine disposes them afterwards.
async function withEngine<T>(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  run: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const { SchemaEngine } = await loadRuntime();
  const files = await readSchemaFiles();
  const opened: SqlDriverAdapter[] = [];
  const record = async (connecting: Promise<SqlDriverAdapter>): Promise<SqlDriverAdapter> => {
    const adapter = await connecting;
    opened.push(adapter);
    return adapter;
  };
  const recordingFactory: SqlMigrationAwareDriverAdapterFactory = {
    provider: adapterFactory.provider,
    adapterName: adapterFactory.adapterName,
    connect: () => record(adapterFactory.connect()),
    connectToShadowDb: () => record(adapterFactory.connectToShadowDb()),
  };
  const engine = await SchemaEngine.new(
    { datamodels: files.map((file): [string, string] => [file.path, file.content]) },
    onEngineLog,
    // The engine expects adapter errors captured as values, not thrown across the WASM boundary.
    bindMigrationAwareSqlAdapterFactory(recordingFactory),
  );
  try {
    return await run(engine);
  } finally {
    engine.free();
    await Promise.all(opened.map((adapter) => adapter.dispose()));
  }
}

/** Names of the committed migrations (prisma/migrations), read once. */
let committedNames: Promise<string[]> | undefined;
export const committedMigrationNames = () =>
  (committedNames ??= readMigrationsList().then((list) => list.migrationDirectories.map((directory) => directory.path)));

/**
 * Whether every committed migration is recorded as applied: one query, so that starting a
 * process on an up-to-date database does not pay for loading the engine (seconds).
 */
async function isUpToDate(adapterFactory: SqlMigrationAwareDriverAdapterFactory, list: MigrationList): Promise<boolean> {
  const adapter = await adapterFactory.connect();
  try {
    const result = await adapter.queryRaw({
      sql: 'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
      args: [],
      argTypes: [],
    });
    const applied = new Set(result.rows.map((row) => String(row[0])));
    return list.migrationDirectories.every((directory) => applied.has(directory.path));
  } catch {
    return false; // no migrations table yet: a new database
  } finally {
    await adapter.dispose();
  }
}

/**
 * Applies the pending migrations of prisma/migrations to the database behind the factory
 * (e.g. `new PrismaPg({ connectionString })` or `new PrismaPGlite(pglite)`) and returns the
 * names of the migrations it applied; an empty list when the database is up to date.
 */
export async function applyMigrations(adapterFactory: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  const migrationsList = await readMigrationsList();
  if (await isUpToDate(adapterFactory, migrationsList)) return [];
  const output = await withEngine(adapterFactory, (engine) => engine.applyMigrations({ migrationsList, filters }));
  return output.appliedMigrationNames;
}

/**
 * Returns the SQL of the migration that would bring the committed migrations up to
 * prisma/schema.prisma, or null when they agree. Replays the migrations into a throwaway
 * in-memory PGlite, which also avoids introspecting through adapter-pg (prisma/orm#27403).
 */
export async function diffSchemaAgainstMigrations(): Promise<string | null> {
  const scratch = await createPGlite();
  try {
    const migrationsList = await readMigrationsList();
    const files = await readSchemaFiles();
    const result = await withEngine(await embeddedAdapter(scratch), async (engine) => {
      await engine.applyMigrations({ migrationsList, filters });
      return engine.diff({
        from: { tag: 'schemaDatasource', files, configDir: projectRoot },
        to: { tag: 'schemaDatamodel', files },
        script: true,
        exitCode: true, // 0 = no difference, 2 = a migration is needed
        filters,
      });
    });
    if (result.exitCode === 0) return null;
    if (!result.stdout) throw new Error(`schema-engine diff exited with ${result.exitCode} and no script`);
    return result.stdout;
  } finally {
    await scratch.close();
  }
}
