import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/http/app.js';
import { createRateLimits, type RateLimits } from '../src/http/rate-limits.js';
import { page, signIn } from './support/dashboard.js';
import { useHarness } from './support/harness.js';
import { REDIS_URL, redisAnswers } from './support/redis.js';

const { h, tenant } = useHarness();

const opened: RateLimits[] = [];
afterAll(async () => {
  await Promise.all(opened.map((limits) => limits.close()));
});

/** The booking widget's budgets, which these tests do not meet (test/public-widget.test.ts is about them). */
const publicBudgets = { publicAddressRequests: 100, publicKeyRequests: 100, publicBookingsPerHour: 100 };

/** An app with its own budgets: `keyRequests` per key and `ipRequests` per address, per minute. */
async function limitedApp(keyRequests: number, ipRequests: number, redisUrl?: string) {
  const rateLimits = await createRateLimits({ ...publicBudgets, keyRequests, ipRequests, windowSeconds: 60, redisUrl, redisPrefix: redisUrl ? `test-${Math.random()}` : undefined });
  opened.push(rateLimits);
  const app = createApp({ prisma: h.db.prisma, rateLimits });
  const call = async (path: string, key?: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (key) headers.set('authorization', `Bearer ${key}`);
    const response = await app.fetch(`http://localhost${path}`, { ...init, headers });
    return { status: response.status, headers: response.headers, body: await response.json().catch(() => null) };
  };
  return { app, call };
}

const budget = (headers: Headers) => ({
  limit: headers.get('ratelimit-limit'),
  remaining: headers.get('ratelimit-remaining'),
  reset: Number(headers.get('ratelimit-reset')),
});

