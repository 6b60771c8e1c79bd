import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from './support/fixtures.js';
import type { TenantFixture } from './support/harness.js';
import { useHarness } from './support/harness.js';

const harness = useHarness();
const { h, tenant, rest, gql } = harness;
const make = fixtures(harness);

/** Start times of the slots a resource offers over a range. */
const starts = async (key: string, id: string, query: string) => {
  const response = await rest('GET', `/api/bookings/resources/${id}/availability?${query}`, { key });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body.slots as { startsAt: string }[]).map((s) => s.startsAt);
};

describe('bookable resources', () => {
  let t: TenantFixture;
  beforeAll(async () => {
    t = await tenant();
  });

  it('creates a resource with defaults, a derived unique slug and a canonical time zone', async () => {
    const created = await rest('POST', '/api/bookings/resources', {
      key: t.secret,
      body: { type: 'room', name: 'Salle Étoile 2', timezone: 'europe/paris', defaultDurationMinutes: 30, city: 'Paris' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(Object.keys(created.body.data).sort()).toEqual(
      ['id', 'type', 'name', 'slug', 'description', 'addressLine1', 'city', 'state', 'postalCode', 'timezone', 'defaultDurationMinutes', 'maxConcurrent', 'isActive', 'published', 'createdAt', 'updatedAt'].sort(),
    );
    expect(created.body.data).toMatchObject({ slug: 'salle-etoile-2', timezone: 'Europe/Paris', maxConcurrent: 1, isActive: true, published: false, description: '' });
    const again = await rest('POST', '/api/bookings/resources', { key: t.secret, body: { type: 'room', name: 'Salle étoile 2', timezone: 'UTC', defaultDurationMinutes: 30 } });
    expect(again.body.data.slug).toBe('salle-etoile-2-2');
  });

  it('answers 409 for a slug already used in the tenant, and another tenant may use it', async () => {
    const body = { type: 'person', name: 'Dana', slug: 'dana', timezone: 'UTC', defaultDurationMinutes: 45 };
    expect((await rest('POST', '/api/bookings/resources', { key: t.secret, body })).status).toBe(201);
    const clash = await rest('POST', '/api/bookings/resources', { key: t.secret, body });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ error: 'Conflict', details: [{ field: 'slug' }] });
    const other = await tenant();
    expect((await rest('POST', '/api/bookings/resources', { key: other.secret, body })).status).toBe(201);
    const patchClash = await make.resource(t.secret, { name: 'Evan' });
    expect((await rest('PATCH', `/api/bookings/resources/${patchClash.id}`, { key: t.secret, body: { slug: 'dana' } })).status).toBe(409);
  });

  it('refuses bad resources with 400 naming each field, writing nothing', async () => {
    const before = await h.db.prisma.bookableResource.count();
    const cases: [Record<string, unknown>, string][] = [
      [{ timezone: 'Mars/Olympus' }, 'timezone'],
      [{ defaultDurationMinutes: 4 }, 'defaultDurationMinutes'],
      [{ defaultDurationMinutes: 1441 }, 'defaultDurationMinutes'],
      [{ maxConcurrent: 0 }, 'maxConcurrent'],
      [{ maxConcurrent: 1001 }, 'maxConcurrent'],
      [{ type: 'boat' }, 'type'],
      [{ slug: 'Not A Slug' }, 'slug'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ extra: true }, 'extra'],
    ];
    for (const [change, field] of cases) {
      const body = { type: 'room', name: 'Room', timezone: 'UTC', defaultDurationMinutes: 30, ...change };
      const response = await rest('POST', '/api/bookings/resources', { key: t.secret, body });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(JSON.stringify(response.body.details), JSON.stringify(change)).toContain(field);
    }
    const missing = await rest('POST', '/api/bookings/resources', { key: t.secret, body: { name: 'Room' } });
    expect(missing.status).toBe(400);
    expect(await h.db.prisma.bookableResource.count()).toBe(before);
  });

  it('reads and patches: absent unchanged, null clears, never-null fields refuse null; other tenants get 404', async () => {
    const resource = await make.resource(t.secret, { name: 'Van 1', type: 'equipment', description: 'Blue van', city: 'Leeds' });
    const patched = await rest('PATCH', `/api/bookings/resources/${resource.id}`, { key: t.secret, body: { description: null, maxConcurrent: 2 } });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ description: '', city: 'Leeds', maxConcurrent: 2, name: 'Van 1' });
    expect((await rest('PATCH', `/api/bookings/resources/${resource.id}`, { key: t.secret, body: { name: null } })).status).toBe(400);
    expect((await rest('PATCH', `/api/bookings/resources/${resource.id}`, { key: t.secret, body: {} })).status).toBe(400);
    expect((await rest('PATCH', `/api/bookings/resources/${resource.id}`, { key: t.secret, body: { timezone: 'Nowhere/Else' } })).status).toBe(400);
    expect((await rest('GET', `/api/bookings/resources/${resource.id}`, { key: t.secret })).body.data.description).toBe('');
    const other = await tenant();
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { name: 'Mine' }],
      ['GET', '/hours', undefined],
      ['PUT', '/hours', { hours: [] }],
      ['GET', '/closures', undefined],
      ['POST', '/closures', { startsAt: '2030-01-01T00:00:00Z', endsAt: '2030-01-02T00:00:00Z' }],
      ['GET', '/availability', undefined],
    ] as const) {
      const response = await rest(method, `/api/bookings/resources/${resource.id}${path}`, { key: other.secret, body });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
  });

  it('lists active resources by name with type, query, includeInactive, limit and offset', async () => {
    const mine = await tenant();
    await make.resource(mine.secret, { name: 'Bay Two', type: 'location' });
    await make.resource(mine.secret, { name: 'Alpha room', type: 'room' });
    await make.resource(mine.secret, { name: 'Bay One', type: 'location' });
    await make.resource(mine.secret, { name: 'Closed bay', type: 'location', isActive: false });
    const names = async (query = '') => {
      const response = await rest('GET', `/api/bookings/resources${query}`, { key: mine.secret });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return (response.body.data as { name: string }[]).map((r) => r.name);
    };
    expect(await names()).toEqual(['Alpha room', 'Bay One', 'Bay Two']);
    expect(await names('?type=location')).toEqual(['Bay One', 'Bay Two']);
    expect(await names('?query=BAY')).toEqual(['Bay One', 'Bay Two']);
    expect(await names('?includeInactive=true&query=bay')).toEqual(['Bay One', 'Bay Two', 'Closed bay']);
    expect(await names('?limit=1&offset=1')).toEqual(['Bay One']);
    for (const bad of ['limit=251', 'limit=0', 'offset=-1', 'type=boat', 'includeInactive=yes', 'page=2']) {
      const response = await rest('GET', `/api/bookings/resources?${bad}`, { key: mine.secret });
      expect(response.status, bad).toBe(400);
      expect(response.body.details[0].field, bad).toBe(bad.split('=')[0]);
    }
  });
});

