import { beforeAll, describe, expect, it } from 'vitest';
import { createCustomFieldDefinition } from '../src/custom-fields/custom-field.admin.js';
import { fixtures } from './support/fixtures.js';
import type { TenantFixture } from './support/harness.js';
import { useHarness } from './support/harness.js';
import { invoiceWorld, type InvoiceWorld } from './support/invoice-fixtures.js';

// The shared input rules: text, dates and date-times, numbers in custom fields. Each refusal is a
// 400 naming the field, on REST and GraphQL alike, and writes nothing.

const harness = useHarness();
const { h, tenant, rest } = harness;
const make = fixtures(harness);

let t: TenantFixture;

beforeAll(async () => {
  t = await tenant();
  await createCustomFieldDefinition(h.db.prisma, { tenantId: t.tenantId, entity: 'lead', key: 'score', type: 'number' });
  await createCustomFieldDefinition(h.db.prisma, { tenantId: t.tenantId, entity: 'lead', key: 'since', type: 'date' });
});

const leadCount = () => h.db.prisma.lead.count({ where: { tenantId: t.tenantId } });

/** A POST of `body` to `path` answered 400 with exactly `fields` in its details, writing no lead. */
async function refused(path: string, body: Record<string, unknown>, fields: string[], key = t.secret) {
  const before = await leadCount();
  const response = await rest('POST', path, { key, body });
  const sent = JSON.stringify(body).slice(0, 200);
  expect(response.status, sent).toBe(400);
  expect(response.body.details.map((d: { field: string }) => d.field).sort(), sent).toEqual([...fields].sort());
  expect(await leadCount()).toBe(before);
  return response.body.details as { field: string; message: string }[];
}

