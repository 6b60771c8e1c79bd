import { describe, expect, it } from 'vitest';
import { createKeyPair } from '../src/auth/key-pairs.js';
import { sweepIdempotencyKeys } from '../src/http/idempotency.js';
import { useHarness } from './support/harness.js';

const { h, tenant, rest } = useHarness();

const DAY_MS = 24 * 60 * 60 * 1000;

/** A GraphQL request with the headers given, answered as status, headers and parsed body. */
async function graphql(key: string, query: string, headers: Record<string, string> = {}) {
  const response = await h.app.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...headers },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const leadsNamed = (tenantId: string, lastName: string) => h.db.prisma.lead.count({ where: { tenantId, lastName } });
const storedKeys = (tenantId: string) => h.db.prisma.idempotentRequest.findMany({ where: { tenantId } });

describe('Idempotency-Key on REST writes', () => {
  it('runs the first request, and replays its answer to a repeat with Idempotent-Replayed', async () => {
    const t = await tenant();
    const send = () => rest('POST', '/api/v1/leads', { key: t.secret, body: { firstName: 'Ida', lastName: 'Replay' }, headers: { 'idempotency-key': 'create-ida' } });
    const first = await send();
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const repeat = await send();
    expect(repeat.status).toBe(201);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(repeat.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(repeat.body).toEqual(first.body);
    // Each answer keeps its own request id.
    expect(repeat.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(await leadsNamed(t.tenantId, 'Replay')).toBe(1);
    const [stored] = await storedKeys(t.tenantId);
    expect(stored).toMatchObject({ key: 'create-ida', status: 201 });
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(DAY_MS);
  });

  it('replays a repeat sent to the same route with a trailing slash: one route, one request', async () => {
    const t = await tenant();
    const send = (path: string) => rest('POST', path, { key: t.secret, body: { name: 'Slash Ltd' }, headers: { 'idempotency-key': 'slash' } });
    const first = await send('/api/v1/companies');
    expect(first.status).toBe(201);
    const repeat = await send('/api/v1/companies/');
    expect(repeat.status, JSON.stringify(repeat.body)).toBe(201);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(repeat.body).toEqual(first.body);
    expect(await h.db.prisma.company.count({ where: { tenantId: t.tenantId, name: 'Slash Ltd' } })).toBe(1);
  });

  it('refuses the same key with another body or path with a 422, changing nothing', async () => {
    const t = await tenant();
    const headers = { 'idempotency-key': 'one-key' };
    expect((await rest('POST', '/api/v1/leads', { key: t.secret, body: { firstName: 'Al', lastName: 'First' }, headers })).status).toBe(201);
    const otherBody = await rest('POST', '/api/v1/leads', { key: t.secret, body: { firstName: 'Al', lastName: 'Second' }, headers });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body).toEqual({ error: 'Unprocessable Entity', message: expect.stringContaining('used with another request') });
    const otherPath = await rest('POST', '/api/v1/companies', { key: t.secret, body: { name: 'Al Inc' }, headers });
    expect(otherPath.status).toBe(422);
    expect(await leadsNamed(t.tenantId, 'Second')).toBe(0);
    expect(await h.db.prisma.company.count({ where: { tenantId: t.tenantId } })).toBe(0);
  });

  it('creates once when the same request arrives many times at once: the others replay it or get 409', async () => {
    const t = await tenant();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        rest('POST', '/api/v1/leads', { key: t.secret, body: { firstName: 'Con', lastName: 'Current' }, headers: { 'idempotency-key': 'burst' } }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 201 || s === 409), statuses.join()).toBe(true);
    const created = answers.filter((a) => a.status === 201);
    expect(new Set(created.map((a) => a.body.data.id)).size).toBe(1);
    for (const conflict of answers.filter((a) => a.status === 409)) {
      expect(conflict.body.error).toBe('Conflict');
      expect(conflict.headers.get('retry-after')).toBe('1');
    }
    expect(await leadsNamed(t.tenantId, 'Current')).toBe(1);
  });

  it('answers 409 while the first request still runs, and runs again once that request is abandoned', async () => {
    const t = await tenant();
    const now = Date.now();
    const body = { firstName: 'Ab', lastName: 'Andoned' };
    // What a running first request leaves behind (its process may have died since).
    const running = await rest('POST', '/api/v1/leads', { key: t.secret, body, headers: { 'idempotency-key': 'held' } });
    await h.db.prisma.idempotentRequest.update({
      where: { tenantId_key: { tenantId: t.tenantId, key: 'held' } },
      data: { status: null, body: null, runningUntil: new Date(now + 30_000) },
    });
    const whileRunning = await rest('POST', '/api/v1/leads', { key: t.secret, body, headers: { 'idempotency-key': 'held' } });
    expect(whileRunning.status).toBe(409);
    expect(whileRunning.body.message).toMatch(/still running/);
    expect(running.status).toBe(201);
    h.clock.offsetMs = 61_000;
    try {
      const afterLease = await rest('POST', '/api/v1/leads', { key: t.secret, body, headers: { 'idempotency-key': 'held' } });
      expect(afterLease.status).toBe(201);
      expect(afterLease.headers.get('idempotent-replayed')).toBeNull();
    } finally {
      h.clock.offsetMs = 0;
    }
  });

  it('does not store refusals that changed nothing, so a corrected request may reuse the key', async () => {
    const t = await tenant();
    const readOnly = await tenant({ scopes: ['leads.lead.read'] });
    const headers = { 'idempotency-key': 'fix-and-retry' };
    const invalid = await rest('POST', '/api/v1/leads', { key: t.secret, body: { firstName: '' }, headers });
    expect(invalid.status).toBe(400);
    expect(await storedKeys(t.tenantId)).toEqual([]);
    const corrected = await rest('POST', '/api/v1/leads', { key: t.secret, body: { firstName: 'Cor', lastName: 'Rected' }, headers });
    expect(corrected.status).toBe(201);
    const forbidden = await rest('POST', '/api/v1/leads', { key: readOnly.secret, body: { firstName: 'No', lastName: 'Scope' }, headers });
    expect(forbidden.status).toBe(403);
    expect(await storedKeys(readOnly.tenantId)).toEqual([]);
  });

  it('never replays an answer to another API key of the tenant, which may lack the scope to read it', async () => {
    const t = await tenant();
    const writeOnly = await createKeyPair(h.db.prisma, { tenantId: t.tenantId, userId: t.userId, name: 'companies only', scopes: ['companies.write'] });
    const headers = { 'idempotency-key': 'per-key' };
    const body = { firstName: 'Pri', lastName: 'Vate', email: 'private@example.test' };
    expect((await rest('POST', '/api/v1/leads', { key: t.secret, body, headers })).status).toBe(201);
    const other = await rest('POST', '/api/v1/leads', { key: writeOnly.secret.key, body, headers });
    expect(other.status).toBe(422);
    expect(JSON.stringify(other.body)).not.toContain('private@example.test');
  });

  it('keeps keys per tenant: the same key in another tenant runs its own request', async () => {
    const a = await tenant();
    const b = await tenant();
    const send = (key: string) => rest('POST', '/api/v1/leads', { key, body: { firstName: 'Ten', lastName: 'Ant' }, headers: { 'idempotency-key': 'shared-name' } });
    const inA = await send(a.secret);
    const inB = await send(b.secret);
    expect([inA.status, inB.status]).toEqual([201, 201]);
    expect(inB.headers.get('idempotent-replayed')).toBeNull();
    expect(inB.body.data.id).not.toBe(inA.body.data.id);
    expect(await leadsNamed(b.tenantId, 'Ant')).toBe(1);
  });

  it('forgets a key after 24 hours, and the sweep deletes expired entries', async () => {
    const t = await tenant();
    const send = () => rest('POST', '/api/v1/leads', { key: t.secret, body: { firstName: 'Ex', lastName: 'Pired' }, headers: { 'idempotency-key': 'a-day' } });
    expect((await send()).status).toBe(201);
    h.clock.offsetMs = DAY_MS - 1_000;
    try {
      expect((await send()).headers.get('idempotent-replayed')).toBe('true');
      h.clock.offsetMs = DAY_MS + 1_000;
      const later = await send();
      expect(later.status).toBe(201);
      expect(later.headers.get('idempotent-replayed')).toBeNull();
      expect(await leadsNamed(t.tenantId, 'Pired')).toBe(2);
      await rest('POST', '/api/v1/leads', { key: t.secret, body: { firstName: 'To', lastName: 'Sweep' }, headers: { 'idempotency-key': 'old' } });
    } finally {
      h.clock.offsetMs = 0;
    }
    // Swept a day and a half on: every entry of this tenant is past its expiry by then.
    await sweepIdempotencyKeys(h.db.prisma, new Date(Date.now() + 2 * DAY_MS + 1_000));
    expect(await storedKeys(t.tenantId)).toEqual([]);
  });

  it('refuses a key that is not 1 to 255 visible ASCII characters, and ignores keys on GET', async () => {
    const t = await tenant();
    for (const bad of ['x'.repeat(256), 'with space', 'naïve']) {
      const answer = await rest('POST', '/api/v1/leads', { key: t.secret, body: { firstName: 'Bad', lastName: 'Key' }, headers: { 'idempotency-key': bad } });
      expect(answer.status, bad).toBe(400);
      expect(answer.body.message).toMatch(/Idempotency-Key/);
    }
    expect(await leadsNamed(t.tenantId, 'Key')).toBe(0);
    const read = await rest('GET', '/api/v1/leads', { key: t.secret, headers: { 'idempotency-key': 'ignored' } });
    expect(read.status).toBe(200);
    expect(read.headers.get('idempotent-replayed')).toBeNull();
    expect(await storedKeys(t.tenantId)).toEqual([]);
  });
});

