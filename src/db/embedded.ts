import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * An embedded PostgreSQL (in memory, or in `dataDir`) with the extensions the migrations create:
 * pg_trgm, whose trigram index serves the inspections `search`. Real PostgreSQL ships it as contrib.
 */
export const createPGlite = (dataDir?: string) => PGlite.create(dataDir, { extensions: { pg_trgm } });