describe('rate limits', () => {
  it('spends each key’s budget, says so on every answer, and refuses past it with 429 and Retry-After', async () => {
    const t = await tenant();
    const { call } = await limitedApp(4, 100);
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await call(i % 2 ? '/api/v1/leads' : '/api/v1/no-such-route', t.secret));
    expect(answers.map((a) => a.status)).toEqual([404, 200, 404, 200]);
    expect(answers.map((a) => budget(a.headers).remaining)).toEqual(['3', '2', '1', '0']);
    for (const answer of answers) {
      expect(budget(answer.headers).limit).toBe('4');
      expect(budget(answer.headers).reset).toBeGreaterThan(0);
      expect(budget(answer.headers).reset).toBeLessThanOrEqual(60);
    }
    const refused = await call('/api/v1/leads', t.secret);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too Many Requests', message: expect.stringContaining('Rate limit of 4 requests') });
    expect(Number(refused.headers.get('retry-after'))).toBe(budget(refused.headers).reset);
    expect(budget(refused.headers).remaining).toBe('0');

    const viaGraphql = await call('/graphql', t.secret, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ leads { totalCount } }"}' });
    expect(viaGraphql.status).toBe(429);
    expect(viaGraphql.body.errors[0].extensions.code).toBe('TOO_MANY_REQUESTS');
    expect(viaGraphql.headers.get('retry-after')).toBeTruthy();

    // A refused write changed nothing.
    const write = await call('/api/v1/leads', t.secret, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"firstName":"Over","lastName":"Budget"}' });
    expect(write.status).toBe(429);
    expect(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId, lastName: 'Budget' } })).toBe(0);
  });

  it('gives every key its own budget, and a pair its configured one', async () => {
    const a = await tenant();
    const b = await tenant();
    const { call } = await limitedApp(2, 100);
    expect((await call('/api/v1/leads', a.secret)).status).toBe(200);
    expect((await call('/api/v1/leads', a.secret)).status).toBe(200);
    expect((await call('/api/v1/leads', a.secret)).status).toBe(429);
    expect((await call('/api/v1/leads', b.secret)).status).toBe(200);

    const roomy = await tenant();
    await h.db.prisma.apiKeyPair.updateMany({ where: { tenantId: roomy.tenantId }, data: { rateLimit: 5 } });
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await call('/api/v1/leads', roomy.secret)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(budget((await call('/api/v1/leads', roomy.secret)).headers).limit).toBe('5');
  });

  it('limits requests without a valid key by client address, on a smaller budget', async () => {
    const { call } = await limitedApp(100, 3);
    const statuses = [];
    // No key, a malformed key and an unknown key all spend the address's budget.
    for (const key of [undefined, 'not-a-key', `sk_live_${'z'.repeat(43)}`, undefined]) statuses.push((await call('/api/v1/leads', key)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const t = await tenant();
    expect((await call('/api/v1/leads', t.secret)).status).toBe(200);
  });

  it('spends one request of the user’s budget per dashboard page (its API calls and the assets none), and the address’s on the sign-in pages', async () => {
    const t = await tenant({ role: 'system_admin' });
    const { app } = await limitedApp(5, 3);
    const { email } = await h.db.prisma.user.findUniqueOrThrow({ where: { id: t.userId } });
    const session = await signIn(app, h.db.prisma, email); // two requests of the address's budget
    for (let i = 0; i < 4; i += 1) {
      for (const asset of ['/dashboard/assets/dashboard.css', '/dashboard/assets/dashboard.js']) {
        const answer = await page(app, null, asset);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('ratelimit-limit')).toBeNull();
      }
    }
    const pages = [];
    for (const path of ['/dashboard', '/dashboard/settings/api-keys', '/dashboard/settings/users', '/dashboard/settings/modules', '/dashboard']) pages.push(await page(app, session, path));
    expect(pages.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(pages.map((answer) => budget(answer.headers))).toEqual([4, 3, 2, 1, 0].map((left) => ({ limit: '5', remaining: String(left), reset: expect.any(Number) })));
    const refused = await page(app, session, '/dashboard/settings/api-keys');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('text/html');
    expect(await refused.text()).toContain('Too many requests');
    // The sign-in page spends the address's budget (its third request), with or without a session.
    expect((await page(app, session, '/dashboard/sign-in')).status).toBe(200);
    expect((await page(app, null, '/dashboard/sign-in')).status).toBe(429);
  });

  it('never limits the health checks, and limits the API reference like the API', async () => {
    const { call } = await limitedApp(1, 1);
    for (let i = 0; i < 3; i += 1) {
      expect((await call('/health/live')).status).toBe(200);
      expect((await call('/health/ready')).status).toBe(200);
    }
    const document = await call('/openapi.json');
    expect(document.status).toBe(200);
    expect(budget(document.headers)).toMatchObject({ limit: '1', remaining: '0' });
    expect((await call('/docs/init.js')).status).toBe(429);
  });

  it('shares one budget through Redis between two limiters (two processes’ worth)', async ({ skip }) => {
    if (!(await redisAnswers())) skip(`Redis does not answer at ${REDIS_URL}: the shared budget is not tested`);
    const t = await tenant();
    const prefix = `shared-${Math.random()}`;
    const limits = await Promise.all([0, 1].map(() => createRateLimits({ ...publicBudgets, keyRequests: 10, ipRequests: 10, windowSeconds: 60, redisUrl: REDIS_URL, redisPrefix: prefix })));
    opened.push(...limits);
    // Both connected before either app is built: building one (seconds on a busy machine) holds the
    // event loop, and a connection not ready by then would count in memory instead.
    await Promise.all(limits.map((rateLimits) => rateLimits.ready()));
    const apps = limits.map((rateLimits) => createApp({ prisma: h.db.prisma, rateLimits }));
    const statuses = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => (await apps[i % 2]!.fetch('http://localhost/api/v1/leads', { headers: { authorization: `Bearer ${t.secret}` } })).status),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it('keeps serving, counting in memory, when Redis does not answer', async () => {
    const t = await tenant();
    const { call } = await limitedApp(2, 2, 'redis://127.0.0.1:1');
    expect((await call('/api/v1/leads', t.secret)).status).toBe(200);
    expect((await call('/api/v1/leads', t.secret)).status).toBe(200);
    expect((await call('/api/v1/leads', t.secret)).status).toBe(429);
  });
});
