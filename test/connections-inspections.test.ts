import { parse } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './support/harness.js';
import { inspectionWorld } from './support/inspection-fixtures.js';

// The inspections module's lists as connections: every order pages forward and backward without
// gaps or repeats, each filter narrows, a cursor serves only its own order and filter, and REST's
// page-numbered routes answer the same rows in the specification's shape.

const harness = useHarness();
const { rest, gql } = harness;

type World = Awaited<ReturnType<typeof inspectionWorld>>;
type Node = Record<string, any>;
let w: World;

interface ListCase {
  field: string;
  /** The node selection: the id and every order column. */
  nodes: string;
  id: (node: Node) => string;
  /** The value each order field sorts by, as a string that compares as the database does. */
  keys: Record<string, (node: Node) => string>;
  defaultOrder: [string, 'ASC' | 'DESC'];
  /** Filters that narrow the world's rows, with the condition each returned node must meet. */
  filters: () => { filter: Record<string, unknown>; holds: (node: Node) => boolean }[];
}

const ask = async (query: string, variables: Record<string, unknown> = {}) => gql<any, any>(w.key, parse(query), variables);

/** One page of `field`; the answer's errors are returned with it. */
async function pageOf(list: ListCase, args: Record<string, unknown>) {
  const result = await ask(
    `query ($first: Int, $after: String, $last: Int, $before: String, $orderBy: [${orderType(list)}!], $filter: ${filterType(list)}) {
      ${list.field}(first: $first, after: $after, last: $last, before: $before, orderBy: $orderBy, filter: $filter) {
        nodes ${list.nodes} pageInfo { hasNextPage hasPreviousPage startCursor endCursor } totalCount
      }
    }`,
    args,
  );
  return { errors: result.errors, connection: result.data?.[list.field] };
}

const entityOf = (list: ListCase) =>
  ({ equipmentTypes: 'EquipmentType', equipmentList: 'Equipment', checklistTemplates: 'ChecklistTemplate', inspections: 'Inspection' })[list.field] as string;
const orderType = (list: ListCase) => `${entityOf(list)}Order`;
const filterType = (list: ListCase) => `${entityOf(list)}Filter`;

/** Every node, page by page: forward with `first`, or backward with `last` (then put back in order). */
async function walk(list: ListCase, args: Record<string, unknown>, backward = false) {
  const seen: Node[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const { errors, connection } = await pageOf(list, backward ? { ...args, last: 2, before: cursor } : { ...args, first: 2, after: cursor });
    expect(errors, JSON.stringify(errors)).toBeUndefined();
    if (backward) seen.unshift(...connection.nodes);
    else seen.push(...connection.nodes);
    const more = backward ? connection.pageInfo.hasPreviousPage : connection.pageInfo.hasNextPage;
    if (!more) {
      expect(seen).toHaveLength(connection.totalCount);
      return seen;
    }
    cursor = backward ? connection.pageInfo.startCursor : connection.pageInfo.endCursor;
  }
  throw new Error('more than 50 pages');
}

const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

function sorted(list: ListCase, nodes: Node[], field: string, direction: 'ASC' | 'DESC') {
  const sign = direction === 'ASC' ? 1 : -1;
  const key = list.keys[field]!;
  return [...nodes].sort((x, y) => sign * (compare(key(x), key(y)) || compare(list.id(x), list.id(y))));
}

const plain = (prefix: string) => (node: Node) => node[prefix] as string;

