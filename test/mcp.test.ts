import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { pairNamed, revokeKeyPair } from '../src/auth/key-pairs.js';
import type { Scope } from '../src/auth/scopes.js';
import { tenantDb } from '../src/db/tenant-scope.js';
import { operations } from '../src/graphql/route-map.js';
import { createApp } from '../src/http/app.js';
import { createRateLimits, type RateLimits } from '../src/http/rate-limits.js';
import { signIn } from './support/dashboard.js';
import { useHarness, type TenantFixture } from './support/harness.js';
import { compileSchema, connectMcp, type McpClient, revisions, toolError } from './support/mcp.js';

const { h, tenant, rest, untilKeyRefused } = useHarness();
const MCP = 'http://localhost/mcp';
const viaApp = async (input: string | URL | Request, init?: RequestInit) => h.app.fetch(new Request(input, init));
const connect = (key: string, revision: (typeof revisions)[number] = '2026-07-28', query = '') => connectMcp(`${MCP}${query}`, key, revision, viaApp);

/** A raw 2026-07-28 request, its envelope and headers written out, for what the clients hide (cache hints, header checks). */
async function rawRequest(key: string | null, method: string, params: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
  const response = await h.app.fetch(MCP, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: meta } }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/**
 * What REST lets a key call, asked of REST itself: each route with placeholder ids and an empty
 * body is refused 401 or 403 before anything else when the key may not use it. The tools a key
 * sees must be exactly these, so a route added to the route map can never be missing.
 */
async function restAllows(key: string): Promise<string[]> {
  const allowed: string[] = [];
  for (const operation of operations) {
    const path = `/api${operation.route.path.replace(/:(\w+)/g, () => randomUUID())}`;
    const body = operation.route.method === 'GET' || operation.route.method === 'DELETE' ? undefined : {};
    const { status } = await rest(operation.route.method, path, { key, body });
    if (status !== 401 && status !== 403) allowed.push(operation.field.name);
  }
  return allowed.sort();
}

/** A tool's hints, MCP's defaults filled in where the tool leaves one unsaid. */
const hints = (tool: { annotations?: Record<string, unknown> }) => ({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true, ...tool.annotations });

const names = (client: McpClient) => client.listTools().then(({ tools }) => tools.map((t) => t.name).sort());

/** A published room open weekdays 09:00-12:00 (Paris), with one place per slot: what an agent books. */
async function bookableRoom(t: TenantFixture): Promise<string> {
  const resource = await rest('POST', '/api/bookings/resources', {
    key: t.secret,
    body: { type: 'room', name: 'Room A', timezone: 'Europe/Paris', defaultDurationMinutes: 60, maxConcurrent: 1 },
  });
  expect(resource.status).toBe(201);
  const { id } = resource.body.data;
  const hours = await rest('PUT', `/api/bookings/resources/${id}/hours`, {
    key: t.secret,
    body: { hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '12:00' })) },
  });
  expect(hours.status).toBe(200);
  expect((await rest('PATCH', `/api/bookings/resources/${id}`, { key: t.secret, body: { published: true } })).status).toBe(200);
  return id;
}

/** The open slots of a room over the coming week, as an agent finds them. */
async function openSlots(agent: McpClient, id: string): Promise<{ slotId: string; startsAt: string }[]> {
  const from = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);
  return (await agent.callTool({ name: 'resourceAvailability', arguments: { id, from, to } })).structuredContent.slots;
}

const opened: RateLimits[] = [];
afterAll(async () => Promise.all(opened.map((limits) => limits.close())));

