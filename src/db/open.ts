import type { Config } from '../config.js';
import type { Database } from './client.js';
import { embeddedSocketUrl, isEmbeddedDirectoryInUse, openEmbedded, openPostgres } from './client.js';
import { applyMigrations } from './schema-engine.js';

/**
 * Opens the database the configuration names and brings its schema up to date.
 * - `DATABASE_URL`: that PostgreSQL, through a connection pool.
 * - otherwise the embedded database in `DATA_DIR`. The server (`share`) opens it and serves it
 *   on a unix socket; a tool (the CLI, migrations) opens it only when no server holds it, and
 *   otherwise goes through that socket, because two processes must never open the directory.
 */
export async function openDatabase(config: Config, { share }: { share: boolean }): Promise<Database & { appliedMigrations: string[] }> {
  if (config.DATABASE_URL) {
    const db = await openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE, {
      poolTimeoutMs: config.DATABASE_POOL_TIMEOUT_MS,
      prepareStatements: config.DATABASE_PREPARED_STATEMENTS,
    });
    return { ...db, appliedMigrations: await applyMigrations(db.adapterFactory) };
  }
  if (!share && isEmbeddedDirectoryInUse(config.DATA_DIR)) {
    const db = await openPostgres(embeddedSocketUrl(config.DATA_DIR), 1);
    return { ...db, description: `${db.description} (shared by the running server)`, appliedMigrations: [] };
  }
  return openEmbedded(config.DATA_DIR, { share });
}