describe('Idempotency-Key on GraphQL mutations', () => {
  const mutation = 'mutation { createLead(input: { firstName: "Gra", lastName: "Phql" }) { lead { id lastName } } }';

  it('replays a mutation, refuses another one under the same key with a 422, and never stores queries', async () => {
    const t = await tenant();
    const first = await graphql(t.secret, mutation, { 'idempotency-key': 'gql-1' });
    expect(first.status).toBe(200);
    const repeat = await graphql(t.secret, mutation, { 'idempotency-key': 'gql-1' });
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(repeat.body).toEqual(first.body);
    expect(await leadsNamed(t.tenantId, 'Phql')).toBe(1);

    const other = await graphql(t.secret, mutation.replace('Gra', 'Other'), { 'idempotency-key': 'gql-1' });
    expect(other.status).toBe(422);
    expect(other.body.errors[0].extensions.code).toBe('IDEMPOTENCY_KEY_REUSED');

    const query = await graphql(t.secret, '{ leads(first: 1) { totalCount } }', { 'idempotency-key': 'gql-query' });
    expect(query.status).toBe(200);
    expect((await storedKeys(t.tenantId)).map((k) => k.key)).toEqual(['gql-1']);
  });

  it('lets a corrected mutation reuse the key of one refused for its input', async () => {
    const t = await tenant();
    const refused = await graphql(t.secret, 'mutation { createLead(input: { firstName: "", lastName: "Fix" }) { lead { id } } }', { 'idempotency-key': 'gql-fix' });
    expect(refused.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const corrected = await graphql(t.secret, mutation, { 'idempotency-key': 'gql-fix' });
    expect(corrected.body.data.createLead.lead?.lastName).toBe('Phql');
    expect(corrected.headers.get('idempotent-replayed')).toBeNull();
  });

  it('creates once under many concurrent identical mutations', async () => {
    const t = await tenant();
    const answers = await Promise.all(Array.from({ length: 10 }, () => graphql(t.secret, mutation, { 'idempotency-key': 'gql-burst' })));
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const ids = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.data.createLead.lead?.id));
    expect(ids.size).toBe(1);
    expect(await leadsNamed(t.tenantId, 'Phql')).toBe(1);
  });
});

