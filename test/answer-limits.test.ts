import { describe, expect, it } from 'vitest';
import { MAX_QUERY_COST } from '../src/graphql/limits.js';
import { jsonBytesUpTo, jsonFitsIn } from '../src/http/answer-limits.js';
import { useHarness } from './support/harness.js';

const harness = useHarness();
const { h, tenant, rest } = harness;

async function graphql(key: string | null, query: string, variables?: unknown, init: { method?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...init.headers };
  if (key) headers.authorization = `Bearer ${key}`;
  const response = await h.app.fetch('http://localhost/graphql', { method: init.method ?? 'POST', headers, body: JSON.stringify({ query, variables }) });
  return { status: response.status, body: await response.json() };
}

/** Stored directly: characters that stay legal in notes yet weigh 3 bytes each in the JSON answer. */
async function fatLeads(tenantId: string, count: number, chars = 10_000) {
  const fat = '€'.repeat(chars);
  await h.db.prisma.lead.createMany({ data: Array.from({ length: count }, (_, i) => ({ tenantId, firstName: `F${i}`, lastName: 'L', notes: fat, intent: fat })) });
}

const FULL_TYPE =
  'kind name description fields(includeDeprecated:true){name description args{name description type{kind name ofType{kind name ofType{kind name ofType{kind name}}}} defaultValue} type{kind name ofType{kind name ofType{kind name ofType{kind name}}}} isDeprecated deprecationReason} inputFields{name description type{kind name ofType{kind name ofType{kind name}}} defaultValue} interfaces{name} enumValues(includeDeprecated:true){name description isDeprecated deprecationReason} possibleTypes{name}';

describe('introspection', () => {
  it('answers one whole-schema introspection without a key, and counts it', async () => {
    const one = await graphql(null, `{ __schema { types { ...F } } } fragment F on __Type { ${FULL_TYPE} }`);
    expect(one.status).toBe(200);
    expect(one.body.errors).toBeUndefined();
    expect(one.body.data.__schema.types.length).toBeGreaterThan(50);
  });

  it('refuses a second __schema in one operation, and twenty aliased ones, before running them', async () => {
    const two = await graphql(null, '{ a: __schema { queryType { name } } b: __schema { queryType { name } } }');
    expect(two.status).toBe(400);
    expect(two.body.errors[0]).toMatchObject({ extensions: { code: 'QUERY_TOO_COSTLY' }, message: expect.stringContaining('__schema') });
    const twenty = `{ ${Array.from({ length: 20 }, (_, i) => `s${i}: __schema { types { ...F } }`).join(' ')} } fragment F on __Type { ${FULL_TYPE} }`;
    const refused = await graphql(null, twenty);
    expect(refused.status).toBe(400);
    expect(refused.body.data ?? null).toBeNull();
    expect(refused.body.errors[0].extensions.code).toBe('QUERY_TOO_COSTLY');
  });

  it('counts __type selections like any other: the schema and twenty full copies of its largest type cost their sum', async () => {
    const names = ['Lead', 'Company', 'Contact', 'Deal', 'Invoice', 'Booking', 'BookableResource', 'Inspection', 'Query', 'Mutation'];
    const small = await graphql(null, `{ ${names.map((n, k) => `t${k}: __type(name: "${n}") { name fields { name } }`).join(' ')} }`);
    expect(small.body.errors).toBeUndefined();
    const requested = async (query: string) => {
      const answer = await graphql(null, query);
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.extensions.cost.limit).toBe(MAX_QUERY_COST);
      return answer.body.extensions.cost.requested as number;
    };
    const fragment = `fragment F on __Type { ${FULL_TYPE} }`;
    const types = Array.from({ length: 20 }, (_, k) => `t${k}: __type(name: "Mutation") { ...F }`).join(' ');
    const copies = await requested(`{ ${types} } ${fragment}`);
    const schema = await requested(`{ __schema { types { ...F } } } ${fragment}`);
    expect(copies).toBeGreaterThan(schema); // the Mutation type alone is a good part of the schema
    expect(await requested(`{ __schema { types { ...F } } ${types} } ${fragment}`)).toBe(schema + copies);
  });
});