const lists: ListCase[] = [
  {
    field: 'equipmentTypes',
    nodes: '{ id name createdAt }',
    id: (n) => n.id,
    keys: { NAME: plain('name'), CREATED_AT: plain('createdAt') },
    defaultOrder: ['NAME', 'ASC'],
    filters: () => [{ filter: { search: 'HOIST' }, holds: (n) => n.name.includes('Hoist') }],
  },
  {
    field: 'equipmentList',
    nodes: '{ id serialNumber status siteId companyId equipmentTypeId createdAt updatedAt }',
    id: (n) => n.id,
    keys: { CREATED_AT: plain('createdAt'), UPDATED_AT: plain('updatedAt'), SERIAL_NUMBER: plain('serialNumber') },
    defaultOrder: ['CREATED_AT', 'DESC'],
    filters: () => [
      { filter: { search: 'demag' }, holds: (n) => n.id === w.equipment.id },
      { filter: { status: ['retired', 'out_of_service'] }, holds: (n) => n.status !== 'in_service' },
      { filter: { siteId: farSite.id }, holds: (n) => n.siteId === farSite.id },
      { filter: { companyId: farCompany.id }, holds: (n) => n.companyId === farCompany.id },
      { filter: { equipmentTypeId: hoist.id }, holds: (n) => n.equipmentTypeId === hoist.id },
    ],
  },
  {
    field: 'checklistTemplates',
    nodes: '{ id name equipmentTypeId createdAt }',
    id: (n) => n.id,
    keys: { NAME: plain('name'), CREATED_AT: plain('createdAt') },
    defaultOrder: ['NAME', 'ASC'],
    filters: () => [
      { filter: { search: 'monthly' }, holds: (n) => n.name.startsWith('Monthly') },
      { filter: { equipmentTypeId: w.type.id }, holds: (n) => n.equipmentTypeId === w.type.id },
    ],
  },
  {
    field: 'inspections',
    nodes: '{ id status inspectionDate createdAt updatedAt equipment { id serialNumber } customer { id } technician { id } }',
    id: (n) => n.id,
    keys: { INSPECTION_DATE: (n) => n.inspectionDate, CREATED_AT: (n) => n.createdAt, UPDATED_AT: (n) => n.updatedAt },
    defaultOrder: ['INSPECTION_DATE', 'DESC'],
    filters: () => [
      { filter: { search: farSerial.toLowerCase() }, holds: (n) => n.equipment.serialNumber === farSerial },
      { filter: { status: ['submitted'] }, holds: (n) => n.status === 'submitted' },
      { filter: { technicianId: w.users.tech2.userId }, holds: (n) => n.id === teamInspection },
      { filter: { companyId: farCompany.id }, holds: (n) => n.customer.id === farCompany.id },
      { filter: { equipmentId: farEquipment.id }, holds: (n) => n.equipment.id === farEquipment.id },
    ],
  },
];

let hoist: { id: string };
let farCompany: { id: string };
let farSite: { id: string };
let farEquipment: { id: string };
let farSerial: string;
let teamInspection: string;

