import { createHash, randomUUID } from 'node:crypto';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TenantFixture } from './support/harness.js';
import { useHarness } from './support/harness.js';
import { connectMcp, toolError } from './support/mcp.js';

const harness = useHarness();
const { h, tenant, rest, gql } = harness;

interface Problem {
  field: string[] | null;
  message: string;
  code: string;
}

/** A document given as text: these tests send shapes (aliases, fragments, several root fields) no generated document has. */
const doc = (text: string) => parse(text) as unknown as TypedDocumentNode<any, Record<string, unknown>>;

const CREATE_LEAD = doc('mutation($input: CreateLeadInput!) { createLead(input: $input) { lead { id } userErrors { field message code } } }');
const CREATE_LEAD_BARE = doc('mutation($input: CreateLeadInput!) { createLead(input: $input) { lead { id } } }');

/** A sign-up form with five mistakes, one of each kind: a format, an enum value, a blank, a length, a reference. */
const fiveMistakes = () => ({ firstName: '  ', lastName: 'Lee', email: 'not-an-email', source: 'carrier_pigeon', phone: '1'.repeat(51), assignedTo: randomUUID() });

const FIVE = [
  [['input', 'assignedTo'], 'NOT_FOUND'],
  [['input', 'email'], 'INVALID'],
  [['input', 'firstName'], 'BLANK'],
  [['input', 'phone'], 'TOO_LONG'],
  [['input', 'source'], 'INVALID'],
];

const pathsAndCodes = (problems: readonly Problem[]) => problems.map((p) => [p.field, p.code]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));

