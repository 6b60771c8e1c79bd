import { readdir } from 'node:fs/promises';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { describe, expect, it } from 'vitest';
import { createPGlite } from '../src/db/embedded.js';
import { applyMigrations, diffSchemaAgainstMigrations } from '../src/db/schema-engine.js';

// Each case boots an in-memory PGlite (seconds on a busy machine), hence the long timeout.
const timeout = 60_000;

describe('prisma/migrations', () => {
  it('matches prisma/schema.prisma (run `npm run db:migration:create -- --name <name>` if not)', { timeout }, async () => {
    expect(await diffSchemaAgainstMigrations()).toBeNull();
  });

  it('applies every migration once, then nothing', { timeout }, async () => {
    const entries = await readdir(new URL('../prisma/migrations/', import.meta.url), { withFileTypes: true });
    const committed = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
    const pglite = await createPGlite();
    try {
      expect(await applyMigrations(new PrismaPGlite(pglite))).toEqual(committed);
      expect(await applyMigrations(new PrismaPGlite(pglite))).toEqual([]);
      const rows = await pglite.query<{ migration_name: string }>(
        'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name',
      );
      expect(rows.rows.map((row) => row.migration_name)).toEqual(committed);
    } finally {
      await pglite.close();
    }
  });
});
