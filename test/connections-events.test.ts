import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fixtures } from './support/fixtures.js';
import { useHarness } from './support/harness.js';

// The lists of src/events as connections: `events`, `webhookEndpoints` and `webhookDeliveries`
// (and `resourceClosures`, REST's other whole list),
// page forward and backward through every order, filter, refuse a cursor of another order or
// filter, and keep REST's shapes (`{data, nextCursor, hasMore}` by `cursor`, `{data}` whole).

const harness = useHarness();
const { h, tenant, rest } = harness;
const make = fixtures(harness);

async function graphql(key: string, query: string) {
  const response = await h.app.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as { data?: Record<string, any> | null; errors?: { extensions?: Record<string, any> }[] };
}

type Row = { id: string } & Record<string, string>;
interface Page {
  nodes: { id: string }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  totalCount: number;
}

/** One page of a root connection; `args` is GraphQL argument text (`first: 2, orderBy: ...`). */
async function page(key: string, field: string, args: string): Promise<Page> {
  const answer = await graphql(key, `{ ${field}(${args}) { nodes { id } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } totalCount } }`);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data![field] as Page;
}

/** Every id, forward by 2 then backward by 2, each walk without duplicates or gaps. */
async function walk(key: string, field: string, args: string) {
  const forward: string[] = [];
  for (let after = ''; ; ) {
    const p = await page(key, field, `${args} first: 2${after}`);
    forward.push(...p.nodes.map((n) => n.id));
    if (!p.pageInfo.hasNextPage) break;
    after = `, after: "${p.pageInfo.endCursor}"`;
  }
  const backward: string[] = [];
  for (let before = ''; ; ) {
    const p = await page(key, field, `${args} last: 2${before}`);
    backward.unshift(...p.nodes.map((n) => n.id));
    if (!p.pageInfo.hasPreviousPage) break;
    before = `, before: "${p.pageInfo.startCursor}"`;
  }
  expect(backward).toEqual(forward);
  expect(new Set(forward).size).toBe(forward.length);
  return forward;
}

