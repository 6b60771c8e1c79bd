import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../src/db/client.js';
import { openMemory, openPostgres } from '../../src/db/client.js';
import { applyMigrations } from '../../src/db/schema-engine.js';

/**
 * A database of this test file's own: in-memory PGlite by default, or with TEST_DATABASE_URL a
 * fresh database on that server (created here, migrated, dropped at the end).
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openMemory({ logQueries: true });
  const name = `bp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), 5, { logQueries: true });
  await applyMigrations(db.adapterFactory);
  return {
    ...db,
    close: async () => {
      await db.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