describe('MCP at /mcp: authentication', () => {
  it('answers 401 with WWW-Authenticate, before reading the message, without a key, with an unknown one and with a revoked one', async () => {
    const t = await tenant();
    const unauthorized = async (headers: Record<string, string>, body: string) => {
      const response = await h.app.fetch(MCP, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm="api"/);
      expect(await response.json()).toMatchObject({ error: 'Unauthorized' });
    };
    const message = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    await unauthorized({}, message);
    await unauthorized({}, 'not json at all'); // Not read: refused for the key, not the body.
    await unauthorized({ authorization: 'Bearer sk_live_unknown' }, message);
    await revokeKeyPair(tenantDb(h.db.prisma, t.tenantId), (await pairNamed(h.db.prisma, t.secretKeyId)).id, null, new Date());
    await untilKeyRefused(t.secret, 401);
    await unauthorized({ authorization: `Bearer ${t.secret}` }, message);
    await expect(connect(t.secret)).rejects.toThrow();
    await expect(connect(t.secret, '2025-11-25')).rejects.toThrow();
  });

  it('takes API keys only: a dashboard session (cookie and CSRF header) is refused 401', async () => {
    const t = await tenant();
    const { email } = await h.db.prisma.user.findUniqueOrThrow({ where: { id: t.userId } });
    const session = await signIn(h.app, h.db.prisma, email);
    const response = await h.app.fetch(MCP, {
      method: 'POST',
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(response.status).toBe(401);
    expect((await response.json()).message).toContain('API key');
  });

  it('refuses a page of another origin (DNS rebinding) and names the request and its budget like every API answer', async () => {
    const t = await tenant();
    const foreign = await rawRequest(t.secret, 'tools/list', {}, { origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    const listed = await rawRequest(t.secret, 'tools/list', {}, { 'x-request-id': 'mcp-request-1' });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('x-request-id')).toBe('mcp-request-1');
    expect(listed.headers.get('cache-control')).toBe('no-store');
  });
});

describe('MCP at /mcp: the protocol', () => {
  it('speaks 2026-07-28 statelessly (server/discover, no session) and the 2025 revisions after initialize', async () => {
    const t = await tenant();
    for (const revision of revisions) {
      const client = await connect(t.secret, revision);
      expect(client.revision, revision).toBe(revision);
      expect((await client.listTools()).tools.length, revision).toBeGreaterThan(50);
      await client.close();
    }
    const discovered = await rawRequest(t.secret, 'server/discover');
    expect(discovered.status).toBe(200);
    expect(discovered.headers.get('mcp-session-id')).toBeNull();
    expect(discovered.body.result).toMatchObject({ supportedVersions: expect.arrayContaining(['2026-07-28']), capabilities: { tools: {}, resources: {} } });
    expect(discovered.body.result.instructions).toContain('platform://guide.md');
  });

  it("marks a key's tool list private to its caller, and checks Mcp-Method and Mcp-Name against the body", async () => {
    const t = await tenant();
    const listed = await rawRequest(t.secret, 'tools/list');
    expect(listed.body.result).toMatchObject({ cacheScope: 'private', ttlMs: expect.any(Number) });
    const mismatched = await rawRequest(t.secret, 'tools/list', {}, { 'mcp-method': 'tools/call' });
    expect(mismatched.status).toBe(400);
    expect(mismatched.body.error).toBeDefined();
    const call = await rawRequest(t.secret, 'tools/call', { name: 'leads', arguments: {} }, { 'mcp-name': 'createLead' });
    expect(call.status).toBe(400);
    expect(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } })).toBe(0);
  });

  it('answers malformed requests in JSON-RPC terms with their HTTP status, and never runs them', async () => {
    const t = await tenant();
    const send = (init: RequestInit) =>
      h.app.fetch(MCP, { ...init, headers: { authorization: `Bearer ${t.secret}`, accept: 'application/json, text/event-stream', ...(init.headers as Record<string, string>) } });
    const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'createLead', arguments: { firstName: 'A', lastName: 'B' } } });
    const cases: [RequestInit, number, number?][] = [
      [{ method: 'GET' }, 405],
      [{ method: 'DELETE' }, 405],
      [{ method: 'POST', headers: { 'content-type': 'text/plain' }, body: call }, 415],
      [{ method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc": "2.0", "id": 1, "method": ' }, 400, -32700],
      [{ method: 'POST', headers: { 'content-type': 'application/json' }, body: '"just a string"' }, 400],
    ];
    for (const [init, status, code] of cases) {
      const response = await send(init);
      expect(response.status, `${init.method} ${String(init.body).slice(0, 40)}`).toBe(status);
      const body = await response.json();
      expect(body.jsonrpc).toBe('2.0');
      if (code) expect(body.error.code).toBe(code);
    }
    expect(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } })).toBe(0);
  });

  it('answers any request from any server: a 2025 client initialized by one app goes on with another', async () => {
    const t = await tenant();
    const other = createApp({ prisma: h.db.prisma });
    let turn = 0;
    const alternate = async (input: string | URL | Request, init?: RequestInit) => ((turn += 1) % 2 ? h.app : other).fetch(new Request(input, init));
    for (const revision of revisions) {
      const client = await connectMcp(MCP, t.secret, revision, alternate);
      const created = await client.callTool({ name: 'createLead', arguments: { firstName: 'Any', lastName: revision } });
      expect(created.structuredContent.data.lastName).toBe(revision);
      // The 2025 revisions' clients read the same JSON as text; 2026-07-28 clients a sentence beside it.
      expect(created.content?.length, revision).toBe(1);
      if (revision !== '2026-07-28') expect(JSON.parse(created.content?.[0]?.text)).toEqual(created.structuredContent);
      expect((await client.callTool({ name: 'leads', arguments: { limit: 5 } })).isError).toBeFalsy();
      await client.close();
    }
    expect(turn).toBeGreaterThan(6);
  });
});

