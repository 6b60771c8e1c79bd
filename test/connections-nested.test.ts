import { beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from './support/fixtures.js';
import type { TenantFixture } from './support/harness.js';
import { useHarness } from './support/harness.js';
import { salesPipeline } from './support/pipeline-fixtures.js';

const harness = useHarness();
const { h, tenant, rest } = harness;
const make = fixtures(harness);

type Row = { id: string } & Record<string, unknown>;
interface Page {
  nodes: Row[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
}
interface Answer {
  data?: Record<string, Record<string, Page> | null>;
  errors?: { message: string; extensions: { code: string; details?: { field: string[] }[] } }[];
}

/** Lists nested under a record (a company's deals, a deal's activities) take the root list's order and filter. */
describe('nested connections', () => {
  let t: TenantFixture;
  let sales: Awaited<ReturnType<typeof salesPipeline>>;
  let acme: { id: string };
  let birch: { id: string };
  let busyDeal: string;

  async function ask(query: string, variables: Record<string, unknown> = {}): Promise<Answer> {
    const response = await h.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { authorization: `Bearer ${t.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return response.json();
  }

  /** `parent(id:) { list(...) }` with every list argument as a variable. */
  const nestedQuery = (parent: string, list: string, type: string) =>
    `query($id: UUID!, $first: Int, $after: String, $orderBy: [${type}Order!], $filter: ${type}Filter) {
      ${parent}(id: $id) { ${list}(first: $first, after: $after, orderBy: $orderBy, filter: $filter) { nodes { id } pageInfo { hasNextPage endCursor } totalCount } } }`;

  async function page(query: string, parent: string, list: string, variables: Record<string, unknown>): Promise<Page> {
    const answer = await ask(query, variables);
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    return answer.data![parent]![list]!;
  }

  /** Every row of a nested list, forward `size` at a time to the end: none twice, and the count agrees. */
  async function walk(query: string, parent: string, list: string, variables: Record<string, unknown>, size = 3): Promise<string[]> {
    const ids: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 50; i += 1) {
      const p = await page(query, parent, list, { ...variables, first: size, after });
      ids.push(...p.nodes.map((n) => n.id));
      if (!p.pageInfo.hasNextPage) {
        expect(p.totalCount).toBe(ids.length);
        break;
      }
      after = p.pageInfo.endCursor;
    }
    expect(new Set(ids).size).toBe(ids.length);
    return ids;
  }

  /** Rows sorted by one column, ties by id in the same direction, as the API promises. */
  const sorted = (rows: Row[], column: string, direction: 'ASC' | 'DESC') => {
    const value = (row: Row) => (row[column] instanceof Date ? (row[column] as Date).getTime() : (row[column] as string));
    const sign = direction === 'ASC' ? 1 : -1;
    return [...rows].sort((a, b) => sign * (value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : a.id < b.id ? -1 : 1)).map((r) => r.id);
  };

  beforeAll(async () => {
    t = await tenant();
    sales = await salesPipeline(harness, t.secret);
    acme = await make.company(t.secret, { name: 'Acme' });
    birch = await make.company(t.secret, { name: 'Birch' });
    // 12 deals of Acme and 3 of Birch, with ties in every order column: pairs share a creation time, names repeat.
    await h.db.prisma.deal.createMany({
      data: Array.from({ length: 15 }, (_, i) => ({
        tenantId: t.tenantId,
        name: ['Crane', 'Hoist', 'Audit'][i % 3]!,
        companyId: i < 12 ? acme.id : birch.id,
        stageId: i % 2 ? sales.qualify.id : sales.proposal.id,
        status: 'open' as const,
        probability: 20,
        createdAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 2))),
        updatedAt: new Date(Date.UTC(2026, 5, 1 + (i % 3))),
      })),
    });
    const deal = await h.db.prisma.deal.findFirstOrThrow({ where: { tenantId: t.tenantId, companyId: birch.id } });
    busyDeal = deal.id;
    // 25 activities, pairs at the same instant.
    await h.db.prisma.dealActivity.createMany({
      data: Array.from({ length: 25 }, (_, i) => ({
        tenantId: t.tenantId,
        dealId: deal.id,
        type: i % 5 === 0 ? ('meeting' as const) : ('call' as const),
        description: `Activity ${i}`,
        activityDate: new Date(Date.UTC(2026, 1, 1 + Math.floor(i / 2))),
      })),
    });
  });

  const acmeDeals = async () => (await h.db.prisma.deal.findMany({ where: { tenantId: t.tenantId, companyId: acme.id } })) as unknown as Row[];
  const companyDeals = nestedQuery('company', 'deals', 'Deal');

  it("orders a company's deals like the root list, ascending and descending, ties broken by id", async () => {
    const rows = await acmeDeals();
    expect(await walk(companyDeals, 'company', 'deals', { id: acme.id })).toEqual(sorted(rows, 'createdAt', 'DESC'));
    for (const [field, column] of [['CREATED_AT', 'createdAt'], ['NAME', 'name']] as const) {
      for (const direction of ['ASC', 'DESC'] as const) {
        const ids = await walk(companyDeals, 'company', 'deals', { id: acme.id, orderBy: [{ field, direction }] });
        expect(ids, `${field} ${direction}`).toEqual(sorted(rows, column, direction));
      }
    }
    // Two keys: by name, then newest first within a name.
    const twoKeys = await walk(companyDeals, 'company', 'deals', { id: acme.id, orderBy: [{ field: 'NAME', direction: 'ASC' }, { field: 'CREATED_AT', direction: 'DESC' }] }, 5);
    const expected = [...rows]
      .sort((a, b) => (a.name !== b.name ? ((a.name as string) < (b.name as string) ? -1 : 1) : (b.createdAt as Date).getTime() - (a.createdAt as Date).getTime() || (a.id < b.id ? 1 : -1)))
      .map((r) => r.id);
    expect(twoKeys).toEqual(expected);
  });

  it('narrows nested lists with the root filter, the parent fixing its own condition', async () => {
    const rows = await acmeDeals();
    const cranes = await walk(companyDeals, 'company', 'deals', { id: acme.id, filter: { search: 'crane' } });
    expect(cranes.sort()).toEqual(rows.filter((r) => r.name === 'Crane').map((r) => r.id).sort());
    // The parent's own id is redundant, another parent's matches nothing.
    expect(await walk(companyDeals, 'company', 'deals', { id: acme.id, filter: { companyId: acme.id } })).toHaveLength(12);
    expect(await walk(companyDeals, 'company', 'deals', { id: acme.id, filter: { companyId: birch.id } })).toEqual([]);
    // A stage's deals, narrowed to one company.
    const inStage = await ask(
      `query($filter: DealFilter) { pipelineStages(first: 100) { nodes { id deals(first: 100, filter: $filter, orderBy: [{ field: NAME }]) { nodes { id name } totalCount } } } }`,
      { filter: { companyId: birch.id } },
    );
    expect(inStage.errors).toBeUndefined();
    const stages = (inStage.data!.pipelineStages as unknown as { nodes: { id: string; deals: { nodes: Row[]; totalCount: number } }[] }).nodes;
    const birchRows = await h.db.prisma.deal.findMany({ where: { tenantId: t.tenantId, companyId: birch.id } });
    for (const stage of stages) {
      const expected = birchRows.filter((d) => d.stageId === stage.id);
      expect(stage.deals.totalCount, stage.id).toBe(expected.length);
      expect(stage.deals.nodes.map((n) => n.id).sort()).toEqual(expected.map((d) => d.id).sort());
      expect(stage.deals.nodes.map((n) => n.name)).toEqual([...stage.deals.nodes.map((n) => n.name as string)].sort());
    }
    // A company's contacts filtered by search.
    await make.contact(t.secret, acme.id, { firstName: 'Pat', lastName: 'Quill' });
    await make.contact(t.secret, acme.id, { firstName: 'Sam', lastName: 'Reed' });
    await make.contact(t.secret, birch.id, { firstName: 'Pat', lastName: 'Quill' });
    const contacts = await ask(`query($id: UUID!) { company(id: $id) { contacts(filter: { search: "quill" }) { nodes { lastName } totalCount } } }`, { id: acme.id });
    expect(contacts.data?.company).toEqual({ contacts: { nodes: [{ lastName: 'Quill' }], totalCount: 1 } });
    // A lead's bookings filter by instants; a day (which needs the resource's time zone) is refused, not a server error.
    const lead = await make.lead(t.secret);
    const bookings = (from: string) => ask(`query($id: UUID!, $from: DateOrDateTime) { lead(id: $id) { bookings(filter: { startsAt: { from: $from } }) { totalCount } } }`, { id: lead.id, from });
    expect((await bookings('2026-01-01T00:00:00Z')).data?.lead).toEqual({ bookings: { totalCount: 0 } });
    const day = await bookings('2026-01-01');
    expect(day.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ field: ['filter', 'startsAt'] }] });
  });

  it('continues after a cursor\'s row when the order changes, as the field documents', async () => {
    const rows = await acmeDeals();
    const first = await page(companyDeals, 'company', 'deals', { id: acme.id, first: 2, orderBy: [{ field: 'NAME', direction: 'ASC' }] });
    const byNameDesc = sorted(rows, 'name', 'DESC');
    const next = await page(companyDeals, 'company', 'deals', { id: acme.id, first: 2, after: first.pageInfo.endCursor, orderBy: [{ field: 'NAME', direction: 'DESC' }] });
    const at = byNameDesc.indexOf(first.nodes[1]!.id);
    expect(next.nodes.map((n) => n.id)).toEqual(byNameDesc.slice(at + 1, at + 3));
  });

  it("pages a deal's activities forward to the end, newest first, and orders and filters them", async () => {
    const rows = (await h.db.prisma.dealActivity.findMany({ where: { dealId: busyDeal } })) as unknown as Row[];
    const activities = nestedQuery('deal', 'activities', 'DealActivity');
    const ids = await walk(activities, 'deal', 'activities', { id: busyDeal }, 10);
    expect(ids).toEqual(sorted(rows, 'activityDate', 'DESC'));
    expect(await walk(activities, 'deal', 'activities', { id: busyDeal, orderBy: [{ field: 'ACTIVITY_DATE', direction: 'ASC' }] }, 7)).toEqual(sorted(rows, 'activityDate', 'ASC'));
    const meetings = await walk(activities, 'deal', 'activities', { id: busyDeal, filter: { type: ['meeting'] } }, 2);
    expect(meetings).toEqual(sorted(rows.filter((r) => r.type === 'meeting'), 'activityDate', 'DESC'));
    // REST's deal keeps its array of the 20 newest.
    const detail = await rest('GET', `/api/v1/pipeline/deals/${busyDeal}`, { key: t.secret });
    expect(detail.status).toBe(200);
    expect(detail.body.data.activities.map((a: { id: string }) => a.id)).toEqual(ids.slice(0, 20));
  });
});
