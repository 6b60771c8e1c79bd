import { beforeAll, describe, expect, it } from 'vitest';
import { DealDocument, DealsDeepDocument, DealsDocument, UpdateDealDocument } from './generated/operations.js';
import { fixtures } from './support/fixtures.js';
import type { TenantFixture } from './support/harness.js';
import { useHarness } from './support/harness.js';
import { gqlAsSession, signIn } from './support/dashboard.js';
import { salesPipeline } from './support/pipeline-fixtures.js';

const harness = useHarness();
const { h, tenant, rest, gql, countStatements } = harness;
const make = fixtures(harness);
const today = () => new Date().toISOString().slice(0, 10);

describe('pipeline deals', () => {
  let t: TenantFixture;
  let stages: Awaited<ReturnType<typeof salesPipeline>>;
  let company: { id: string; name: string };
  let contact: { id: string };
  let site: { id: string };

  beforeAll(async () => {
    t = await tenant();
    stages = await salesPipeline(harness, t.secret);
    company = await make.company(t.secret, { name: 'Northwind', phone: '555-0101', email: 'buy@northwind.example' });
    contact = await make.contact(t.secret, company.id, { email: 'pat@northwind.example', role: 'Buyer' });
    site = (await rest('POST', '/api/v1/sites', { key: t.secret, body: { companyId: company.id, name: 'Plant 2', city: 'Dayton', state: 'OH' } })).body.data;
  });

  const createDeal = async (body: Record<string, unknown> = {}) => {
    const response = await rest('POST', '/api/v1/pipeline/deals', { key: t.secret, body: { name: 'Hoist service', companyId: company.id, stageId: stages.qualify.id, ...body } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };

  it('creates an open deal with the stage probability and decimal strings; a key\'s deal has no owner unless one is named', async () => {
    const deal = await createDeal({
      contactId: contact.id,
      siteId: site.id,
      value: '12500.50',
      expectedCloseDate: '2027-03-31',
      products: [{ name: 'Inspection', quantity: '1.50', unitPrice: '1250.5' }, { name: 'Travel', quantity: '2', unitPrice: '100' }],
    });
    // Money always has two decimals; quantities keep the scale they were given.
    const products = [{ name: 'Inspection', quantity: '1.50', unitPrice: '1250.50' }, { name: 'Travel', quantity: '2', unitPrice: '100.00' }];
    expect(deal).toMatchObject({
      status: 'open',
      probability: 20,
      value: '12500.50',
      expectedCloseDate: '2027-03-31',
      actualCloseDate: null,
      products,
      company: { id: company.id, name: 'Northwind', phone: '555-0101', email: 'buy@northwind.example' },
      contact: { id: contact.id, email: 'pat@northwind.example', role: 'Buyer' },
      site: { id: site.id, name: 'Plant 2', city: 'Dayton', state: 'OH', address: null },
      stage: { id: stages.qualify.id, name: 'Qualify', color: '#336699', probability: 20, isClosedWon: false, isClosedLost: false },
      owner: null,
      activities: [],
      customFields: {},
    });
    const viaGraphql = await gql(t.secret, DealDocument, { id: deal.id });
    expect(viaGraphql.data?.deal).toMatchObject({ value: '12500.50', products });
    const round = await rest('PATCH', `/api/v1/pipeline/deals/${deal.id}`, { key: t.secret, body: { value: '100' } });
    expect(round.body.data.value).toBe('100.00');
    const stored = await h.db.prisma.deal.findUniqueOrThrow({ where: { id: deal.id } });
    expect(stored.value?.toFixed(2)).toBe('100.00');
    expect(stored.ownerId).toBeNull();
    const owned = await createDeal({ ownerId: t.userId });
    expect(owned.owner).toMatchObject({ id: t.userId });
    expect((await h.db.prisma.deal.findUniqueOrThrow({ where: { id: owned.id } })).ownerId).toBe(t.userId);
  });

  it("gives a deal created in a dashboard session, without ownerId, to the session's user", async () => {
    const { email } = await h.db.prisma.user.findUniqueOrThrow({ where: { id: t.userId } });
    const session = await signIn(h.app, h.db.prisma, email);
    const created = await gqlAsSession(h.app, session, `mutation { createDeal(input: { name: "By hand", companyId: "${company.id}", stageId: "${stages.qualify.id}" }) { deal { id owner { id } } } }`);
    const deal = (created.data as { createDeal: { deal: { id: string; owner: { id: string } | null } } }).createDeal.deal;
    expect(deal.owner).toEqual({ id: t.userId });
    expect((await h.db.prisma.deal.findUniqueOrThrow({ where: { id: deal.id } })).ownerId).toBe(t.userId);
  });

  it('lists deals with the list shapes of their nested objects, filtered and paged', async () => {
    const other = await make.company(t.secret, { name: 'Contoso' });
    const deal = await createDeal({ companyId: other.id, contactId: (await make.contact(t.secret, other.id)).id, ownerId: t.userId });
    const list = await rest('GET', `/api/v1/pipeline/deals?companyId=${other.id}`, { key: t.secret });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    const [item] = list.body.data;
    expect(Object.keys(item).sort()).toEqual(
      ['actualCloseDate', 'company', 'contact', 'createdAt', 'expectedCloseDate', 'id', 'lostReason', 'name', 'notes', 'owner', 'probability', 'products', 'stage', 'status', 'value'].sort(),
    );
    expect(item.company).toEqual({ id: other.id, name: 'Contoso' });
    expect(Object.keys(item.contact).sort()).toEqual(['firstName', 'id', 'lastName']);
    expect(Object.keys(item.owner).sort()).toEqual(['id', 'name']);
    expect(Object.keys(item.stage).sort()).toEqual(['color', 'id', 'isClosedLost', 'isClosedWon', 'name', 'probability']);
    expect(item.id).toBe(deal.id);
    for (const query of [`stageId=${stages.qualify.id}`, 'status=open', `ownerId=${t.userId}`]) {
      const filtered = await rest('GET', `/api/v1/pipeline/deals?${query}`, { key: t.secret });
      expect(filtered.body.data.map((d: { id: string }) => d.id), query).toContain(deal.id);
    }
    expect((await rest('GET', '/api/v1/pipeline/deals?status=won', { key: t.secret })).body.total).toBe(0);
    const detail = await rest('GET', `/api/v1/pipeline/deals/${deal.id}`, { key: t.secret });
    // REST's detail is GraphQL's deal, its activities connection answered as the array of its nodes.
    const viaGraphql = (await gql(t.secret, DealDocument, { id: deal.id })).data!.deal!;
    expect(detail.body.data).toEqual({ ...viaGraphql, activities: viaGraphql.activities!.nodes });
  });

  it('wins, loses and reopens deals by stage, logging each move', async () => {
    const deal = await createDeal();
    const move = (stageId: string, extra: Record<string, unknown> = {}) =>
      rest('PATCH', `/api/v1/pipeline/deals/${deal.id}`, { key: t.secret, body: { stageId, ...extra } });
    const won = await move(stages.won.id);
    expect(won.status).toBe(200);
    expect(won.body.data).toMatchObject({ status: 'won', probability: 100, actualCloseDate: today() });
    expect(won.body.data.activities[0]).toMatchObject({ type: 'stage_change', description: 'Stage changed from Qualify to Won', user: { id: t.userId } });
    const lost = await move(stages.lost.id, { lostReason: 'Budget cut' });
    expect(lost.body.data).toMatchObject({ status: 'lost', probability: 0, actualCloseDate: today(), lostReason: 'Budget cut' });
    const reopened = await move(stages.proposal.id);
    expect(reopened.body.data).toMatchObject({ status: 'open', probability: 60, actualCloseDate: null });
    expect(reopened.body.data.activities.map((a: { description: string }) => a.description)).toEqual([
      'Stage changed from Lost to Proposal',
      'Stage changed from Won to Lost',
      'Stage changed from Qualify to Won',
    ]);
    const same = await move(stages.proposal.id);
    expect(same.body.data.activities).toHaveLength(3);
  });

  it('clears the lost reason when a lost deal leaves lost (reopened or won), and keeps it while it stays lost', async () => {
    const deal = await createDeal();
    const move = (body: Record<string, unknown>) => rest('PATCH', `/api/v1/pipeline/deals/${deal.id}`, { key: t.secret, body });
    const stored = () => h.db.prisma.deal.findUniqueOrThrow({ where: { id: deal.id } });
    expect((await move({ stageId: stages.lost.id, lostReason: 'Budget cut' })).body.data).toMatchObject({ status: 'lost', lostReason: 'Budget cut' });
    // Naming the lost stage again, or changing something else, keeps it.
    expect((await move({ stageId: stages.lost.id })).body.data.lostReason).toBe('Budget cut');
    expect((await move({ notes: 'call in spring' })).body.data.lostReason).toBe('Budget cut');
    const reopened = await move({ stageId: stages.proposal.id });
    expect(reopened.body.data).toMatchObject({ status: 'open', lostReason: null, actualCloseDate: null });
    expect(await stored()).toMatchObject({ status: 'open', lostReason: null });
    await move({ stageId: stages.lost.id, lostReason: 'Went elsewhere' });
    expect((await move({ stageId: stages.won.id })).body.data).toMatchObject({ status: 'won', lostReason: null });
    expect((await stored()).lostReason).toBeNull();
    // Through GraphQL, the same rule.
    await move({ stageId: stages.lost.id, lostReason: 'Again' });
    const viaGraphql = await gql(t.secret, UpdateDealDocument, { id: deal.id, input: { stageId: stages.qualify.id } });
    expect(viaGraphql.data?.updateDeal.deal).toMatchObject({ status: 'open' });
    expect((await stored()).lostReason).toBeNull();
  });

  it('creates a deal in a closed stage won or lost, as a move there would; a PATCH naming the current stage refreshes it without logging a move', async () => {
    const lost = await createDeal({ stageId: stages.lost.id });
    expect(lost).toMatchObject({ status: 'lost', actualCloseDate: today(), activities: [] });
    expect(await h.db.prisma.deal.findUniqueOrThrow({ where: { id: lost.id } })).toMatchObject({ status: 'lost' });
    const deal = await createDeal({ stageId: stages.won.id });
    expect(deal).toMatchObject({ status: 'won', probability: 100, actualCloseDate: today(), activities: [] });
    expect((await rest('PATCH', `/api/v1/pipeline/stages/${stages.won.id}`, { key: t.secret, body: { probability: 95 } })).status).toBe(200);
    const named = await rest('PATCH', `/api/v1/pipeline/deals/${deal.id}`, { key: t.secret, body: { stageId: stages.won.id } });
    expect(named.body.data).toMatchObject({ status: 'won', probability: 95, actualCloseDate: today(), activities: [] });
    const viaGraphql = await gql(t.secret, UpdateDealDocument, { id: deal.id, input: { stageId: stages.won.id, notes: 'again' } });
    expect(viaGraphql.data?.updateDeal.deal).toMatchObject({ status: 'won', probability: 95, activities: { nodes: [] } });
    expect(await h.db.prisma.dealActivity.count({ where: { dealId: deal.id } })).toBe(0);
    await rest('PATCH', `/api/v1/pipeline/stages/${stages.won.id}`, { key: t.secret, body: { probability: 100 } });
  });

  it('applies PATCH rules: absent fields stay, null clears, custom fields and products are replaced', async () => {
    const deal = await createDeal({ contactId: contact.id, siteId: site.id, value: '10', notes: 'n', products: [{ name: 'A', quantity: '1', unitPrice: '5' }] });
    const patched = await rest('PATCH', `/api/v1/pipeline/deals/${deal.id}`, {
      key: t.secret,
      body: { contactId: null, siteId: null, ownerId: null, value: null, expectedCloseDate: null, products: [] },
    });
    expect(patched.body.data).toMatchObject({ contact: null, site: null, owner: null, value: null, expectedCloseDate: null, products: [], notes: 'n', name: 'Hoist service' });
    const refused = await rest('PATCH', `/api/v1/pipeline/deals/${deal.id}`, { key: t.secret, body: { name: null, stageId: null } });
    expect(refused.status).toBe(400);
    expect(refused.body.details.map((d: { field: string }) => d.field).sort()).toEqual(['name', 'stageId']);
  });

  it('refuses bad input and foreign ids, writing nothing', async () => {
    const other = await tenant();
    const foreignStages = await salesPipeline(harness, other.secret);
    const foreignCompany = await make.company(other.secret);
    const foreignContact = await make.contact(other.secret, foreignCompany.id);
    const foreignSite = (await rest('POST', '/api/v1/sites', { key: other.secret, body: { companyId: foreignCompany.id, name: 'Theirs' } })).body.data;
    const otherCompany = await make.company(t.secret, { name: 'Southwind' });
    const otherContact = await make.contact(t.secret, otherCompany.id);
    const otherSite = (await rest('POST', '/api/v1/sites', { key: t.secret, body: { companyId: otherCompany.id, name: 'Theirs too' } })).body.data;
    const before = await h.db.prisma.deal.count();
    const bad: [Record<string, unknown>, number, string?][] = [
      [{ name: 'x'.repeat(201) }, 400, 'name'],
      [{ name: null }, 400, 'name'],
      [{ expectedCloseDate: '2027-02-30' }, 400, 'expectedCloseDate'],
      [{ expectedCloseDate: '31/03/2027' }, 400, 'expectedCloseDate'],
      [{ value: 12.5 }, 400, 'value'],
      [{ value: '1e3' }, 400, 'value'],
      [{ value: '1234567890123.5' }, 400, 'value'],
      [{ value: '10.555' }, 400, 'value'],
      [{ value: '-5' }, 400, 'value'],
      [{ products: [{ name: 'A', quantity: 1, unitPrice: '2' }] }, 400, 'products.0.quantity'],
      [{ stageId: foreignStages.won.id }, 404],
      [{ companyId: foreignCompany.id }, 404],
      [{ ownerId: other.userId }, 404],
      [{ contactId: '01a20000-0000-7000-8000-000000000000' }, 404],
      [{ contactId: foreignContact.id }, 404],
      [{ siteId: foreignSite.id }, 404],
      // A contact or site of another company of the tenant: the deal's must be its company's.
      [{ contactId: otherContact.id }, 400, 'contactId'],
      [{ siteId: otherSite.id }, 400, 'siteId'],
    ];
    for (const [body, status, field] of bad) {
      const response = await rest('POST', '/api/v1/pipeline/deals', { key: t.secret, body: { name: 'D', companyId: company.id, stageId: stages.qualify.id, ...body } });
      expect(response.status, JSON.stringify(body)).toBe(status);
      if (field) expect(response.body.details.map((d: { field: string }) => d.field), JSON.stringify(body)).toContain(field);
    }
    const deal = await createDeal();
    const afterCreate = await h.db.prisma.deal.count();
    expect(afterCreate).toBe(before + 1);
    const badStatus = await rest('GET', '/api/v1/pipeline/deals?status=pending', { key: t.secret });
    expect(badStatus.status).toBe(400);
    const foreignMove = await rest('PATCH', `/api/v1/pipeline/deals/${deal.id}`, { key: t.secret, body: { stageId: foreignStages.won.id } });
    expect(foreignMove.status).toBe(404);
    // PATCH keeps contact and site the company's, whichever of the three it changes.
    const withContact = await createDeal({ contactId: contact.id, siteId: site.id });
    for (const body of [{ contactId: otherContact.id }, { siteId: otherSite.id }, { companyId: otherCompany.id }, { companyId: otherCompany.id, contactId: null }]) {
      const response = await rest('PATCH', `/api/v1/pipeline/deals/${withContact.id}`, { key: t.secret, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.details[0].message).toMatch(/is not a (contact|site) of the company/);
    }
    expect(await h.db.prisma.deal.findUniqueOrThrow({ where: { id: withContact.id } })).toMatchObject({ companyId: company.id, contactId: contact.id, siteId: site.id });
    const moved = await rest('PATCH', `/api/v1/pipeline/deals/${withContact.id}`, { key: t.secret, body: { companyId: otherCompany.id, contactId: otherContact.id, siteId: null } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await h.db.prisma.deal.findUniqueOrThrow({ where: { id: withContact.id } })).toMatchObject({ companyId: otherCompany.id, contactId: otherContact.id, siteId: null });
    expect(await h.db.prisma.deal.findUniqueOrThrow({ where: { id: deal.id } })).toMatchObject({ stageId: stages.qualify.id, status: 'open' });
    const otherDeal = (await rest('POST', '/api/v1/pipeline/deals', { key: other.secret, body: { name: 'Theirs', companyId: foreignCompany.id, stageId: foreignStages.qualify.id } })).body.data;
    for (const [method, path] of [['GET', `/api/v1/pipeline/deals/${otherDeal.id}`], ['PATCH', `/api/v1/pipeline/deals/${otherDeal.id}`], ['POST', `/api/v1/pipeline/deals/${otherDeal.id}/activities`], ['PATCH', `/api/v1/pipeline/stages/${foreignStages.won.id}`]] as const) {
      const response = await rest(method, path, { key: t.secret, body: method === 'GET' ? undefined : path.endsWith('activities') ? { type: 'call', description: 'x' } : { name: 'mine' } });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await gql(t.secret, UpdateDealDocument, { id: otherDeal.id, input: { name: 'mine' } })).errors?.[0]?.extensions.code).toBe('NOT_FOUND');
  });

  it('keeps status, probability and close date in agreement with the final stage under concurrent moves', async () => {
    for (let round = 0; round < 3; round += 1) {
      const deal = await createDeal();
      const responses = await Promise.all(
        [stages.won.id, stages.lost.id].map((stageId) => rest('PATCH', `/api/v1/pipeline/deals/${deal.id}`, { key: t.secret, body: { stageId } })),
      );
      expect(responses.map((r) => r.status)).toEqual([200, 200]);
      const stored = await h.db.prisma.deal.findUniqueOrThrow({ where: { id: deal.id }, include: { stage: true } });
      expect(stored.status).toBe(stored.stage.isClosedWon ? 'won' : 'lost');
      expect(stored.probability).toBe(stored.stage.probability);
      expect(stored.actualCloseDate?.toISOString().slice(0, 10)).toBe(today());
      const moves = await h.db.prisma.dealActivity.findMany({ where: { dealId: deal.id, type: 'stage_change' }, orderBy: { createdAt: 'asc' } });
      expect(moves).toHaveLength(2);
      expect(moves[1]?.description).toBe(`Stage changed from ${moves[0]?.description.split(' to ')[1]} to ${stored.stage.name}`);
    }
  });

  it('logs activities and shows the 20 most recent, newest first', async () => {
    const deal = await createDeal();
    for (let i = 0; i < 22; i += 1) {
      const logged = await rest('POST', `/api/v1/pipeline/deals/${deal.id}/activities`, {
        key: t.secret,
        body: { type: 'call', description: `Call ${i}`, activityDate: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() },
      });
      expect(logged.status).toBe(201);
      expect(logged.body.data).toMatchObject({ type: 'call', description: `Call ${i}`, user: { id: t.userId } });
    }
    const refused = await rest('POST', `/api/v1/pipeline/deals/${deal.id}/activities`, { key: t.secret, body: { type: 'stage_change', description: 'x' } });
    expect(refused.status).toBe(400);
    const detail = await rest('GET', `/api/v1/pipeline/deals/${deal.id}`, { key: t.secret });
    expect(detail.body.data.activities).toHaveLength(20);
    expect(detail.body.data.activities[0].description).toBe('Call 21');
    expect(detail.body.data.activities[19].description).toBe('Call 2');
  });

  it('issues the same number of SQL statements for 1 deal as for 100, with every nested field selected', async () => {
    const one = await tenant();
    const many = await tenant();
    for (const [who, count] of [[one, 1], [many, 100]] as const) {
      const s = await salesPipeline(harness, who.secret);
      const c = await make.company(who.secret);
      const p = await make.contact(who.secret, c.id);
      const siteId = (await rest('POST', '/api/v1/sites', { key: who.secret, body: { companyId: c.id, name: 'S' } })).body.data.id;
      await h.db.prisma.deal.createMany({
        data: Array.from({ length: count }, (_, i) => ({ tenantId: who.tenantId, name: `D${i}`, companyId: c.id, stageId: s.qualify.id, contactId: p.id, siteId, ownerId: who.userId, probability: 20 })),
      });
      const deals = await h.db.prisma.deal.findMany({ where: { tenantId: who.tenantId }, select: { id: true } });
      await h.db.prisma.dealActivity.createMany({ data: deals.map((d) => ({ tenantId: who.tenantId, dealId: d.id, userId: who.userId, type: 'note' as const, description: 'n', activityDate: new Date() })) });
    }
    const measure = async (who: TenantFixture, expected: number) => {
      // Every field of 15 deals, twenty activities each: the most the cost limit allows of long
      // text (each activity's description may hold 10,000 characters).
      const viaGraphql = await countStatements(async () => {
        const result = await gql(who.secret, DealsDocument, { first: 15 });
        expect(result.errors).toBeUndefined();
        expect(result.data?.deals.nodes).toHaveLength(Math.min(expected, 15));
      });
      const deep = await countStatements(async () => {
        const result = await gql(who.secret, DealsDeepDocument, { first: 100 });
        expect(result.errors).toBeUndefined();
        expect(result.data?.deals.nodes).toHaveLength(expected);
      });
      const viaRest = await countStatements(async () => {
        const result = await rest('GET', '/api/v1/pipeline/deals?limit=100', { key: who.secret });
        expect(result.body.data).toHaveLength(expected);
      });
      return { viaGraphql, deep, viaRest };
    };
    const single = await measure(one, 1);
    const hundred = await measure(many, 100);
    expect(hundred).toEqual(single);
    // The count and one joined query for the page with everything nested (authentication's statements are not counted).
    expect(single.viaRest).toBe(2);
  });
});
