import { getNamedType, isListType, isNonNullType, isObjectType, type GraphQLObjectType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../src/graphql/schema.js';
import {
  BookSlotFormDocument,
  CreateLeadFormDocument,
  CreateLeadNoErrorsDocument,
  DeleteEndpointFormDocument,
  ReplaceLinesFormDocument,
  UpdateLeadFormDocument,
  VoidInvoiceFormDocument,
} from './generated/operations.js';
import { fixtures } from './support/fixtures.js';
import type { TenantFixture } from './support/harness.js';
import { useHarness } from './support/harness.js';
import { invoiceWorld } from './support/invoice-fixtures.js';

const harness = useHarness();
const { h, tenant, rest, gql } = harness;
const make = fixtures(harness);
const guest = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.test' };
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('mutation payloads: userErrors', () => {
  let t: TenantFixture;
  const leadsOf = () => h.db.prisma.lead.findMany({ where: { tenantId: t.tenantId }, orderBy: { id: 'asc' } });

  beforeAll(async () => {
    t = await tenant();
  });

  it('every mutation answers a payload with its result and `userErrors: [UserError!]!` (found by introspection)', () => {
    const mutations = Object.values(schema.getMutationType()!.getFields());
    expect(mutations.length).toBeGreaterThan(60);
    for (const mutation of mutations) {
      expect(isNonNullType(mutation.type), mutation.name).toBe(true);
      const payload = getNamedType(mutation.type) as GraphQLObjectType;
      expect(isObjectType(payload) && payload.name, mutation.name).toBe(`${mutation.name[0]!.toUpperCase()}${mutation.name.slice(1)}Payload`);
      const userErrors = payload.getFields().userErrors;
      expect(userErrors?.type.toString(), mutation.name).toBe('[UserError!]!');
      const results = Object.values(payload.getFields()).filter((field) => field.name !== 'userErrors');
      expect(results, mutation.name).toHaveLength(1);
      expect(isNonNullType(results[0]!.type) || isListType(results[0]!.type), `${mutation.name}: its result is null when refused`).toBe(false);
    }
  });

  it('a form with five mistakes gets five userErrors with paths and codes, REST the same five details, and nothing is written', async () => {
    const input = { firstName: '   ', lastName: 'x'.repeat(256), phone: '1'.repeat(51), channelType: 'c'.repeat(256), companyName: 'n'.repeat(256) };
    const before = await leadsOf();
    const answer = await gql(t.secret, CreateLeadFormDocument, { input });
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.createLead.lead).toBeNull();
    const problems = answer.data!.createLead.userErrors;
    expect(problems.map((p) => [p.field?.join('.'), p.code]).sort()).toEqual(
      [
        ['input.firstName', 'BLANK'],
        ['input.lastName', 'TOO_LONG'],
        ['input.phone', 'TOO_LONG'],
        ['input.channelType', 'TOO_LONG'],
        ['input.companyName', 'TOO_LONG'],
      ].sort(),
    );
    expect(problems.find((p) => p.field?.[1] === 'lastName')?.message).toBe('must be at most 255 characters');
    const viaRest = await rest('POST', '/api/v1/leads', { key: t.secret, body: input });
    expect(viaRest.status).toBe(400);
    expect(viaRest.body.details.map((d: { field: string }) => d.field).sort()).toEqual(['channelType', 'companyName', 'firstName', 'lastName', 'phone']);
    expect(Object.keys(viaRest.body.details[0]).sort()).toEqual(['field', 'message']);
    expect(await leadsOf()).toEqual(before);
  });

  it('a reference to a missing or foreign record is a NOT_FOUND error of its field; REST keeps its 404 and names the field', async () => {
    const other = await tenant();
    const before = await leadsOf();
    for (const assignedTo of [MISSING, other.userId]) {
      const answer = await gql(t.secret, CreateLeadFormDocument, { input: { firstName: 'Ref', lastName: 'Erence', assignedTo } });
      expect(answer.data?.createLead).toEqual({ lead: null, userErrors: [{ field: ['input', 'assignedTo'], message: 'user not found', code: 'NOT_FOUND' }] });
      const viaRest = await rest('POST', '/api/v1/leads', { key: t.secret, body: { firstName: 'Ref', lastName: 'Erence', assignedTo } });
      expect(viaRest.status).toBe(404);
      expect(viaRest.body.details).toEqual([{ field: 'assignedTo', message: 'user not found' }]);
    }
    expect(await leadsOf()).toEqual(before);
  });

  it('a missing record of the mutation itself is NOT_FOUND without a field; a field that cannot be null is REQUIRED', async () => {
    const missing = await gql(t.secret, UpdateLeadFormDocument, { id: MISSING, input: { notes: 'x' } });
    expect(missing.data?.updateLead).toEqual({ lead: null, userErrors: [{ field: null, message: 'Lead not found', code: 'NOT_FOUND' }] });
    const lead = await make.lead(t.secret);
    const nulls = await gql(t.secret, UpdateLeadFormDocument, { id: lead.id, input: { firstName: null, lastName: null } });
    expect(nulls.data?.updateLead.userErrors.map((p) => [p.field, p.code])).toEqual([
      [['input', 'firstName'], 'REQUIRED'],
      [['input', 'lastName'], 'REQUIRED'],
    ]);
  });

  it('paths reach into lists; business-rule refusals carry their own codes', async () => {
    const world = await invoiceWorld(harness);
    const draft = await world.inStatus('draft');
    const lines = await gql(world.key, ReplaceLinesFormDocument, {
      id: draft.id,
      input: { lineItems: [{ description: 'Fine', quantity: '1', unitPrice: '10' }, { description: '', quantity: '-2', unitPrice: '10' }] },
    });
    expect(lines.data?.replaceInvoiceLineItems.invoice).toBeNull();
    expect(lines.data?.replaceInvoiceLineItems.userErrors.map((p) => [p.field?.join('.'), p.code]).sort()).toEqual(
      [
        ['input.lineItems.1.description', 'BLANK'],
        ['input.lineItems.1.quantity', 'INVALID'],
      ].sort(),
    );

    const paid = await world.draft();
    await world.send(paid.id);
    await world.pay(paid.id, '100.00');
    const voided = await gql(world.key, VoidInvoiceFormDocument, { id: paid.id });
    expect(voided.data?.voidInvoice.invoice).toBeNull();
    expect(voided.data?.voidInvoice.userErrors).toEqual([{ field: null, message: expect.stringMatching(/^Cannot void an invoice with payments recorded/), code: 'INVALID_STATE' }]);
    expect((await rest('POST', `/api/invoices/${paid.id}/void`, { key: world.key })).status).toBe(409);
    expect((await rest('GET', `/api/invoices/${paid.id}`, { key: world.key })).body.status).toBe('partially_paid');
  });

  it('a slot taken meanwhile is UNAVAILABLE; REST answers it 409', async () => {
    const resource = await make.resource(t.secret, { name: 'Single seat', maxConcurrent: 1 });
    const slots = await rest('GET', `/api/bookings/resources/${resource.id}/availability?from=2030-01-07&to=2030-01-07`, { key: t.secret });
    const slotId = slots.body.slots[0].slotId as string;
    const first = await gql(t.secret, BookSlotFormDocument, { input: { slotId, ...guest } });
    expect(first.data?.createBooking.userErrors).toEqual([]);
    expect(first.data?.createBooking.booking?.id).toEqual(expect.any(String));
    const second = await gql(t.secret, BookSlotFormDocument, { input: { slotId, ...guest, email: 'bo@example.test' } });
    expect(second.data?.createBooking).toEqual({ booking: null, userErrors: [{ field: null, message: expect.stringMatching(/^The slot is no longer available/), code: 'UNAVAILABLE' }] });
    expect((await rest('POST', '/api/bookings', { key: t.secret, body: { slotId, ...guest, email: 'cy@example.test' } })).status).toBe(409);
    expect(await h.db.prisma.booking.count({ where: { resourceId: resource.id } })).toBe(1);
  });

  it('a deletion answers the id it removed, or NOT_FOUND as a user error', async () => {
    const created = await rest('POST', '/api/webhook-endpoints', { key: t.secret, body: { url: 'https://93.184.215.14/hooks', events: ['lead.created'] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as string;
    expect((await gql(t.secret, DeleteEndpointFormDocument, { id })).data?.deleteWebhookEndpoint).toEqual({ deletedId: id, userErrors: [] });
    expect((await gql(t.secret, DeleteEndpointFormDocument, { id })).data?.deleteWebhookEndpoint).toEqual({
      deletedId: null,
      userErrors: [{ field: null, message: expect.stringMatching(/not found/), code: 'NOT_FOUND' }],
    });
  });

  it('without `userErrors` selected, the same refusals are top-level errors: none is silent', async () => {
    const answer = await gql(t.secret, CreateLeadNoErrorsDocument, { input: { firstName: '', lastName: 'x'.repeat(256) } });
    expect(answer.data).toBeNull();
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(answer.errors![0]!.extensions.details!.map((d) => [d.field, d.code]).sort()).toEqual([
      [['input', 'firstName'], 'BLANK'],
      [['input', 'lastName'], 'TOO_LONG'],
    ]);
  });

  it('authentication and scopes stay top-level errors even when `userErrors` is selected', async () => {
    const reader = await tenant({ scopes: ['leads.lead.read'] });
    const forbidden = await gql(reader.secret, CreateLeadFormDocument, { input: { firstName: 'No', lastName: 'Scope' } });
    expect(forbidden.data).toBeNull();
    expect(forbidden.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    const anonymous = await gql(null, CreateLeadFormDocument, { input: { firstName: 'No', lastName: 'Key' } });
    expect(anonymous.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('a refusal in userErrors leaves the Idempotency-Key free: the fixed form is sent again under the same key', async () => {
    const send = (input: Record<string, unknown>) =>
      h.app.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${t.secret}`, 'idempotency-key': 'form-fix-1' },
        body: JSON.stringify({ query: 'mutation($input: CreateLeadInput!) { createLead(input: $input) { lead { id lastName } userErrors { field code } } }', variables: { input } }),
      });
    const refused = (await (await send({ firstName: 'Fix', lastName: '' })).json()) as { data: { createLead: { userErrors: unknown[] } } };
    expect(refused.data.createLead.userErrors).toEqual([{ field: ['input', 'lastName'], code: 'BLANK' }]);
    const fixed = await send({ firstName: 'Fix', lastName: 'Ed' });
    const body = (await fixed.json()) as { data: { createLead: { lead: { lastName: string }; userErrors: unknown[] } } };
    expect(body.data.createLead).toMatchObject({ lead: { lastName: 'Ed' }, userErrors: [] });
  });
});
