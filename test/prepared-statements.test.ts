import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/client.js';
import { PREPARED_STATEMENTS, statementNames } from '../src/db/prepared-statements.js';
import { applyMigrations } from '../src/db/schema-engine.js';
import { createScratchDatabase } from './support/database.js';

describe('prepared statements', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('prepare each SQL text once per connection, and still plan every run for its values', async ({ skip }) => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) skip('statements are prepared only on a PostgreSQL server (the embedded database serves every client on one session)');
    const scratch = await createScratchDatabase(serverUrl!);
    cleanups.push(scratch.drop);
    // One connection, so the session whose statements are listed is the one that ran the queries.
    const db = await openPostgres(scratch.url, 1, { prepareStatements: true });
    cleanups.push(db.close);
    await applyMigrations(db.adapterFactory);
    const tenant = await db.prisma.tenant.create({ data: { name: 'Prepared' } });
    for (const firstName of ['Ada', 'Grace', 'Edsger']) {
      await db.prisma.lead.create({ data: { tenantId: tenant.id, firstName, lastName: 'Test', email: `${firstName}@example.com` } });
    }
    const read = () => db.prisma.lead.findMany({ where: { tenantId: tenant.id }, orderBy: { firstName: 'asc' }, select: { firstName: true } });
    for (let run = 0; run < 3; run += 1) expect(await read()).toEqual([{ firstName: 'Ada' }, { firstName: 'Edsger' }, { firstName: 'Grace' }]);

    const prepared = await db.prisma.$queryRaw<{ name: string; statement: string }[]>`SELECT name, statement FROM pg_prepared_statements`;
    const leadReads = prepared.filter((p) => p.statement.startsWith('SELECT') && p.statement.includes('"Lead"'));
    const leadInserts = prepared.filter((p) => p.statement.startsWith('INSERT INTO "public"."Lead"'));
    expect(leadReads).toHaveLength(1);
    expect(leadInserts).toHaveLength(1);
    expect(new Set(prepared.map((p) => p.name)).size).toBe(prepared.length);
    const [setting] = await db.prisma.$queryRaw<{ plan_cache_mode: string }[]>`SHOW plan_cache_mode`;
    expect(setting?.plan_cache_mode).toBe('force_custom_plan');
  });

  it('name the most recently used texts, and give a text met again after its eviction a new name', () => {
    const nameOf = statementNames();
    const first = nameOf({ sql: 'SELECT 0' });
    expect(nameOf({ sql: 'SELECT 0' })).toBe(first);
    const names = new Set([first]);
    for (let i = 1; i <= PREPARED_STATEMENTS; i += 1) names.add(nameOf({ sql: `SELECT ${i}` }));
    expect(names.size).toBe(PREPARED_STATEMENTS + 1);
    // 'SELECT 0' was the least recently used: named again, under a name no other text had.
    const renamed = nameOf({ sql: 'SELECT 0' });
    expect(renamed).not.toBe(first);
    expect(names.has(renamed)).toBe(false);
    // The most recent stay named as they were.
    expect(nameOf({ sql: `SELECT ${PREPARED_STATEMENTS}` })).toBe([...names].at(-1));
  });
});