describe('MCP at /mcp: tools are the operations a key may use', () => {
  const keys: [string, () => Promise<TenantFixture>][] = [
    ['a manager with the inspections module', () => tenant({ role: 'manager', modules: ['inspections'] })],
    ['a manager without the inspections module', () => tenant({ role: 'manager' })],
    ['a technician', () => tenant({ role: 'technician', modules: ['inspections'] })],
    ['a sales user', () => tenant({ role: 'sales' })],
    ['a key with leads.lead.read alone', () => tenant({ scopes: ['leads.lead.read'] as Scope[] })],
  ];
  for (const [who, make] of keys) {
    it(`lists exactly what REST lets ${who} call, plus the graphql tool`, async () => {
      const t = await make();
      const expected = [...(await restAllows(t.secret)), 'graphql'].sort();
      for (const revision of ['2026-07-28', '2025-11-25'] as const) {
        const client = await connect(t.secret, revision);
        expect(await names(client), revision).toEqual(expected);
        await client.close();
      }
    });
  }

  it('shows a publishable key only the public booking tools', async () => {
    const t = await tenant({ modules: ['inspections'] });
    const client = await connect(t.publishable);
    const listed = await names(client);
    expect(listed).toEqual(await restAllows(t.publishable));
    expect(listed).toEqual(operations.filter((o) => o.access?.publicScope).map((o) => o.field.name).sort());
    expect(toolError(await client.callTool({ name: 'graphql', arguments: { query: '{ __typename }' } })).status).toBe(403);
    expect(toolError(await client.callTool({ name: 'leads', arguments: {} })).status).toBe(403);
  });

  it('describes every tool: its annotations and valid JSON Schemas (2020-12) of the OpenAPI document\'s arguments, and with ?outputSchemas=1 what it answers', async () => {
    const t = await tenant({ role: 'system_admin', modules: ['inspections'] });
    const client = await connect(t.secret, '2026-07-28', '?outputSchemas=1');
    const { tools } = await client.listTools();
    const openApi = JSON.parse(readFileSync(new URL('../schema/openapi.json', import.meta.url), 'utf8'));
    expect(tools.length).toBe(operations.length + 1);
    const typeOf = (schema: { type?: string; $ref?: string; allOf?: { $ref: string }[] }): string | undefined => {
      const ref = schema.$ref ?? schema.allOf?.[0]?.$ref;
      return schema.type ?? (ref ? openApi.components.schemas[ref.replace('#/components/schemas/', '')].type : undefined);
    };
    for (const tool of tools) {
      expect(tool.description, tool.name).toBeTruthy();
      expect(() => compileSchema(tool.inputSchema), `${tool.name} inputSchema`).not.toThrow();
      // Nullable values as `anyOf` of single types, which every tool-schema dialect reads (the MCP Inspector's --strict flags type unions).
      expect(JSON.stringify([tool.inputSchema, tool.outputSchema ?? {}]), tool.name).not.toMatch(/"type":\[/);
      if (tool.outputSchema) expect(() => compileSchema(tool.outputSchema!), `${tool.name} outputSchema`).not.toThrow();
      const operation = operations.find((o) => o.field.name === tool.name);
      if (!operation) continue;
      expect(hints(tool).readOnlyHint, tool.name).toBe(operation.kind === 'query');
      if (!operation.route.download) expect(tool.outputSchema, tool.name).toBeDefined();
      // The REST route's parameters, of the same types, but for a list's paging: every paged list takes `limit` and `cursor`.
      const documented = openApi.paths[`/api${operation.route.path.replace(/:(\w+)/g, '{$1}')}`]?.[operation.route.method.toLowerCase()];
      for (const parameter of documented?.parameters.filter((p: { in?: string }) => p.in === 'query' || p.in === 'path') ?? []) {
        if (['page', 'offset', 'after', 'cursor'].includes(parameter.name)) continue;
        expect(tool.inputSchema.properties[parameter.name]?.type, `${tool.name}.${parameter.name}`).toBe(typeOf(parameter.schema));
      }
      const paging = operation.route.list?.paging;
      if (paging && paging !== 'whole') {
        expect(Object.keys(tool.inputSchema.properties), tool.name).toEqual(expect.arrayContaining(['limit', 'cursor']));
        expect(Object.keys(tool.inputSchema.properties), tool.name).not.toEqual(expect.arrayContaining(['page']));
        expect(tool.outputSchema?.required, tool.name).toEqual(expect.arrayContaining(['data', 'nextCursor', 'hasMore']));
      }
    }
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('leads')?.inputSchema.properties.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
    expect(byName.get('leads')?.inputSchema.properties.search).toMatchObject({ type: 'string' });
    expect(byName.get('createLead')?.inputSchema.required).toEqual(expect.arrayContaining(['firstName', 'lastName']));
    expect(byName.get('createLead')?.inputSchema.properties.idempotencyKey).toEqual({ type: 'string' });
    expect(byName.get('lead')?.inputSchema.properties.idempotencyKey).toBeUndefined();
    // What the list leaves out of the schemas: the text patterns every field has, examples, long text limits.
    expect(JSON.stringify(byName.get('createLead')?.inputSchema)).not.toMatch(/u0000|examples|"maxLength":255/);
    expect(byName.get('createLead')?.inputSchema.properties.phone).toMatchObject({ maxLength: 50 });
    expect(hints(byName.get('cancelBooking')!)).toMatchObject({ destructiveHint: true, readOnlyHint: false });
    expect(hints(byName.get('updateLead')!)).toMatchObject({ destructiveHint: false, idempotentHint: true });
    expect(hints(byName.get('createLead')!)).toMatchObject({ destructiveHint: false, idempotentHint: false });
    expect(hints(byName.get('voidInvoice')!)).toMatchObject({ destructiveHint: true, idempotentHint: true });
    expect(hints(byName.get('recordInvoicePayment')!)).toMatchObject({ destructiveHint: false, idempotentHint: false });
    expect(hints(byName.get('sendInvoice')!)).toMatchObject({ idempotentHint: true, openWorldHint: true });
    expect(hints(byName.get('rotateWebhookEndpointSecret')!)).toMatchObject({ idempotentHint: false, openWorldHint: false });
  });
});

describe('MCP at /mcp: calls run the operation, with the REST route\'s rules', () => {
  it('books an agent\'s first open slot, which REST then answers', async () => {
    const t = await tenant();
    const agent = await connect(t.publishable);
    const [slot] = await openSlots(agent, await bookableRoom(t));
    if (!slot) throw new Error('no open slot');
    const booked = await agent.callTool({
      name: 'createBooking',
      arguments: { slotId: slot.slotId, firstName: 'Ann', lastName: 'Agent', email: 'ann@example.test', idempotencyKey: randomUUID() },
    });
    expect(booked.isError).toBeFalsy();
    const booking = booked.structuredContent.booking;
    expect(booking).toMatchObject({ startsAt: slot.startsAt, status: 'confirmed' });
    const read = await rest('GET', `/api/bookings/${booking.id}`, { key: t.secret });
    expect(read.status).toBe(200);
    expect(read.body.booking).toMatchObject({ id: booking.id, startsAt: slot.startsAt, status: 'confirmed' });
  });

  it('refuses what REST refuses, as isError results with its status and reason, and changes nothing', async () => {
    const reader = await tenant({ scopes: ['leads.lead.read'] as Scope[] });
    const manager = await tenant({ role: 'manager' });
    const other = await tenant();
    const theirs = await rest('POST', '/api/v1/leads', { key: other.secret, body: { firstName: 'Not', lastName: 'Yours' } });
    const client = await connect(reader.secret);
    expect(toolError(await client.callTool({ name: 'createLead', arguments: { firstName: 'A', lastName: 'B' } }))).toMatchObject({ status: 403, error: 'Forbidden', requiredScope: 'leads.lead.write' });
    const managing = await connect(manager.secret, '2025-11-25');
    expect(toolError(await managing.callTool({ name: 'inspections', arguments: {} }))).toMatchObject({ status: 403, message: expect.stringContaining('inspections module') });
    const invalid = toolError(await managing.callTool({ name: 'createLead', arguments: { firstName: '', email: 'not-an-email' } }));
    expect(invalid.status).toBe(400);
    expect(invalid.details?.map((d) => d.field)).toEqual(expect.arrayContaining(['lastName']));
    expect(toolError(await managing.callTool({ name: 'leads', arguments: { status: 'bogus' } })).details?.[0]).toMatchObject({ field: 'status', message: expect.stringContaining('must be one of') });
    expect(toolError(await managing.callTool({ name: 'createLead', arguments: { firstName: 'A', lastName: 'B', shoeSize: 42 } })).details).toEqual([
      { field: 'shoeSize', message: 'is not an argument of this tool' },
    ]);
    expect(toolError(await managing.callTool({ name: 'leads', arguments: { limit: 500 } })).details?.[0]?.field).toBe('limit');
    expect(toolError(await managing.callTool({ name: 'leads', arguments: { limit: 'ten' } })).details?.[0]?.field).toBe('limit');
    expect(toolError(await managing.callTool({ name: 'lead', arguments: { id: theirs.body.data.id } }))).toMatchObject({ status: 404 });
    expect(toolError(await managing.callTool({ name: 'updateLead', arguments: { id: theirs.body.data.id, notes: 'mine now' } }))).toMatchObject({ status: 404 });
    expect(toolError(await managing.callTool({ name: 'lead', arguments: {} })).details?.[0]?.field).toBe('id');
    await expect(managing.callTool({ name: 'noSuchTool', arguments: {} })).rejects.toThrow(/noSuchTool/);
    expect(await h.db.prisma.lead.count({ where: { tenantId: { in: [reader.tenantId, manager.tenantId] } } })).toBe(0);
    expect((await h.db.prisma.lead.findFirstOrThrow({ where: { tenantId: other.tenantId } })).notes).toBeNull();
  });

  it('spends the same budgets as REST: a request per call, and a publishable key\'s bookings per address', async () => {
    const t = await tenant();
    const rateLimits = await createRateLimits({ keyRequests: 4, ipRequests: 100, publicAddressRequests: 100, publicKeyRequests: 100, publicBookingsPerHour: 1, windowSeconds: 60 });
    opened.push(rateLimits);
    const app = createApp({ prisma: h.db.prisma, rateLimits });
    const room = await bookableRoom(t);
    const agent = await connectMcp(MCP, t.publishable, '2026-07-28', async (input, init) => app.fetch(new Request(input, init)));
    const [first, second] = await openSlots(agent, room);
    const book = (slotId: string) => agent.callTool({ name: 'createBooking', arguments: { slotId, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.test' } });
    expect((await book(first!.slotId)).isError).toBeFalsy();
    expect(toolError(await book(second!.slotId))).toMatchObject({ status: 429, retryAfterSeconds: expect.any(Number) });
    expect(await h.db.prisma.booking.count({ where: { tenantId: t.tenantId } })).toBe(1);

    const spent = async () => (await app.fetch(MCP, { method: 'POST', headers: { authorization: `Bearer ${t.secret}`, 'content-type': 'application/json' }, body: '{}' }));
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await spent());
    expect(answers.slice(0, 4).map((r) => r.headers.get('ratelimit-remaining'))).toEqual(['3', '2', '1', '0']);
    expect(answers[4]?.status).toBe(429);
    expect(answers[4]?.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('bounds the body like every request, and leaves Idempotency-Key headers to the tools\' argument', async () => {
    const t = await tenant();
    const huge = await h.app.fetch(MCP, { method: 'POST', headers: { authorization: `Bearer ${t.secret}`, 'content-type': 'application/json' }, body: `{"pad":"${'x'.repeat(1_100_000)}"}` });
    expect(huge.status).toBe(413);
    // A client configured to send one Idempotency-Key with every request still gets each call run.
    const client = await connectMcp(MCP, t.secret, '2026-07-28', async (input, init) => h.app.fetch(new Request(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), 'idempotency-key': 'static' } })));
    for (const lastName of ['One', 'Two']) expect((await client.callTool({ name: 'createLead', arguments: { firstName: 'Static', lastName } })).isError).toBeFalsy();
    expect(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } })).toBe(2);
  });

  it('runs a call with an idempotencyKey once, replaying its result, and refuses the key with another call', async () => {
    const t = await tenant();
    const client = await connect(t.secret);
    const key = randomUUID();
    const first = await client.callTool({ name: 'createLead', arguments: { firstName: 'Once', lastName: 'Only', idempotencyKey: key } });
    const again = await client.callTool({ name: 'createLead', arguments: { firstName: 'Once', lastName: 'Only', idempotencyKey: key } });
    expect(again.structuredContent).toEqual(first.structuredContent);
    expect(toolError(await client.callTool({ name: 'createLead', arguments: { firstName: 'Other', lastName: 'Call', idempotencyKey: key } })).status).toBe(422);
    expect(toolError(await client.callTool({ name: 'createLead', arguments: { firstName: 'A', lastName: 'B', idempotencyKey: 42 } })).details?.[0]?.field).toBe('idempotencyKey');
    // Characters no header can carry are the client's mistake, named like any other.
    for (const bad of ['中文', 'line\nbreak', '', 'x'.repeat(256)]) {
      expect(toolError(await client.callTool({ name: 'createLead', arguments: { firstName: 'A', lastName: 'B', idempotencyKey: bad } })), JSON.stringify(bad)).toMatchObject({ status: 400, details: [{ field: 'idempotencyKey' }] });
    }
    expect(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } })).toBe(1);
  });

  it('pages every list tool by cursor: a route paged by cursor, and one paged by page number on REST', async () => {
    const t = await tenant();
    for (const name of ['One', 'Two', 'Three']) await rest('POST', '/api/v1/leads', { key: t.secret, body: { firstName: name, lastName: 'Paged' } });
    for (const name of ['Alpha', 'Beta', 'Gamma']) await rest('POST', '/api/v1/companies', { key: t.secret, body: { name } });
    const client = await connect(t.secret);
    const every = async (tool: string, field: string) => {
      const seen: string[] = [];
      let args: Record<string, unknown> = { limit: 2 };
      for (;;) {
        const page = (await client.callTool({ name: tool, arguments: args })).structuredContent;
        seen.push(...page.data.map((record: Record<string, string>) => record[field]));
        if (!page.hasMore) {
          expect(page.nextCursor).toBeNull();
          break;
        }
        args = { ...args, cursor: page.nextCursor };
      }
      return seen;
    };
    expect(await every('leads', 'firstName')).toEqual(['Three', 'Two', 'One']);
    expect(await every('companies', 'name')).toEqual(['Alpha', 'Beta', 'Gamma']);
    // The second page of companies, as the first page's cursor names it: the REST route's page 2.
    const first = await client.callTool({ name: 'companies', arguments: { limit: 2 } });
    expect(first.structuredContent).toMatchObject({ total: 3, hasMore: true, nextCursor: expect.any(String) });
    expect(first.content?.[0]?.text).toBe(`List companies: 2 of 3; more: call again with \`cursor\` "${first.structuredContent.nextCursor}".`);
    const second = await client.callTool({ name: 'companies', arguments: { limit: 2, cursor: first.structuredContent.nextCursor } });
    const restSecond = await rest('GET', '/api/v1/companies?page=2&limit=2', { key: t.secret });
    expect(second.structuredContent.data).toEqual(restSecond.body.data);
    expect(restSecond.body).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    // REST's paging parameters are no arguments of a tool, and a cursor of another kind is named.
    expect(toolError(await client.callTool({ name: 'companies', arguments: { page: 2 } })).details).toEqual([{ field: 'page', message: 'is not an argument of this tool' }]);
    expect(toolError(await client.callTool({ name: 'companies', arguments: { cursor: 'bogus' } })).details?.[0]?.field).toBe('cursor');
    expect(toolError(await client.callTool({ name: 'leads', arguments: { cursor: 'bogus' } })).details?.[0]?.field).toBe('cursor');
  });

  it('finds leads by search on both surfaces', async () => {
    const t = await tenant();
    for (const [firstName, lastName] of [['Ada', 'Lovelace'], ['Grace', 'Hopper'], ['Adam', 'Smith']]) await rest('POST', '/api/v1/leads', { key: t.secret, body: { firstName, lastName } });
    const viaRest = await rest('GET', '/api/v1/leads?search=lovelace', { key: t.secret });
    expect(viaRest.status).toBe(200);
    expect(viaRest.body.data.map((lead: { lastName: string }) => lead.lastName)).toEqual(['Lovelace']);
    const client = await connect(t.secret);
    const found = await client.callTool({ name: 'leads', arguments: { search: 'ada' } });
    expect(found.structuredContent.data.map((lead: { firstName: string }) => lead.firstName).sort()).toEqual(['Ada', 'Adam']);
    expect(found.content?.[0]?.text).toBe('List leads: 2.');
    const tooLong = await rest('GET', `/api/v1/leads?search=${'x'.repeat(201)}`, { key: t.secret });
    expect(tooLong.status).toBe(400);
    expect(toolError(await client.callTool({ name: 'leads', arguments: { search: 'x'.repeat(201) } })).details?.[0]?.field).toBe('search');
  });

  it('answers structured content with a sentence beside it, which both SDKs\' clients accept from a tool listed without an output schema', async () => {
    const t = await tenant();
    for (const revision of ['2026-07-28', '2025-11-25'] as const) {
      const client = await connect(t.secret, revision);
      const { tools } = await client.listTools();
      expect(tools.find((tool) => tool.name === 'createLead')?.outputSchema, revision).toBeUndefined();
      const created = await client.callTool({ name: 'createLead', arguments: { firstName: 'Ada', lastName: revision } });
      expect(created.isError, revision).toBeFalsy();
      expect(created.structuredContent.data).toMatchObject({ firstName: 'Ada', lastName: revision, status: 'new' });
      const text = created.content?.[0]?.text;
      if (revision === '2026-07-28') expect(text).toBe(`Create a lead: done (id ${created.structuredContent.data.id}, Ada ${revision}, status new).`);
      else expect(JSON.parse(text)).toEqual(created.structuredContent);
      await client.close();
    }
    const client = await connect(t.secret);
    const read = await client.callTool({ name: 'graphql', arguments: { query: '{ leads { totalCount } }' } });
    expect(read.structuredContent).toEqual({ data: { leads: { totalCount: 2 } } });
    expect(read.content?.[0]?.text).toBe('GraphQL query answered data for `leads`.');
    const refused = await client.callTool({ name: 'lead', arguments: { id: randomUUID() } });
    expect(refused.isError).toBe(true);
    expect(refused.content?.[0]?.text).toContain('"status":404');
  });

  it('refuses an argument named __proto__ with the 400 of any unknown argument, as REST refuses the field, written plainly or escaped', async () => {
    const t = await tenant();
    // The call's JSON as a client writes it: `"__proto__"` is an own key of JSON, which the SDK's parsing drops.
    const call = async (name: string, argumentsJson: string) => {
      const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
      const response = await h.app.fetch(MCP, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name, authorization: `Bearer ${t.secret}` },
        body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${name}","_meta":${JSON.stringify(meta)},"arguments":${argumentsJson}}}`,
      });
      expect(response.status).toBe(200);
      return (await response.json()).result;
    };
    const unknownProto = { status: 400, error: 'Bad Request', details: [{ field: '__proto__', message: 'is not an argument of this tool' }] };
    expect(toolError(await call('createLead', '{"firstName":"A","lastName":"Proto","__proto__":{"email":"a@example.com"}}'))).toMatchObject(unknownProto);
    expect(toolError(await call('createLead', '{"firstName":"A","lastName":"Proto","\\u005f_proto__":1}'))).toMatchObject(unknownProto);
    expect(toolError(await call('leads', '{"__proto__":{"limit":500}}'))).toMatchObject(unknownProto);
    expect(toolError(await call('leads', '{"limit":2,"__proto__":null}'))).toMatchObject(unknownProto);
    expect(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } })).toBe(0);
    // REST says the same of the field, and a call without it still runs.
    const viaRest = await h.app.fetch('http://localhost/api/v1/leads', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${t.secret}` }, body: '{"firstName":"A","lastName":"Proto","__proto__":{}}' });
    expect(viaRest.status).toBe(400);
    expect((await call('createLead', '{"firstName":"A","lastName":"Proto","notes":"caf\\u00e9"}')).structuredContent.data).toMatchObject({ lastName: 'Proto', notes: 'café' });
  });
});

describe('MCP at /mcp: the graphql tool and the resources', () => {
  it('runs a query under the key\'s scopes and limits, and never a mutation', async () => {
    const t = await tenant({ role: 'sales' });
    const client = await connect(t.secret, '2025-06-18');
    await rest('POST', '/api/v1/companies', { key: t.secret, body: { name: 'Northwind' } });
    const read = await client.callTool({ name: 'graphql', arguments: { query: 'query Q($s: String) { companies(filter: { search: $s }) { nodes { name } totalCount } }', variables: { s: 'north' } } });
    expect(read.structuredContent).toEqual({ data: { companies: { nodes: [{ name: 'Northwind' }], totalCount: 1 } } });
    const mutation = toolError(await client.callTool({ name: 'graphql', arguments: { query: 'mutation { createLead(input: {firstName: "M", lastName: "X"}) { lead { id } } }' } }));
    expect(mutation).toMatchObject({ status: 400, details: [{ field: 'query' }] });
    const named = toolError(await client.callTool({ name: 'graphql', arguments: { query: 'query A { __typename } mutation B { createLead(input: {firstName: "M", lastName: "X"}) { lead { id } } }', operationName: 'B' } }));
    expect(named.status).toBe(400);
    expect(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } })).toBe(0);
    const forbidden = await client.callTool({ name: 'graphql', arguments: { query: '{ webhookEndpoints { nodes { id } } }' } });
    expect(forbidden.isError).toBe(true);
    expect(forbidden.structuredContent.errors[0].extensions.code).toBe('FORBIDDEN');
    const deep = `{ ${'companies { nodes { deals(first: 1) { nodes { company { '.repeat(4)}name${' } } } } }'.repeat(4)} }`;
    const tooDeep = await client.callTool({ name: 'graphql', arguments: { query: deep } });
    expect(tooDeep.isError).toBe(true);
    expect(tooDeep.structuredContent.errors[0].extensions.code).toMatch(/QUERY_TOO|BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED/);
  });

  it('publishes /llms.txt without a key: where the endpoints are, how to authenticate, and every operation', async () => {
    const response = await h.app.fetch('http://localhost/llms.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/markdown/);
    const text = await response.text();
    expect(text).toMatch(/^# /);
    for (const url of ['http://localhost/mcp', 'http://localhost/openapi.json', 'http://localhost/graphql', 'http://localhost/docs']) expect(text).toContain(url);
    expect(text).toContain('Authorization: Bearer');
    for (const operation of operations) expect(text, operation.field.name).toContain(`\`${operation.field.name}\``);
  });

  it('serves the SDL, the OpenAPI document and the domain guide as resources', async () => {
    const t = await tenant();
    const client = await connect(t.secret);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(['platform://guide.md', 'platform://openapi.json', 'platform://schema.graphql']);
    const text = async (uri: string) => (await client.readResource({ uri })).contents[0]?.text ?? '';
    expect(`${await text('platform://schema.graphql')}\n`).toBe(readFileSync(new URL('../schema/schema.graphql', import.meta.url), 'utf8'));
    expect(JSON.parse(await text('platform://openapi.json'))).toEqual(JSON.parse(readFileSync(new URL('../schema/openapi.json', import.meta.url), 'utf8')));
    expect(await text('platform://guide.md')).toMatch(/^# /);
    await expect(client.readResource({ uri: 'platform://nothing' })).rejects.toThrow();
  });
});
