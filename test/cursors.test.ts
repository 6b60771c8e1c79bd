import { randomUUID } from 'node:crypto';
import { formatPrismaCursor } from '@pothos/plugin-prisma';
import { describe, expect, it } from 'vitest';
import { fixtures } from './support/fixtures.js';
import { useHarness } from './support/harness.js';

const harness = useHarness();
const { h, tenant } = harness;
const make = fixtures(harness);

async function graphql(key: string, query: string, variables?: Record<string, unknown>) {
  const response = await h.app.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: await response.json() };
}

/** A cursor in the form the API hands out, forged for any id. */
const cursorFor = (id: string) => formatPrismaCursor({ id }, 'id');

describe('connection cursors', () => {
  it('page through the tenant’s own rows', async () => {
    const t = await tenant();
    const company = await make.company(t.secret);
    for (const lastName of ['Adams', 'Baker', 'Clark', 'Davis', 'Evans']) await make.contact(t.secret, company.id, { lastName });
    const page = (after: string) => graphql(t.secret, `{ company(id: "${company.id}") { contacts(first: 2${after}) { edges { node { lastName } } pageInfo { endCursor hasNextPage } } } }`);
    const seen: string[] = [];
    let after = '';
    for (;;) {
      const result = await page(after);
      expect(result.body.errors).toBeUndefined();
      const { edges, pageInfo } = result.body.data.company.contacts;
      seen.push(...edges.map((e: { node: { lastName: string } }) => e.node.lastName));
      if (!pageInfo.hasNextPage) break;
      after = `, after: "${pageInfo.endCursor}"`;
    }
    expect(seen).toEqual(['Adams', 'Baker', 'Clark', 'Davis', 'Evans']);

    // Combinations Pothos cannot page with are the client's mistake, named, never a 500.
    const cursor = (await page('')).body.data.company.contacts.pageInfo.endCursor;
    for (const [args, field] of [['first: 2, before: C', 'before'], ['last: 2, after: C', 'after'], ['after: C, before: C', 'before']] as const) {
      const result = await graphql(t.secret, `{ company(id: "${company.id}") { contacts(${args.replaceAll('C', `"${cursor}"`)}) { totalCount } } }`);
      expect(result.body.errors?.[0]?.extensions, args).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ field: expect.arrayContaining([field]) }] });
    }
  });

  it("answers another tenant's id exactly like a random one: no oracle on foreign rows", async () => {
    const a = await tenant();
    const b = await tenant();
    const companyA = await make.company(a.secret);
    for (const lastName of ['Adams', 'Moore', 'Young']) await make.contact(a.secret, companyA.id, { lastName });
    const companyB = await make.company(b.secret, { name: 'Secret Corp' });
    const foreignContact = await make.contact(b.secret, companyB.id, { lastName: 'Nakamura' });
    const foreignSite = (await harness.rest('POST', '/api/v1/sites', { key: b.secret, body: { companyId: companyB.id, name: 'Hidden Yard' } })).body.data;

    for (const [list, foreignId] of [
      ['contacts', foreignContact.id],
      ['sites', foreignSite.id],
      ['deals', foreignContact.id],
    ] as const) {
      for (const direction of ['first: 10, after', 'last: 10, before'] as const) {
        const ask = (id: string) => graphql(a.secret, `{ company(id: "${companyA.id}") { ${list}(${direction}: "${cursorFor(id)}") { edges { node { id } } } } }`);
        const foreign = await ask(foreignId);
        const random = await ask(randomUUID());
        expect(foreign.body, `${list} ${direction}`).toEqual(random.body);
        expect(foreign.body.data ?? null).toBeNull();
        expect(foreign.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ field: ['company', list, direction.split(', ')[1]] }] });
      }
    }
  });

  it('checks the cursor of every request against the tenant, however often its document has run', async () => {
    const a = await tenant();
    const b = await tenant();
    const companyA = await make.company(a.secret);
    for (const lastName of ['Adams', 'Moore', 'Young']) await make.contact(a.secret, companyA.id, { lastName });
    const foreign = await make.contact(b.secret, (await make.company(b.secret)).id, { lastName: 'Nakamura' });
    const query = `query($after: String, $first: Int) { company(id: "${companyA.id}") { contacts(first: $first, after: $after) { nodes { lastName } pageInfo { endCursor } } } }`;
    const first = await graphql(a.secret, query, { first: 1 });
    const own = first.body.data.company.contacts.pageInfo.endCursor;
    // More runs than it takes for the document to be compiled and its cost kept.
    for (let run = 0; run < 8; run += 1) {
      const next = await graphql(a.secret, query, { first: 1, after: own });
      expect(next.body.data.company.contacts.nodes).toEqual([{ lastName: 'Moore' }]);
    }
    const refused = await graphql(a.secret, query, { first: 1, after: cursorFor(foreign.id) });
    expect(refused.body).toEqual((await graphql(a.secret, query, { first: 1, after: cursorFor(randomUUID()) })).body);
    expect(refused.body.data ?? null).toBeNull();
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ field: ['company', 'contacts', 'after'] }] });
    const garbled = await graphql(a.secret, query, { first: 1, after: 'not-a-cursor' });
    expect(garbled.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ field: ['company', 'contacts', 'after'] }] });
  });
});
