import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/harness.js';

// Companies, contacts, sites and users as connections: keyset paging both ways over every order,
// each filter, cursors bound to their order and filter, and REST's page routes over them.
const harness = useHarness();
const { h, tenant, rest, gql } = harness;

type Row = Record<string, unknown> & { id: string };
type Direction = 'ASC' | 'DESC';

const doc = (text: string) => parse(text) as TypedDocumentNode<any, any>;

interface ListUnderTest {
  field: string;
  entity: string;
  /** Order field → the node member it sorts by. */
  orders: Record<string, string>;
  select: string;
}

function listOf({ field, entity, select }: ListUnderTest) {
  const query = doc(`query($first: Int, $after: String, $last: Int, $before: String, $orderBy: [${entity}Order!], $filter: ${entity}Filter) {
    ${field}(first: $first, after: $after, last: $last, before: $before, orderBy: $orderBy, filter: $filter) {
      nodes { ${select} } totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }`);
  return async (key: string, variables: Record<string, unknown>) => {
    const answer = await gql(key, query, variables);
    return { errors: answer.errors, page: answer.data?.[field] as { nodes: Row[]; totalCount: number; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null } } };
  };
}

const compare = (a: unknown, b: unknown) => {
  const [x, y] = [a, b].map((v) => (typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v) ? Date.parse(v) : v)) as [string | number, string | number];
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Rows sorted as the list sorts them: the keys, then id in the last key's direction. */
const sorted = (rows: Row[], keys: [string, Direction][]) =>
  [...rows].sort((a, b) => {
    for (const [member, direction] of [...keys, ['id', keys.at(-1)![1]] as [string, Direction]]) {
      const c = compare(a[member], b[member]) * (direction === 'ASC' ? 1 : -1);
      if (c) return c;
    }
    return 0;
  });

/** Every row, page by page of `size`, forward (first/after) then backward (last/before). */
async function walk(list: ReturnType<typeof listOf>, key: string, size: number, variables: Record<string, unknown>) {
  const forward: Row[] = [];
  let after: string | null = null;
  for (let i = 0; i < 50; i += 1) {
    const { errors, page } = await list(key, { ...variables, first: size, after });
    expect(errors).toBeUndefined();
    forward.push(...page.nodes);
    expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
    if (!page.pageInfo.hasNextPage) break;
    after = page.pageInfo.endCursor;
  }
  const backward: Row[] = [];
  let before: string | null = null;
  for (let i = 0; i < 50; i += 1) {
    const { errors, page } = await list(key, { ...variables, last: size, before });
    expect(errors).toBeUndefined();
    backward.unshift(...page.nodes);
    expect(page.pageInfo.hasNextPage).toBe(before !== null);
    if (!page.pageInfo.hasPreviousPage) break;
    before = page.pageInfo.startCursor;
  }
  return { forward: forward.map((r) => r.id), backward: backward.map((r) => r.id) };
}

/** Pages every order field both ways and both directions, and refuses cursors of another order or filter. */
async function checkOrders(spec: ListUnderTest, key: string, filter: Record<string, unknown> = {}) {
  const list = listOf(spec);
  const all = (await list(key, { first: 100, filter })).page.nodes;
  expect(all.length).toBeGreaterThan(3);
  for (const [name, member] of Object.entries(spec.orders)) {
    for (const direction of ['ASC', 'DESC'] as const) {
      const expected = sorted(all, [[member, direction]]).map((r) => r.id);
      const { forward, backward } = await walk(list, key, 3, { orderBy: [{ field: name, direction }], filter });
      expect(forward, `${spec.field} ${name} ${direction} forward`).toEqual(expected);
      expect(backward, `${spec.field} ${name} ${direction} backward`).toEqual(expected);
    }
  }
  const [first, second] = Object.keys(spec.orders) as [string, string];
  const { page } = await list(key, { first: 2, orderBy: [{ field: first, direction: 'ASC' }], filter });
  const cursor = page.pageInfo.endCursor;
  for (const other of [
    { orderBy: [{ field: second, direction: 'ASC' }], filter },
    { orderBy: [{ field: first, direction: 'DESC' }], filter },
    { orderBy: [{ field: first, direction: 'ASC' }], filter: { ...filter, search: 'zzz' } },
  ]) {
    const refused = await list(key, { ...other, first: 2, after: cursor });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ field: ['after'] }] });
  }
  const elsewhere = await tenant();
  const foreign = await list(elsewhere.secret, { first: 2, after: cursor, orderBy: [{ field: first, direction: 'ASC' }], filter });
  expect(foreign.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
}