describe('every problem of a form in one answer', () => {
  let t: TenantFixture;
  const leadCount = () => h.db.prisma.lead.count({ where: { tenantId: t.tenantId } });

  beforeAll(async () => {
    t = await tenant();
  });

  it('a lead with a bad email, an unknown source, a blank name, a too-long phone and an unknown assignee: all five in userErrors, nothing written', async () => {
    const before = await leadCount();
    const answer = await gql(t.secret, CREATE_LEAD, { input: fiveMistakes() });
    expect(answer.status).toBe(200);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.createLead.lead).toBeNull();
    const problems = answer.data.createLead.userErrors as Problem[];
    expect(pathsAndCodes(problems)).toEqual(FIVE);
    const byField = Object.fromEntries(problems.map((p) => [p.field!.join('.'), p.message]));
    expect(byField).toMatchObject({
      'input.email': 'must be an email address',
      'input.source': expect.stringMatching(/^must be one of .*web_form/),
      'input.firstName': 'must not be blank',
      'input.phone': 'must be at most 50 characters',
      'input.assignedTo': 'user not found',
    });
    expect(await leadCount()).toBe(before);
  });

  it('without userErrors selected: one top-level BAD_USER_INPUT listing the same five, with the same paths and codes', async () => {
    const before = await leadCount();
    const answer = await gql(t.secret, CREATE_LEAD_BARE, { input: fiveMistakes() });
    expect(answer.data).toBeNull();
    expect(answer.errors).toHaveLength(1);
    const [error] = answer.errors!;
    expect(error!.path).toEqual(['createLead']);
    expect(error!.extensions.code).toBe('BAD_USER_INPUT');
    expect(pathsAndCodes(error!.extensions.details as Problem[])).toEqual(FIVE);
    expect(await leadCount()).toBe(before);
  });

  it('REST answers the same body with one 400 naming the five by their dotted names', async () => {
    const before = await leadCount();
    const answer = await rest('POST', '/api/v1/leads', { key: t.secret, body: fiveMistakes() });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Bad Request');
    expect(answer.body.details.map((d: { field: string }) => d.field).sort()).toEqual(['assignedTo', 'email', 'firstName', 'phone', 'source']);
    expect(Object.keys(answer.body.details[0]).sort()).toEqual(['field', 'message']);
    expect(await leadCount()).toBe(before);
  });

  it('a deal with a malformed company id, date and amount, a blank name and a missing stage: all five at once on both surfaces', async () => {
    const input = { name: '', companyId: 'not-a-uuid', stageId: randomUUID(), expectedCloseDate: '2026-02-30', value: 'twelve' };
    const deals = () => h.db.prisma.deal.count({ where: { tenantId: t.tenantId } });
    const before = await deals();
    const answer = await gql(t.secret, doc('mutation($input: CreateDealInput!) { createDeal(input: $input) { deal { id } userErrors { field message code } } }'), { input });
    expect(answer.data.createDeal.deal).toBeNull();
    expect(pathsAndCodes(answer.data.createDeal.userErrors)).toEqual([
      [['input', 'companyId'], 'INVALID'],
      [['input', 'expectedCloseDate'], 'INVALID'],
      [['input', 'name'], 'BLANK'],
      [['input', 'stageId'], 'NOT_FOUND'],
      [['input', 'value'], 'INVALID'],
    ]);
    const viaRest = await rest('POST', '/api/v1/pipeline/deals', { key: t.secret, body: input });
    expect(viaRest.status).toBe(400);
    expect(viaRest.body.details.map((d: { field: string }) => d.field).sort()).toEqual(['companyId', 'expectedCloseDate', 'name', 'stageId', 'value']);
    expect(await deals()).toBe(before);
  });

  it('variables that coerce but break the rules: the references are checked with them, in userErrors and top-level alike', async () => {
    const input = { firstName: '', lastName: 'Lee', assignedTo: randomUUID() };
    const expected = [
      [['input', 'assignedTo'], 'NOT_FOUND'],
      [['input', 'firstName'], 'BLANK'],
    ];
    const answer = await gql(t.secret, CREATE_LEAD, { input });
    expect(pathsAndCodes(answer.data.createLead.userErrors)).toEqual(expected);
    const bare = await gql(t.secret, CREATE_LEAD_BARE, { input });
    expect(bare.data).toBeNull();
    expect(pathsAndCodes(bare.errors![0]!.extensions.details as Problem[])).toEqual(expected);
  });

  it('a trusted document run by its hash, and MCP\'s createLead tool, answer the five at once too', async () => {
    const text = 'mutation TrustedLead($input: CreateLeadInput!) { createLead(input: $input) { lead { id } userErrors { field message code } } }';
    const documentId = createHash('sha256').update(text).digest('hex');
    const registered = await gql(t.secret, doc('mutation($input: RegisterTrustedDocumentsInput!) { registerTrustedDocuments(input: $input) { trustedDocumentRegistration { added } } }'), {
      input: { documents: { [documentId]: text } },
    });
    expect(registered.errors).toBeUndefined();
    const before = await leadCount();
    const response = await h.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.secret}` },
      body: JSON.stringify({ documentId, variables: { input: fiveMistakes() } }),
    });
    const trusted = (await response.json()) as { data: { createLead: { lead: null; userErrors: Problem[] } } };
    expect(trusted.data.createLead.lead).toBeNull();
    expect(pathsAndCodes(trusted.data.createLead.userErrors)).toEqual(FIVE);

    const agent = await connectMcp('http://localhost/mcp', t.secret, '2026-07-28', async (input, init) => h.app.fetch(new Request(input, init)));
    const refused = toolError(await agent.callTool({ name: 'createLead', arguments: fiveMistakes() }));
    await agent.close();
    expect(refused.status).toBe(400);
    expect(refused.details?.map((d) => d.field).sort()).toEqual(['assignedTo', 'email', 'firstName', 'phone', 'source']);
    expect(await leadCount()).toBe(before);
  });

  it('answers the payload as selected: aliases, __typename and fragments', async () => {
    const answer = await gql(
      t.secret,
      doc(`mutation Form($input: CreateLeadInput!) {
        __typename
        made: createLead(input: $input) { __typename ...Outcome ... on CreateLeadPayload { userErrors { message } } }
      }
      fragment Outcome on CreateLeadPayload { created: lead { id } problems: userErrors { __typename path: field code } userErrors { code } }`),
      { input: { firstName: 'Ann', lastName: 'Lee', email: 'nope', unknownField: 1 } },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({
      __typename: 'Mutation',
      made: {
        __typename: 'CreateLeadPayload',
        created: null,
        problems: [
          { __typename: 'UserError', path: ['input', 'unknownField'], code: 'INVALID' },
          { __typename: 'UserError', path: ['input', 'email'], code: 'INVALID' },
        ],
        userErrors: [
          { code: 'INVALID', message: 'is not a known field' },
          { code: 'INVALID', message: 'must be an email address' },
        ],
      },
    });
    // The keys in the order the document selects them, as GraphQL answers them.
    expect(Object.keys(answer.data.made)).toEqual(['__typename', 'created', 'problems', 'userErrors']);
  });

  it('several mutations in one operation: each payload lists its own problems, and nothing runs', async () => {
    const before = await leadCount();
    const both = doc(`mutation($bad: CreateLeadInput!, $good: CreateLeadInput!) {
      bad: createLead(input: $bad) { lead { id } userErrors { field code } }
      good: createLead(input: $good) { lead { id } userErrors { field message code } }
    }`);
    const variables = { bad: { firstName: 'Bo', lastName: 'Bad', email: 'bad' }, good: { firstName: 'Gil', lastName: 'Good' } };
    const answer = await gql(t.secret, both, variables);
    expect(answer.data).toEqual({
      bad: { lead: null, userErrors: [{ field: ['input', 'email'], code: 'INVALID' }] },
      good: { lead: null, userErrors: [{ field: null, message: expect.stringMatching(/^Not run: another mutation/), code: 'INVALID' }] },
    });
    const bare = await gql(t.secret, doc('mutation($bad: CreateLeadInput!, $good: CreateLeadInput!) { bad: createLead(input: $bad) { lead { id } } good: createLead(input: $good) { lead { id } } }'), variables);
    expect(bare.data).toBeNull();
    expect(bare.errors?.map((e) => [e.path, e.extensions.details])).toEqual([[['bad'], [{ field: ['input', 'email'], message: 'must be an email address', code: 'INVALID' }]]]);
    expect(await leadCount()).toBe(before);
  });

  it('a good form still creates its lead; an id that is not a UUID is named by its argument', async () => {
    const created = await gql(t.secret, CREATE_LEAD, { input: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.test', source: 'web_form' } });
    expect(created.data.createLead.userErrors).toEqual([]);
    expect(created.data.createLead.lead.id).toEqual(expect.any(String));
    const update = doc('mutation($id: UUID!, $input: UpdateLeadInput!) { updateLead(id: $id, input: $input) { lead { id } userErrors { field code } } }');
    const refused = await gql(t.secret, update, { id: 'lead-1', input: { phone: '2'.repeat(51) } });
    expect(refused.data.updateLead).toEqual({
      lead: null,
      userErrors: [
        { field: ['id'], code: 'INVALID' },
        { field: ['input', 'phone'], code: 'TOO_LONG' },
      ],
    });
  });

  it("a tenant's required custom field left out is REQUIRED, with the form's other problems", async () => {
    const own = await tenant();
    await h.db.prisma.customFieldDefinition.create({ data: { tenantId: own.tenantId, entity: 'lead', key: 'region', label: 'Region', type: 'text', required: true, options: [] } });
    const answer = await gql(own.secret, CREATE_LEAD, { input: { firstName: 'Ann', lastName: 'Lee', email: 'nope' } });
    expect(pathsAndCodes(answer.data.createLead.userErrors)).toEqual([
      [['input', 'customFields', 'region'], 'REQUIRED'],
      [['input', 'email'], 'INVALID'],
    ]);
    expect(await h.db.prisma.lead.count({ where: { tenantId: own.tenantId } })).toBe(0);
  });

  it('a query with bad variables keeps its top-level refusal (no data, HTTP 400), its field a path', async () => {
    const answer = await gql(t.secret, doc('query($id: UUID!) { lead(id: $id) { id } }'), { id: 'nope' });
    expect(answer.status).toBe(400);
    expect(answer.data).toBeUndefined();
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ field: ['id'], message: 'must be a UUID' }] });
  });

  it('a literal value GraphQL validation refuses is one top-level BAD_USER_INPUT naming its path (forms send variables)', async () => {
    const answer = await gql(t.secret, doc('mutation { createLead(input: { firstName: "", lastName: "Lee", email: "nope" }) { lead { id } userErrors { field code } } }'));
    expect(answer.data).toBeFalsy();
    expect(answer.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ field: ['input', 'email'], message: 'must be an email address' }] });
  });
});
