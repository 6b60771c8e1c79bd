import { createKeyPair } from '../src/auth/key-pairs.js';
import { Decimal } from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from './support/fixtures.js';
import type { TenantFixture } from './support/harness.js';
import { useHarness } from './support/harness.js';
import { inspectionWorld } from './support/inspection-fixtures.js';
import { salesPipeline } from './support/pipeline-fixtures.js';

const harness = useHarness();
const { h, tenant, rest } = harness;
const make = fixtures(harness);

type Row = Record<string, unknown> & { id: string };
interface Page {
  nodes: Row[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}
interface Answer {
  data?: Record<string, any> | null;
  errors?: { path?: (string | number)[]; extensions: { code: string; details?: { field: string }[] } }[];
}

/** The sorts, range filters and totals a CRM list screen needs (issue 45), on deals, invoices, leads and inspections. */
describe('list sorts, range filters and aggregates', () => {
  let t: TenantFixture;
  let sales: Awaited<ReturnType<typeof salesPipeline>>;
  let companies: { id: string }[];

  async function ask(query: string, variables: Record<string, unknown> = {}, key = t.secret): Promise<Answer> {
    const response = await h.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return response.json();
  }

  const listQuery = (field: string, type: string, selection = 'id') =>
    `query($first: Int, $after: String, $last: Int, $before: String, $orderBy: [${type}Order!], $filter: ${type}Filter) {
      ${field}(first: $first, after: $after, last: $last, before: $before, orderBy: $orderBy, filter: $filter) {
        nodes { ${selection} } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`;

  async function page(field: string, query: string, variables: Record<string, unknown>): Promise<Page> {
    const answer = await ask(query, variables);
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    return answer.data![field];
  }

  /** Every row, forward and backward `size` at a time: the same rows in the same order, none twice. */
  async function walk(field: string, query: string, variables: Record<string, unknown>, size = 3): Promise<string[]> {
    const forward: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 50; i += 1) {
      const p = await page(field, query, { ...variables, first: size, after });
      forward.push(...p.nodes.map((n) => n.id));
      if (!p.pageInfo.hasNextPage) break;
      after = p.pageInfo.endCursor;
    }
    const backward: string[] = [];
    let before: string | null = null;
    for (let i = 0; i < 50; i += 1) {
      const p = await page(field, query, { ...variables, last: size, before });
      backward.unshift(...p.nodes.map((n) => n.id));
      if (!p.pageInfo.hasPreviousPage) break;
      before = p.pageInfo.startCursor;
    }
    expect(new Set(forward).size).toBe(forward.length);
    expect(backward).toEqual(forward);
    return forward;
  }

  /** Rows sorted by one column as the API promises: nulls last in both directions, ties by id in the key's direction. */
  const sorted = (rows: Row[], column: string, direction: 'ASC' | 'DESC', rank: (v: unknown) => number | string = defaultRank) => {
    const sign = direction === 'ASC' ? 1 : -1;
    const byId = (a: Row, b: Row) => sign * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    return [...rows]
      .sort((a, b) => {
        const [x, y] = [a[column], b[column]];
        if (x == null || y == null) return x == null && y == null ? byId(a, b) : x == null ? 1 : -1;
        const [rx, ry] = [rank(x), rank(y)];
        return rx < ry ? -sign : rx > ry ? sign : byId(a, b);
      })
      .map((r) => r.id);
  };
  function defaultRank(v: unknown): number | string {
    if (v instanceof Date) return v.getTime();
    if (v instanceof Decimal || (typeof v === 'object' && v !== null && 'toFixed' in v)) return Number(String(v));
    return v as number | string;
  }

  const day = (d: number | null) => (d === null ? null : new Date(Date.UTC(2027, 0, d)));
  const dealValues = ['0.10', '0.20', null, '1000.00', '0.10', null, '250.55', '1000.00', null, '99.99', '0.20', '5000.00', null, '12.34'];

  beforeAll(async () => {
    t = await tenant();
    sales = await salesPipeline(harness, t.secret);
    companies = [await make.company(t.secret, { name: 'Acme' }), await make.company(t.secret, { name: 'Birch' })];
    const stages = [sales.qualify, sales.proposal, sales.won, sales.lost];
    const statusOf = (i: number) => (['open', 'open', 'won', 'lost'] as const)[i % 4]!;
    // Nulls and ties in every new order column, cents in the values.
    await h.db.prisma.deal.createMany({
      data: dealValues.map((value, i) => ({
        tenantId: t.tenantId,
        name: `Deal ${i}`,
        companyId: companies[i % 2]!.id,
        stageId: stages[i % 4]!.id,
        status: statusOf(i),
        probability: [20, 60, 100, 0, 20][i % 5]!,
        value,
        expectedCloseDate: day(i % 4 === 1 ? null : 1 + (i % 3)),
        actualCloseDate: day(statusOf(i) === 'open' ? null : 10 + (i % 2)),
      })),
    });
    await h.db.prisma.invoice.createMany({
      data: Array.from({ length: 11 }, (_, i) => {
        const total = new Decimal(['10.10', '20.20', '0.10', '0.20', '300.00', '10.10', '99.99', '0.01', '5.00', '20.20', '1.11'][i]!);
        const paid = i % 3 === 0 ? total : i % 3 === 1 ? Decimal.min(total, '0.05') : new Decimal(0);
        return {
          tenantId: t.tenantId,
          invoiceNumber: `T-${100 + i}`,
          companyId: companies[i % 2]!.id,
          status: i % 3 === 0 ? ('paid' as const) : ('draft' as const),
          totalAmount: total.toFixed(2),
          subtotal: total.toFixed(2),
          amountPaid: paid.toFixed(2),
          balanceDue: total.minus(paid).toFixed(2),
          issuedDate: i % 4 === 0 ? null : new Date(Date.UTC(2026, 2, 1 + (i % 3))),
          dueDate: i % 3 === 2 ? null : new Date(Date.UTC(2030, 3, 1 + (i % 4))),
        };
      }),
    });
    const statuses = ['qualified', 'new', 'lost', 'new', 'contacted', 'converted', 'qualifying', 'disqualified', 'qualified'] as const;
    await h.db.prisma.lead.createMany({ data: statuses.map((status, i) => ({ tenantId: t.tenantId, firstName: `L${i}`, lastName: 'Ward', status })) });
  });

  const dealRows = async () => (await h.db.prisma.deal.findMany({ where: { tenantId: t.tenantId } })) as unknown as Row[];
  const invoiceRows = async () => (await h.db.prisma.invoice.findMany({ where: { tenantId: t.tenantId } })) as unknown as Row[];

  it('sorts deals, invoices and leads by each new order field, nulls last both ways, paging forward and backward', async () => {
    const deals = await dealRows();
    expect(deals.filter((d) => d.value === null).length).toBeGreaterThan(1);
    for (const [field, column] of [['VALUE', 'value'], ['EXPECTED_CLOSE_DATE', 'expectedCloseDate'], ['ACTUAL_CLOSE_DATE', 'actualCloseDate'], ['PROBABILITY', 'probability']] as const) {
      for (const direction of ['ASC', 'DESC'] as const) {
        expect(await walk('deals', listQuery('deals', 'Deal'), { orderBy: [{ field, direction }] }), `${field} ${direction}`).toEqual(sorted(deals, column, direction));
      }
    }
    // A second key after a nullable one: the nulls are ordered by it, then by id.
    const twoKeys = [{ field: 'EXPECTED_CLOSE_DATE', direction: 'DESC' }, { field: 'VALUE', direction: 'ASC' }];
    const expected = sorted(deals, 'value', 'ASC');
    const byDate = sorted(deals, 'expectedCloseDate', 'DESC');
    const dateOf = (id: string) => deals.find((d) => d.id === id)!.expectedCloseDate as Date | null;
    const twoKeyOrder = [...deals.map((d) => d.id)].sort((a, b) => {
      const [da, db] = [dateOf(a), dateOf(b)];
      if ((da?.getTime() ?? null) !== (db?.getTime() ?? null)) return byDate.indexOf(a) - byDate.indexOf(b);
      return expected.indexOf(a) - expected.indexOf(b);
    });
    expect(await walk('deals', listQuery('deals', 'Deal'), { orderBy: twoKeys }, 2)).toEqual(twoKeyOrder);

    const invoices = await invoiceRows();
    for (const [field, column] of [['DUE_DATE', 'dueDate'], ['ISSUED_DATE', 'issuedDate'], ['TOTAL_AMOUNT', 'totalAmount'], ['BALANCE_DUE', 'balanceDue']] as const) {
      for (const direction of ['ASC', 'DESC'] as const) {
        expect(await walk('invoices', listQuery('invoices', 'Invoice'), { orderBy: [{ field, direction }] }), `${field} ${direction}`).toEqual(sorted(invoices, column, direction));
      }
    }

    // Lead statuses sort in the enum's declared order, the order a lead moves in.
    const leads = (await h.db.prisma.lead.findMany({ where: { tenantId: t.tenantId } })) as unknown as Row[];
    const statusOrder = ['new', 'contacted', 'qualifying', 'qualified', 'converted', 'disqualified', 'lost'];
    for (const direction of ['ASC', 'DESC'] as const) {
      expect(await walk('leads', listQuery('leads', 'Lead'), { orderBy: [{ field: 'STATUS', direction }] }), direction).toEqual(sorted(leads, 'status', direction, (s) => statusOrder.indexOf(s as string)));
    }
  });

  it("pages a company's deals by a nullable order field, nulls last both ways", async () => {
    const deals = (await dealRows()).filter((d) => d.companyId === companies[1]!.id);
    const nested = `query($id: UUID!, $after: String, $orderBy: [DealOrder!]) { company(id: $id) { deals(first: 2, after: $after, orderBy: $orderBy) {
      nodes { id } pageInfo { hasNextPage endCursor } } } }`;
    for (const direction of ['ASC', 'DESC'] as const) {
      const seen: string[] = [];
      let after: string | null = null;
      for (let i = 0; i < 20; i += 1) {
        const answer = await ask(nested, { id: companies[1]!.id, after, orderBy: [{ field: 'VALUE', direction }] });
        expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
        const p = answer.data!.company.deals;
        seen.push(...p.nodes.map((n: Row) => n.id));
        if (!p.pageInfo.hasNextPage) break;
        after = p.pageInfo.endCursor;
      }
      expect(seen, direction).toEqual(sorted(deals, 'value', direction));
    }
  });

  it('says in each nullable order field where its nulls go', async () => {
    const answer = await ask('{ __type(name: "DealOrderField") { enumValues { name description } } }');
    const values = Object.fromEntries(answer.data!.__type.enumValues.map((v: { name: string; description: string }) => [v.name, v.description]));
    expect(values.VALUE).toContain('without one come last in both directions');
    expect(values.PROBABILITY).not.toContain('come last');
  });

  it('narrows deals and invoices by the new ranges, both ends included, and refuses reversed ones at their end', async () => {
    const deals = await dealRows();
    const invoices = await invoiceRows();
    const ids = (rows: Row[], keep: (row: any) => boolean) => rows.filter(keep).map((r) => r.id).sort();
    const iso = (d: unknown) => (d as Date | null)?.toISOString().slice(0, 10);
    const cases: [string, string, Record<string, unknown>, string[]][] = [
      ['deals', 'Deal', { actualCloseDate: { from: '2027-01-10', to: '2027-01-10' } }, ids(deals, (d) => iso(d.actualCloseDate) === '2027-01-10')],
      ['deals', 'Deal', { actualCloseDate: { from: '2027-01-11' } }, ids(deals, (d) => iso(d.actualCloseDate) === '2027-01-11')],
      ['deals', 'Deal', { probability: { min: 20, max: 60 } }, ids(deals, (d) => d.probability >= 20 && d.probability <= 60)],
      ['deals', 'Deal', { probability: { max: 0 } }, ids(deals, (d) => d.probability === 0)],
      ['invoices', 'Invoice', { dueDate: { from: '2030-04-02', to: '2030-04-03' } }, ids(invoices, (r) => ['2030-04-02', '2030-04-03'].includes(iso(r.dueDate)!))],
      ['invoices', 'Invoice', { totalAmount: { min: '0.10', max: '10.10' } }, ids(invoices, (r) => r.totalAmount.gte('0.10') && r.totalAmount.lte('10.10'))],
      ['invoices', 'Invoice', { balanceDue: { min: '0.01' } }, ids(invoices, (r) => r.balanceDue.gte('0.01'))],
      ['invoices', 'Invoice', { balanceDue: { max: '0' }, issuedDate: { to: '2026-03-02' } }, ids(invoices, (r) => r.balanceDue.isZero() && r.issuedDate !== null && iso(r.issuedDate)! <= '2026-03-02')],
    ];
    for (const [field, type, filter, expected] of cases) {
      expect(expected.length, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(expected.length, JSON.stringify(filter)).toBeLessThan(field === 'deals' ? deals.length : invoices.length);
      const found = await page(field, listQuery(field, type), { filter, first: 100 });
      expect(found.nodes.map((n) => n.id).sort(), JSON.stringify(filter)).toEqual(expected);
    }
    const refusals: [string, string, Record<string, unknown>, string][] = [
      ['deals', 'Deal', { probability: { min: 61, max: 60 } }, 'filter.probability.max'],
      ['deals', 'Deal', { actualCloseDate: { from: '2027-01-11', to: '2027-01-10' } }, 'filter.actualCloseDate.to'],
      ['deals', 'Deal', { value: { min: '10.01', max: '10.00' } }, 'filter.value.max'],
      ['invoices', 'Invoice', { dueDate: { from: '2030-04-03', to: '2030-04-02' } }, 'filter.dueDate.to'],
      ['invoices', 'Invoice', { totalAmount: { min: '5', max: '4.99' } }, 'filter.totalAmount.max'],
      ['invoices', 'Invoice', { balanceDue: { min: 'lots' } }, 'filter.balanceDue.min'],
      ['deals', 'Deal', { probability: { min: 'high' } }, 'filter.probability.min'],
    ];
    for (const [field, type, filter, path] of refusals) {
      const answer = await ask(listQuery(field, type), { filter });
      expect(answer.data ?? null, JSON.stringify(filter)).toBeNull();
      expect(answer.errors?.map((e) => e.extensions.code), JSON.stringify(filter)).toEqual(['BAD_USER_INPUT']);
      const fields = answer.errors?.flatMap((e) => e.extensions.details?.map((d) => [d.field].flat().join('.')) ?? []);
      expect(fields, JSON.stringify(filter)).toEqual([path]);
    }
    // A reversed range says which way, in the words of its kind, as a range problem.
    const reversed = async (filter: Record<string, unknown>) => (await ask(listQuery('invoices', 'Invoice'), { filter })).errors?.[0]?.extensions.details?.[0];
    expect(await reversed({ totalAmount: { min: '5', max: '4.99' } })).toMatchObject({ message: 'must not be less than `min`', code: 'OUT_OF_RANGE' });
    expect(await reversed({ dueDate: { from: '2030-04-03', to: '2030-04-02' } })).toMatchObject({ message: 'must not be before `from`', code: 'OUT_OF_RANGE' });
  });

  const dealTotals = `query($filter: DealFilter, $first: Int) { deals(filter: $filter, first: $first) { nodes { id } aggregate { count sum { value } } } }`;
  const invoiceTotals = `query($filter: InvoiceFilter, $first: Int) { invoices(filter: $filter, first: $first) { nodes { id } aggregate { count sum { totalAmount amountPaid balanceDue } } } }`;
  const sum = (rows: Row[], column: string) => rows.reduce((acc, r) => acc.plus(String(r[column] ?? 0)), new Decimal(0)).toFixed(2);

  it('totals a whole filtered list by the database, whatever the page, "0.00" for none', async () => {
    const deals = await dealRows();
    const open = deals.filter((d) => d.status === 'open');
    for (const first of [1, 100]) {
      const answer = await ask(dealTotals, { filter: { status: ['open'] }, first });
      expect(answer.errors).toBeUndefined();
      expect(answer.data!.deals.nodes).toHaveLength(Math.min(first, open.length));
      expect(answer.data!.deals.aggregate).toEqual({ count: open.length, sum: { value: sum(open, 'value') } });
    }
    // Cents add up exactly: 0.10 + 0.20 (+ 0.10 + 0.20) is never 0.30000000000000004.
    const cents = deals.filter((d) => d.value !== null && new Decimal(String(d.value)).lt(1));
    expect(cents).toHaveLength(4);
    expect((await ask(dealTotals, { filter: { value: { max: '0.99' } } })).data!.deals.aggregate).toEqual({ count: 4, sum: { value: '0.60' } });
    expect((await ask(dealTotals, { filter: { search: 'no such deal' } })).data!.deals.aggregate).toEqual({ count: 0, sum: { value: '0.00' } });
    expect((await ask(dealTotals, {})).data!.deals.aggregate).toEqual({ count: deals.length, sum: { value: sum(deals, 'value') } });

    const invoices = await invoiceRows();
    const drafts = invoices.filter((r) => r.status === 'draft');
    const answer = await ask(invoiceTotals, { filter: { status: ['draft'] }, first: 2 });
    expect(answer.data!.invoices.aggregate).toEqual({
      count: drafts.length,
      sum: { totalAmount: sum(drafts, 'totalAmount'), amountPaid: sum(drafts, 'amountPaid'), balanceDue: sum(drafts, 'balanceDue') },
    });
    expect((await ask(invoiceTotals, { filter: { totalAmount: { min: '100000' } } })).data!.invoices.aggregate).toEqual({
      count: 0,
      sum: { totalAmount: '0.00', amountPaid: '0.00', balanceDue: '0.00' },
    });
  });

  it("totals a company's and a stage's deals and a company's invoices, within the parent", async () => {
    const deals = await dealRows();
    const invoices = await invoiceRows();
    const company = companies[0]!.id;
    const answer = await ask(
      `query($id: UUID!) { company(id: $id) {
        deals(first: 1, filter: { status: [open, won] }) { aggregate { count sum { value } } }
        invoices(first: 1) { aggregate { count sum { totalAmount amountPaid balanceDue } } } }
        pipelineStages(first: 10) { nodes { id deals(first: 1) { aggregate { count sum { value } } } } } }`,
      { id: company },
    );
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    const companyDeals = deals.filter((d) => d.companyId === company && d.status !== 'lost');
    expect(answer.data!.company.deals.aggregate).toEqual({ count: companyDeals.length, sum: { value: sum(companyDeals, 'value') } });
    const companyInvoices = invoices.filter((r) => r.companyId === company);
    expect(answer.data!.company.invoices.aggregate).toEqual({
      count: companyInvoices.length,
      sum: { totalAmount: sum(companyInvoices, 'totalAmount'), amountPaid: sum(companyInvoices, 'amountPaid'), balanceDue: sum(companyInvoices, 'balanceDue') },
    });
    for (const stage of answer.data!.pipelineStages.nodes) {
      const inStage = deals.filter((d) => d.stageId === stage.id);
      expect(stage.deals.aggregate, stage.id).toEqual({ count: inStage.length, sum: { value: sum(inStage, 'value') } });
    }
  });

  it('keys totals by their list and filter, so a normalized cache stores each once', async () => {
    const keyed = `query($filter: DealFilter, $first: Int) { deals(filter: $filter, first: $first) { aggregate { id sum { id } } } }`;
    const keyOf = async (variables: Record<string, unknown>) => {
      const answer = await ask(keyed, variables);
      expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
      const { id, sum } = answer.data!.deals.aggregate;
      expect(sum.id).toBe(id);
      return id as string;
    };
    const open = await keyOf({ filter: { status: ['open'] } });
    // The page does not change what is totalled, so it does not change the key; the filter does.
    expect(await keyOf({ filter: { status: ['open'] }, first: 1 })).toBe(open);
    expect(await keyOf({ filter: { status: ['won'] } })).not.toBe(open);
    expect(await keyOf({})).not.toBe(open);
    const nested = await ask(`query($id: UUID!) { company(id: $id) { deals(filter: { status: [open] }) { aggregate { id } } } }`, { id: companies[0]!.id });
    expect(nested.data!.company.deals.aggregate.id).not.toBe(open);
  });

  it('costs an aggregate like a count: its four fields once per list, whatever the page size', async () => {
    const cost = async (query: string) => {
      const response = await h.app.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { authorization: `Bearer ${t.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
      const answer = (await response.json()) as { errors?: unknown; extensions: { cost: { requested: number; limit: number } } };
      expect(answer.errors).toBeUndefined();
      return answer.extensions.cost;
    };
    for (const first of [1, 100]) {
      const bare = await cost(`{ deals(first: ${first}) { nodes { id } } }`);
      expect((await cost(`{ deals(first: ${first}) { nodes { id } aggregate { count sum { value } } } }`)).requested).toBe(bare.requested + 4);
    }
    // The deals board: each stage's deals with their totals, well inside the budget.
    const board = (totals: string) => `{ pipelineStages(first: 20) { nodes { id name deals(first: 20) { nodes { id name value company { name } } ${totals} } } } }`;
    const [plain, totalled] = [await cost(board('')), await cost(board('totalCount aggregate { count sum { value } }'))];
    expect(totalled.requested).toBe(plain.requested + 20 * 5);
    expect(totalled.requested).toBeLessThan(totalled.limit);
  });

  it('refuses deal totals to a key without `pipeline`, wherever they are reached', async () => {
    const pair = await createKeyPair(h.db.prisma, { tenantId: t.tenantId, userId: t.userId, name: 'companies only', scopes: ['companies.read', 'invoices.read'] });
    const key = pair.secret.key;
    const root = await ask(dealTotals, {}, key);
    expect(root.data?.deals ?? null).toBeNull();
    expect(root.errors?.map((e) => e.extensions.code)).toEqual(['FORBIDDEN']);
    const nested = await ask(`query($id: UUID!) { company(id: $id) { name deals { aggregate { count sum { value } } } } }`, { id: companies[0]!.id }, key);
    expect(nested.data?.company).toEqual({ name: 'Acme', deals: null });
    expect(nested.errors?.map((e) => [e.extensions.code, e.path])).toEqual([['FORBIDDEN', ['company', 'deals']]]);
    // The invoices it may read, it may total.
    expect((await ask(invoiceTotals, {}, key)).data?.invoices.aggregate.count).toBe((await invoiceRows()).length);
  });

  it('refuses an unknown order field and a forged cursor as BAD_USER_INPUT; REST lists take no new parameters', async () => {
    for (const variables of [{ orderBy: [{ field: 'COLOR', direction: 'ASC' }] }, { filter: { dueDate: { from: 'soon' } } }]) {
      const answer = await ask(listQuery('invoices', 'Invoice'), variables);
      expect(answer.data ?? null).toBeNull();
      expect(answer.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    }
    // A cursor on a lead status the enum does not have, or a null where the column has none, is refused before it reaches SQL.
    const first = await page('leads', listQuery('leads', 'Lead'), { first: 1, orderBy: [{ field: 'STATUS', direction: 'ASC' }] });
    const [, binding, values] = JSON.parse(Buffer.from(first.pageInfo.endCursor!, 'base64url').toString());
    for (const forged of [['zzz', values[1]], [null, values[1]]]) {
      const after = Buffer.from(JSON.stringify(['k', binding, forged])).toString('base64url');
      const answer = await ask(listQuery('leads', 'Lead'), { first: 1, after, orderBy: [{ field: 'STATUS', direction: 'ASC' }] });
      expect(answer.errors?.map((e) => e.extensions.code), JSON.stringify(forged)).toEqual(['BAD_USER_INPUT']);
    }
    const plain = await rest('GET', '/api/invoices?limit=100', { key: t.secret });
    expect(plain.status).toBe(200);
    expect(plain.body.total).toBe((await invoiceRows()).length);
  });
});

describe('inspections by inspection date', () => {
  it('narrows by an inspectionDate range, both ends included, and refuses a reversed one', async () => {
    const w = await inspectionWorld(harness);
    for (const inspectionDate of ['2030-03-01', '2030-03-02', '2030-03-04']) await w.inspection(w.users.tech, { inspectionDate });
    const query = `query($filter: InspectionFilter) { inspections(first: 100, filter: $filter) { nodes { inspectionDate } } }`;
    const ask = async (filter: Record<string, unknown>) => {
      const response = await h.app.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { authorization: `Bearer ${w.users.admin.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables: { filter } }),
      });
      return (await response.json()) as Answer;
    };
    const dates = async (filter: Record<string, unknown>) => (await ask(filter)).data!.inspections.nodes.map((n: Row) => n.inspectionDate).sort();
    expect(await dates({ inspectionDate: { from: '2030-03-02', to: '2030-03-04' } })).toEqual(['2030-03-02', '2030-03-04']);
    expect(await dates({ inspectionDate: { to: '2030-03-01' } })).toEqual(['2030-03-01']);
    const refused = await ask({ inspectionDate: { from: '2030-03-04', to: '2030-03-02' } });
    expect(refused.errors?.map((e) => e.extensions.code)).toEqual(['BAD_USER_INPUT']);
  });
});
