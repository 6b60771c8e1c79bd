import { describe, expect, it } from 'vitest';
import { ContactsDocument, LeadsDocument } from './generated/operations.js';
import { fixtures } from './support/fixtures.js';
import { useHarness } from './support/harness.js';

const harness = useHarness();
const { h, tenant, rest, gql, countStatements } = harness;
const make = fixtures(harness);

async function insertLeads(tenantId: string, count: number, prefix: string) {
  for (let i = 0; i < count; i += 1) {
    // One at a time so createdAt values differ and ties (same millisecond) are also exercised.
    await h.db.prisma.lead.create({ data: { tenantId, firstName: `${prefix}${i}`, lastName: 'Page' } });
  }
}

describe('cursor pagination of leads', () => {
  it('returns every lead exactly once, newest first, while new leads arrive between pages', async () => {
    const t = await tenant();
    await insertLeads(t.tenantId, 60, 'old');
    const seen: { id: string; createdAt: string; firstName: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=25&cursor=${encodeURIComponent(cursor)}` : '?limit=25';
      const page = await rest('GET', `/api/v1/leads${query}`, { key: t.secret });
      expect(page.status).toBe(200);
      seen.push(...page.body.data);
      expect(page.body.hasMore).toBe(page.body.nextCursor !== null);
      cursor = page.body.nextCursor;
      pages += 1;
      await insertLeads(t.tenantId, 3, `new${pages}-`);
    } while (cursor);
    expect(pages).toBe(3);
    const old = seen.filter((l) => l.firstName.startsWith('old'));
    expect(old).toHaveLength(60);
    expect(seen).toHaveLength(60);
    expect(new Set(seen.map((l) => l.id)).size).toBe(60);
    const expectedOrder = [...seen].sort((x, y) => (y.createdAt.localeCompare(x.createdAt) || y.id.localeCompare(x.id)));
    expect(seen.map((l) => l.id)).toEqual(expectedOrder.map((l) => l.id));
  });

  it('filters by status and assignee on both surfaces', async () => {
    const t = await tenant();
    const assigned = await make.lead(t.secret, { assignedTo: t.userId });
    const patched = await rest('PATCH', `/api/v1/leads/${assigned.id}`, { key: t.secret, body: { status: 'qualified' } });
    expect(patched.status).toBe(200);
    await make.lead(t.secret);
    const byStatus = await rest('GET', '/api/v1/leads?status=qualified', { key: t.secret });
    expect(byStatus.body.data.map((l: { id: string }) => l.id)).toEqual([assigned.id]);
    const byAssignee = await gql(t.secret, LeadsDocument, { filter: { assignedTo: t.userId } });
    expect(byAssignee.data?.leads.nodes.map((l) => l.id)).toEqual([assigned.id]);
    expect((await rest('GET', '/api/v1/leads', { key: t.secret })).body.data).toHaveLength(2);
  });
});

describe('page-based lists', () => {
  it('pages contacts with totals, defaults and search across names and email', async () => {
    const t = await tenant();
    const company = await make.company(t.secret);
    const other = await make.company(t.secret, { name: 'Other' });
    for (let i = 0; i < 30; i += 1) await make.contact(t.secret, company.id, { lastName: `L${String(i).padStart(2, '0')}` });
    await make.contact(t.secret, other.id, { firstName: 'Quinn', lastName: 'Zed', email: 'quinn@findme.example' });
    const first = await rest('GET', '/api/v1/contacts/contact', { key: t.secret });
    expect(first.body).toMatchObject({ total: 31, page: 1, pageSize: 25 });
    expect(first.body.data).toHaveLength(25);
    const second = await rest('GET', '/api/v1/contacts/contact?page=2', { key: t.secret });
    expect(second.body.data).toHaveLength(6);
    const ids = [...first.body.data, ...second.body.data].map((c: { id: string }) => c.id);
    expect(new Set(ids).size).toBe(31);
    const byCompany = await gql(t.secret, ContactsDocument, { filter: { companyId: company.id }, first: 100 });
    expect(byCompany.data?.contacts.totalCount).toBe(30);
    for (const search of ['quinn', 'FINDME', 'quinn zed']) {
      const found = await rest('GET', `/api/v1/contacts/contact?search=${encodeURIComponent(search)}`, { key: t.secret });
      expect(found.body.data.map((c: { firstName: string }) => c.firstName), search).toEqual(['Quinn']);
    }
    // LIKE's wildcards and escape character match only themselves, on both surfaces.
    await make.contact(t.secret, other.id, { firstName: 'Percy', lastName: '100%_sure\\' });
    for (const search of ['%', '_', '\\', '0%_', 'sure\\']) {
      const found = await rest('GET', `/api/v1/contacts/contact?search=${encodeURIComponent(search)}`, { key: t.secret });
      expect(found.body.data.map((c: { firstName: string }) => c.firstName), search).toEqual(['Percy']);
      expect((await gql(t.secret, ContactsDocument, { filter: { search } })).data?.contacts.totalCount, search).toBe(1);
    }
    expect((await rest('GET', `/api/v1/contacts/contact?search=${encodeURIComponent('1_0')}`, { key: t.secret })).body.data).toEqual([]);
    const beyond = await rest('GET', '/api/v1/contacts/contact?page=9', { key: t.secret });
    expect(beyond.body).toMatchObject({ data: [], total: 32, page: 9 });
  });
});

describe('SQL statements per list request', () => {
  it('do not grow with the page size on either surface', async () => {
    const small = await tenant();
    const big = await tenant();
    await insertLeads(small.tenantId, 1, 's');
    await insertLeads(big.tenantId, 100, 'b');
    for (const t of [small, big]) {
      const company = await make.company(t.secret);
      for (let i = 0; i < (t === big ? 100 : 1); i += 1) {
        await h.db.prisma.contact.create({ data: { tenantId: t.tenantId, companyId: company.id, firstName: 'C', lastName: `${i}` } });
        await h.db.prisma.company.create({ data: { tenantId: t.tenantId, name: `Co ${i}` } });
      }
    }
    const paths = ['/api/v1/leads?limit=100', '/api/v1/contacts/contact?limit=100', '/api/v1/companies?limit=100'];
    for (const path of paths) {
      const one = await countStatements(() => rest('GET', path, { key: small.secret }));
      const hundred = await countStatements(() => rest('GET', path, { key: big.secret }));
      expect(hundred, path).toBe(one);
      // The page and (page-based lists) the count (authentication's statements are not counted).
      expect(one, path).toBe(path.includes('leads') ? 1 : 2);
    }
    const one = await countStatements(() => gql(small.secret, LeadsDocument, { first: 100 }));
    const hundred = await countStatements(async () => {
      const result = await gql(big.secret, LeadsDocument, { first: 100 });
      expect(result.data?.leads.nodes).toHaveLength(100);
    });
    expect(hundred).toBe(one);
  });
});
