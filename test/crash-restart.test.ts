import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from './support/server-process.js';
import { cli, failedStart, secretKey, serverDatabase, startServer } from './support/server-process.js';

/** A server killed without warning (kill -9, out of memory) comes back by itself, losing nothing it acknowledged. */
describe('restart after a crash', { timeout: 180_000 }, () => {
  let database: Awaited<ReturnType<typeof serverDatabase>>;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await serverDatabase();
  });
  afterAll(async () => {
    await server?.stop();
    await database.drop();
  });

  it('serves again within 10 s of kill -9, with every acknowledged write', async () => {
    server = await startServer(database.env);
    const key = await secretKey(database.env);
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const acknowledged: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const response = await fetch(`${server.base}/api/v1/leads`, { method: 'POST', headers, body: JSON.stringify({ firstName: `Crash${i}`, lastName: 'Test' }) });
      if (response.status === 201) acknowledged.push((await response.json()).data.id);
    }
    expect(acknowledged).toHaveLength(20);

    server.kill('SIGKILL');
    await server.exited;
    const started = Date.now();
    server = await startServer(database.env);
    expect(Date.now() - started).toBeLessThan(10_000);

    const listed = await (await fetch(`${server.base}/api/v1/leads?limit=100`, { headers })).json();
    expect(listed.data.map((lead: { id: string }) => lead.id)).toEqual(expect.arrayContaining(acknowledged));
    // The command line reaches the restarted server's database too.
    const tenant = await cli(database.env, 'tenant', 'create', '--name', 'After the crash');
    expect(tenant.code, tenant.stderr).toBe(0);
  });

  it('refuses a second server on a data directory a live one holds, naming it (embedded database only)', async ({ skip }) => {
    if (!database.embedded) skip('PostgreSQL serves any number of processes');
    // What a second `npm run demo` in the same folder prints: one sentence saying what to do, no stack.
    const { code, stderr } = await failedStart(database.env, Number(new URL(server.base).port) + 100);
    expect(code).toBe(1);
    const dataDir = database.env.DATA_DIR as string;
    expect(stderr).toContain(`cannot start: Another server (PID ${server.pid}) is using the data directory ${dataDir}.`);
    expect(stderr).toContain(`DATA_DIR=${dataDir}-2 PORT=`);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).not.toMatch(/^\s+at /m);
    // The live server was not disturbed.
    expect((await fetch(`${server.base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' })).status).toBe(200);
  });

  it('names a port already in use, and how to choose another, in one line', async () => {
    const elsewhere = await serverDatabase();
    try {
      const port = Number(new URL(server.base).port);
      const { code, stderr } = await failedStart(elsewhere.env, port);
      expect(code).toBe(1);
      expect(stderr).toContain(`cannot start: port ${port} is already in use; stop the other server or choose another port with PORT=<port>`);
      expect(stderr.trim().split('\n')).toHaveLength(1);
    } finally {
      await elsewhere.drop();
    }
  });
});
