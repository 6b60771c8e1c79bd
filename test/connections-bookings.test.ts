import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { JIT_AFTER_EXECUTIONS } from '../src/http/compiled-execution.js';
import { invoiceWorld, type InvoiceWorld } from './support/invoice-fixtures.js';
import type { TenantFixture } from './support/harness.js';
import { useHarness } from './support/harness.js';

const harness = useHarness();
const { h, tenant, rest, gql } = harness;

type Row = Record<string, string>;
interface Page {
  nodes: Row[];
  totalCount: number;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

/** One page of a root connection, or its errors' codes. */
async function page(key: string, field: string, fields: string, args: Record<string, unknown>) {
  const document = parse(
    `query($first: Int, $last: Int, $after: String, $before: String, $orderBy: [${orderType(field)}!], $filter: ${filterType(field)}) {
      list: ${field}(first: $first, last: $last, after: $after, before: $before, orderBy: $orderBy, filter: $filter) {
        nodes { ${fields} } totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`,
  ) as TypedDocumentNode<{ list: Page }, Record<string, unknown>>;
  const answer = await gql(key, document, args);
  return { list: answer.data?.list, codes: answer.errors?.map((e) => e.extensions?.code), fields: answer.errors?.flatMap((e) => e.extensions?.details?.map((d) => d.field) ?? []) };
}
const entity = (field: string) => ({ bookings: 'Booking', bookableResources: 'BookableResource', invoices: 'Invoice' })[field]!;
const orderType = (field: string) => `${entity(field)}Order`;
const filterType = (field: string) => `${entity(field)}Filter`;

/** Every row of a list in order, read forward two at a time, then backward two at a time: both must agree. */
async function walk(key: string, field: string, fields: string, args: Record<string, unknown> = {}) {
  const forward: Row[] = [];
  let after: string | null = null;
  for (;;) {
    const { list, codes } = await page(key, field, fields, { ...args, first: 2, after });
    expect(codes).toBeUndefined();
    forward.push(...list!.nodes);
    if (!list!.pageInfo.hasNextPage) break;
    after = list!.pageInfo.endCursor;
  }
  const backward: Row[] = [];
  let before: string | null = null;
  for (;;) {
    const { list } = await page(key, field, fields, { ...args, last: 2, before });
    backward.unshift(...list!.nodes);
    if (!list!.pageInfo.hasPreviousPage) break;
    before = list!.pageInfo.startCursor;
  }
  expect(backward.map((r) => r.id)).toEqual(forward.map((r) => r.id));
  expect(new Set(forward.map((r) => r.id)).size).toBe(forward.length);
  return forward;
}

/** The rows sorted by `key` in `direction`, ties by id in the same direction. */
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const sorted = (rows: Row[], key: string, direction: 'ASC' | 'DESC', compare = byText) =>
  [...rows].sort((a, b) => (direction === 'ASC' ? 1 : -1) * (compare(a[key]!, b[key]!) || byText(a.id!, b.id!))).map((r) => r.id);
const byNumber = (a: string, b: string) => Number(a) - Number(b);

describe('bookings as a connection', () => {
  let t: TenantFixture;
  const resources: Record<string, string> = {};
  beforeAll(async () => {
    t = await tenant();
    for (const [name, timezone] of [['Tokyo room', 'Asia/Tokyo'], ['LA room', 'America/Los_Angeles']] as const) {
      const created = await h.db.prisma.bookableResource.create({
        data: { tenantId: t.tenantId, name, type: 'room', slug: name.replace(' ', '-'), timezone, defaultDurationMinutes: 60 },
      });
      resources[name] = created.id;
    }
    // Two bookings share a start (a tie), one is cancelled; 2030-01-07 local days differ by zone.
    const rows = [
      ['Tokyo room', '2030-01-06T15:00:00Z', 'confirmed'], // 2030-01-07 00:00 in Tokyo
      ['Tokyo room', '2030-01-07T14:59:00Z', 'confirmed'], // 2030-01-07 23:59 in Tokyo
      ['Tokyo room', '2030-01-07T15:00:00Z', 'cancelled'], // 2030-01-08 in Tokyo
      ['LA room', '2030-01-07T08:00:00Z', 'confirmed'], // 2030-01-07 00:00 in Los Angeles
      ['LA room', '2030-01-07T15:00:00Z', 'confirmed'], // same instant as the cancelled one
      ['LA room', '2030-01-08T07:59:00Z', 'completed'], // 2030-01-07 23:59 in Los Angeles
      ['LA room', '2030-01-07T07:59:00Z', 'confirmed'], // 2030-01-06 in Los Angeles
    ] as const;
    for (const [i, [resource, startsAt, status]] of rows.entries()) {
      await h.db.prisma.booking.create({
        data: {
          tenantId: t.tenantId,
          resourceId: resources[resource]!,
          slotId: `slot-${i}`,
          startsAt: new Date(startsAt),
          endsAt: new Date(new Date(startsAt).getTime() + 3_600_000),
          status,
          firstName: 'Guest',
          lastName: `G${i}`,
          email: `g${i}@example.test`,
        },
      });
    }
  });
  const fields = 'id startsAt createdAt status resourceId';

  it('pages forward and backward in every order, ties broken by id', async () => {
    const all = await walk(t.secret, 'bookings', fields);
    expect(all).toHaveLength(7);
    expect(all.map((r) => r.id)).toEqual(sorted(all, 'startsAt', 'ASC'));
    for (const [field, key] of [['STARTS_AT', 'startsAt'], ['CREATED_AT', 'createdAt']] as const) {
      for (const direction of ['ASC', 'DESC'] as const) {
        const rows = await walk(t.secret, 'bookings', fields, { orderBy: [{ field, direction }] });
        expect(rows.map((r) => r.id), `${field} ${direction}`).toEqual(sorted(all, key, direction));
      }
    }
  });

  it('filters by status, resource and local days in each resource’s own time zone', async () => {
    const ids = async (filter: Record<string, unknown>) => (await walk(t.secret, 'bookings', fields, { filter })).map((r) => r.startsAt).sort();
    expect(await ids({ status: ['cancelled', 'completed'] })).toEqual(['2030-01-07T15:00:00.000Z', '2030-01-08T07:59:00.000Z']);
    expect(await ids({ resourceId: resources['Tokyo room'] })).toHaveLength(3);
    // 2030-01-07 is a different stretch of time in Tokyo and in Los Angeles.
    expect(await ids({ startsAt: { from: '2030-01-07', to: '2030-01-07' } })).toEqual([
      '2030-01-06T15:00:00.000Z',
      '2030-01-07T08:00:00.000Z',
      '2030-01-07T14:59:00.000Z',
      '2030-01-07T15:00:00.000Z',
      '2030-01-08T07:59:00.000Z',
    ]);
    expect(await ids({ startsAt: { from: '2030-01-07', to: '2030-01-07' }, resourceId: resources['Tokyo room'] })).toEqual(['2030-01-06T15:00:00.000Z', '2030-01-07T14:59:00.000Z']);
    // Date-times are instants; a date-time `to` is included.
    expect(await ids({ startsAt: { from: '2030-01-07T08:00:00Z', to: '2030-01-07T15:00:00Z' } })).toEqual([
      '2030-01-07T08:00:00.000Z',
      '2030-01-07T14:59:00.000Z',
      '2030-01-07T15:00:00.000Z',
      '2030-01-07T15:00:00.000Z',
    ]);
  });

  it('narrows by a startsAt range open at either end, its ends days or instants', async () => {
    const ids = async (startsAt: Record<string, unknown>) => (await walk(t.secret, 'bookings', fields, { filter: { startsAt } })).map((r) => r.startsAt).sort();
    // 2030-01-08 begins at 15:00Z in Tokyo and at 08:00Z the next morning in Los Angeles.
    expect(await ids({ from: '2030-01-08' })).toEqual(['2030-01-07T15:00:00.000Z']);
    // 2030-01-06 ends at 15:00Z in Tokyo and at 08:00Z the next morning in Los Angeles.
    expect(await ids({ to: '2030-01-06' })).toEqual(['2030-01-07T07:59:00.000Z']);
    expect(await ids({ from: '2030-01-07T15:00:00Z' })).toEqual(['2030-01-07T15:00:00.000Z', '2030-01-07T15:00:00.000Z', '2030-01-08T07:59:00.000Z']);
    expect(await ids({ to: '2030-01-07T07:59:00Z' })).toEqual(['2030-01-06T15:00:00.000Z', '2030-01-07T07:59:00.000Z']);
    // A day's start in each zone, up to one instant.
    expect(await ids({ from: '2030-01-07', to: '2030-01-07T08:00:00Z' })).toEqual(['2030-01-06T15:00:00.000Z', '2030-01-07T08:00:00.000Z']);
    expect(await ids({ from: '2030-01-08T08:00:00Z', to: '2030-01-09' })).toEqual([]);
    expect(await ids({})).toHaveLength(7);
  });

  it('refuses a range end that is neither a date nor a date-time, naming it', async () => {
    for (const [startsAt, field] of [
      [{ from: 'yesterday' }, 'filter.startsAt.from'],
      [{ to: '2030-02-30' }, 'filter.startsAt.to'],
      [{ from: '2030-01-07', to: '2030-01-07T09:00:00' }, 'filter.startsAt.to'],
    ] as const) {
      const refused = await page(t.secret, 'bookings', fields, { first: 2, filter: { startsAt } });
      expect(refused.list ?? null, JSON.stringify(startsAt)).toBeNull();
      expect(refused.codes, JSON.stringify(startsAt)).toEqual(['BAD_USER_INPUT']);
      expect(refused.fields, JSON.stringify(startsAt)).toEqual([field.split('.')]);
    }
  });

  it('refuses a cursor of another order or filter, and REST keeps {data, total} with limit and offset', async () => {
    const first = await page(t.secret, 'bookings', fields, { first: 2 });
    const other = await page(t.secret, 'bookings', fields, { first: 2, after: first.list!.pageInfo.endCursor, filter: { status: ['confirmed'] } });
    expect(other.codes).toEqual(['BAD_USER_INPUT']);
    const reordered = await page(t.secret, 'bookings', fields, { first: 2, after: first.list!.pageInfo.endCursor, orderBy: [{ field: 'CREATED_AT', direction: 'ASC' }] });
    expect(reordered.codes).toEqual(['BAD_USER_INPUT']);
    const all = await walk(t.secret, 'bookings', fields);
    const restPage = await rest('GET', '/api/bookings?limit=3&offset=2', { key: t.secret });
    expect(restPage.status).toBe(200);
    expect(Object.keys(restPage.body).sort()).toEqual(['data', 'total']);
    expect(restPage.body.total).toBe(7);
    expect(restPage.body.data.map((b: Row) => b.id)).toEqual(all.slice(2, 5).map((r) => r.id));
    const local = await rest('GET', `/api/bookings?from=2030-01-07&to=2030-01-07&resourceId=${resources['LA room']}&status=confirmed`, { key: t.secret });
    expect(local.body.data.map((b: Row) => b.startsAt)).toEqual(['2030-01-07T08:00:00.000Z', '2030-01-07T15:00:00.000Z']);
    const bad = await rest('GET', '/api/bookings?offset=-1&from=yesterday', { key: t.secret });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { field: string }) => d.field).sort()).toEqual(['from', 'offset']);
  });

  it('keeps REST’s flat from and to, each alone or together, days or instants, as the startsAt range', async () => {
    const starts = async (query: string) => {
      const answer = await rest('GET', `/api/bookings?${query}`, { key: t.secret });
      expect(answer.status, query).toBe(200);
      expect(answer.body.total, query).toBe(answer.body.data.length);
      return answer.body.data.map((b: Row) => b.startsAt).sort();
    };
    const graphql = async (startsAt: Record<string, unknown>) => (await walk(t.secret, 'bookings', fields, { filter: { startsAt } })).map((r) => r.startsAt).sort();
    for (const startsAt of [
      { from: '2030-01-08' },
      { to: '2030-01-06' },
      { from: '2030-01-07', to: '2030-01-07' },
      { from: '2030-01-07T08:00:00Z', to: '2030-01-07T15:00:00Z' },
      { from: '2030-01-07', to: '2030-01-07T08:00:00+00:00' },
    ]) {
      const query = Object.entries(startsAt).map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
      expect(await starts(query), query).toEqual(await graphql(startsAt));
    }
    expect(await starts('from=2030-01-08')).toEqual(['2030-01-07T15:00:00.000Z']);
    expect(await starts(`to=2030-01-06&resourceId=${resources['LA room']}`)).toEqual(['2030-01-07T07:59:00.000Z']);
    for (const [query, field] of [['to=2030-02-30', 'to'], ['from=2030-01-07T09:00', 'from'], ['from=2030-01-07T09:00:00 09:00', 'from']] as const) {
      const bad = await rest('GET', `/api/bookings?${query}`, { key: t.secret });
      expect(bad.status, query).toBe(400);
      expect(bad.body.details.map((d: { field: string }) => d.field), query).toEqual([field]);
    }
  });
});

