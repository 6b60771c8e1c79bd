import { beforeAll, describe, expect, it } from 'vitest';
import { LeadDocument } from './generated/operations.js';
import { fixtures } from './support/fixtures.js';
import type { TenantFixture } from './support/harness.js';
import { useHarness } from './support/harness.js';

const harness = useHarness();
const { h, tenant, rest, gql } = harness;
const make = fixtures(harness);

describe('tenant isolation', () => {
  let a: TenantFixture;
  let b: TenantFixture;
  const ofB: Record<'lead' | 'company' | 'contact', { id: string }> = {} as never;

  beforeAll(async () => {
    a = await tenant();
    b = await tenant();
    await make.lead(a.secret, { firstName: 'Anna' });
    const companyA = await make.company(a.secret, { name: 'A Corp' });
    await make.contact(a.secret, companyA.id, { isPrimary: true });
    ofB.lead = await make.lead(b.secret, { firstName: 'Bea' });
    ofB.company = await make.company(b.secret, { name: 'B Corp' });
    ofB.contact = await make.contact(b.secret, ofB.company.id, { firstName: 'Bob' });
  });

  it("answers another tenant's ids exactly like ids that do not exist", async () => {
    const missing = '01a20000-0000-7000-8000-000000000000';
    const routes = [
      ['lead', '/api/v1/leads/'],
      ['company', '/api/v1/companies/'],
      ['contact', '/api/v1/contacts/contact/'],
    ] as const;
    for (const [kind, base] of routes) {
      for (const method of ['GET', 'PATCH'] as const) {
        const body = method === 'PATCH' ? { notes: 'hijacked' } : undefined;
        const foreign = await rest(method, base + ofB[kind].id, { key: a.secret, body: kind === 'company' && body ? { city: 'X' } : body });
        const absent = await rest(method, base + missing, { key: a.secret, body: kind === 'company' && body ? { city: 'X' } : body });
        expect(foreign.status, `${method} ${kind}`).toBe(404);
        expect(foreign.body).toEqual(absent.body);
      }
    }
    const viaGraphql = await gql(a.secret, LeadDocument, { id: ofB.lead.id });
    // Another tenant's record is answered as a missing one: null, without an error.
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data).toEqual({ lead: null });
    const untouched = await h.db.prisma.contact.findUniqueOrThrow({ where: { id: ofB.contact.id } });
    expect(untouched.notes).toBeNull();
    expect((await h.db.prisma.lead.findUniqueOrThrow({ where: { id: ofB.lead.id } })).notes).toBeNull();
  });

  it("refuses references to another tenant's records and writes nothing", async () => {
    const before = await h.db.prisma.contact.count();
    const contact = await rest('POST', '/api/v1/contacts/contact', { key: a.secret, body: { companyId: ofB.company.id, firstName: 'X', lastName: 'Y' } });
    expect(contact.status).toBe(404);
    const lead = await rest('POST', '/api/v1/leads', { key: a.secret, body: { firstName: 'X', lastName: 'Y', assignedTo: b.userId } });
    expect(lead.status).toBe(404);
    expect(await h.db.prisma.contact.count()).toBe(before);
    expect(await h.db.prisma.lead.count({ where: { firstName: 'X' } })).toBe(0);
  });

  it("never lists another tenant's rows", async () => {
    const leads = await rest('GET', '/api/v1/leads?limit=100', { key: a.secret });
    const companies = await rest('GET', '/api/v1/companies?limit=100', { key: a.secret });
    const contacts = await rest('GET', '/api/v1/contacts/contact?limit=100', { key: a.secret });
    const filtered = await rest('GET', `/api/v1/contacts/contact?companyId=${ofB.company.id}`, { key: a.secret });
    expect(leads.body.data.map((l: { firstName: string }) => l.firstName)).toEqual(['Anna']);
    expect(companies.body).toMatchObject({ total: 1, data: [{ name: 'A Corp' }] });
    expect(contacts.body.total).toBe(1);
    expect(filtered.body).toMatchObject({ total: 0, data: [] });
    const search = await rest('GET', '/api/v1/contacts/contact?search=Bob', { key: a.secret });
    expect(search.body.total).toBe(0);
  });
});