describe('the resource list answers all of them', () => {
  /** `count` active, published resources named `R001`... written straight to the table (one inactive besides), for tenant `t`. */
  const manyResources = async (t: TenantFixture, count: number) => {
    const rows = Array.from({ length: count }, (_, i) => ({ name: `R${String(i + 1).padStart(3, '0')}`, isActive: true, published: true }));
    await h.db.prisma.bookableResource.createMany({
      data: [...rows, { name: 'Z inactive', isActive: false, published: true }].map((row, i) => ({ ...row, tenantId: t.tenantId, type: 'room' as const, slug: `r-${i}`, timezone: 'UTC', defaultDurationMinutes: 60 })),
    });
  };
  const restList = async (key: string, query = '') => {
    const response = await rest('GET', `/api/bookings/resources${query}`, { key });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return { names: (response.body.data as { name: string }[]).map((r) => r.name), total: response.body.total, hasMore: response.body.hasMore };
  };
  const gqlList = async (key: string, args = '') => {
    const document = parse(`{ bookableResources${args} { nodes { name } totalCount pageInfo { hasNextPage } } }`) as TypedDocumentNode<{
      bookableResources: { nodes: { name: string }[]; totalCount: number; pageInfo: { hasNextPage: boolean } };
    }>;
    const result = await gql(key, document);
    expect(result.errors).toBeUndefined();
    const list = result.data!.bookableResources;
    return { names: list.nodes.map((r) => r.name), total: list.totalCount, hasMore: list.pageInfo.hasNextPage };
  };
  const named = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `R${String(from + i).padStart(3, '0')}`);

  it('without a limit, every active resource (27 here), with the total and hasMore; limit and offset page through them', async () => {
    const t = await tenant();
    await manyResources(t, 27);
    for (const list of [await restList(t.secret), await gqlList(t.secret, '(first: 100)'), await restList(t.publishable)]) {
      expect(list).toEqual({ names: named(1, 27), total: 27, hasMore: false });
    }
    expect(await restList(t.secret, '?limit=25')).toEqual({ names: named(1, 25), total: 27, hasMore: true });
    expect(await restList(t.secret, '?limit=25&offset=25')).toEqual({ names: named(26, 27), total: 27, hasMore: false });
    expect(await gqlList(t.secret, '(first: 10)')).toEqual({ names: named(1, 10), total: 27, hasMore: true });
    expect(await restList(t.secret, '?includeInactive=true&offset=27')).toEqual({ names: ['Z inactive'], total: 28, hasMore: false });
  });

  it('holds at most 100 resources a tenant, active or not, so that the list without a limit is all of them', async () => {
    const t = await tenant();
    // 99 active ones and an inactive one: the ceiling.
    await manyResources(t, 99);
    const count = () => h.db.prisma.bookableResource.count({ where: { tenantId: t.tenantId } });
    const body = { type: 'room', name: 'One too many', timezone: 'UTC', defaultDurationMinutes: 30 };
    const refused = await rest('POST', '/api/bookings/resources', { key: t.secret, body });
    expect(refused).toMatchObject({ status: 409, body: { error: 'Conflict', message: expect.stringMatching(/^A tenant has at most 100 bookable resources, active or not/) } });
    expect(refused.headers.get('location')).toBeNull();
    expect(await count()).toBe(100);
    const viaGraphql = await gql(t.secret, parse('mutation($input: CreateBookableResourceInput!) { createBookableResource(input: $input) { bookableResource { id } userErrors { code message } } }') as TypedDocumentNode<{ createBookableResource: { bookableResource: null; userErrors: { code: string }[] } }, { input: typeof body }>, { input: body });
    expect(viaGraphql.data?.createBookableResource).toMatchObject({ bookableResource: null, userErrors: [{ code: 'LIMIT_REACHED' }] });
    expect(await count()).toBe(100);
    expect(await restList(t.secret)).toEqual({ names: named(1, 99), total: 99, hasMore: false });
    expect(await restList(t.secret, '?includeInactive=true')).toEqual({ names: [...named(1, 99), 'Z inactive'], total: 100, hasMore: false });
    expect(await gqlList(t.secret, '(first: 100, filter: { includeInactive: true })')).toMatchObject({ total: 100, hasMore: false });
    const over = await rest('GET', '/api/bookings/resources?limit=101', { key: t.secret });
    expect(over).toMatchObject({ status: 400, body: { details: [{ field: 'limit', message: 'must be between 1 and 100' }] } });
    // Another tenant's resources count for it alone.
    expect((await rest('POST', '/api/bookings/resources', { key: (await tenant()).secret, body })).status).toBe(201);
  });

  it('answers a descriptive text not set as an empty string, never null (the specification types them strings), on both surfaces', async () => {
    const t = await tenant();
    const created = await rest('POST', '/api/bookings/resources', { key: t.secret, body: { type: 'room', name: 'Bare', timezone: 'UTC', defaultDurationMinutes: 30 } });
    const unset = { description: '', addressLine1: '', city: '', state: '', postalCode: '' };
    expect(created.body.data).toMatchObject(unset);
    expect((await rest('GET', `/api/bookings/resources/${created.body.data.id}`, { key: t.secret })).body.data).toMatchObject(unset);
    expect((await rest('GET', '/api/bookings/resources', { key: t.secret })).body.data[0]).toMatchObject(unset);
    const read = await gql(t.secret, parse(`{ bookableResource(id: "${created.body.data.id}") { description addressLine1 city state postalCode } }`) as TypedDocumentNode<{ bookableResource: typeof unset }>);
    expect(read.data?.bookableResource).toEqual(unset);
    // Set, then cleared with null: stored as not set, answered "" again.
    const patched = await rest('PATCH', `/api/bookings/resources/${created.body.data.id}`, { key: t.secret, body: { description: 'By the window', city: 'Lyon' } });
    expect(patched.body.data).toMatchObject({ description: 'By the window', city: 'Lyon', postalCode: '' });
    const cleared = await rest('PATCH', `/api/bookings/resources/${created.body.data.id}`, { key: t.secret, body: { description: null, city: null } });
    expect(cleared.body.data).toMatchObject(unset);
    expect(await h.db.prisma.bookableResource.findUniqueOrThrow({ where: { id: created.body.data.id } })).toMatchObject({ description: null, city: null });
  });
});

