import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaClient } from '../generated/prisma/client.js';
import { liveHolder, lockDataDirectory } from './data-dir-lock.js';
import { attachDriver, type Driver, embeddedDriver, poolDriver } from './driver.js';
import { createPGlite, embeddedAdapter } from './embedded.js';
import { embeddedNotifications, type Listen, postgresListen } from './notifications.js';
import { CONNECTION_LIFETIME_SECONDS, PREPARING_CONNECTION_OPTIONS, statementNames } from './prepared-statements.js';
import { applyMigrations } from './schema-engine.js';

export interface Database {
  prisma: PrismaClient;
  /** The connection pool, on PostgreSQL (the embedded database has none). */
  pool?: pg.Pool;
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  /** The driver under the adapter (the pool, or PGlite), for statements past Prisma (src/db/driver.ts); reachable from `prisma` too. */
  driver: Driver;
  /** PostgreSQL's `LISTEN`: what other processes (or this one) announce with `NOTIFY`. */
  listen: Listen;
  /** Where the data lives, for log lines; never contains a password. */
  description: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Emit Prisma `query` events (tests count SQL statements with them). */
  logQueries?: boolean;
  /** Longest a query waits for a free connection before it fails (and its request is answered 503). */
  poolTimeoutMs?: number;
  /** Prepare statements by name (src/db/prepared-statements.ts): a real PostgreSQL server only. */
  prepareStatements?: boolean;
}

function createClient(adapter: SqlMigrationAwareDriverAdapterFactory, driver: Driver, options: OpenOptions): PrismaClient {
  // 'minimal': no call-site capture on every query (a measurable cost); errors never reach clients anyway.
  const prisma = new PrismaClient({ adapter, errorFormat: 'minimal', log: options.logQueries ? [{ emit: 'event', level: 'query' }] : [] });
  attachDriver(prisma, driver);
  return prisma;
}

/**
 * PrismaPg runs a migration script by cutting it at every `;`, which cuts a function's body apart
 * (the credential-change trigger's, for one); PostgreSQL's simple query protocol runs a whole
 * script as it is, as Prisma's native engine does.
 */
function wholeScripts(factory: PrismaPg, pool: pg.Pool): PrismaPg {
  const connect = factory.connect.bind(factory);
  factory.connect = async () =>
    Object.assign(await connect(), {
      executeScript: async (script: string) => {
        await pool.query(script);
      },
    });
  return factory;
}

export async function openPostgres(url: string, poolSize: number, options: OpenOptions = {}): Promise<Database> {
  // The pool is ours (not the adapter's) so that metrics can read its figures and close() ends it.
  // Waits for a connection are bounded: past the bound a request fails fast instead of queueing.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: options.poolTimeoutMs ?? 3_000,
    ...(options.prepareStatements ? { maxLifetimeSeconds: CONNECTION_LIFETIME_SECONDS, options: PREPARING_CONNECTION_OPTIONS } : {}),
  });
  // An idle connection the server drops (an outage, a restart) is replaced on next use; the
  // error is reported by the request that meets the outage, not here.
  pool.on('error', () => {});
  const statementNameGenerator = options.prepareStatements ? statementNames() : undefined;
  const adapterFactory = wholeScripts(new PrismaPg(pool, { statementNameGenerator }), pool);
  const driver = poolDriver(pool);
  const prisma = createClient(adapterFactory, driver, options);
  const { host, pathname } = new URL(url);
  return {
    prisma,
    pool,
    adapterFactory,
    driver,
    listen: postgresListen(url),
    description: `PostgreSQL ${host}${pathname}`,
    close: async () => {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

/** In-memory embedded database: one per test worker. */
export async function openMemory(options: OpenOptions = {}): Promise<Database> {
  const pglite = await createPGlite();
  const adapterFactory = await embeddedAdapter(pglite);
  await applyMigrations(adapterFactory);
  const driver = embeddedDriver(pglite);
  const prisma = createClient(adapterFactory, driver, options);
  const { listen } = await embeddedNotifications(pglite);
  return {
    prisma,
    adapterFactory,
    driver,
    listen,
    description: 'embedded PostgreSQL (in memory)',
    close: async () => {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}

/** The unix socket through which other processes (the CLI) reach a running server's embedded database. */
export const embeddedSocketPath = (dataDir: string) => join(resolve(dataDir), '.s.PGSQL.5432');

/** Connection URL of that socket for node-postgres (it appends `.s.PGSQL.5432` to the host directory). */
export const embeddedSocketUrl = (dataDir: string) =>
  `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(resolve(dataDir))}&sslmode=disable`;

export function isEmbeddedDirectoryInUse(dataDir: string): boolean {
  const dir = resolve(dataDir);
  return existsSync(dir) && liveHolder(dir) !== null;
}

/**
 * Embedded database in a data directory. PGlite must never be opened by two processes at once,
 * so the directory is locked; with `share: true` the database is also served on a unix socket so
 * the CLI can use it while the server runs.
 */
export async function openEmbedded(
  dataDir: string,
  options: OpenOptions & { share?: boolean } = {},
): Promise<Database & { appliedMigrations: string[] }> {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const release = await lockDataDirectory(dir);
  const pglite = await createPGlite(join(dir, 'pgdata'));
  const adapterFactory = await embeddedAdapter(pglite);
  const appliedMigrations = await applyMigrations(adapterFactory);
  const notifications = await embeddedNotifications(pglite);
  let socketServer: PGLiteSocketServer | undefined;
  if (options.share) {
    // Holding the lock, any socket file here was left by a process that died.
    rmSync(embeddedSocketPath(dir), { force: true });
    const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
    socketServer = new PGLiteSocketServer({ db: notifications.socketDatabase(), path: embeddedSocketPath(dir) });
    await socketServer.start();
  }
  const driver = embeddedDriver(pglite);
  const prisma = createClient(adapterFactory, driver, options);
  return {
    prisma,
    adapterFactory,
    driver,
    listen: notifications.listen,
    description: `embedded PostgreSQL in ${dir}`,
    appliedMigrations,
    close: async () => {
      await prisma.$disconnect();
      await socketServer?.stop();
      await pglite.close();
      await release();
    },
  };
}