/** `filter` narrows the list to exactly the rows `keep` says, on the count too. */
async function checkFilter(spec: ListUnderTest, key: string, filter: Record<string, unknown>, keep: (row: Row) => boolean) {
  const list = listOf(spec);
  const all = (await list(key, { first: 100 })).page.nodes;
  const expected = all.filter(keep).map((r) => r.id).sort();
  expect(expected.length, JSON.stringify(filter)).toBeGreaterThan(0);
  expect(expected.length, JSON.stringify(filter)).toBeLessThan(all.length);
  const { errors, page } = await list(key, { first: 100, filter });
  expect(errors).toBeUndefined();
  expect(page.nodes.map((r) => r.id).sort(), JSON.stringify(filter)).toEqual(expected);
  expect(page.totalCount).toBe(expected.length);
}

/** REST's page route answers the connection's rows under the specification's envelope. */
async function checkRestPages(spec: ListUnderTest, path: string, key: string) {
  const all = (await listOf(spec)(key, { first: 100 })).page.nodes.map((r) => r.id);
  const pages: string[] = [];
  for (let page = 1; page <= Math.ceil(all.length / 4); page += 1) {
    const answer = await rest('GET', `${path}?page=${page}&limit=4`, { key });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(['data', 'total', 'page', 'pageSize']);
    expect(answer.body).toMatchObject({ total: all.length, page, pageSize: 4 });
    pages.push(...answer.body.data.map((r: Row) => r.id));
  }
  expect(pages).toEqual(all);
  for (const bad of ['limit=0', 'limit=101', 'page=0']) {
    const refused = await rest('GET', `${path}?${bad}`, { key });
    expect(refused.status, bad).toBe(400);
    expect(refused.body.details?.[0]?.field, bad).toBe(bad.split('=')[0]);
  }
}

// Few distinct values, so every order has ties that only the id breaks.
const names = ['ALPHA', 'BRAVO', 'ALPHA', 'CHARLIE', 'BRAVO', 'DELTA', 'ALPHA', 'ECHO'];
const instants = ['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'].map((s) => new Date(s));
const at = (i: number) => instants[i % instants.length]!;
const later = (i: number) => instants[(i + 1) % instants.length]!;

const companies: ListUnderTest = {
  field: 'companies',
  entity: 'Company',
  orders: { NAME: 'name', CREATED_AT: 'createdAt', UPDATED_AT: 'updatedAt' },
  select: 'id name email createdAt updatedAt',
};
const contacts: ListUnderTest = {
  field: 'contacts',
  entity: 'Contact',
  orders: { LAST_NAME: 'lastName', FIRST_NAME: 'firstName', CREATED_AT: 'createdAt', UPDATED_AT: 'updatedAt' },
  select: 'id companyId firstName lastName email createdAt updatedAt',
};
const sites: ListUnderTest = {
  field: 'sites',
  entity: 'Site',
  orders: { NAME: 'name', CREATED_AT: 'createdAt', UPDATED_AT: 'updatedAt' },
  select: 'id companyId name city createdAt updatedAt',
};
const users: ListUnderTest = { field: 'users', entity: 'User', orders: { NAME: 'name', CREATED_AT: 'createdAt' }, select: 'id name email role createdAt' };

async function crmWorld() {
  const t = await tenant({ role: 'system_admin' });
  const db = h.db.prisma;
  const made = [];
  for (const [i, name] of names.entries()) {
    made.push(await db.company.create({ data: { tenantId: t.tenantId, name, email: i % 2 ? `c${i}@north.example` : null, createdAt: at(i), updatedAt: later(i) } }));
  }
  const [north, south] = made as [(typeof made)[0], (typeof made)[0]];
  for (const [i, name] of names.entries()) {
    await db.contact.create({
      data: { tenantId: t.tenantId, companyId: i % 3 ? north.id : south.id, firstName: names[(i + 3) % names.length]!, lastName: name, email: `p${i}@mail.example`, createdAt: at(i), updatedAt: later(i) },
    });
    await db.site.create({ data: { tenantId: t.tenantId, companyId: i % 3 ? north.id : south.id, name, city: i % 2 ? 'Springfield' : 'Shelbyville', createdAt: at(i), updatedAt: later(i) } });
  }
  const roles = ['technician', 'sales', 'manager'] as const;
  for (const [i, name] of names.entries()) {
    await db.user.create({ data: { tenantId: t.tenantId, name, email: `u${i}-${t.tenantId}@team.example`, role: roles[i % roles.length]!, createdAt: at(i) } });
  }
  return { t, north, south };
}

