import type { PGlite } from '@electric-sql/pglite';
import type { PrismaPGlite } from 'pglite-prisma-adapter';

/**
 * PostgreSQL's memory settings for one developer's machine. PGlite keeps shared buffers in the
 * process's WebAssembly memory, which never shrinks: the stock 128 MB of buffers (and 64 MB for
 * index builds) made the idle server ~90 MB larger; the operating system caches the data files anyway.
 */
const EMBEDDED_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=4MB'];

/**
 * An embedded PostgreSQL (in memory, or in `dataDir`) with the extensions the migrations create:
 * pg_trgm, whose trigram index serves the inspections `search`. Real PostgreSQL ships it as contrib.
 * PGlite and its adapter are loaded on first use: a server on PostgreSQL never pays for them.
 */
export async function createPGlite(dataDir?: string): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  return PGlite.create(dataDir, { extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS] });
}

/** The Prisma driver adapter over an embedded database. */
export async function embeddedAdapter(pglite: PGlite): Promise<PrismaPGlite> {
  const { PrismaPGlite } = await import('pglite-prisma-adapter');
  return new PrismaPGlite(pglite);
}
