import { beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from './support/fixtures.js';
import type { TenantFixture } from './support/harness.js';
import { useHarness } from './support/harness.js';
import { salesPipeline } from './support/pipeline-fixtures.js';

const harness = useHarness();
const { h, tenant, rest, countStatements } = harness;
const make = fixtures(harness);

type Row = Record<string, unknown> & { id: string };
interface Page {
  nodes: Row[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  totalCount: number;
}
interface Answer {
  data?: Record<string, Page>;
  errors?: { extensions: { code: string; details?: { field: string }[] } }[];
}

/** Deals, pipelines and stages as connections: paging both ways, every order, every filter, and REST's page routes over them. */
describe('deals, pipelines and pipeline stages as connections', () => {
  let t: TenantFixture;
  let sales: Awaited<ReturnType<typeof salesPipeline>>;
  let service: { id: string; stages: { id: string }[] };
  let companies: { id: string }[];

  async function ask(query: string, variables: Record<string, unknown> = {}): Promise<Answer> {
    const response = await h.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { authorization: `Bearer ${t.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return response.json();
  }

  const listQuery = (field: string, type: string, selection: string) =>
    `query($first: Int, $after: String, $last: Int, $before: String, $orderBy: [${type}Order!], $filter: ${type}Filter) {
      ${field}(first: $first, after: $after, last: $last, before: $before, orderBy: $orderBy, filter: $filter) {
        nodes { ${selection} } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } totalCount } }`;

  async function page(field: string, query: string, variables: Record<string, unknown>): Promise<Page> {
    const answer = await ask(query, variables);
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    return answer.data![field]!;
  }

  /** Every row, forward three at a time and backward three at a time: the same rows in the same order, none twice. */
  async function walk(field: string, query: string, variables: Record<string, unknown>): Promise<string[]> {
    const forward: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 50; i += 1) {
      const p = await page(field, query, { ...variables, first: 3, after });
      forward.push(...p.nodes.map((n) => n.id));
      expect(p.pageInfo.hasPreviousPage).toBe(after !== null);
      if (!p.pageInfo.hasNextPage) break;
      after = p.pageInfo.endCursor;
    }
    const backward: string[] = [];
    let before: string | null = null;
    for (let i = 0; i < 50; i += 1) {
      const p = await page(field, query, { ...variables, last: 3, before });
      backward.unshift(...p.nodes.map((n) => n.id));
      expect(p.pageInfo.hasNextPage).toBe(before !== null);
      if (!p.pageInfo.hasPreviousPage) break;
      before = p.pageInfo.startCursor;
    }
    expect(new Set(forward).size).toBe(forward.length);
    expect(backward).toEqual(forward);
    return forward;
  }

  /** Rows sorted by one column (ties by id, in the same direction), as the API promises. */
  const sorted = (rows: Row[], column: string, direction: 'ASC' | 'DESC') => {
    const value = (row: Row) => {
      const v = row[column];
      return v instanceof Date ? v.getTime() : (v as string | number);
    };
    const sign = direction === 'ASC' ? 1 : -1;
    return [...rows]
      .sort((a, b) => sign * (value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((r) => r.id);
  };

  beforeAll(async () => {
    t = await tenant();
    sales = await salesPipeline(harness, t.secret);
    const created = await rest('POST', '/api/v1/pipeline/pipelines', { key: t.secret, body: { name: 'Service' } });
    const serviceStages = [];
    for (const name of ['Booked', 'Done']) {
      serviceStages.push((await rest('POST', '/api/v1/pipeline/stages', { key: t.secret, body: { pipelineId: created.body.data.id, name, probability: 50 } })).body.data);
    }
    service = { id: created.body.data.id, stages: serviceStages };
    companies = [await make.company(t.secret, { name: 'Acme' }), await make.company(t.secret, { name: 'Birch' })];
    const stageCycle = [sales.qualify, sales.proposal, sales.won, sales.lost, serviceStages[0], serviceStages[1]];
    const statusOf = (stageId: string) => (stageId === sales.won.id ? 'won' : stageId === sales.lost.id ? 'lost' : 'open');
    // 14 deals with ties in every order column: pairs share created and updated times, names repeat.
    await h.db.prisma.deal.createMany({
      data: Array.from({ length: 14 }, (_, i) => {
        const stageId = stageCycle[i % stageCycle.length]!.id as string;
        return {
          tenantId: t.tenantId,
          name: ['Crane', 'Hoist', 'Audit', 'Belt'][i % 4]!,
          notes: i === 5 ? 'Needs a forklift quote' : null,
          companyId: companies[i % 2]!.id,
          stageId,
          status: statusOf(stageId) as 'open' | 'won' | 'lost',
          ownerId: i % 3 === 0 ? t.userId : null,
          probability: 20,
          value: i % 4 === 3 ? null : `${(i % 5) * 1000}.00`,
          expectedCloseDate: i % 5 === 4 ? null : new Date(Date.UTC(2027, 0, 1 + (i % 6))),
          createdAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 2))),
          updatedAt: new Date(Date.UTC(2026, 5, 1 + (i % 4))),
        };
      }),
    });
  });

  const dealRows = () => h.db.prisma.deal.findMany({ where: { tenantId: t.tenantId }, include: { stage: true } });
  const dealQuery = listQuery('deals', 'Deal', 'id name');

  it('pages deals both ways in every order, newest first by default', async () => {
    const rows = (await dealRows()) as unknown as Row[];
    expect(await walk('deals', dealQuery, {})).toEqual(sorted(rows, 'createdAt', 'DESC'));
    for (const [field, column] of [['CREATED_AT', 'createdAt'], ['UPDATED_AT', 'updatedAt'], ['NAME', 'name']] as const) {
      for (const direction of ['ASC', 'DESC'] as const) {
        expect(await walk('deals', dealQuery, { orderBy: [{ field, direction }] }), `${field} ${direction}`).toEqual(sorted(rows, column, direction));
      }
    }
  });

  it('plans nested fields in one query whether read through nodes or edges', async () => {
    const nested = 'id company { name } stage { name pipeline { name } } owner { name }';
    const viaNodes = await countStatements(() => page('deals', `{ deals(first: 100) { nodes { ${nested} } pageInfo { hasNextPage } totalCount } }`, {}));
    const viaEdges = await countStatements(() => page('deals', `{ deals(first: 100) { edges { node { ${nested} } } pageInfo { hasNextPage } totalCount } }`, {}));
    const bare = await countStatements(() => page('deals', '{ deals(first: 100) { nodes { id } pageInfo { hasNextPage } totalCount } }', {}));
    expect([viaNodes, viaEdges]).toEqual([bare, bare]);
  });

  it('narrows deals by each filter, and counts what matches', async () => {
    const rows = await dealRows();
    const ids = (keep: (row: (typeof rows)[number]) => boolean) => rows.filter(keep).map((r) => r.id).sort();
    const cases: [Record<string, unknown>, string[]][] = [
      [{ search: 'hoist' }, ids((r) => r.name === 'Hoist')],
      [{ search: 'FORKLIFT quote' }, ids((r) => r.notes?.includes('forklift') ?? false)],
      [{ status: ['won', 'lost'] }, ids((r) => r.status !== 'open')],
      [{ stageId: sales.proposal.id }, ids((r) => r.stageId === sales.proposal.id)],
      [{ pipelineId: service.id }, ids((r) => r.stage.pipelineId === service.id)],
      [{ ownerId: t.userId }, ids((r) => r.ownerId === t.userId)],
      [{ companyId: companies[1]!.id }, ids((r) => r.companyId === companies[1]!.id)],
      [{ value: { min: '1000', max: '3000.00' } }, ids((r) => r.value !== null && r.value.gte(1000) && r.value.lte(3000))],
      [{ value: { min: '4000' } }, ids((r) => r.value !== null && r.value.gte(4000))],
      [{ expectedCloseDate: { from: '2027-01-02', to: '2027-01-03' } }, ids((r) => r.expectedCloseDate !== null && ['2027-01-02', '2027-01-03'].includes(r.expectedCloseDate.toISOString().slice(0, 10)))],
      [{ createdAt: { from: '2026-01-03T00:00:00Z', to: '2026-01-05T00:00:00Z' } }, ids((r) => r.createdAt >= new Date('2026-01-03') && r.createdAt < new Date('2026-01-05'))],
      [{ pipelineId: sales.pipeline.id, status: ['open'], ownerId: t.userId }, ids((r) => r.stage.pipelineId === sales.pipeline.id && r.status === 'open' && r.ownerId === t.userId)],
    ];
    for (const [filter, expected] of cases) {
      expect(expected.length, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(expected.length, JSON.stringify(filter)).toBeLessThan(rows.length);
      const found = await page('deals', dealQuery, { filter, first: 100 });
      expect(found.nodes.map((n) => n.id).sort(), JSON.stringify(filter)).toEqual(expected);
      expect(found.totalCount).toBe(expected.length);
    }
    expect(await walk('deals', dealQuery, { filter: { companyId: companies[0]!.id }, orderBy: [{ field: 'NAME', direction: 'DESC' }] })).toHaveLength(7);
  });

  it('refuses a cursor of another order, filter or list, and bad filters, as BAD_USER_INPUT', async () => {
    const first = await page('deals', dealQuery, { first: 2 });
    const refusals: [string, Record<string, unknown>][] = [
      [dealQuery, { first: 2, after: first.pageInfo.endCursor, orderBy: [{ field: 'NAME', direction: 'ASC' }] }],
      [dealQuery, { first: 2, after: first.pageInfo.endCursor, filter: { status: ['open'] } }],
      [listQuery('pipelineStages', 'PipelineStage', 'id'), { first: 2, after: first.pageInfo.endCursor }],
      [dealQuery, { filter: { value: { min: 'lots' } } }],
      [dealQuery, { filter: { expectedCloseDate: { from: '2027-13-01' } } }],
      [dealQuery, { orderBy: [{ field: 'COLOR', direction: 'ASC' }] }],
    ];
    for (const [query, variables] of refusals) {
      const answer = await ask(query, variables);
      expect(answer.data ?? null, JSON.stringify(variables)).toBeNull();
      expect(answer.errors?.[0]?.extensions.code, JSON.stringify(variables)).toBe('BAD_USER_INPUT');
    }
  });

  it('pages pipelines and stages both ways in every order, with their filters', async () => {
    const pipelineQuery = listQuery('pipelines', 'Pipeline', 'id name stages { id position }');
    const pipelines = (await h.db.prisma.pipeline.findMany({ where: { tenantId: t.tenantId } })) as unknown as Row[];
    expect(await walk('pipelines', pipelineQuery, {})).toEqual(sorted(pipelines, 'name', 'ASC'));
    for (const [field, column] of [['NAME', 'name'], ['CREATED_AT', 'createdAt']] as const) {
      for (const direction of ['ASC', 'DESC'] as const) {
        expect(await walk('pipelines', pipelineQuery, { orderBy: [{ field, direction }] })).toEqual(sorted(pipelines, column, direction));
      }
    }
    const found = await page('pipelines', pipelineQuery, { filter: { search: 'serv' } });
    expect(found.nodes).toEqual([{ id: service.id, name: 'Service', stages: service.stages.map((s, position) => ({ id: s.id, position })) }]);

    const stageQuery = listQuery('pipelineStages', 'PipelineStage', 'id');
    const stages = (await h.db.prisma.pipelineStage.findMany({ where: { tenantId: t.tenantId } })) as unknown as Row[];
    expect(await walk('pipelineStages', stageQuery, {})).toEqual(sorted(stages, 'position', 'ASC'));
    for (const [field, column] of [['POSITION', 'position'], ['NAME', 'name'], ['CREATED_AT', 'createdAt']] as const) {
      for (const direction of ['ASC', 'DESC'] as const) {
        expect(await walk('pipelineStages', stageQuery, { orderBy: [{ field, direction }] })).toEqual(sorted(stages, column, direction));
      }
    }
    expect(await walk('pipelineStages', stageQuery, { filter: { pipelineId: sales.pipeline.id } })).toEqual([sales.qualify.id, sales.proposal.id, sales.won.id, sales.lost.id]);
    expect((await page('pipelineStages', stageQuery, { filter: { search: 'WON' } })).nodes).toEqual([{ id: sales.won.id }]);
  });

  it("keeps REST's page routes: {data, total, page, pageSize}, the spec's filters, 400 on bad parameters", async () => {
    const rows = await dealRows();
    const newest = sorted(rows as unknown as Row[], 'createdAt', 'DESC');
    const first = await rest('GET', '/api/v1/pipeline/deals?limit=5', { key: t.secret });
    const third = await rest('GET', '/api/v1/pipeline/deals?limit=5&page=3', { key: t.secret });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['data', 'page', 'pageSize', 'total']);
    expect(first.body).toMatchObject({ total: 14, page: 1, pageSize: 5 });
    expect(third.body).toMatchObject({ total: 14, page: 3, pageSize: 5 });
    expect([...first.body.data, ...third.body.data].map((d: { id: string }) => d.id)).toEqual([...newest.slice(0, 5), ...newest.slice(10)]);
    const filters: [string, (r: (typeof rows)[number]) => boolean][] = [
      [`stageId=${sales.won.id}`, (r) => r.stageId === sales.won.id],
      ['status=lost', (r) => r.status === 'lost'],
      [`companyId=${companies[0]!.id}`, (r) => r.companyId === companies[0]!.id],
      [`ownerId=${t.userId}`, (r) => r.ownerId === t.userId],
    ];
    for (const [query, keep] of filters) {
      const answer = await rest('GET', `/api/v1/pipeline/deals?${query}`, { key: t.secret });
      expect(answer.body.data.map((d: { id: string }) => d.id).sort(), query).toEqual(rows.filter(keep).map((r) => r.id).sort());
      expect(answer.body.total).toBe(rows.filter(keep).length);
    }
    for (const query of ['status=closed', 'stageId=nope', 'limit=101', 'page=0']) {
      const answer = await rest('GET', `/api/v1/pipeline/deals?${query}`, { key: t.secret });
      expect(answer.status, query).toBe(400);
    }
    const pipelines = await rest('GET', '/api/v1/pipeline/pipelines?limit=1&page=2', { key: t.secret });
    expect(pipelines.body).toMatchObject({ data: [{ id: service.id, name: 'Service' }], total: 2, page: 2, pageSize: 1 });
    expect(pipelines.body.data[0].stages.map((s: { id: string }) => s.id)).toEqual(service.stages.map((s) => s.id));
    const stages = await rest('GET', `/api/v1/pipeline/stages?pipelineId=${service.id}`, { key: t.secret });
    expect(stages.body).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(stages.body.data.map((s: { id: string }) => s.id)).toEqual(service.stages.map((s) => s.id));
    expect((await rest('GET', '/api/v1/pipeline/stages?pipelineId=nope', { key: t.secret })).status).toBe(400);
  });
});