describe('CRM lists as connections', () => {
  it('page companies, contacts, sites and users forward and backward over every order, ties broken by id', async () => {
    const { t, north } = await crmWorld();
    await checkOrders(companies, t.secret);
    await checkOrders(contacts, t.secret);
    await checkOrders(contacts, t.secret, { companyId: north.id });
    await checkOrders(sites, t.secret);
    await checkOrders(users, t.secret);
  });

  it('sort by their default orders: companies, sites and users by name, contacts by last then first name', async () => {
    const { t } = await crmWorld();
    for (const [spec, keys] of [
      [companies, [['name', 'ASC']]],
      [sites, [['name', 'ASC']]],
      [users, [['name', 'ASC']]],
      [contacts, [['lastName', 'ASC'], ['firstName', 'ASC']]],
    ] as [ListUnderTest, [string, Direction][]][]) {
      const all = (await listOf(spec)(t.secret, { first: 100 })).page.nodes;
      expect(all.map((r) => r.id), spec.field).toEqual(sorted(all, keys).map((r) => r.id));
      const { forward, backward } = await walk(listOf(spec), t.secret, 4, {});
      expect(forward, spec.field).toEqual(all.map((r) => r.id));
      expect(backward, spec.field).toEqual(all.map((r) => r.id));
    }
  });

  it('narrow by each filter', async () => {
    const { t, north } = await crmWorld();
    const inFebruary = { from: '2026-02-01T00:00:00.000Z', to: '2026-03-01T00:00:00.000Z' };
    const february = (r: Row) => r.createdAt === '2026-02-01T00:00:00.000Z';
    await checkFilter(companies, t.secret, { search: 'north' }, (r) => String(r.email ?? '').includes('north'));
    await checkFilter(companies, t.secret, { search: 'alp' }, (r) => r.name === 'ALPHA');
    await checkFilter(companies, t.secret, { createdAt: inFebruary }, february);
    await checkFilter(contacts, t.secret, { companyId: north.id }, (r) => r.companyId === north.id);
    await checkFilter(contacts, t.secret, { search: 'bravo' }, (r) => r.firstName === 'BRAVO' || r.lastName === 'BRAVO');
    await checkFilter(contacts, t.secret, { createdAt: inFebruary }, february);
    await checkFilter(sites, t.secret, { companyId: north.id }, (r) => r.companyId === north.id);
    await checkFilter(sites, t.secret, { search: 'springfield' }, (r) => r.city === 'Springfield');
    await checkFilter(sites, t.secret, { createdAt: inFebruary }, february);
    await checkFilter(users, t.secret, { role: ['sales'] }, (r) => r.role === 'sales');
    await checkFilter(users, t.secret, { role: ['sales', 'technician'] }, (r) => r.role === 'sales' || r.role === 'technician');
    await checkFilter(users, t.secret, { search: 'echo' }, (r) => r.name === 'ECHO');
  });

  it('keep REST page routes, their parameters and envelopes', async () => {
    const { t, north } = await crmWorld();
    await checkRestPages(companies, '/api/v1/companies', t.secret);
    await checkRestPages(contacts, '/api/v1/contacts/contact', t.secret);
    await checkRestPages(sites, '/api/v1/sites', t.secret);
    await checkRestPages(users, '/api/v1/users', t.secret);
    const ids = (answer: { body: { data: Row[] } }) => answer.body.data.map((r) => r.id).sort();
    const graphqlIds = async (spec: ListUnderTest, filter: Record<string, unknown>) => (await listOf(spec)(t.secret, { first: 100, filter })).page.nodes.map((r) => r.id).sort();
    for (const [path, spec, filter] of [
      [`/api/v1/companies?search=north`, companies, { search: 'north' }],
      [`/api/v1/contacts/contact?companyId=${north.id}&search=alpha`, contacts, { companyId: north.id, search: 'alpha' }],
      [`/api/v1/sites?companyId=${north.id}`, sites, { companyId: north.id }],
      [`/api/v1/users?role=sales`, users, { role: ['sales'] }],
    ] as [string, ListUnderTest, Record<string, unknown>][]) {
      const answer = await rest('GET', `${path}&limit=100`, { key: t.secret });
      expect(answer.status, path).toBe(200);
      expect(ids(answer), path).toEqual(await graphqlIds(spec, filter));
      expect(answer.body.total, path).toBe(answer.body.data.length);
    }
    for (const bad of ['/api/v1/contacts/contact?companyId=nope', '/api/v1/sites?companyId=nope', '/api/v1/users?role=owner']) {
      const refused = await rest('GET', bad, { key: t.secret });
      expect(refused.status, bad).toBe(400);
      expect(refused.body.details?.[0]?.field, bad).toBe(bad.split('?')[1]!.split('=')[0]);
    }
  });
});
