import { beforeAll, describe, expect, it } from 'vitest';
import { BookSlotDocument, BookSlotWithLeadDocument, BookingWithLeadDocument, CancelBookingGqlDocument, ResourcesWithAvailabilityDocument } from './generated/operations.js';
import { fixtures } from './support/fixtures.js';
import type { TenantFixture } from './support/harness.js';
import { useHarness } from './support/harness.js';

const harness = useHarness();
const { h, tenant, rest, gql, countStatements } = harness;
const make = fixtures(harness);

const guest = { firstName: 'Ann', lastName: 'Lee', email: 'ann.lee@example.test' };

describe('bookings', () => {
  let t: TenantFixture;
  beforeAll(async () => {
    t = await tenant();
  });

  const slots = async (key: string, resourceId: string, query = 'from=2030-01-07&to=2030-01-07') => {
    const response = await rest('GET', `/api/bookings/resources/${resourceId}/availability?${query}`, { key });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.slots as { slotId: string; startsAt: string; endsAt: string; remaining: number }[];
  };
  const book = (key: string, slotId: string, body: Record<string, unknown> = {}) => rest('POST', '/api/bookings', { key, body: { slotId, ...guest, ...body } });

  it('books a slot: 201 with the booking, a new lead, and the place taken', async () => {
    const resource = await make.resource(t.secret, { name: 'Studio', maxConcurrent: 2 });
    const decoy = await make.lead(t.secret, { email: 'annXlee@example.test' });
    const [slot] = await slots(t.secret, resource.id);
    expect(slot?.remaining).toBe(2);
    const created = await book(t.secret, slot!.slotId, { phone: '555-0100', notes: 'Window seat', interest: 'Portraits', email: 'Ann_Lee@Example.test' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const booking = created.body.booking;
    expect(Object.keys(booking).sort()).toEqual(
      ['id', 'status', 'resourceId', 'leadId', 'slotId', 'startsAt', 'endsAt', 'firstName', 'lastName', 'email', 'phone', 'notes', 'interest', 'source', 'createdAt', 'cancelledAt'].sort(),
    );
    expect(booking).toMatchObject({ status: 'confirmed', resourceId: resource.id, slotId: slot!.slotId, startsAt: slot!.startsAt, endsAt: slot!.endsAt, source: 'api', cancelledAt: null, interest: 'Portraits' });
    // Letter case aside, only the same address is the same guest (`_` is no wildcard).
    expect(booking.leadId).not.toBe(decoy.id);
    const lead = await h.db.prisma.lead.findUniqueOrThrow({ where: { id: booking.leadId } });
    expect(lead).toMatchObject({ tenantId: t.tenantId, status: 'new', firstName: 'Ann', lastName: 'Lee', email: 'Ann_Lee@Example.test', phone: '555-0100', channelType: 'booking' });
    expect(lead.notes).toContain('Studio');
    expect((await slots(t.secret, resource.id))[0]).toMatchObject({ startsAt: slot!.startsAt, remaining: 1 });
    const second = await book(t.secret, slot!.slotId, { email: 'ann_lee@example.TEST', source: 'website' });
    expect(second.body.booking).toMatchObject({ leadId: booking.leadId, source: 'website' });
    const detail = await rest('GET', `/api/bookings/${booking.id}`, { key: t.secret });
    expect(detail.body.booking).toMatchObject({
      id: booking.id,
      resource: { id: resource.id, name: 'Studio', type: 'room', timezone: 'UTC' },
      lead: { id: booking.leadId, firstName: 'Ann', lastName: 'Lee', email: 'Ann_Lee@Example.test', status: 'new' },
    });
  });

  it('answers 409 once the slot is full and frees the place when a booking is cancelled', async () => {
    const resource = await make.resource(t.secret, { name: 'Chair' });
    const [slot] = await slots(t.secret, resource.id);
    const first = await book(t.secret, slot!.slotId);
    expect(first.status).toBe(201);
    const leadsBefore = await h.db.prisma.lead.count();
    const full = await book(t.secret, slot!.slotId, { email: 'someone.else@example.test' });
    expect(full.status).toBe(409);
    expect(full.body).toEqual({ error: 'Conflict', message: expect.stringContaining('fully booked') });
    expect(await h.db.prisma.lead.count()).toBe(leadsBefore);
    expect((await slots(t.secret, resource.id)).map((s) => s.startsAt)).not.toContain(slot!.startsAt);
    expect(await rest('DELETE', `/api/bookings/${first.body.booking.id}`, { key: t.secret })).toMatchObject({ status: 200, body: { success: true } });
    const stored = await h.db.prisma.booking.findUniqueOrThrow({ where: { id: first.body.booking.id } });
    expect(stored.status).toBe('cancelled');
    expect(stored.cancelledAt).toBeInstanceOf(Date);
    // Cancelling it again: the specification's 404, saying the booking is already cancelled (GET still reads it).
    const again = await rest('DELETE', `/api/bookings/${first.body.booking.id}`, { key: t.secret });
    expect(again).toMatchObject({ status: 404, body: { error: 'Not Found', message: expect.stringMatching(/is already cancelled/) } });
    expect((await rest('GET', `/api/bookings/${first.body.booking.id}`, { key: t.secret })).body.booking).toMatchObject({ status: 'cancelled' });
    expect((await h.db.prisma.booking.findUniqueOrThrow({ where: { id: first.body.booking.id } })).cancelledAt).toEqual(stored.cancelledAt);
    expect((await slots(t.secret, resource.id))[0]).toMatchObject({ startsAt: slot!.startsAt, remaining: 1 });
    expect((await book(t.secret, slot!.slotId)).status).toBe(201);
  });

  it('judges the slot at write time against closures, hours, duration, activity and time', async () => {
    const resource = await make.resource(t.secret, { name: 'Kiln' });
    const [slot, next] = await slots(t.secret, resource.id);
    const closure = await rest('POST', `/api/bookings/resources/${resource.id}/closures`, { key: t.secret, body: { startsAt: slot!.startsAt, endsAt: slot!.endsAt } });
    expect((await book(t.secret, slot!.slotId)).body.message).toContain('closed');
    await rest('DELETE', `/api/bookings/resources/${resource.id}/closures/${closure.body.data.id}`, { key: t.secret });
    await rest('PUT', `/api/bookings/resources/${resource.id}/hours`, { key: t.secret, body: { hours: [{ weekday: 1, opensAt: '12:00', closesAt: '17:00' }] } });
    expect((await book(t.secret, slot!.slotId)).body.message).toContain('opening hours');
    await rest('PUT', `/api/bookings/resources/${resource.id}/hours`, { key: t.secret, body: { hours: [{ weekday: 1, opensAt: '09:00', closesAt: '17:00' }] } });
    await rest('PATCH', `/api/bookings/resources/${resource.id}`, { key: t.secret, body: { defaultDurationMinutes: 90 } });
    expect((await book(t.secret, next!.slotId)).status).toBe(409); // 10:00 is off the 90-minute grid
    await rest('PATCH', `/api/bookings/resources/${resource.id}`, { key: t.secret, body: { defaultDurationMinutes: 60, isActive: false } });
    expect((await book(t.secret, slot!.slotId)).body.message).toContain('not active');
    await rest('PATCH', `/api/bookings/resources/${resource.id}`, { key: t.secret, body: { isActive: true } });
    h.clock.offsetMs = new Date(slot!.startsAt).getTime() - Date.now() + 1000;
    try {
      expect((await book(t.secret, slot!.slotId)).body.message).toContain('started');
    } finally {
      h.clock.offsetMs = 0;
    }
    expect(await h.db.prisma.booking.count({ where: { resourceId: resource.id } })).toBe(0);
    expect((await book(t.secret, slot!.slotId)).status).toBe(201);
  });

  it('refuses forged, altered, truncated and other tenants\' slot ids with 400 on slotId', async () => {
    const resource = await make.resource(t.secret, { name: 'Booth' });
    const [slot] = await slots(t.secret, resource.id);
    const id = slot!.slotId;
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const other = await tenant();
    const foreign = (await slots(other.secret, (await make.resource(other.secret)).id))[0]!.slotId;
    for (const bad of [flip(id, 3), flip(id, 20), flip(id, id.length - 1), id.slice(0, -2), `${id}AA`, 'not-a-slot', '', Buffer.from(`${resource.id}|2030-01-07T09:00:00Z`).toString('base64url'), foreign]) {
      const response = await book(t.secret, bad);
      expect(response.status, bad).toBe(400);
      expect(response.body.details, bad).toEqual([{ field: 'slotId', message: expect.any(String) }]);
    }
    expect(await h.db.prisma.booking.count({ where: { resourceId: resource.id } })).toBe(0);
  });

  it('refuses bad guests with 400 naming each field, writing nothing', async () => {
    const resource = await make.resource(t.secret, { name: 'Easel' });
    const [slot] = await slots(t.secret, resource.id);
    const [bookings, leads] = [await h.db.prisma.booking.count(), await h.db.prisma.lead.count()];
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, 'email'],
      [{ email: undefined }, 'email'],
      [{ firstName: '' }, 'firstName'],
      [{ lastName: 'x'.repeat(256) }, 'lastName'],
      [{ phone: 'x'.repeat(51) }, 'phone'],
      [{ source: 'x'.repeat(101) }, 'source'],
      [{ status: 'completed' }, 'status'],
      [{ slotId: 42 }, 'slotId'],
    ];
    for (const [change, field] of cases) {
      const response = await book(t.secret, slot!.slotId, change);
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(JSON.stringify(response.body.details), JSON.stringify(change)).toContain(field);
    }
    expect([await h.db.prisma.booking.count(), await h.db.prisma.lead.count()]).toEqual([bookings, leads]);
  });

  it('lists bookings by start with filters, limit and offset, and total', async () => {
    const mine = await tenant();
    const room = await make.resource(mine.secret, { name: 'Room', maxConcurrent: 5 });
    const desk = await make.resource(mine.secret, { name: 'Desk' });
    const roomSlots = await slots(mine.secret, room.id, 'from=2030-01-07&to=2030-01-08');
    const made = [];
    for (const [i, slot] of [roomSlots[3], roomSlots[0], roomSlots[10]].entries()) made.push((await book(mine.secret, slot!.slotId, { email: `g${i}@example.test` })).body.booking);
    const deskBooking = (await book(mine.secret, (await slots(mine.secret, desk.id))[1]!.slotId)).body.booking;
    await rest('DELETE', `/api/bookings/${made[2].id}`, { key: mine.secret });
    const list = async (query = '') => {
      const response = await rest('GET', `/api/bookings${query}`, { key: mine.secret });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body as { data: { id: string }[]; total: number };
    };
    const all = await list();
    expect(Object.keys(all).sort()).toEqual(['data', 'total']);
    expect(all.data.map((b) => b.id)).toEqual([made[1].id, deskBooking.id, made[0].id, made[2].id]);
    expect(all.total).toBe(4);
    expect((await list(`?resourceId=${room.id}&status=confirmed`)).data.map((b) => b.id)).toEqual([made[1].id, made[0].id]);
    expect((await list(`?leadId=${made[0].leadId}`)).data.map((b) => b.id)).toEqual([made[0].id]);
    expect((await list(`?from=${encodeURIComponent(roomSlots[1]!.startsAt)}&to=2030-01-07`)).data.map((b) => b.id)).toEqual([deskBooking.id, made[0].id]);
    expect((await list('?from=2030-01-08')).data.map((b) => b.id)).toEqual([made[2].id]);
    const page = await list('?limit=2&offset=1');
    expect(page).toEqual({ data: [expect.objectContaining({ id: deskBooking.id }), expect.objectContaining({ id: made[0].id })], total: 4 });
    for (const bad of ['limit=101', 'offset=-1', 'status=lost', 'from=soon', 'resourceId=1']) {
      const response = await rest('GET', `/api/bookings?${bad}`, { key: mine.secret });
      expect(response.status, bad).toBe(400);
      expect(response.body.details[0].field, bad).toBe(bad.split('=')[0]);
    }
  });

  it('completes or marks no-show only confirmed bookings whose slot has started', async () => {
    const resource = await make.resource(t.secret, { name: 'Court', maxConcurrent: 3 });
    const [slot] = await slots(t.secret, resource.id);
    const a = (await book(t.secret, slot!.slotId)).body.booking;
    const b = (await book(t.secret, slot!.slotId)).body.booking;
    const early = await rest('POST', `/api/bookings/${a.id}/complete`, { key: t.secret });
    expect(early.status).toBe(409);
    expect(early.body.message).toContain('confirmed');
    h.clock.offsetMs = new Date(slot!.startsAt).getTime() - Date.now() + 60_000;
    try {
      const done = await rest('POST', `/api/bookings/${a.id}/complete`, { key: t.secret });
      expect(done).toMatchObject({ status: 200, body: { booking: { id: a.id, status: 'completed' } } });
      const noShow = await rest('POST', `/api/bookings/${b.id}/no-show`, { key: t.secret });
      expect(noShow.body.booking.status).toBe('no_show');
      const again = await rest('POST', `/api/bookings/${a.id}/no-show`, { key: t.secret });
      expect(again.status).toBe(409);
      expect(again.body.message).toContain('completed');
      const cancelDone = await rest('DELETE', `/api/bookings/${a.id}`, { key: t.secret });
      expect(cancelDone.status).toBe(409);
    } finally {
      h.clock.offsetMs = 0;
    }
    expect((await h.db.prisma.booking.findUniqueOrThrow({ where: { id: a.id } })).status).toBe('completed');
  });

  it('answers 404 for other tenants\' bookings and unknown ids; the path `resources` is not a booking id', async () => {
    const resource = await make.resource(t.secret, { name: 'Loom' });
    const booking = (await book(t.secret, (await slots(t.secret, resource.id))[0]!.slotId)).body.booking;
    const other = await tenant();
    for (const [method, path] of [['GET', ''], ['DELETE', ''], ['POST', '/complete'], ['POST', '/no-show']] as const) {
      expect((await rest(method, `/api/bookings/${booking.id}${path}`, { key: other.secret })).status, `${method} ${path}`).toBe(404);
    }
    expect((await rest('GET', '/api/bookings/00000000-0000-4000-8000-000000000000', { key: t.secret })).status).toBe(404);
    expect((await h.db.prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe('confirmed');
    const wrongMethod = await rest('DELETE', '/api/bookings/resources', { key: t.secret });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, POST, HEAD');
  });
});

describe('publishable keys and scopes', () => {
  let t: TenantFixture;
  let published: { id: string };
  let hidden: { id: string };
  beforeAll(async () => {
    t = await tenant({ scopes: ['bookings.read', 'bookings.manage', 'bookings.resources.manage'] });
    published = await make.resource(t.secret, { name: 'Public room', published: true });
    hidden = await make.resource(t.secret, { name: 'Staff room' });
    await make.resource(t.secret, { name: 'Old public room', published: true, isActive: false });
  });

  it('lets a publishable key list and read only active, published resources and book them', async () => {
    const list = await rest('GET', '/api/bookings/resources?includeInactive=true', { key: t.publishable });
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { name: string }) => r.name)).toEqual(['Public room']);
    expect((await rest('GET', `/api/bookings/resources/${hidden.id}/availability`, { key: t.publishable })).status).toBe(404);
    expect((await rest('GET', `/api/bookings/resources/${hidden.id}`, { key: t.publishable })).status).toBe(404);
    expect((await rest('GET', `/api/bookings/resources/${published.id}`, { key: t.publishable })).status).toBe(200);
    const slots = (await rest('GET', `/api/bookings/resources/${published.id}/availability`, { key: t.publishable })).body.slots;
    const booked = await rest('POST', '/api/bookings', { key: t.publishable, body: { slotId: slots[0].slotId, ...guest, source: 'widget' } });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.booking.source).toBe('widget');
    // A slot id of a resource not published (obtained with the secret key) is refused to the widget.
    const hiddenSlot = (await rest('GET', `/api/bookings/resources/${hidden.id}/availability`, { key: t.secret })).body.slots[0].slotId;
    const refused = await rest('POST', '/api/bookings', { key: t.publishable, body: { slotId: hiddenSlot, ...guest } });
    expect(refused.status).toBe(409);
    expect(await h.db.prisma.booking.count({ where: { resourceId: hidden.id } })).toBe(0);
  });

  it('never lets a publishable key read, cancel, close bookings or manage resources', async () => {
    const slot = (await rest('GET', `/api/bookings/resources/${published.id}/availability`, { key: t.secret })).body.slots[1].slotId;
    const booking = (await rest('POST', '/api/bookings', { key: t.secret, body: { slotId: slot, ...guest } })).body.booking;
    const refused: [string, string, unknown?][] = [
      ['GET', '/api/bookings'],
      ['GET', `/api/bookings/${booking.id}`],
      ['DELETE', `/api/bookings/${booking.id}`],
      ['POST', `/api/bookings/${booking.id}/complete`],
      ['POST', `/api/bookings/${booking.id}/no-show`],
      ['POST', '/api/bookings/resources', { type: 'room', name: 'X', timezone: 'UTC', defaultDurationMinutes: 30 }],
      ['PATCH', `/api/bookings/resources/${published.id}`, { name: 'Mine now' }],
      ['PUT', `/api/bookings/resources/${published.id}/hours`, { hours: [] }],
      ['GET', `/api/bookings/resources/${published.id}/hours`],
      ['GET', `/api/bookings/resources/${published.id}/closures`],
      ['POST', `/api/bookings/resources/${published.id}/closures`, { startsAt: '2030-01-01T00:00:00Z', endsAt: '2030-01-02T00:00:00Z' }],
    ];
    for (const [method, path, body] of refused) {
      const response = await rest(method, path, { key: t.publishable, body });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body).toEqual({ error: 'Forbidden' });
    }
    expect((await h.db.prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe('confirmed');
    expect((await h.db.prisma.bookableResource.findUniqueOrThrow({ where: { id: published.id } })).name).toBe('Public room');
    // Through GraphQL the widget cannot read the guest's lead off its own booking either: it is null.
    const next = (await rest('GET', `/api/bookings/resources/${published.id}/availability`, { key: t.secret })).body.slots[0].slotId;
    const withLead = await gql(t.publishable, BookSlotWithLeadDocument, { input: { slotId: next, ...guest } });
    expect(withLead.errors).toBeUndefined();
    expect(withLead.data?.createBooking.booking?.lead).toBeNull();
  });

  it('needs the matching scope on secret keys, and a publishable key needs it too', async () => {
    const readOnly = await tenant({ scopes: ['bookings.read'] });
    expect((await rest('POST', '/api/bookings', { key: readOnly.secret, body: { slotId: 'x', ...guest } })).status).toBe(403);
    expect((await rest('POST', '/api/bookings/resources', { key: readOnly.secret, body: {} })).headers.get('x-required-scope')).toBe('bookings.resources.manage');
    const manageOnly = await tenant({ scopes: ['bookings.manage'] });
    expect((await rest('GET', '/api/bookings/resources', { key: manageOnly.publishable })).status).toBe(403);
    expect((await rest('GET', '/api/bookings', { key: manageOnly.secret })).status).toBe(403);
    const leadsOnly = await tenant({ scopes: ['leads.lead.read'] });
    expect((await rest('GET', '/api/bookings/resources', { key: leadsOnly.secret })).headers.get('x-required-scope')).toBe('bookings.read');
    expect((await rest('GET', '/api/bookings/resources', {})).status).toBe(401);
  });

  it('answers CORS preflights of the public operations for any origin, without credentials', async () => {
    for (const [path, method] of [['/api/bookings/resources', 'GET'], [`/api/bookings/resources/${published.id}/availability`, 'GET'], ['/api/bookings', 'POST']]) {
      const response = await h.app.fetch(`http://localhost${path}`, {
        method: 'OPTIONS',
        headers: { origin: 'https://shop.example', 'access-control-request-method': method!, 'access-control-request-headers': 'authorization, content-type' },
      });
      expect(response.status, path).toBe(204);
      expect(response.headers.get('access-control-allow-origin'), path).toBe('https://shop.example');
      expect(response.headers.get('access-control-allow-methods'), path).toContain(method);
      expect(response.headers.get('access-control-allow-headers')?.toLowerCase(), path).toContain('authorization');
      expect(response.headers.get('access-control-allow-credentials'), path).toBeNull();
    }
  });
});