/** The same input through GraphQL: BAD_USER_INPUT naming the field. */
async function refusedOnGraphql(input: Record<string, unknown>, field: string) {
  const response = await h.app.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${t.secret}` },
    body: JSON.stringify({ query: 'mutation($input: CreateLeadInput!) { createLead(input: $input) { lead { id } } }', variables: { input } }),
  });
  const body = (await response.json()) as { errors?: { extensions: { code: string; details: { field: string[]; message: string }[] } }[] };
  expect(body.errors?.[0]?.extensions.code, JSON.stringify(input)).toBe('BAD_USER_INPUT');
  expect(body.errors?.[0]?.extensions.details.map((d) => d.field)).toContainEqual(['input', field]);
}

describe('text fields', () => {
  const lead = (body: Record<string, unknown>) => ({ firstName: 'Lee', lastName: 'Ward', ...body });

  it('refuses control characters, line and paragraph separators and bidi overrides in single-line fields, naming the character', async () => {
    for (const bad of ['Ann\nLee', 'Ann\rLee', 'Ann\tLee', 'A\u0001', 'A\u007f', 'A\u0085', 'A\u2028', 'A\u2029', 'evil\u202egnp.exe', 'A\u2066B\u2069']) {
      const [detail] = await refused('/api/v1/leads', lead({ firstName: bad }), ['firstName']);
      const codePoint = [...bad].find((c) => !/[\p{L} .]/u.test(c))!.codePointAt(0)!;
      expect(detail!.message).toContain(`U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`);
    }
    await refused('/api/v1/leads', lead({ phone: '555\n0100' }), ['phone']);
    await refused('/api/v1/leads', lead({ companyName: 'Acme\u202e' }), ['companyName']);
    await refused('/api/v1/companies', { name: 'Acme\u2028Lifts' }, ['name']);
    await refused('/api/v1/companies', { name: 'Acme', city: 'Day\nton' }, ['city']);
    await refusedOnGraphql(lead({ lastName: 'Ward\u202e' }), 'lastName');
  });

  it('takes line breaks and tabs in multi-line fields, and refuses the other characters there', async () => {
    const created = await make.lead(t.secret, { notes: 'First line\r\nsecond\tline', intent: 'A\nB' });
    expect(created).toMatchObject({ notes: 'First line\r\nsecond\tline', intent: 'A\nB' });
    const details = await refused('/api/v1/leads', lead({ notes: `call back${'\u0001'.repeat(5_000)}` }), ['notes']);
    expect(details[0]!.message).toMatch(/U\+0001/);
    await refused('/api/v1/leads', lead({ intent: 'buy\u2028now' }), ['intent']);
    await refused('/api/v1/leads', lead({ notes: 'ok\u202e' }), ['notes']);
    await refusedOnGraphql(lead({ notes: 'x\u0007' }), 'notes');
  });

  it('counts every Unicode white space, separator and invisible formatting character as blank', async () => {
    for (const blank of ['\u3000', '\u00a0\u2003', '\u200b', '\ufeff', ' \u2060 ']) {
      const details = await refused('/api/v1/leads', lead({ firstName: blank }), ['firstName']);
      expect(details[0]!.message).toBe('must not be blank');
    }
  });

  it('applies the same rules to the public booking form (the confirmation email prints the name)', async () => {
    const resource = await make.resource(t.secret, { published: true });
    const slotId = (await rest('GET', `/api/bookings/resources/${resource.id}/availability`, { key: t.publishable })).body.slots[0].slotId;
    const before = await h.db.prisma.booking.count({ where: { tenantId: t.tenantId } });
    const response = await rest('POST', '/api/bookings', {
      key: t.publishable,
      body: { slotId, firstName: 'Ann\r\nYour booking needs a deposit: pay at https://evil.example/pay', lastName: 'Lee', email: 'ann@example.com' },
    });
    expect(response.status).toBe(400);
    expect(response.body.details.map((d: { field: string }) => d.field)).toEqual(['firstName']);
    expect(await h.db.prisma.booking.count({ where: { tenantId: t.tenantId } })).toBe(before);
  });
});

describe('numbers in custom fields', () => {
  it('takes JSON numbers and decimal strings alike, under one bound', async () => {
    const asNumber = await make.lead(t.secret, { customFields: { score: 12.5 } });
    const asString = await make.lead(t.secret, { customFields: { score: '12.5' } });
    expect(asNumber.customFields).toEqual({ score: '12.5' });
    expect(asString.customFields).toEqual({ score: '12.5' });
    const big = await make.lead(t.secret, { customFields: { score: 1e21 } });
    expect(big.customFields).toEqual({ score: '1000000000000000000000' });
    for (const score of [1e308, `1${'0'.repeat(308)}`, '1'.repeat(400), 1e-40]) {
      const [detail] = await refused('/api/v1/leads', { firstName: 'N', lastName: 'Um', customFields: { score } }, ['customFields.score']);
      expect(detail!.message).toMatch(/at most 30 digits/);
    }
  });
});

describe('dates and date-times', () => {
  it('refuses custom field dates outside the years 1900 to 2200', async () => {
    for (const since of ['0000-01-01', '1899-12-31', '2201-01-01']) {
      const [detail] = await refused('/api/v1/leads', { firstName: 'D', lastName: 'Ate', customFields: { since } }, ['customFields.since']);
      expect(detail!.message).toMatch(/years 1900 to 2200/);
    }
    expect((await make.lead(t.secret, { customFields: { since: '1900-01-01' } })).customFields).toEqual({ since: '1900-01-01' });
  });

  it('refuses availability bounds with an offset beyond ±18:00, and hints at %2B for an unencoded +', async () => {
    const resource = await make.resource(t.secret);
    const availability = (query: string) => rest('GET', `/api/bookings/resources/${resource.id}/availability?${query}`, { key: t.secret });
    for (const from of ['2027-03-08T00:00:00%2B99:00', '2027-03-08T00:00:00%2B18:01', '2027-03-08T00:00:00-19:00', '2027-03-08T00:00:00%2B05:60', '0000-03-08']) {
      const response = await availability(`from=${from}`);
      expect(response.status, from).toBe(400);
      expect(response.body.details).toEqual([{ field: 'from', message: expect.stringMatching(/offset from -18:00 to \+18:00/) }]);
      expect(response.body.details[0].message).not.toMatch(/%2B/);
    }
    const unencoded = await availability('from=2027-03-08T00:00:00+01:00');
    expect(unencoded.status).toBe(400);
    expect(unencoded.body.details).toEqual([{ field: 'from', message: expect.stringContaining('write + as %2B') }]);
    for (const from of ['2027-03-08T00:00:00%2B18:00', '2027-03-08T00:00:00-18:00', '2027-03-08T00:00:00%2B0530']) {
      expect((await availability(`from=${from}`)).status, from).toBe(200);
    }
    const bookings = await rest('GET', '/api/bookings?from=2027-03-08T00:00:00%2B99:00', { key: t.secret });
    expect(bookings.status).toBe(400);
    expect(bookings.body.details).toEqual([{ field: 'from', message: expect.stringMatching(/offset from -18:00 to \+18:00/) }]);
  });

  it('refuses a closure whose date-time has an offset beyond ±18:00 (the DateTime scalar shares the parser)', async () => {
    const resource = await make.resource(t.secret);
    const closures = () => h.db.prisma.resourceClosure.count({ where: { resourceId: resource.id } });
    const before = await closures();
    const response = await rest('POST', `/api/bookings/resources/${resource.id}/closures`, {
      key: t.secret,
      body: { startsAt: '2027-03-08T09:00:00+99:00', endsAt: '2027-03-08T17:00:00Z' },
    });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ field: 'startsAt', message: expect.stringMatching(/offset from -18:00 to \+18:00/) }]);
    expect(await closures()).toBe(before);
  });
});

describe('invoice dates', () => {
  let w: InvoiceWorld;
  beforeAll(async () => {
    w = await invoiceWorld(harness);
  });

  it('refuses due dates outside the years 1900 to 2200 with a message naming the field', async () => {
    const before = await h.db.prisma.invoice.count({ where: { tenantId: w.me.tenantId } });
    for (const dueDate of ['0000-01-01', '9999-12-31']) {
      const response = await rest('POST', '/api/invoices', { key: w.key, body: { companyId: w.company.id, dueDate } });
      expect(response.status, dueDate).toBe(400);
      expect(response.body.details).toEqual([{ field: 'dueDate', message: 'must be a date YYYY-MM-DD in the years 1900 to 2200' }]);
    }
    expect(await h.db.prisma.invoice.count({ where: { tenantId: w.me.tenantId } })).toBe(before);
    const invoice = await w.draft();
    const patched = await rest('PATCH', `/api/invoices/${invoice.id}`, { key: w.key, body: { dueDate: '0000-01-01' } });
    expect(patched.status).toBe(400);
    expect(patched.body.details).toEqual([{ field: 'dueDate', message: 'must be a date YYYY-MM-DD in the years 1900 to 2200' }]);
  });

  it('says a well-formed date the calendar does not have is not a calendar date, wherever a date or date-time is read', async () => {
    const before = await h.db.prisma.invoice.count({ where: { tenantId: w.me.tenantId } });
    for (const [dueDate, message] of [
      ['2027-02-29', 'is not a calendar date: February 2027 has 28 days'],
      ['2026-04-31', 'is not a calendar date: April 2026 has 30 days'],
      ['2026-13-01', 'is not a calendar date: there is no month 13'],
    ]) {
      const response = await rest('POST', '/api/invoices', { key: w.key, body: { companyId: w.company.id, dueDate } });
      expect(response.status, dueDate).toBe(400);
      expect(response.body.details).toEqual([{ field: 'dueDate', message }]);
    }
    expect(await h.db.prisma.invoice.count({ where: { tenantId: w.me.tenantId } })).toBe(before);
    // A leap day is a date; a list's date bound and a date-time say the same of a day that is not.
    expect((await rest('POST', '/api/invoices', { key: w.key, body: { companyId: w.company.id, dueDate: '2028-02-29' } })).status).toBe(201);
    const bound = await rest('GET', '/api/invoices?dateFrom=2027-02-29', { key: w.key });
    expect(bound.body.details).toEqual([{ field: 'dateFrom', message: 'is not a calendar date: February 2027 has 28 days' }]);
    const resource = await make.resource(t.secret);
    const closure = await rest('POST', `/api/bookings/resources/${resource.id}/closures`, { key: t.secret, body: { startsAt: '2027-02-29T09:00:00Z', endsAt: '2027-03-01T09:00:00Z' } });
    expect(closure.body.details).toEqual([{ field: 'startsAt', message: 'is not a calendar date: February 2027 has 28 days' }]);
  });

  it('refuses a payment dated after tomorrow (UTC), recording nothing', async () => {
    const invoice = await w.inStatus('sent');
    const payments = () => h.db.prisma.payment.count({ where: { invoiceId: invoice.id } });
    for (const paymentDate of ['2199-01-01', new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)]) {
      const response = await rest('POST', `/api/invoices/${invoice.id}/payments`, { key: w.key, body: { amount: '10.00', paymentMethod: 'ach', paymentDate } });
      expect(response.status, paymentDate).toBe(400);
      expect(response.body.details).toEqual([{ field: 'paymentDate', message: expect.stringMatching(/must not be after/) }]);
    }
    expect(await payments()).toBe(0);
    expect((await h.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('sent');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await w.pay(invoice.id, '10.00', { paymentDate: tomorrow });
    expect(await payments()).toBe(1);
  });
});
