import { afterAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from './support/server-process.js';
import { secretKey, serverDatabase, startServer } from './support/server-process.js';
import { subscribe, until } from './support/subscriptions.js';

/** Subscribers of one process hear what another commits: every process LISTENs on the one PostgreSQL. */
describe('subscriptions across server processes', { timeout: 180_000 }, () => {
  let database: Awaited<ReturnType<typeof serverDatabase>> | undefined;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });

  it('pushes an event written through process A to a subscriber of process B within a second, past the request timeouts, and ends the stream when B drains', async ({ skip }) => {
    if (!process.env.TEST_DATABASE_URL) skip('several processes on one database need PostgreSQL; run with TEST_DATABASE_URL');
    // Short request and receive timeouts: an open stream must outlive both.
    database = await serverDatabase({ REQUEST_TIMEOUT_MS: '1000', RECEIVE_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '1000' });
    // One after the other: the first applies the migrations.
    const a = await startServer(database.env);
    servers.push(a);
    const b = await startServer(database.env);
    servers.push(b);
    const key = await secretKey(database.env);
    const subscription = await subscribe({ url: `${b.base}/graphql`, key, query: 'subscription { events(types: ["lead.created"]) { id type data } }' });
    const { received } = subscription;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(received.ended).toBeNull();

    const created = await fetch(`${a.base}/api/v1/leads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Across', lastName: 'Processes' }),
    });
    const committed = Date.now();
    expect(created.status).toBe(201);
    const lead = (await created.json()).data;
    await until(() => received.messages.length > 0, 2_000);
    const latencyMs = Date.now() - committed;
    expect(received.messages[0]?.data?.events).toMatchObject({ type: 'lead.created', data: { id: lead.id, firstName: 'Across' } });
    expect(latencyMs).toBeLessThan(1_000);

    // SIGTERM: B's open streams end (with the reason) rather than holding the drain for its grace period.
    const stopping = Date.now();
    b.kill('SIGTERM');
    await until(() => received.ended !== null, 5_000);
    expect(received.ended).toEqual({ completed: true });
    expect(received.messages.at(-1)?.errors?.[0]).toMatchObject({ extensions: { code: 'SERVICE_UNAVAILABLE' } });
    expect(await b.exited).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(5_000);
    subscription.unsubscribe();
  });
});