describe('bookable resources as a connection', () => {
  let t: TenantFixture;
  beforeAll(async () => {
    t = await tenant();
    const rows = [
      ['Alpha', 'room', true],
      ['alpha', 'person', true],
      ['Beta', 'room', false],
      ['Gamma desk', 'equipment', true],
      ['Alpha', 'service', true],
    ] as const;
    for (const [i, [name, type, isActive]] of rows.entries()) {
      await h.db.prisma.bookableResource.create({ data: { tenantId: t.tenantId, name, type, isActive, slug: `r${i}`, timezone: 'UTC', defaultDurationMinutes: 30 } });
    }
  });
  const fields = 'id name createdAt updatedAt type isActive';

  it('pages in every order and filters by type, search and activity', async () => {
    const all = await walk(t.secret, 'bookableResources', fields, { filter: { includeInactive: true } });
    expect(all).toHaveLength(5);
    for (const [field, key] of [['NAME', 'name'], ['CREATED_AT', 'createdAt'], ['UPDATED_AT', 'updatedAt']] as const) {
      for (const direction of ['ASC', 'DESC'] as const) {
        const rows = await walk(t.secret, 'bookableResources', fields, { orderBy: [{ field, direction }], filter: { includeInactive: true } });
        // Names sort in the database collation: for them, DESC must be ASC reversed (ties by id too).
        if (key !== 'name') expect(rows.map((r) => r.id), `${field} ${direction}`).toEqual(sorted(all, key, direction));
      }
    }
    const names = async (direction: string) => (await walk(t.secret, 'bookableResources', fields, { orderBy: [{ field: 'NAME', direction }], filter: { includeInactive: true } })).map((r) => r.id);
    expect(await names('DESC')).toEqual((await names('ASC')).reverse());
    expect(await walk(t.secret, 'bookableResources', fields)).toHaveLength(4);
    expect((await walk(t.secret, 'bookableResources', fields, { filter: { type: ['room', 'person'] } })).map((r) => r.name).sort()).toEqual(['Alpha', 'alpha']);
    expect((await walk(t.secret, 'bookableResources', fields, { filter: { search: 'ALPHA' } }))).toHaveLength(3);
    expect((await walk(t.secret, 'bookableResources', fields, { filter: { search: 'desk gamma' } })).map((r) => r.name)).toEqual(['Gamma desk']);
  });

  it('refuses a foreign cursor and REST keeps {data, total, hasMore}', async () => {
    const first = await page(t.secret, 'bookableResources', fields, { first: 1 });
    expect((await page(t.secret, 'bookableResources', fields, { first: 1, after: first.list!.pageInfo.endCursor, filter: { search: 'a' } })).codes).toEqual(['BAD_USER_INPUT']);
    const restPage = await rest('GET', '/api/bookings/resources?type=room&includeInactive=true&limit=1', { key: t.secret });
    expect(restPage.body).toMatchObject({ total: 2, hasMore: true });
    expect(Object.keys(restPage.body).sort()).toEqual(['data', 'hasMore', 'total']);
    expect((await rest('GET', '/api/bookings/resources?query=alpha&offset=2', { key: t.secret })).body).toMatchObject({ data: [{ name: expect.stringMatching(/alpha/i) }], total: 3, hasMore: false });
  });
});