describe('weekly hours and closures', () => {
  let t: TenantFixture;
  beforeAll(async () => {
    t = await tenant();
  });

  it('replaces the weekly schedule and answers it back; GET reads it', async () => {
    const resource = await make.resource(t.secret, { name: 'Desk' }, []);
    const hours = [
      { weekday: 1, opensAt: '13:00', closesAt: '17:00' },
      { weekday: 1, opensAt: '09:00', closesAt: '12:00' },
      { weekday: 7, opensAt: '22:00', closesAt: '24:00' },
    ];
    const put = await rest('PUT', `/api/bookings/resources/${resource.id}/hours`, { key: t.secret, body: { hours } });
    expect(put.status).toBe(200);
    const expected = { resourceId: resource.id, timezone: 'UTC', hours: [hours[1], hours[0], hours[2]] };
    expect(put.body).toEqual({ data: expected });
    expect((await rest('GET', `/api/bookings/resources/${resource.id}/hours`, { key: t.secret })).body).toEqual({ data: expected });
    const replaced = await rest('PUT', `/api/bookings/resources/${resource.id}/hours`, { key: t.secret, body: { hours: [hours[2]] } });
    expect(replaced.body.data.hours).toEqual([hours[2]]);
  });

  it('refuses overlapping, inverted and malformed intervals with 400 naming them, keeping the old schedule', async () => {
    const resource = await make.resource(t.secret, { name: 'Bench' });
    const before = await rest('GET', `/api/bookings/resources/${resource.id}/hours`, { key: t.secret });
    const cases: [unknown[], string][] = [
      [[{ weekday: 2, opensAt: '09:00', closesAt: '12:00' }, { weekday: 2, opensAt: '11:00', closesAt: '13:00' }], 'hours.1'],
      [[{ weekday: 2, opensAt: '12:00', closesAt: '12:00' }], 'hours.0.closesAt'],
      [[{ weekday: 2, opensAt: '14:00', closesAt: '09:00' }], 'hours.0.closesAt'],
      [[{ weekday: 8, opensAt: '09:00', closesAt: '10:00' }], 'hours.0.weekday'],
      [[{ weekday: 0, opensAt: '09:00', closesAt: '10:00' }], 'hours.0.weekday'],
      [[{ weekday: 1, opensAt: '9:00', closesAt: '10:00' }], 'hours.0.opensAt'],
      [[{ weekday: 1, opensAt: '24:00', closesAt: '24:00' }], 'hours.0.opensAt'],
      [[{ weekday: 1, opensAt: '09:00', closesAt: '24:30' }], 'hours.0.closesAt'],
      [[{ weekday: 1, opensAt: '09:00' }], 'closesAt'],
    ];
    for (const [hours, field] of cases) {
      const response = await rest('PUT', `/api/bookings/resources/${resource.id}/hours`, { key: t.secret, body: { hours } });
      expect(response.status, JSON.stringify(hours)).toBe(400);
      expect(JSON.stringify(response.body.details), JSON.stringify(hours)).toContain(field);
    }
    expect((await rest('GET', `/api/bookings/resources/${resource.id}/hours`, { key: t.secret })).body).toEqual(before.body);
  });

  it('creates, lists upcoming and deletes closures', async () => {
    const resource = await make.resource(t.secret, { name: 'Lathe' });
    const soon = new Date(Date.now() + 86_400_000);
    const later = new Date(Date.now() + 2 * 86_400_000);
    const created = await rest('POST', `/api/bookings/resources/${resource.id}/closures`, {
      key: t.secret,
      body: { startsAt: soon.toISOString(), endsAt: later.toISOString(), reason: 'Service' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ id: expect.any(String), resourceId: resource.id, startsAt: soon.toISOString(), endsAt: later.toISOString(), reason: 'Service' });
    await rest('POST', `/api/bookings/resources/${resource.id}/closures`, { key: t.secret, body: { startsAt: '2020-01-01T00:00:00Z', endsAt: '2020-01-02T00:00:00Z' } });
    const listed = await rest('GET', `/api/bookings/resources/${resource.id}/closures`, { key: t.secret });
    expect(listed.body.data.map((c: { id: string }) => c.id)).toEqual([created.body.data.id]);
    const path = `/api/bookings/resources/${resource.id}/closures/${created.body.data.id}`;
    expect(await rest('DELETE', path, { key: t.secret })).toMatchObject({ status: 200, body: { success: true } });
    expect((await rest('DELETE', path, { key: t.secret })).status).toBe(404);
    const inverted = await rest('POST', `/api/bookings/resources/${resource.id}/closures`, { key: t.secret, body: { startsAt: later.toISOString(), endsAt: soon.toISOString() } });
    expect(inverted.status).toBe(400);
    expect(inverted.body.details[0].field).toBe('endsAt');
    const noOffset = await rest('POST', `/api/bookings/resources/${resource.id}/closures`, { key: t.secret, body: { startsAt: '2030-01-01T00:00', endsAt: '2030-01-02T00:00:00Z' } });
    expect(noOffset.status).toBe(400);
  });

  it('pages closures past the first 100 on REST: limit (default 100) and cursor, {data, nextCursor, hasMore}', async () => {
    const resource = await make.resource(t.secret, { name: 'Kiln' });
    const day = 86_400_000;
    const first = Date.UTC(2031, 0, 1);
    await h.db.prisma.resourceClosure.createMany({
      data: Array.from({ length: 105 }, (_, i) => ({ tenantId: t.tenantId, resourceId: resource.id, startsAt: new Date(first + i * day), endsAt: new Date(first + i * day + 3_600_000) })),
    });
    const path = `/api/bookings/resources/${resource.id}/closures`;
    // Without parameters, the first 100 as before, and now whether more follow and where.
    const page1 = await rest('GET', path, { key: t.secret });
    expect(page1.status).toBe(200);
    expect(Object.keys(page1.body)).toEqual(['data', 'nextCursor', 'hasMore']);
    expect(page1.body.data).toHaveLength(100);
    expect(page1.body).toMatchObject({ hasMore: true, nextCursor: expect.any(String) });
    const page2 = await rest('GET', `${path}?cursor=${encodeURIComponent(page1.body.nextCursor)}`, { key: t.secret });
    expect(page2.body).toMatchObject({ hasMore: false, nextCursor: null });
    const starts = [...page1.body.data, ...page2.body.data].map((c: { startsAt: string }) => c.startsAt);
    expect(starts).toEqual(Array.from({ length: 105 }, (_, i) => new Date(first + i * day).toISOString()));
    const small = await rest('GET', `${path}?limit=2`, { key: t.secret });
    expect(small.body.data.map((c: { startsAt: string }) => c.startsAt)).toEqual(starts.slice(0, 2));
    const next = await rest('GET', `${path}?limit=2&cursor=${encodeURIComponent(small.body.nextCursor)}`, { key: t.secret });
    expect(next.body.data.map((c: { startsAt: string }) => c.startsAt)).toEqual(starts.slice(2, 4));
    for (const query of ['limit=101', 'limit=0', 'cursor=not-a-cursor']) {
      const refused = await rest('GET', `${path}?${query}`, { key: t.secret });
      expect(refused.status, query).toBe(400);
      expect(refused.body.details[0].field, query).toBe(query.split('=')[0]);
    }
  });
});

describe('availability', () => {
  let t: TenantFixture;
  beforeAll(async () => {
    t = await tenant();
  });

  it('lays slots on each interval from its opening, by the duration, ending by the close; range defaults to the next 7 days', async () => {
    const resource = await make.resource(t.secret, { defaultDurationMinutes: 50 }, [['09:00', '11:00'], ['13:00', '14:00']]);
    expect(await starts(t.secret, resource.id, 'from=2030-01-07&to=2030-01-07')).toEqual([
      '2030-01-07T09:00:00.000Z',
      '2030-01-07T09:50:00.000Z',
      '2030-01-07T13:00:00.000Z',
    ]);
    const response = await rest('GET', `/api/bookings/resources/${resource.id}/availability`, { key: t.secret });
    expect(Object.keys(response.body).sort()).toEqual(['resourceId', 'slots']);
    expect(response.body.slots.length).toBeGreaterThanOrEqual(6 * 3);
    expect(response.body.slots.length).toBeLessThanOrEqual(8 * 3);
    for (const slot of response.body.slots) {
      expect(Object.keys(slot).sort()).toEqual(['endsAt', 'remaining', 'slotId', 'startsAt']);
      expect(new Date(slot.startsAt).getTime()).toBeGreaterThan(Date.now());
      expect(new Date(slot.startsAt).getTime()).toBeLessThan(Date.now() + 7 * 86_400_000);
    }
    const times = response.body.slots.map((s: { startsAt: string }) => s.startsAt);
    expect(times).toEqual([...times].sort());
  });

  it('reads dates in the resource time zone and date-times with their offset', async () => {
    const resource = await make.resource(t.secret, { timezone: 'Asia/Tokyo', defaultDurationMinutes: 60 }, [['09:00', '11:00']]);
    expect(await starts(t.secret, resource.id, 'from=2030-01-07&to=2030-01-07')).toEqual(['2030-01-07T00:00:00.000Z', '2030-01-07T01:00:00.000Z']);
    expect(await starts(t.secret, resource.id, `from=${encodeURIComponent('2030-01-07T10:00:00+09:00')}&to=2030-01-07`)).toEqual(['2030-01-07T01:00:00.000Z']);
  });

  it('keeps 09:00 local across both daylight-saving changes (America/New_York)', async () => {
    const resource = await make.resource(t.secret, { timezone: 'America/New_York', defaultDurationMinutes: 60 });
    const march = await starts(t.secret, resource.id, 'from=2027-03-13&to=2027-03-15');
    // 8 slots a day (09:00 to 17:00); 09:00 EST is 14:00Z, 09:00 EDT (from 14 March) is 13:00Z.
    expect(march.length).toBe(24);
    expect([march[0], march[8], march[16]]).toEqual(['2027-03-13T14:00:00.000Z', '2027-03-14T13:00:00.000Z', '2027-03-15T13:00:00.000Z']);
    const november = await starts(t.secret, resource.id, 'from=2027-11-06&to=2027-11-08');
    expect(november.length).toBe(24);
    expect([november[0], november[8], november[16]]).toEqual(['2027-11-06T13:00:00.000Z', '2027-11-07T14:00:00.000Z', '2027-11-08T14:00:00.000Z']);
    expect(november[15]).toBe('2027-11-07T21:00:00.000Z'); // 16:00 EST, the last slot
  });

  it('lays a 30-minute night grid over the skipped and the repeated hour in elapsed time', async () => {
    const resource = await make.resource(t.secret, { timezone: 'America/New_York', defaultDurationMinutes: 30 }, [['00:00', '06:00']]);
    const halfHours = (from: string, count: number) => Array.from({ length: count }, (_, i) => new Date(new Date(from).getTime() + i * 1_800_000).toISOString());
    // 14 March 2027: 02:00-03:00 does not exist, so 00:00 EST to 06:00 EDT is 5 hours: 10 slots.
    expect(await starts(t.secret, resource.id, 'from=2027-03-14&to=2027-03-14')).toEqual(halfHours('2027-03-14T05:00:00Z', 10));
    // 7 November 2027: 01:00-02:00 happens twice, so 00:00 EDT to 06:00 EST is 7 hours: 14 slots.
    expect(await starts(t.secret, resource.id, 'from=2027-11-07&to=2027-11-07')).toEqual(halfHours('2027-11-07T04:00:00Z', 14));
  });

  it('leaves out closed and started slots; an inactive resource has none', async () => {
    const resource = await make.resource(t.secret, { defaultDurationMinutes: 60 }, [['00:00', '24:00']]);
    await rest('POST', `/api/bookings/resources/${resource.id}/closures`, { key: t.secret, body: { startsAt: '2030-01-07T10:30:00Z', endsAt: '2030-01-07T12:00:00Z' } });
    const day = await starts(t.secret, resource.id, 'from=2030-01-07&to=2030-01-07');
    expect(day).toHaveLength(22);
    expect(day).not.toContain('2030-01-07T10:00:00.000Z');
    expect(day).not.toContain('2030-01-07T11:00:00.000Z');
    expect(day).toContain('2030-01-07T12:00:00.000Z');
    const today = await starts(t.secret, resource.id, `from=${new Date(Date.now() - 3_600_000).toISOString()}&to=${new Date(Date.now() + 3 * 3_600_000).toISOString()}`);
    expect(today.every((s) => new Date(s).getTime() > Date.now())).toBe(true);
    expect(today.length).toBeGreaterThanOrEqual(2);
    await rest('PATCH', `/api/bookings/resources/${resource.id}`, { key: t.secret, body: { isActive: false } });
    expect(await starts(t.secret, resource.id, 'from=2030-01-07&to=2030-01-07')).toEqual([]);
  });

  it('refuses bad ranges with 400 naming the parameter', async () => {
    const resource = await make.resource(t.secret);
    const cases: [string, string][] = [
      ['from=2030-01-07&to=2030-01-06', 'to'],
      ['from=2030-01-01&to=2030-02-01', 'to'],
      ['from=yesterday', 'from'],
      ['from=2030-02-30', 'from'],
      ['to=2030-01-07T10:00:00', 'to'],
      ['from=2030-01-07T25:00:00Z', 'from'],
      ['until=2030-01-07', 'until'],
    ];
    for (const [query, field] of cases) {
      const response = await rest('GET', `/api/bookings/resources/${resource.id}/availability?${query}`, { key: t.secret });
      expect(response.status, query).toBe(400);
      expect(response.body.details[0].field, query).toBe(field);
    }
    expect((await rest('GET', `/api/bookings/resources/${resource.id}/availability?from=2030-01-01&to=2030-01-31`, { key: t.secret })).status).toBe(200);
  });
});