describe('Idempotency-Key on answers that showed a secret', () => {
  const endpointBody = { url: 'https://1.1.1.1/hooks', events: ['lead.created'] };

  it("tells a repeat of a webhook endpoint's creation that its signing secret was shown once, and to rotate it if lost", async () => {
    const t = await tenant();
    const send = () => rest('POST', '/api/webhook-endpoints', { key: t.secret, body: endpointBody, headers: { 'idempotency-key': 'endpoint-once' } });
    const first = await send();
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.secret).toMatch(/^whsec_/);
    const id = first.body.data.id as string;
    const repeat = await send();
    expect(repeat.status).toBe(409);
    expect(repeat.body).toEqual({
      error: 'Conflict',
      message: `This request already ran, and its answer showed secrets that are shown once and never replayed: the signing secret of webhook endpoint ${id} (if it was lost, rotate the endpoint's secret for a new one (\`rotateWebhookEndpointSecret\`, or POST /api/webhook-endpoints/${id}/rotate-secret)).`,
    });
    expect(JSON.stringify(repeat.body)).not.toMatch(/whsec_|keys|revoke/);
    expect(await h.db.prisma.webhookEndpoint.count({ where: { tenantId: t.tenantId } })).toBe(1);

    // Its rotation, repeated, is told the same.
    const rotate = () => rest('POST', `/api/webhook-endpoints/${id}/rotate-secret`, { key: t.secret, headers: { 'idempotency-key': 'rotate-once' } });
    expect((await rotate()).status).toBe(200);
    const rotatedAgain = await rotate();
    expect(rotatedAgain.status).toBe(409);
    expect(rotatedAgain.body.message).toContain(`the signing secret of webhook endpoint ${id} (if it was lost, rotate the endpoint's secret`);
  });

  it('names each secret a mutation showed with what to do if it was lost: a key pair is revoked, an endpoint rotated', async () => {
    const t = await tenant();
    const mutation = `mutation {
      createApiKeyPair(input: { name: "Both", scopes: ["leads.lead.read"] }) { issuedApiKeyPair { secretKey pair { id } } }
      createWebhookEndpoint(input: { url: "${endpointBody.url}", events: ["lead.created"] }) { webhookEndpoint { id secret } }
    }`;
    const first = await graphql(t.secret, mutation, { 'idempotency-key': 'both-once' });
    expect(first.body.errors).toBeUndefined();
    const pairId = first.body.data.createApiKeyPair.issuedApiKeyPair.pair.id as string;
    const endpointId = first.body.data.createWebhookEndpoint.webhookEndpoint.id as string;
    const repeat = await graphql(t.secret, mutation, { 'idempotency-key': 'both-once' });
    expect(repeat.status).toBe(409);
    expect(repeat.body.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual(['CREDENTIALS_NOT_REPLAYED']);
    const message = repeat.body.errors[0].message as string;
    expect(message).toContain(`the keys of key pair ${pairId} (if they were lost, revoke that pair and create another (with a new Idempotency-Key))`);
    expect(message).toContain(`the signing secret of webhook endpoint ${endpointId} (if it was lost, rotate the endpoint's secret`);
    expect(message).not.toMatch(/[sp]k_live_|whsec_/);
  });
});