beforeAll(async () => {
  w = await inspectionWorld(harness);
  const created = async (path: string, body: Record<string, unknown>) => {
    const response = await rest('POST', path, { key: w.key, body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data ?? response.body;
  };
  // Equipment types: two of the same name, so the name order has a tie.
  hoist = await created('/api/inspections/equipment-types', { name: 'Hoist' });
  await created('/api/inspections/equipment-types', { name: 'Hoist' });
  for (const name of ['Aerial lift', 'Forklift', 'Jib crane']) await created('/api/inspections/equipment-types', { name });
  // Equipment at a second customer's site, of several statuses and types.
  farCompany = await created('/api/v1/companies', { name: 'Far Away Cranes' });
  farSite = await created('/api/v1/sites', { companyId: farCompany.id, name: 'Far yard' });
  farSerial = `ZZ${w.equipment.serialNumber.slice(3)}`;
  farEquipment = await created('/api/inspections/equipment', { equipmentTypeId: w.type.id, siteId: farSite.id, serialNumber: farSerial });
  await created('/api/inspections/equipment', { equipmentTypeId: hoist.id, siteId: w.site.id, serialNumber: `HO-1-${farSerial}`, status: 'retired' });
  await created('/api/inspections/equipment', { equipmentTypeId: hoist.id, siteId: farSite.id, serialNumber: `HO-2-${farSerial}`, status: 'out_of_service' });
  // Templates: two of the same name, one for no type in particular.
  for (const [name, equipmentTypeId] of [['Monthly hoist check', hoist.id], ['Monthly hoist check', null], ['Daily crane walkaround', w.type.id]] as const) {
    await created('/api/inspections/templates', { name, equipmentTypeId, sections: [{ id: 's', title: 'S', items: [{ id: 'i', prompt: 'OK?', answerType: 'yes_no', required: true }] }] });
  }
  // Inspections: several on the same date (ties), one at the far site, one led by another technician, one submitted.
  for (const inspectionDate of ['2030-03-01', '2030-03-01', '2030-01-15', '2030-05-20']) await w.inspection(w.users.tech, { inspectionDate });
  await w.inspection(w.users.tech, { equipmentId: farEquipment.id, siteId: farSite.id, inspectionDate: '2030-03-01' });
  teamInspection = (await w.inspection(w.users.coordinator, { technicianIds: [w.users.tech2.userId] })).id;
  await w.inspectionIn('submitted');
});

describe.each(lists)('the $field connection', (list) => {
  it('pages forward and backward through every order, ascending and descending, without gaps or repeats', async () => {
    const all = await walk(list, {});
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all.map(list.id)).toEqual(sorted(list, all, ...list.defaultOrder).map(list.id));
    for (const field of Object.keys(list.keys)) {
      for (const direction of ['ASC', 'DESC'] as const) {
        const orderBy = [{ field, direction }];
        const forward = await walk(list, { orderBy });
        expect(forward.map(list.id), `${field} ${direction}`).toEqual(sorted(list, all, field, direction).map(list.id));
        const backward = await walk(list, { orderBy }, true);
        expect(backward.map(list.id), `${field} ${direction} backward`).toEqual(forward.map(list.id));
      }
    }
  });

  it('narrows by each filter', async () => {
    const all = await walk(list, {});
    for (const { filter, holds } of list.filters()) {
      const some = await walk(list, { filter });
      expect(some.length, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(some.length, JSON.stringify(filter)).toBeLessThan(all.length);
      expect(some.map(list.id), JSON.stringify(filter)).toEqual(all.filter(holds).map(list.id));
    }
  });

  it('refuses a cursor of another order or filter as BAD_USER_INPUT', async () => {
    const { connection } = await pageOf(list, { first: 1 });
    const after = connection.pageInfo.endCursor;
    const [field] = list.defaultOrder;
    const other = Object.keys(list.keys).find((f) => f !== field) as string;
    for (const args of [{ orderBy: [{ field: other, direction: 'ASC' }] }, { filter: list.filters()[0]!.filter }]) {
      const { errors, connection: refused } = await pageOf(list, { first: 1, after, ...args });
      expect(refused ?? null, JSON.stringify(args)).toBeNull();
      expect(errors?.[0]?.extensions?.code, JSON.stringify(args)).toBe('BAD_USER_INPUT');
    }
  });
});

describe('the inspections connection loads what its rows embed with the rows', () => {
  it('in as many statements through edges as through nodes, however many rows', async () => {
    const embedded = '{ id equipment { serialNumber } equipmentType { name } site { name } customer { name } technician { name } findingCount }';
    const viaNodes = await harness.countStatements(() => ask(`{ inspections(first: 100) { nodes ${embedded} } }`));
    let edges: any;
    const viaEdges = await harness.countStatements(async () => (edges = await ask(`{ inspections(first: 100) { edges { node ${embedded} } } }`)));
    expect(edges.errors).toBeUndefined();
    expect(edges.data.inspections.edges.length).toBeGreaterThan(4);
    expect(viaEdges).toBe(viaNodes);
    const few = await harness.countStatements(() => ask(`{ inspections(first: 2) { edges { node ${embedded} } } }`));
    expect(few).toBe(viaEdges);
  });
});

describe('REST lists of inspections over their connections', () => {
  const routes = [
    { path: '/api/inspections/equipment-types', list: lists[0]!, params: 'search=hoist' },
    { path: '/api/inspections/equipment', list: lists[1]!, params: 'equipmentTypeId={hoist}&status=retired' },
    { path: '/api/inspections/templates', list: lists[2]!, params: 'search=monthly' },
    // REST's inspection groups the record's own fields under `inspection` (the specification's shape).
    { path: '/api/inspections', list: lists[3]!, params: 'status=submitted', restId: (item: any) => item.inspection.id },
  ];

  it.each(routes)('$path answers {data, total, page, pageSize} by page number, in the default order', async ({ path, list, restId }) => {
    const all = await walk(list, {});
    const second = await rest('GET', `${path}?page=2&limit=2`, { key: w.key });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(Object.keys(second.body)).toEqual(['data', 'total', 'page', 'pageSize']);
    expect(second.body).toMatchObject({ total: all.length, page: 2, pageSize: 2 });
    expect(second.body.data.map(restId ?? list.id)).toEqual(all.slice(2, 4).map(list.id));
    const beyond = await rest('GET', `${path}?page=99&limit=2`, { key: w.key });
    expect(beyond.body).toEqual({ data: [], total: all.length, page: 99, pageSize: 2 });
  });

  it.each(routes)('$path maps its query parameters onto the filter', async ({ path, list, params }) => {
    const all = await walk(list, {});
    const filtered = await rest('GET', `${path}?limit=10&${params.replace('{hoist}', hoist.id)}`, { key: w.key });
    expect(filtered.status, JSON.stringify(filtered.body)).toBe(200);
    expect(filtered.body.total).toBe(filtered.body.data.length);
    expect(filtered.body.total).toBeGreaterThan(0);
    expect(filtered.body.total).toBeLessThan(all.length);
  });

  it('refuses a bad page, limit or filter value with 400 and the parameter named', async () => {
    for (const query of ['page=0', 'limit=101', 'status=bogus', 'technicianId=nope']) {
      const response = await rest('GET', `/api/inspections?${query}`, { key: w.key });
      expect(response.status, query).toBe(400);
      expect(JSON.stringify(response.body), query).toContain(query.split('=')[0]);
    }
  });
});
