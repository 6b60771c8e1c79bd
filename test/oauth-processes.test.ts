import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { accessFollowsTheUser, connect, mailedLink, registerClient } from './support/oauth.js';
import type { ServerProcess } from './support/server-process.js';
import { secretKey, serverDatabase, startServer } from './support/server-process.js';

/** The public URL in front of the processes: a load balancer that sends every request to `backend()`. */
async function loadBalancer(backend: () => string) {
  const server = createServer((incoming, answer) => {
    const forwarded = request(new URL(incoming.url ?? '/', backend()), { method: incoming.method, headers: incoming.headers }, (upstream) => {
      answer.writeHead(upstream.statusCode ?? 502, upstream.headers);
      upstream.pipe(answer);
    });
    forwarded.on('error', () => answer.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * A token follows its user on every process (issue 44): two `npm start` processes on one PostgreSQL
 * database behind one public URL; the app connects through the first, an administrator changes the
 * user there, and the token is tried on both. (One process on the embedded database: test/oauth.test.ts.)
 */
describe('OAuth tokens across server processes', { timeout: 180_000 }, () => {
  let database: Awaited<ReturnType<typeof serverDatabase>> | undefined;
  let balancer: Awaited<ReturnType<typeof loadBalancer>> | undefined;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await balancer?.close();
    await database?.drop();
  });

  it("answers a token as its user's role, activity and grant stand now, on the other process within a second", async ({ skip }) => {
    if (!process.env.TEST_DATABASE_URL) skip('several processes on one database need PostgreSQL; run with TEST_DATABASE_URL');
    balancer = await loadBalancer(() => servers[0]!.base);
    const publicUrl = balancer.base;
    database = await serverDatabase({ PUBLIC_URL: publicUrl });
    // One after the other: the first applies the migrations.
    servers.push(await startServer(database.env));
    servers.push(await startServer(database.env));
    const adminKey = await secretKey(database.env);
    const [a, b] = servers.map((server) => server.base) as [string, string];
    const managers = await fetch(`${a}/api/v1/users?role=manager`, { headers: { authorization: `Bearer ${adminKey}` } }).then((r) => r.json());
    const manager = (managers.data as { id: string; email: string }[])[0]!;

    const redirectUri = 'http://127.0.0.1:9999/callback';
    const clientId = await registerClient(publicUrl, redirectUri);
    const dataDir = database.env.DATA_DIR!;
    const user = { email: manager.email, mailbox: (email: string, after: number) => mailedLink(dataDir, email, after) };
    const { tokens } = await connect(publicUrl, user, { clientId, redirectUri, scope: 'leads.lead.read companies.read', resource: publicUrl });
    const apps = await fetch(`${a}/api/v1/connected-apps?userId=${manager.id}`, { headers: { authorization: `Bearer ${adminKey}` } }).then((r) => r.json());
    const grantId = (apps.data as { id: string; clientId: string }[]).find((connected) => connected.clientId === clientId)!.id;

    // Each process has cached the token before anything changes: what is tried is how fast each forgets.
    const { answered, expected } = await accessFollowsTheUser({ changeOn: a, checkOn: [b, a], adminKey, userId: manager.id, token: tokens.access_token!, grantId });
    expect(answered).toEqual(expected);
  });
});
