import { afterAll, describe, expect, it } from 'vitest';
import { connectMcp, revisions } from './support/mcp.js';
import type { ServerProcess } from './support/server-process.js';
import { secretKey, serverDatabase, startServer } from './support/server-process.js';

/** /mcp behind a load balancer without sticky sessions: each client's requests alternate between two `npm start` processes. */
describe('MCP across server processes', { timeout: 180_000 }, () => {
  let database: Awaited<ReturnType<typeof serverDatabase>> | undefined;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });

  it('serves every revision\'s client from either process, each request to the other one', async ({ skip }) => {
    if (!process.env.TEST_DATABASE_URL) skip('several processes on one database need PostgreSQL; run with TEST_DATABASE_URL');
    database = await serverDatabase();
    // One after the other: the first applies the migrations.
    servers.push(await startServer(database.env));
    servers.push(await startServer(database.env));
    const key = await secretKey(database.env);
    const bases = servers.map((server) => server.base);
    for (const revision of revisions) {
      let turn = 0;
      const served: string[] = [];
      const alternate = (input: string | URL | Request, init?: RequestInit) => {
        const base = bases[(turn += 1) % 2]!;
        served.push(base);
        const url = new URL(input instanceof Request ? input.url : input);
        return fetch(`${base}${url.pathname}${url.search}`, init);
      };
      const client = await connectMcp(`${bases[0]}/mcp`, key, revision, alternate);
      expect(client.revision).toBe(revision);
      const created = await client.callTool({ name: 'createLead', arguments: { firstName: 'Balanced', lastName: revision } });
      expect(created.isError, JSON.stringify(created)).toBeFalsy();
      // 2025 clients read the JSON as text; 2026-07-28 clients the structured content alone.
      const answer = (result: { structuredContent?: any; content?: any[] }) => (revision === '2026-07-28' ? result.structuredContent : JSON.parse(result.content?.[0]?.text));
      const id = answer(created).data.id;
      const read = await client.callTool({ name: 'lead', arguments: { id } });
      expect(answer(read).data).toMatchObject({ id, lastName: revision });
      expect(answer(read)).toEqual(read.structuredContent);
      expect((await client.listTools()).tools.some((tool) => tool.name === 'graphql')).toBe(true);
      await client.close();
      expect(new Set(served).size, revision).toBe(2);
    }
  });
});