/** Rows in key order, ties broken by id in the same direction. */
const sorted = (rows: Row[], column: string, direction: 'ASC' | 'DESC') =>
  [...rows]
    .sort((a, b) => (a[column]! < b[column]! ? -1 : a[column]! > b[column]! ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * (direction === 'ASC' ? 1 : -1))
    .map((r) => r.id);

/** A cursor handed out under one order and filter is refused under another. */
async function refusesForeignCursor(key: string, field: string, args: string, otherArgs: string) {
  const cursor = (await page(key, field, `${args} first: 1`)).pageInfo.endCursor;
  const answer = await graphql(key, `{ ${field}(${otherArgs} first: 1, after: "${cursor}") { nodes { id } } }`);
  expect(answer.errors?.[0]?.extensions, otherArgs).toMatchObject({ code: 'BAD_USER_INPUT' });
}

const at = (iso: string) => new Date(iso);

async function seedEvents(tenantId: string) {
  // Ties: three events share an instant.
  const times = ['2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z', '2026-11-02T10:00:00.000Z', '2026-11-03T10:00:00.000Z'];
  const types = ['lead.created', 'company.created', 'lead.created', 'lead.updated', 'company.created'];
  const rows = times.map((createdAt, i) => ({ id: randomUUID(), tenantId, type: types[i]!, data: { n: i }, createdAt: at(createdAt) }));
  await h.db.prisma.event.createMany({ data: rows });
  return rows.map((r) => ({ id: r.id, type: r.type, createdAt: r.createdAt.toISOString() }));
}

async function seedEndpoints(t: { tenantId: string; userId: string }) {
  const specs = [
    ['https://b.example/hook', 'enabled', '2026-11-01T10:00:00.000Z'],
    ['https://a.example/hook', 'disabled', '2026-11-01T10:00:00.000Z'],
    ['https://b.example/hook', 'enabled', '2026-11-02T10:00:00.000Z'],
    ['https://c.example/hook', 'enabled', '2026-11-02T10:00:00.000Z'],
    ['https://a.example/hook', 'enabled', '2026-11-03T10:00:00.000Z'],
  ] as const;
  const rows = [];
  for (const [url, status, createdAt] of specs) {
    const row = await h.db.prisma.webhookEndpoint.create({
      data: { tenantId: t.tenantId, url, status, events: ['*'], receives: ['lead.created'], secret: `whsec_${randomUUID()}`, createdByUserId: t.userId, createdAt: at(createdAt), updatedAt: at(createdAt) },
    });
    rows.push({ id: row.id, url, status, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });
  }
  return rows;
}

describe('events, webhook endpoints and deliveries as connections', () => {
  it('events: pages both ways in each order with ties, filters by type and time, refuses foreign cursors; REST pages by cursor', async () => {
    const t = await tenant();
    const other = await tenant();
    const rows = await seedEvents(t.tenantId);
    await seedEvents(other.tenantId);
    for (const direction of ['ASC', 'DESC'] as const) {
      expect(await walk(t.secret, 'events', `orderBy: [{ field: CREATED_AT, direction: ${direction} }],`)).toEqual(sorted(rows, 'createdAt', direction));
    }
    expect(await walk(t.secret, 'events', '')).toEqual(sorted(rows, 'createdAt', 'DESC'));
    expect((await page(t.secret, 'events', 'first: 1')).totalCount).toBe(5);

    const leadsOnly = await walk(t.secret, 'events', 'filter: { type: ["lead.created"] },');
    expect(leadsOnly).toEqual(sorted(rows.filter((r) => r.type === 'lead.created'), 'createdAt', 'DESC'));
    const since = await walk(t.secret, 'events', 'filter: { createdAt: { from: "2026-11-02T00:00:00Z" } },');
    expect(since).toEqual(sorted(rows.filter((r) => r.createdAt >= '2026-11-02'), 'createdAt', 'DESC'));
    const unknown = await graphql(t.secret, '{ events(filter: { type: ["lead.nope"] }) { nodes { id } } }');
    expect(unknown.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ field: expect.arrayContaining(['filter', 'type']) }] });

    await refusesForeignCursor(t.secret, 'events', '', 'orderBy: [{ field: CREATED_AT, direction: ASC }],');
    await refusesForeignCursor(t.secret, 'events', '', 'filter: { type: ["lead.created"] },');

    // REST: `limit`, `cursor`, `type` (repeatable) and `{data, nextCursor, hasMore}`.
    const first = await rest('GET', '/api/events?type=lead.created&type=company.created&limit=3', { key: t.secret });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['data', 'hasMore', 'nextCursor']);
    expect(Object.keys(first.body.data[0]).sort()).toEqual(['createdAt', 'data', 'id', 'type']);
    const second = await rest('GET', `/api/events?type=lead.created&type=company.created&limit=3&after=${first.body.nextCursor}`, { key: t.secret });
    expect(second.body).toMatchObject({ hasMore: false, nextCursor: null });
    expect([...first.body.data, ...second.body.data].map((e: Row) => e.id)).toEqual(sorted(rows.filter((r) => r.type !== 'lead.updated'), 'createdAt', 'DESC'));
  });

  it('webhook endpoints: pages both ways by created, updated and URL with ties, filters by status; REST answers {data} whole', async () => {
    const t = await tenant();
    const rows = await seedEndpoints(t);
    for (const [field, column] of [['CREATED_AT', 'createdAt'], ['UPDATED_AT', 'updatedAt'], ['URL', 'url']] as const) {
      for (const direction of ['ASC', 'DESC'] as const) {
        expect(await walk(t.secret, 'webhookEndpoints', `orderBy: [{ field: ${field}, direction: ${direction} }],`), `${field} ${direction}`).toEqual(sorted(rows, column, direction));
      }
    }
    expect(await walk(t.secret, 'webhookEndpoints', 'filter: { status: [disabled] },')).toEqual(rows.filter((r) => r.status === 'disabled').map((r) => r.id));
    await refusesForeignCursor(t.secret, 'webhookEndpoints', '', 'orderBy: [{ field: URL, direction: ASC }],');

    const listed = await rest('GET', '/api/webhook-endpoints', { key: t.secret });
    expect(listed.status).toBe(200);
    expect(Object.keys(listed.body)).toEqual(['data']);
    expect(listed.body.data.map((e: Row) => e.id)).toEqual(sorted(rows, 'createdAt', 'DESC'));
    expect(listed.body.data[0]).not.toHaveProperty('secret');
    expect((await rest('GET', '/api/webhook-endpoints?limit=2', { key: t.secret })).status).toBe(400);
  });

  it("webhook deliveries: one endpoint's deliveries page both ways with ties, filter by status and time; REST pages by cursor", async () => {
    const t = await tenant();
    const [endpoint, otherEndpoint] = await seedEndpoints(t);
    const events = await seedEvents(t.tenantId);
    const statuses = ['pending', 'delivered', 'failed', 'delivered', 'pending'] as const;
    const rows = [];
    for (const [i, event] of events.entries()) {
      const row = await h.db.prisma.webhookDelivery.create({ data: { tenantId: t.tenantId, endpointId: endpoint!.id, eventId: event.id, status: statuses[i], createdAt: at(event.createdAt) } });
      rows.push({ id: row.id, status: row.status, createdAt: event.createdAt });
    }
    await h.db.prisma.webhookDelivery.create({ data: { tenantId: t.tenantId, endpointId: otherEndpoint!.id, eventId: events[0]!.id } });

    const field = `webhookDeliveries`;
    const of = (args: string) => `id: "${endpoint!.id}", ${args}`;
    for (const direction of ['ASC', 'DESC'] as const) {
      expect(await walk(t.secret, field, of(`orderBy: [{ field: CREATED_AT, direction: ${direction} }],`))).toEqual(sorted(rows, 'createdAt', direction));
    }
    expect(await walk(t.secret, field, of('filter: { status: [delivered, failed] },'))).toEqual(sorted(rows.filter((r) => r.status !== 'pending'), 'createdAt', 'DESC'));
    expect(await walk(t.secret, field, of('filter: { createdAt: { to: "2026-11-02T00:00:00Z" } },'))).toEqual(sorted(rows.filter((r) => r.createdAt < '2026-11-02'), 'createdAt', 'DESC'));
    await refusesForeignCursor(t.secret, field, of(''), of('filter: { status: [pending] },'));

    const first = await rest('GET', `/api/webhook-endpoints/${endpoint!.id}/deliveries?limit=4`, { key: t.secret });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ hasMore: true });
    const second = await rest('GET', `/api/webhook-endpoints/${endpoint!.id}/deliveries?limit=4&after=${first.body.nextCursor}`, { key: t.secret });
    expect(second.body).toMatchObject({ hasMore: false, nextCursor: null });
    expect([...first.body.data, ...second.body.data].map((d: Row) => d.id)).toEqual(sorted(rows, 'createdAt', 'DESC'));
    expect((await rest('GET', `/api/webhook-endpoints/${randomUUID()}/deliveries`, { key: t.secret })).status).toBe(404);
  });

  it("resource closures: upcoming ones page both ways by start and end with ties, filter by start; REST pages them by cursor", async () => {
    const t = await tenant();
    const resource = await make.resource(t.secret);
    const spans = [
      ['2030-01-03T00:00:00.000Z', '2030-01-04T00:00:00.000Z'],
      ['2030-01-01T00:00:00.000Z', '2030-01-05T00:00:00.000Z'],
      ['2030-01-01T00:00:00.000Z', '2030-01-02T00:00:00.000Z'],
      ['2030-01-02T00:00:00.000Z', '2030-01-04T00:00:00.000Z'],
      ['2020-01-01T00:00:00.000Z', '2020-01-02T00:00:00.000Z'],
    ];
    const rows: Row[] = [];
    for (const [startsAt, endsAt] of spans) {
      const made = await rest('POST', `/api/bookings/resources/${resource.id}/closures`, { key: t.secret, body: { startsAt, endsAt } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      rows.push({ id: made.body.data.id, startsAt: startsAt!, endsAt: endsAt! });
    }
    const upcoming = rows.filter((r) => r.endsAt! > '2026');
    const of = (args: string) => `id: "${resource.id}", ${args}`;
    for (const [field, column] of [['STARTS_AT', 'startsAt'], ['ENDS_AT', 'endsAt']] as const) {
      for (const direction of ['ASC', 'DESC'] as const) {
        expect(await walk(t.secret, 'resourceClosures', of(`orderBy: [{ field: ${field}, direction: ${direction} }],`)), `${field} ${direction}`).toEqual(sorted(upcoming, column, direction));
      }
    }
    const later = await walk(t.secret, 'resourceClosures', of('filter: { startsAt: { from: "2030-01-02T00:00:00Z" } },'));
    expect(later).toEqual(sorted(upcoming.filter((r) => r.startsAt! >= '2030-01-02'), 'startsAt', 'ASC'));
    await refusesForeignCursor(t.secret, 'resourceClosures', of(''), of('orderBy: [{ field: ENDS_AT, direction: ASC }],'));

    const listed = await rest('GET', `/api/bookings/resources/${resource.id}/closures`, { key: t.secret });
    expect(listed.status).toBe(200);
    expect(Object.keys(listed.body).sort()).toEqual(['data', 'hasMore', 'nextCursor']);
    expect(listed.body.hasMore).toBe(false);
    expect(listed.body.data.map((c: Row) => c.id)).toEqual(sorted(upcoming, 'startsAt', 'ASC'));
    expect(Object.keys(listed.body.data[0]).sort()).toEqual(['endsAt', 'id', 'reason', 'resourceId', 'startsAt']);
  });
});
