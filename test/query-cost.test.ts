import { describe, expect, it } from 'vitest';
import { MAX_QUERY_COST } from '../src/graphql/limits.js';
import { MAX_LINE_ITEMS } from '../src/invoices/invoice-limits.js';
import { seedDemo } from '../src/tenants/demo.js';
import { useHarness } from './support/harness.js';

const harness = useHarness();
const { h, tenant, rest } = harness;

async function graphql(key: string, query: string, variables?: Record<string, unknown>) {
  const response = await h.app.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: await response.json() };
}

/** What an admitted operation reports it cost. */
async function requested(key: string, query: string, variables?: Record<string, unknown>): Promise<number> {
  const answer = await graphql(key, query, variables);
  expect(answer.body.errors, query).toBeUndefined();
  expect(answer.body.extensions.cost).toEqual({ requested: expect.any(Number), limit: MAX_QUERY_COST });
  return answer.body.extensions.cost.requested;
}

// The screens a frontend builds, which the default budget admits.
const BOARD = `{ pipelines { nodes { id name stages { id name position color deals(first: 20) { totalCount edges { node {
  id name value status probability expectedCloseDate company { id name } owner { id name } } } } } } } }`;
const LEAD = `query Lead($id: UUID!) { lead(id: $id) { id firstName lastName email phone status source companyName notes intent createdAt
  assignee { id name } bookings(first: 20) { totalCount edges { node { id startsAt endsAt status resource { id name } } } } }
  deals(first: 25) { totalCount nodes { id name value status company { name } owner { name } } } }`;
const INVOICES = `{ invoices(first: 25) { totalCount nodes { id invoiceNumber status issuedDate dueDate subtotal taxAmount totalAmount amountPaid balanceDue
  company { id name address } lineItems { id description quantity unitPrice total } } } }`;

describe('the cost of a frontend screen', () => {
  it('admits the demo tenant’s deals board, a lead with its bookings and deals, and an invoice list, and says what each cost', async () => {
    const demo = await seedDemo(h.db.prisma);
    const key = demo.keys.secret.key;
    const board = await graphql(key, BOARD);
    expect(board.status).toBe(200);
    expect(board.body.errors).toBeUndefined();
    const stages = board.body.data.pipelines.nodes.flatMap((p: { stages: unknown[] }) => p.stages);
    expect(stages.length).toBeGreaterThan(0);
    const { requested: boardCost, limit } = board.body.extensions.cost;
    expect(limit).toBe(MAX_QUERY_COST);
    // 25 pipelines of 20 stages (the worst case of a page without a size) with 20 deals each.
    expect(boardCost).toBeGreaterThan(25 * 20 * 20 * 10);
    expect(boardCost).toBeLessThanOrEqual(limit);

    const lead = await h.db.prisma.lead.findFirstOrThrow({ where: { tenantId: demo.tenant.id }, select: { id: true } });
    expect(await requested(key, LEAD, { id: lead.id })).toBeLessThanOrEqual(MAX_QUERY_COST);
    // An invoice's line items count at their ceiling, once per invoice of the page.
    expect(await requested(key, INVOICES)).toBeGreaterThan(25 * MAX_LINE_ITEMS * 5);
  });

  it('counts a connection by its first or last, the default when absent, once per parent row', async () => {
    const t = await tenant();
    const nested = (size: string) => `{ companies(first: 10) { nodes { deals${size} { edges { node { id name } } } } } }`;
    const [ten, hundred, none, last] = [await requested(t.secret, nested('(first: 10)')), await requested(t.secret, nested('(first: 100)')), await requested(t.secret, nested('')), await requested(t.secret, nested('(last: 30)'))];
    // Each of 10 companies reads 90 more deals, of three values each (the edge's node, id, name).
    expect(hundred - ten).toBe(10 * 90 * 3);
    expect(none - ten).toBe(10 * 15 * 3); // the default page of every connection, nested ones included: 25 (DEFAULT_PAGE_SIZE)
    expect(last - ten).toBe(10 * 20 * 3);
    // A variable counts as its value, however often its document runs (costs are kept by the sizes asked for).
    const bySize = 'query($n: Int) { companies(first: 10) { nodes { deals(first: $n) { edges { node { id name } } } } } }';
    for (let round = 0; round < 3; round += 1) {
      expect(await requested(t.secret, bySize, { n: 100 })).toBe(hundred);
      expect(await requested(t.secret, bySize, { n: 10 })).toBe(ten);
      expect(await requested(t.secret, bySize, {})).toBe(none);
      const outOfRange = await graphql(t.secret, bySize, { n: 101 });
      expect(outOfRange.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ field: ['companies', 'nodes', 'deals', 'first'] }] });
    }
    // A root list counts by its `first` or `last` alike, read through `nodes` as through `edges`.
    const page = async (size: string) => requested(t.secret, `{ deals${size} { nodes { id name } } }`);
    expect((await page('(first: 100)')) - (await page('(first: 10)'))).toBe(90 * 2);
    expect((await page('(last: 100)')) - (await page('(first: 10)'))).toBe(90 * 2);
    // A deal's activities are a connection like the others: 45 more of one value under each of 10 deals.
    const activities = async (size: number) => requested(t.secret, `{ deals(first: 10) { nodes { activities(first: ${size}, orderBy: [{ field: CREATED_AT }]) { nodes { id } } } } }`);
    expect((await activities(50)) - (await activities(5))).toBe(10 * 45);
    // A list that is part of a record counts at its declared ceiling: one more field of every line.
    const lines = async (fields: string) => requested(t.secret, `{ invoices(first: 2) { nodes { lineItems { ${fields} } } } }`);
    expect((await lines('id quantity')) - (await lines('id'))).toBe(2 * MAX_LINE_ITEMS);
  });

  it('refuses an oversized nested query before any statement, with the estimate and the limit', async () => {
    const t = await tenant();
    const query = '{ companies(first: 100) { nodes { deals(first: 100) { edges { node { id stage { deals(first: 100) { edges { node { id name } } } } } } } } } }';
    const statements = await harness.countStatements(async () => {
      const refused = await graphql(t.secret, query);
      expect(refused.status).toBe(400);
      expect(refused.body.data ?? null).toBeNull();
      const { code, cost } = refused.body.errors[0].extensions;
      expect(code).toBe('QUERY_TOO_COSTLY');
      expect(cost).toEqual({ requested: cost.estimate, limit: MAX_QUERY_COST, estimate: expect.any(Number), budget: MAX_QUERY_COST });
      expect(cost.requested).toBeGreaterThan(100 * 100 * 100 * 3);
    });
    expect(statements).toBe(0);
  });

  it('leaves REST bodies as the specification shapes them: no cost in them', async () => {
    const t = await tenant();
    const list = await rest('GET', '/api/v1/pipeline/deals', { key: t.secret });
    expect(list.status).toBe(200);
    expect(Object.keys(list.body).sort()).toEqual(['data', 'page', 'pageSize', 'total']);
  });
});