describe('bookings over GraphQL', () => {
  it('loads availability of a list of resources in one statement whatever their number', async () => {
    const t = await tenant();
    await make.resource(t.secret, { name: 'R1' });
    const range = { from: '2030-01-07', to: '2030-01-08' };
    await gql(t.secret, ResourcesWithAvailabilityDocument, range); // warms the signing key
    const one = await countStatements(() => gql(t.secret, ResourcesWithAvailabilityDocument, range));
    for (const name of ['R2', 'R3', 'R4', 'R5']) await make.resource(t.secret, { name, maxConcurrent: 2 });
    let answer: Awaited<ReturnType<typeof gql>> | undefined;
    const five = await countStatements(async () => {
      answer = await gql(t.secret, ResourcesWithAvailabilityDocument, range);
    });
    expect(five).toBe(one);
    const data = answer?.data as { bookableResources: { nodes: { availability: unknown[] }[] } };
    expect(data.bookableResources.nodes).toHaveLength(5);
    expect(data.bookableResources.nodes.every((r) => r.availability.length === 16)).toBe(true);
  });

  it('books, reads the booking with its lead and the lead\'s bookings, and cancels', async () => {
    const t = await tenant();
    const resource = await make.resource(t.secret, { name: 'Pod' });
    const slots = (await gql(t.secret, ResourcesWithAvailabilityDocument, { from: '2030-01-07', to: '2030-01-07' })).data?.bookableResources.nodes[0]?.availability;
    const created = await gql(t.secret, BookSlotDocument, { input: { slotId: slots![0]!.slotId, ...guest } });
    expect(created.errors).toBeUndefined();
    expect(created.data?.createBooking.booking).toMatchObject({ status: 'confirmed', resource: { id: resource.id, name: 'Pod' } });
    const id = created.data!.createBooking.booking!.id;
    const read = await gql(t.secret, BookingWithLeadDocument, { id });
    expect(read.data?.booking?.lead).toMatchObject({ email: guest.email, status: 'new', bookings: { totalCount: 1, edges: [{ node: { id, status: 'confirmed' } }] } });
    const cancelled = await gql(t.secret, CancelBookingGqlDocument, { id });
    expect(cancelled.data?.cancelBooking.booking).toMatchObject({ id, status: 'cancelled', cancelledAt: expect.any(String) });
    const again = await gql(t.secret, CancelBookingGqlDocument, { id });
    expect(again.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    expect(again.errors?.[0]?.message).toBe(`Booking ${id} is already cancelled; the booking is kept (GET answers it) and there is nothing more to cancel`);
    const full = await gql(t.secret, BookSlotDocument, { input: { slotId: 'garbage', ...guest } });
    expect(full.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ field: ['input', 'slotId'] }] });
  });

  it('bounds the slots one request may lay: a whole month of 5-minute slots, but not for many resources at once', async () => {
    const t = await tenant();
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C']) ids.push((await make.resource(t.secret, { name, defaultDurationMinutes: 5 }, [['00:00', '24:00']])).id);
    const month = await rest('GET', `/api/bookings/resources/${ids[0]}/availability?from=2030-01-01&to=2030-01-31`, { key: t.secret });
    expect(month.status).toBe(200);
    expect(month.body.slots).toHaveLength(31 * 288);
    const response = await h.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.secret}` },
      body: JSON.stringify({ query: '{ bookableResources(first: 3) { nodes { availability(from: "2030-01-01", to: "2030-01-31") { slotId } } } }' }),
    });
    const answer = await response.json();
    expect(answer.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COSTLY', cost: { estimate: 3 * 31 * 288, budget: 10_000 } });
    // Aliases asking for other ranges of one resource draw on the same per-request budget.
    const ranges = ['2030-01-01', '2030-02-01'].map((from, i) => `r${i}: resourceAvailability(id: "${ids[0]}", from: "${from}", to: "${from.slice(0, 8)}28") { slots { slotId } }`);
    const aliased = await h.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.secret}` },
      body: JSON.stringify({ query: `{ ${ranges.join(' ')} }` }),
    });
    expect((await aliased.json()).errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COSTLY', cost: { estimate: 2 * 28 * 288, budget: 10_000 } });
  });

  it('keeps availability and the bookings list at a constant number of statements', async () => {
    const t = await tenant();
    const resource = await make.resource(t.secret, { name: 'Hall', maxConcurrent: 50 }, [['00:00', '24:00']]);
    const availability = () => rest('GET', `/api/bookings/resources/${resource.id}/availability?from=2030-01-07&to=2030-01-13`, { key: t.secret });
    const list = () => rest('GET', '/api/bookings?limit=100', { key: t.secret });
    await availability();
    const [emptyAvailability, emptyList] = [await countStatements(availability), await countStatements(list)];
    const open = (await availability()).body.slots as { slotId: string }[];
    for (const slot of open.slice(0, 30)) await rest('POST', '/api/bookings', { key: t.secret, body: { slotId: slot.slotId, ...guest } });
    expect(await countStatements(availability)).toBe(emptyAvailability);
    expect(await countStatements(list)).toBe(emptyList);
    expect((await list()).body.total).toBe(30);
  });
});
