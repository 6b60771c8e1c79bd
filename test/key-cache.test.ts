// Keys are cached in each server process's memory (src/auth/key-cache.ts). A revocation or a
// deactivation made through one process (or by the CLI, another process) must hold on every other
// within a second. On PostgreSQL two server processes share the database; the embedded database
// has one server, and the CLI reaches it through its socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedKeyLookup, CREDENTIALS_CHANNEL } from '../src/auth/key-cache.js';
import type { NotificationHandlers } from '../src/db/notifications.js';
import { cli, secretKey, serverDatabase, startServer, type ServerProcess } from './support/server-process.js';

const WITHIN_MS = 1_000;

let database: Awaited<ReturnType<typeof serverDatabase>>;
let servers: ServerProcess[] = [];
let admin: string;
let tenantId: string;

async function graphql(server: ServerProcess, key: string, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${server.base}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: Record<string, { id: string } & Record<string, unknown>>; errors?: unknown[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data!;
}

const leadsStatus = async (server: ServerProcess, key: string) =>
  (await fetch(`${server.base}/api/v1/leads?limit=1`, { headers: { authorization: `Bearer ${key}` } })).status;

/** A user of the tenant with a key that reads leads, made by the CLI (not by a server, whose cache it could warm). */
async function userWithKey(name: string) {
  const [a] = servers;
  const { inviteUser } = (await graphql(a!, admin, 'mutation($input: InviteUserInput!) { inviteUser(input: $input) { user { id } } }', {
    input: { name, email: `${name.toLowerCase()}@cache.example`, role: 'sales' },
  })) as unknown as { inviteUser: { user: { id: string } } };
  const created = await cli(database.env, 'key', 'create', '--tenant', tenantId, '--user', inviteUser.user.id, '--name', name, '--scopes', 'leads.lead.read');
  expect(created.code, created.stderr).toBe(0);
  const pair = JSON.parse(created.stdout) as { id: string; secret: { id: string; key: string } };
  return { userId: inviteUser.user.id, pairId: pair.id, keyId: pair.secret.id, key: pair.secret.key };
}

/** Every server answers 200 to the key, twice: its lookup is now in each process's cache. */
async function warm(key: string) {
  for (const server of servers) for (let i = 0; i < 2; i += 1) expect(await leadsStatus(server, key)).toBe(200);
}

/** Milliseconds until every server refuses the key (polling each every 20 ms), or Infinity past 5 s. */
async function untilRefusedEverywhere(key: string, since: number) {
  const pending = new Set(servers);
  while (pending.size && Date.now() - since < 5_000) {
    for (const server of [...pending]) if ((await leadsStatus(server, key)) === 401) pending.delete(server);
    if (pending.size) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return pending.size ? Infinity : Date.now() - since;
}

beforeAll(async () => {
  database = await serverDatabase();
  servers = [await startServer(database.env)];
  // On PostgreSQL, a second process: what one process changes, the other must see.
  if (!database.embedded) servers.push(await startServer(database.env));
  admin = await secretKey(database.env);
  const { viewer } = await graphql(servers[0]!, admin, '{ viewer { tenant { id } } }');
  tenantId = (viewer!.tenant as { id: string }).id;
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.drop();
});

describe('cached keys', () => {
  it('a pair revoked through one server is refused by every server within a second', async () => {
    const victim = await userWithKey('Revoked');
    await warm(victim.key);
    const since = Date.now();
    await graphql(servers[0]!, admin, 'mutation($id: UUID!) { revokeApiKeyPair(id: $id) { apiKeyPair { status } } }', { id: victim.pairId });
    expect(await untilRefusedEverywhere(victim.key, since)).toBeLessThan(WITHIN_MS);
  });

  it('a key revoked by the CLI, another process, is refused by every server within a second', async () => {
    const victim = await userWithKey('Cli');
    await warm(victim.key);
    const since = Date.now();
    const revoked = await cli(database.env, 'key', 'revoke', '--id', victim.keyId);
    expect(revoked.code, revoked.stderr).toBe(0);
    // The CLI's own start-up is most of the time: it is measured from its exit.
    expect(await untilRefusedEverywhere(victim.key, Date.now())).toBeLessThan(WITHIN_MS);
    expect(Date.now() - since).toBeLessThan(60_000);
  });

  it("a deactivated user's keys are refused by every server within a second", async () => {
    const victim = await userWithKey('Deactivated');
    await warm(victim.key);
    const since = Date.now();
    await graphql(servers[0]!, admin, 'mutation($id: UUID!) { deactivateUser(id: $id) { user { active } } }', { id: victim.userId });
    expect(await untilRefusedEverywhere(victim.key, since)).toBeLessThan(WITHIN_MS);
    // And back: reactivation is announced the same way.
    await graphql(servers[0]!, admin, 'mutation($id: UUID!) { reactivateUser(id: $id) { user { active } } }', { id: victim.userId });
    const back = Date.now();
    for (const server of servers) {
      while ((await leadsStatus(server, victim.key)) !== 200 && Date.now() - back < 5_000) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(Date.now() - back).toBeLessThan(WITHIN_MS);
  });

  it('keys unaffected by a change stay usable on every server', async () => {
    const bystander = await userWithKey('Bystander');
    await warm(bystander.key);
    const other = await userWithKey('Other');
    await graphql(servers[0]!, admin, 'mutation($id: UUID!) { revokeApiKeyPair(id: $id) { apiKeyPair { status } } }', { id: other.pairId });
    for (const server of servers) expect(await leadsStatus(server, bystander.key)).toBe(200);
  });
});

// The cache's own rules, with a counted loader and announcements sent by hand (no HTTP can show
// which lookups reached the database, or a lookup racing an announcement).
describe('cachedKeyLookup', () => {
  const rows = new Map([
    ['a', { tenantId: 't1', name: 'a' }],
    ['b', { tenantId: 't2', name: 'b' }],
  ]);
  async function lookup() {
    const loads: string[] = [];
    let handlers!: NotificationHandlers;
    let holdNext = false;
    let release: (() => void) | undefined;
    const cache = await cachedKeyLookup(
      async (hash) => {
        loads.push(hash);
        if (holdNext) {
          holdNext = false;
          await new Promise<void>((resolve) => (release = resolve));
        }
        return rows.get(hash);
      },
      async (channel, h) => {
        expect(channel).toBe(CREDENTIALS_CHANNEL);
        handlers = h;
        h.onListening(true);
        return async () => {};
      },
    );
    return { cache, loads, handlers: () => handlers, holdNextLoad: () => (holdNext = true), releaseLoad: () => release?.() };
  }

  it('reads the database once per key, and again after an announcement for its tenant only', async () => {
    const { cache, loads, handlers } = await lookup();
    await cache.find('a');
    await cache.find('b');
    await cache.find('a');
    expect(loads).toEqual(['a', 'b']);
    handlers().onMessage('t1');
    await cache.find('a');
    await cache.find('b');
    expect(loads).toEqual(['a', 'b', 'a']);
  });

  it('never caches unknown keys', async () => {
    const { cache, loads } = await lookup();
    expect(await cache.find('x')).toBeUndefined();
    await cache.find('x');
    expect(loads).toEqual(['x', 'x']);
  });

  it('reads the database every time while announcements cannot be heard, and starts over when they can', async () => {
    const { cache, loads, handlers } = await lookup();
    await cache.find('a');
    handlers().onListening(false);
    await cache.find('a');
    await cache.find('a');
    handlers().onListening(true);
    await cache.find('a');
    await cache.find('a');
    expect(loads).toEqual(['a', 'a', 'a', 'a']);
  });

  it('does not cache a row read while an announcement arrived', async () => {
    const { cache, loads, handlers, holdNextLoad, releaseLoad } = await lookup();
    holdNextLoad();
    const inFlight = cache.find('a');
    await new Promise((resolve) => setTimeout(resolve, 0));
    handlers().onMessage('t1');
    releaseLoad();
    await inFlight;
    await cache.find('a');
    expect(loads).toEqual(['a', 'a']);
  });
});
