import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../src/db/client.js';
import { openMemory, openPostgres } from '../../src/db/client.js';
import { applyMigrations } from '../../src/db/schema-engine.js';

/** A fresh, empty database on the server of `serverUrl`, and a way to drop it. */
export async function createScratchDatabase(serverUrl: string) {
  const name = `bp_test_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A database of this test file's own: in-memory PGlite by default, or with TEST_DATABASE_URL a
 * fresh database on that server (created here, migrated, dropped at the end).
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openMemory({ logQueries: true });
  const scratch = await createScratchDatabase(serverUrl);
  const db = await openPostgres(scratch.url, 5, { logQueries: true, prepareStatements: true });
  await applyMigrations(db.adapterFactory);
  return {
    ...db,
    close: async () => {
      await db.close();
      await scratch.drop();
    },
  };
}
