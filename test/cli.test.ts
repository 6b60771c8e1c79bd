import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from './support/database.js';

const run = promisify(execFile);
const root = new URL('..', import.meta.url).pathname;

/** The CLI exactly as integrators call it: `npm run --silent cli -- ...`. */
async function cli(env: NodeJS.ProcessEnv, ...args: string[]) {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'cli', '--', ...args], { cwd: root, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function ok(env: NodeJS.ProcessEnv, ...args: string[]) {
  const result = await cli(env, ...args);
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout.trim().split('\n')).toHaveLength(1);
  return JSON.parse(result.stdout);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function waitUntilServing(base: string, child: ChildProcess) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const answered = await fetch(`${base}/graphql`, { method: 'POST' }).then(() => true, () => false);
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
}

describe('command line', { timeout: 120_000 }, () => {
  let env: NodeJS.ProcessEnv;
  let dropDatabase = async () => {};
  let dataDir: string;
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bp-cli-'));
    env = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    // With TEST_DATABASE_URL the CLI and server share a scratch PostgreSQL database instead.
    if (process.env.TEST_DATABASE_URL) {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL);
      env.DATABASE_URL = scratch.url;
      dropDatabase = scratch.drop;
    }
  });

  afterAll(async () => {
    server?.kill('SIGTERM');
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates tenants, users, keys and custom fields, printing one JSON object each', async () => {
    const tenant = await ok(env, 'tenant', 'create', '--name', 'Acme Lifts', '--module', 'inspections');
    expect(tenant).toEqual({ id: expect.any(String), name: 'Acme Lifts', modules: ['inspections'] });
    const user = await ok(env, 'user', 'create', '--tenant', tenant.id, '--name', 'Ann', '--email', 'ann@acme.example', '--role', 'manager');
    expect(user).toEqual({ id: expect.any(String), name: 'Ann', email: 'ann@acme.example', role: 'manager' });
    const keys = await ok(env, 'key', 'create', '--tenant', tenant.id, '--user', user.id, '--name', 'CRM sync', '--scopes', 'leads.lead.read,leads.lead.write');
    expect(keys).toEqual({
      name: 'CRM sync',
      scopes: ['leads.lead.read', 'leads.lead.write'],
      publishable: { id: expect.any(String), key: expect.stringMatching(/^pk_live_[\w-]{43}$/) },
      secret: { id: expect.any(String), key: expect.stringMatching(/^sk_live_[\w-]{43}$/) },
    });
    const field = await ok(env, 'custom-field', 'create', '--tenant', tenant.id, '--entity', 'lead', '--key', 'tier', '--type', 'select', '--required', '--options', 'gold,silver');
    expect(field).toMatchObject({ entity: 'lead', key: 'tier', type: 'select', required: true, options: ['gold', 'silver'] });
  });

  it('prints a one-line error and exits non-zero on bad input', async () => {
    for (const args of [
      ['user', 'create', '--tenant', 'nope', '--name', 'A', '--email', 'a@b.example', '--role', 'king'],
      ['tenant', 'create'],
      ['tenant', 'destroy'],
      ['key', 'revoke', '--id', '01a20000-0000-7000-8000-000000000000'],
      ['tenant', 'create', '--name', 'X', '--colour', 'red'],
    ]) {
      const result = await cli(env, ...args);
      expect(result.code, args.join(' ')).not.toBe(0);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });

  it('works while the server runs: a revoked key is refused on the next request', { timeout: 180_000 }, async () => {
    const port = await freePort();
    server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: root, env: { ...env, PORT: String(port) }, stdio: 'pipe' });
    const base = `http://127.0.0.1:${port}`;
    await waitUntilServing(base, server);
    const demo = await ok(env, 'seed', 'demo');
    expect(demo.keys.secret.key).toMatch(/^sk_live_/);
    expect(demo.users.map((u: { role: string }) => u.role).sort()).toEqual(['field_coordinator', 'manager', 'sales', 'system_admin', 'technician']);
    const call = (key: string) => fetch(`${base}/api/v1/leads`, { headers: { authorization: `Bearer ${key}` } });
    const before = await call(demo.keys.secret.key);
    expect(before.status).toBe(200);
    expect((await before.json()).data.length).toBeGreaterThan(0);
    const rotated = await ok(env, 'key', 'rotate', '--id', demo.keys.secret.id);
    expect((await call(rotated.secret.key)).status).toBe(200);
    expect((await call(demo.keys.secret.key)).status).toBe(200);
    const revoked = await ok(env, 'key', 'revoke', '--id', demo.keys.secret.id);
    expect(revoked).toEqual({ id: demo.keys.secret.id, revokedAt: expect.any(String) });
    expect((await call(demo.keys.secret.key)).status).toBe(401);
    expect((await call(rotated.secret.key)).status).toBe(200);
  });
});