describe('long text in the cost', () => {
  it('refuses twenty aliases of a hundred leads’ notes before running them; one page of full leads runs on both surfaces', async () => {
    const t = await tenant();
    await fatLeads(t.tenantId, 100, 2_000);
    const aliases = `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: leads(first: 100) { nodes { notes intent } }`).join(' ')} }`;
    const statements = await harness.countStatements(async () => {
      const refused = await graphql(t.secret, aliases);
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COSTLY' });
    });
    expect(statements).toBe(0);
    const page = await rest('GET', '/api/v1/leads?limit=100', { key: t.secret });
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(100);
    const one = await graphql(t.secret, '{ leads(first: 100) { nodes { notes intent } } }');
    expect(one.body.data.leads.nodes).toHaveLength(100);
  });
});

describe('answer size', () => {
  it('refuses an answer over the byte limit with RESPONSE_TOO_LARGE (GraphQL) and 422 (REST)', async () => {
    const t = await tenant();
    await fatLeads(t.tenantId, 100);
    const two = await graphql(t.secret, '{ a: leads(first: 100) { nodes { notes intent } } b: leads(first: 100) { nodes { notes intent } } }');
    expect(two.status).toBe(422);
    expect(two.body.data ?? null).toBeNull();
    expect(two.body.errors[0]).toMatchObject({ extensions: { code: 'RESPONSE_TOO_LARGE' }, message: expect.stringContaining('limit') });
    const list = await rest('GET', '/api/v1/leads?limit=100', { key: t.secret });
    expect(list.status).toBe(422);
    expect(list.body).toMatchObject({ error: 'Unprocessable Entity', message: expect.stringContaining('bytes') });
    // A smaller page of the same rows is served.
    const page = await rest('GET', '/api/v1/leads?limit=25', { key: t.secret });
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(25);
    expect(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } })).toBe(100);
  });

  it('counts the bytes of an answer exactly as JSON writes them, and decides at the very byte', () => {
    const row = { id: 'a1', note: 'quote " slash \\ tab \t nul \u0000 bell \u0007 € 😀', total: -1.2345678901234567e-308, on: true, off: false, none: null, lines: [1, 'x', [], {}] };
    for (const value of [row, Array.from({ length: 300 }, (_, i) => ({ ...row, id: `r${i}`, note: '€'.repeat(i) })), '😀'.repeat(1000)]) {
      const bytes = Buffer.byteLength(JSON.stringify(value));
      expect(jsonBytesUpTo(value, Infinity)).toBe(bytes);
      expect(jsonFitsIn(value, bytes)).toBe(true);
      expect(jsonFitsIn(value, bytes - 1)).toBe(false);
    }
  });
});

describe('GraphQL transport errors', () => {
  it('answer 4xx with the GraphQL error body, not 200', async () => {
    const noQuery = await h.app.fetch('http://localhost/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(noQuery.status).toBe(400);
    expect((await noQuery.json()).errors[0].message).toBe('Must provide query string.');
    const unparsable = await graphql(null, '{ leads(');
    expect(unparsable.status).toBe(400);
    expect(unparsable.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    const unknownField = await graphql(null, '{ nope }');
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const subscription = await graphql(null, 'subscription { leads { totalCount } }');
    expect(subscription.status).toBe(400);
    expect(subscription.body.errors[0].message).toMatch(/on type "Subscription"/);
    const mutationOverGet = await h.app.fetch(`http://localhost/graphql?query=${encodeURIComponent('mutation { __typename }')}`, { headers: { 'x-graphql-yoga-csrf': '1' } });
    expect(mutationOverGet.status).toBe(405);
    expect((await mutationOverGet.json()).errors[0].message).toMatch(/POST/);
    // Without a valid key, 401 as on REST (test/auth.test.ts); an operation refused for a scope still answers 200, its refusals in `errors`.
    const refused = await graphql(null, '{ leads { totalCount } }');
    expect(refused.status).toBe(401);
    expect(refused.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('enum values in errors', () => {
  const allowed = 'must be one of contacted, converted, disqualified, lost, new, qualified, qualifying';

  it('lists the allowed values, never the internal type name, on both surfaces', async () => {
    const t = await tenant();
    const created = await rest('POST', '/api/v1/leads', { key: t.secret, body: { firstName: 'A', lastName: 'B' } });
    const viaQuery = await rest('GET', '/api/v1/leads?status=bogus', { key: t.secret });
    expect(viaQuery.status).toBe(400);
    expect(viaQuery.body.details).toEqual([{ field: 'status', message: allowed }]);
    const viaBody = await rest('PATCH', `/api/v1/leads/${created.body.data.id}`, { key: t.secret, body: { status: 'bogus' } });
    expect(viaBody.status).toBe(400);
    expect(viaBody.body.details).toEqual([{ field: 'status', message: allowed }]);
    const viaLiteral = await graphql(t.secret, '{ leads(filter: { status: bogus }) { totalCount } }');
    expect(viaLiteral.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ field: ['filter', 'status'], message: allowed }] });
    const viaVariable = await graphql(t.secret, 'query($s: LeadStatus!) { leads(filter: { status: [$s] }) { totalCount } }', { s: 'bogus' });
    expect(viaVariable.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ field: ['s'], message: allowed }] });
    for (const answer of [viaQuery.body, viaBody.body, viaLiteral.body, viaVariable.body]) expect(JSON.stringify(answer)).not.toContain('LeadStatus');
    expect((await h.db.prisma.lead.findUniqueOrThrow({ where: { id: created.body.data.id } })).status).toBe('new');
  });
});