describe('invoices as a connection', () => {
  let w: InvoiceWorld;
  beforeAll(async () => {
    w = await invoiceWorld(harness);
    await w.draft({ issuedDate: '2026-03-01' });
    await w.draft({ issuedDate: '2026-03-02', lineItems: [{ description: 'Big', quantity: '3', unitPrice: '1000.00' }] });
    await w.draft({ issuedDate: '2026-03-03' }); // the same total as the first: a tie
    await w.inStatus('sent');
    await w.inStatus('paid');
  });
  const fields = 'id invoiceNumber createdAt totalAmount status issuedDate';

  it('pages in every order, ties broken by id', async () => {
    const all = await walk(w.key, 'invoices', fields);
    expect(all).toHaveLength(5);
    expect(all.map((r) => r.id)).toEqual(sorted(all, 'createdAt', 'DESC'));
    for (const [field, key, compare] of [['CREATED_AT', 'createdAt'], ['INVOICE_NUMBER', 'invoiceNumber'], ['TOTAL_AMOUNT', 'totalAmount', byNumber]] as const) {
      for (const direction of ['ASC', 'DESC'] as const) {
        const rows = await walk(w.key, 'invoices', fields, { orderBy: [{ field, direction }] });
        expect(rows.map((r) => r.id), `${field} ${direction}`).toEqual(sorted(all, key, direction, compare));
      }
    }
  });

  it('filters by status, issue dates, company and search; refuses a foreign cursor; REST keeps {data, total}', async () => {
    const of = async (filter: Record<string, unknown>) => (await walk(w.key, 'invoices', fields, { filter })).length;
    expect(await of({ status: ['sent', 'paid'] })).toBe(2);
    expect(await of({ issuedDate: { from: '2026-03-02', to: '2026-03-03' } })).toBe(2);
    expect(await of({ companyId: w.company.id })).toBe(5);
    expect(await of({ search: 'no such invoice' })).toBe(0);
    const first = await page(w.key, 'invoices', fields, { first: 2 });
    expect((await page(w.key, 'invoices', fields, { first: 2, after: first.list!.pageInfo.endCursor, orderBy: [{ field: 'TOTAL_AMOUNT', direction: 'ASC' }] })).codes).toEqual(['BAD_USER_INPUT']);
    const restPage = await rest('GET', '/api/invoices?page=2&limit=2&dateFrom=2026-03-01&dateTo=2026-03-31', { key: w.key });
    expect(restPage.status).toBe(200);
    expect(Object.keys(restPage.body).sort()).toEqual(['data', 'total']);
    expect(restPage.body).toMatchObject({ total: 3, data: [expect.objectContaining({ issuedDate: '2026-03-01' })] });
  });

  it('narrows by an issuedDate range open at either end, and refuses a bad or reversed one naming its end', async () => {
    const all = await walk(w.key, 'invoices', fields);
    const issued = async (issuedDate: Record<string, unknown>) => (await walk(w.key, 'invoices', fields, { filter: { issuedDate } })).map((r) => r.id).sort();
    const expected = (keep: (day: string) => boolean) => all.filter((r) => keep(r.issuedDate!)).map((r) => r.id).sort();
    expect(await issued({ from: '2026-03-02' })).toEqual(expected((day) => day >= '2026-03-02'));
    expect(await issued({ to: '2026-03-02' })).toEqual(expected((day) => day <= '2026-03-02'));
    expect(await issued({ from: '2026-03-02', to: '2026-03-02' })).toEqual(expected((day) => day === '2026-03-02'));
    expect(await issued({ from: '2026-03-02' })).toHaveLength(4);
    expect(await issued({ to: '2026-03-02' })).toHaveLength(2);
    for (const [issuedDate, field] of [
      [{ from: '2026-13-01' }, 'filter.issuedDate.from'],
      [{ to: '2026-03-01T00:00:00Z' }, 'filter.issuedDate.to'],
      [{ from: '2026-03-03', to: '2026-03-02' }, 'filter.issuedDate.to'],
    ] as const) {
      const refused = await page(w.key, 'invoices', fields, { first: 2, filter: { issuedDate } });
      expect(refused.list ?? null, JSON.stringify(issuedDate)).toBeNull();
      expect(refused.codes, JSON.stringify(issuedDate)).toEqual(['BAD_USER_INPUT']);
      expect(refused.fields, JSON.stringify(issuedDate)).toEqual([field.split('.')]);
    }
    // A document run often enough is compiled (graphql-jit): its refused variables are named by their path all the same.
    const issuedCount = parse('query Issued($filter: InvoiceFilter) { invoices(filter: $filter) { totalCount } }') as TypedDocumentNode<{ invoices: { totalCount: number } }, Record<string, unknown>>;
    for (let run = 0; run <= JIT_AFTER_EXECUTIONS; run += 1) {
      expect((await gql(w.key, issuedCount, { filter: { issuedDate: { from: '2026-03-01', to: '2026-03-31' } } })).data?.invoices.totalCount, `run ${run}`).toBe(3);
      const refused = await gql(w.key, issuedCount, { filter: { issuedDate: { to: '2026-02-30' } } });
      expect(refused.errors?.flatMap((e) => e.extensions.details?.map((d) => d.field) ?? []), `run ${run}`).toEqual([['filter', 'issuedDate', 'to']]);
    }
    // REST keeps dateFrom and dateTo, each alone or together, its problems named so.
    const restIds = async (query: string) => (await rest('GET', `/api/invoices?limit=100&${query}`, { key: w.key })).body.data.map((i: Row) => i.id).sort();
    expect(await restIds('dateFrom=2026-03-02')).toEqual(await issued({ from: '2026-03-02' }));
    expect(await restIds('dateTo=2026-03-02')).toEqual(await issued({ to: '2026-03-02' }));
    expect(await restIds('dateFrom=2026-03-02&dateTo=2026-03-02')).toEqual(await issued({ from: '2026-03-02', to: '2026-03-02' }));
    for (const [query, field] of [['dateFrom=2026-13-01', 'dateFrom'], ['dateTo=2026-03', 'dateTo'], ['dateFrom=2026-03-03&dateTo=2026-03-02', 'dateTo']] as const) {
      const bad = await rest('GET', `/api/invoices?${query}`, { key: w.key });
      expect(bad.status, query).toBe(400);
      expect(bad.body.details.map((d: { field: string }) => d.field), query).toEqual([field]);
    }
  });
});
