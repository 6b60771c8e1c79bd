import { solveChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyPair } from '../src/auth/key-pairs.js';
import { createCustomFieldDefinition } from '../src/custom-fields/custom-field.admin.js';
import { createApp } from '../src/http/app.js';
import { createRateLimits, type RateLimits } from '../src/http/rate-limits.js';
import type { TenantFixture } from './support/harness.js';
import { useHarness } from './support/harness.js';

/** A website's lead form (`<bp-lead-form>`): a publishable key that creates leads and nothing else of leads. */
const { h, tenant, rest } = useHarness();

interface Challenge {
  algorithm: 'SHA-256';
  challenge: string;
  salt: string;
  signature: string;
  maxnumber: number;
}

/** Solves a challenge as the browser does, answering the ALTCHA payload the form sends. */
async function solved(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('challenge has no solution');
  const { algorithm, challenge: hash, salt, signature } = challenge;
  return Buffer.from(JSON.stringify({ algorithm, challenge: hash, number: solution.number, salt, signature })).toString('base64');
}

async function graphql(key: string, query: string, variables?: Record<string, unknown>) {
  const response = await h.app.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: await response.json() };
}

const unique = () => Math.random().toString(36).slice(2, 10);

describe('the lead form', () => {
  let t: TenantFixture;
  /** A publishable key whose pair may do nothing but send the lead form. */
  let formKey: string;

  const form = async (key = formKey) => {
    const answer = await rest('GET', '/api/leads/form', { key });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as { fields: { key: string }[]; challenge: Challenge };
  };
  const proof = async (key = formKey) => solved((await form(key)).challenge);
  const leadsNamed = (lastName: string) => h.db.prisma.lead.findMany({ where: { tenantId: t.tenantId, lastName } });
  const visitor = (lastName: string) => ({ firstName: 'Vera', lastName, email: `${lastName.toLowerCase()}@example.test`, customFields: { budget: 'large', siteVisit: true } });

  beforeAll(async () => {
    t = await tenant();
    const define = (definition: Record<string, unknown>) => createCustomFieldDefinition(h.db.prisma, { tenantId: t.tenantId, entity: 'lead', ...definition });
    await define({ key: 'siteVisit', type: 'boolean', label: 'Site visit wanted', order: 20 });
    await define({ key: 'budget', type: 'select', required: true, options: ['small', 'large'], order: 10 });
    await define({ key: 'notesForCrew', type: 'text', order: 30 });
    const pair = await createKeyPair(h.db.prisma, { tenantId: t.tenantId, userId: t.userId, name: 'Website form', scopes: ['leads.lead.write'], trustedDocuments: 'none' });
    formKey = pair.publishable.key;
  });

  it('lists the tenant’s lead custom fields in display order, with a challenge', async () => {
    const { fields, challenge } = await form();
    expect(fields).toEqual([
      { key: 'budget', label: 'Budget', type: 'select', required: true, options: ['small', 'large'], order: 10 },
      { key: 'siteVisit', label: 'Site visit wanted', type: 'boolean', required: false, options: [], order: 20 },
      { key: 'notesForCrew', label: 'Notes for crew', type: 'text', required: false, options: [], order: 30 },
    ]);
    expect(challenge).toEqual({ algorithm: 'SHA-256', challenge: expect.stringMatching(/^[0-9a-f]{64}$/), salt: expect.stringContaining('expires='), signature: expect.stringMatching(/^[0-9a-f]{64}$/), maxnumber: 20_000 });
    const viaGraphql = await graphql(formKey, '{ leadForm { fields { key } challenge { algorithm maxnumber } } }');
    expect(viaGraphql.body.errors).toBeUndefined();
    expect(viaGraphql.body.data.leadForm.fields.map((f: { key: string }) => f.key)).toEqual(['budget', 'siteVisit', 'notesForCrew']);
  });

  it('creates a lead from a publishable key with a solved proof, with source web_form and the page’s campaign', async () => {
    const sourceAttribution = { pageUrl: 'https://shop.example/offer?utm_source=news', referrer: 'https://news.example/', utm_source: 'news', utm_medium: 'email', utm_campaign: 'spring', utm_term: null, utm_content: '' };
    const sent = await rest('POST', '/api/leads/form', { key: formKey, body: { ...visitor('Formrest'), phone: '+1 555 0100', companyName: 'Ward & Co', message: 'Please call\nafter 5', sourceAttribution, altcha: await proof() } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toEqual({ data: { id: expect.any(String), createdAt: expect.any(String) } });
    const [lead] = await leadsNamed('Formrest');
    expect(lead).toMatchObject({
      id: sent.body.data.id,
      status: 'new',
      source: 'web_form',
      assignedTo: null,
      email: 'formrest@example.test',
      phone: '+1 555 0100',
      companyName: 'Ward & Co',
      notes: 'Please call\nafter 5',
      customFields: { budget: 'large', siteVisit: true },
      sourceAttribution: { pageUrl: 'https://shop.example/offer?utm_source=news', referrer: 'https://news.example/', utm_source: 'news', utm_medium: 'email', utm_campaign: 'spring' },
    });
    // The lead service's event, as for any lead.
    expect(await h.db.prisma.event.count({ where: { tenantId: t.tenantId, type: 'lead.created', data: { path: ['id'], equals: lead!.id } } })).toBe(1);

    const viaGraphql = await graphql(formKey, 'mutation($input: LeadFormInput!) { submitLeadForm(input: $input) { receipt { id createdAt } userErrors { field message } } }', {
      input: { ...visitor('Formgraphql'), source: 'referral', altcha: await proof() },
    });
    expect(viaGraphql.body.errors).toBeUndefined();
    expect(viaGraphql.body.data.submitLeadForm.userErrors).toEqual([]);
    const [other] = await leadsNamed('Formgraphql');
    expect(other).toMatchObject({ id: viaGraphql.body.data.submitLeadForm.receipt.id, source: 'referral', sourceAttribution: null });
  });

  it('refuses a missing required custom field, an unknown option and a bad email with 400, creating nothing and leaving the proof usable', async () => {
    const altcha = await proof();
    const missing = await rest('POST', '/api/leads/form', { key: formKey, body: { ...visitor('Formbad'), customFields: { siteVisit: true }, altcha } });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'customFields.budget' })]));
    const wrongOption = await rest('POST', '/api/leads/form', { key: formKey, body: { ...visitor('Formbad'), customFields: { budget: 'huge' }, altcha } });
    expect(wrongOption.status).toBe(400);
    expect(wrongOption.body.details).toEqual([expect.objectContaining({ field: 'customFields.budget' })]);
    const badEmail = await rest('POST', '/api/leads/form', { key: formKey, body: { ...visitor('Formbad'), email: 'not-an-email', altcha } });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.details).toEqual([expect.objectContaining({ field: 'email' })]);
    const noEmail = await rest('POST', '/api/leads/form', { key: formKey, body: { firstName: 'Vera', lastName: 'Formbad', customFields: { budget: 'small' }, altcha } });
    expect(noEmail.status).toBe(400);
    const badSource = await rest('POST', '/api/leads/form', { key: formKey, body: { ...visitor('Formbad'), source: 'cold_call', altcha } });
    expect(badSource.status).toBe(400);
    const longUtm = await rest('POST', '/api/leads/form', { key: formKey, body: { ...visitor('Formbad'), sourceAttribution: { utm_source: 'x'.repeat(201) }, altcha } });
    expect(longUtm.status).toBe(400);
    const viaGraphql = await graphql(formKey, 'mutation($input: LeadFormInput!) { submitLeadForm(input: $input) { receipt { id } userErrors { field message } } }', {
      input: { ...visitor('Formbad'), customFields: {}, altcha },
    });
    expect(viaGraphql.body.data.submitLeadForm).toEqual({ receipt: null, userErrors: [expect.objectContaining({ field: ['input', 'customFields', 'budget'] })] });
    expect(await leadsNamed('Formbad')).toHaveLength(0);
    // The corrected form goes through with the same proof: refusals spent nothing.
    expect((await rest('POST', '/api/leads/form', { key: formKey, body: { ...visitor('Formbad'), altcha } })).status).toBe(201);
    expect(await leadsNamed('Formbad')).toHaveLength(1);
  });

  it('refuses a missing, malformed, forged, another tenant’s or replayed proof with 400', async () => {
    const send = (altcha: unknown, lastName = 'Formproof') => rest('POST', '/api/leads/form', { key: formKey, body: { ...visitor(lastName), altcha } });
    const missing = await send(undefined);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('proof of work is required');
    expect((await send('not base64 json')).body.message).toContain('not an ALTCHA payload');
    const { challenge } = await form();
    const forged = JSON.parse(Buffer.from(await solved(challenge), 'base64').toString()) as { number: number };
    const wrongNumber = await send(Buffer.from(JSON.stringify({ ...forged, number: forged.number + 1 })).toString('base64'));
    expect(wrongNumber.status).toBe(400);
    expect(wrongNumber.body.message).toContain('not a solution of a challenge this server issued');
    // A challenge of another tenant's form is no proof for this one.
    const other = await tenant();
    const foreign = await send(await solved((await form(other.publishable)).challenge));
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toContain('not a solution');

    const altcha = await solved(challenge);
    expect((await send(altcha)).status).toBe(201);
    const replay = await send(altcha, 'Formreplay');
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ error: 'Bad Request', message: expect.stringContaining('already used'), details: [expect.objectContaining({ field: 'altcha' })] });
    expect(await leadsNamed('Formproof')).toHaveLength(1);
    expect(await leadsNamed('Formreplay')).toHaveLength(0);
    // Concurrent senders of one proof: one lead.
    const shared = await proof();
    const statuses = await Promise.all([1, 2, 3].map(() => send(shared, 'Formrace').then((a) => a.status)));
    expect(statuses.sort()).toEqual([201, 400, 400]);
    expect(await leadsNamed('Formrace')).toHaveLength(1);
  });

  it('refuses an expired proof', async () => {
    const altcha = await proof();
    h.clock.offsetMs = 11 * 60_000;
    try {
      const late = await rest('POST', '/api/leads/form', { key: formKey, body: { ...visitor('Formlate'), altcha } });
      expect(late.status).toBe(400);
      expect(late.body.message).toContain('expired');
    } finally {
      h.clock.offsetMs = 0;
    }
    expect(await leadsNamed('Formlate')).toHaveLength(0);
  });

  it('answers a filled honeypot like a success, and creates nothing', async () => {
    const sent = await rest('POST', '/api/leads/form', { key: formKey, body: { ...visitor('Formbot'), website: 'https://spam.example', altcha: await proof() } });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ data: { id: expect.any(String), createdAt: expect.any(String) } });
    expect(await leadsNamed('Formbot')).toHaveLength(0);
    expect(await h.db.prisma.lead.count({ where: { id: sent.body.data.id } })).toBe(0);
  });

  it('lets the publishable key list, read and update no lead', async () => {
    const [lead] = await leadsNamed('Formrest');
    expect((await rest('GET', '/api/v1/leads', { key: formKey })).status).toBe(403);
    expect((await rest('GET', `/api/v1/leads/${lead!.id}`, { key: formKey })).status).toBe(403);
    expect((await rest('PATCH', `/api/v1/leads/${lead!.id}`, { key: formKey, body: { status: 'qualified' } })).status).toBe(403);
    expect((await rest('POST', '/api/v1/leads', { key: formKey, body: { firstName: 'A', lastName: 'Direct' } })).status).toBe(403);
    const viaGraphql = await graphql(formKey, `{ lead(id: "${lead!.id}") { id email } }`);
    expect(viaGraphql.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(viaGraphql.body.data).toBeNull();
    // Not through the receipt either: it is not a Lead.
    const nested = await graphql(formKey, 'mutation { submitLeadForm(input: {firstName: "A", lastName: "B", email: "a@example.test"}) { receipt { email } } }');
    expect(nested.body.errors[0].message).toContain('Cannot query field "email"');
    expect((await h.db.prisma.lead.findUniqueOrThrow({ where: { id: lead!.id } })).status).toBe('new');
  });

  it('refuses a publishable key without leads.lead.write with 403', async () => {
    const bookingsOnly = await createKeyPair(h.db.prisma, { tenantId: t.tenantId, userId: t.userId, name: 'Booking widget', scopes: ['bookings.read', 'bookings.manage'], trustedDocuments: 'none' });
    const key = bookingsOnly.publishable.key;
    expect((await rest('GET', '/api/leads/form', { key })).status).toBe(403);
    const refused = await rest('POST', '/api/leads/form', { key, body: visitor('Formnoscope') });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-required-scope')).toBe('leads.lead.write');
    expect((await rest('POST', '/api/leads/form', { key: null, body: visitor('Formnoscope') })).status).toBe(401);
    expect(await leadsNamed('Formnoscope')).toHaveLength(0);
  });

  it('lets a secret key send the form without a proof (a server relaying its own form)', async () => {
    const sent = await rest('POST', '/api/leads/form', { key: t.secret, body: visitor('Formserver') });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(await leadsNamed('Formserver')).toHaveLength(1);
  });

  describe('per-address budget', () => {
    const opened: RateLimits[] = [];
    afterAll(async () => {
      await Promise.all(opened.map((limits) => limits.close()));
    });

    it('refuses an address past its leads per hour with 429, while another address still sends', async () => {
      const rateLimits = await createRateLimits({ keyRequests: 100, ipRequests: 100, publicAddressRequests: 100, publicKeyRequests: 1000, publicBookingsPerHour: 100, publicLeadsPerHour: 2, windowSeconds: 60 });
      opened.push(rateLimits);
      const app = createApp({ prisma: h.db.prisma, rateLimits, trustProxyHops: 1 });
      const send = async (address: string, lastName: string, viaGraphql = false) => {
        const headers = { authorization: `Bearer ${formKey}`, 'x-forwarded-for': address, 'content-type': 'application/json' };
        const input = { ...visitor(lastName), altcha: await proof() };
        const body = viaGraphql ? { query: 'mutation($input: LeadFormInput!) { submitLeadForm(input: $input) { receipt { id } } }', variables: { input } } : input;
        const response = await app.fetch(`http://localhost${viaGraphql ? '/graphql' : '/api/leads/form'}`, { method: 'POST', headers, body: JSON.stringify(body) });
        return { status: response.status, body: await response.json(), retryAfter: response.headers.get('retry-after') };
      };
      expect((await send('203.0.113.7', 'Formbudget')).status).toBe(201);
      expect((await send('203.0.113.7', 'Formbudget', true)).status).toBe(200);
      const refused = await send('203.0.113.7', 'Formbudget');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: 'Too Many Requests', message: expect.stringContaining('at most 2 leads per hour') });
      expect(Number(refused.retryAfter)).toBeGreaterThan(60);
      expect((await send('203.0.113.7', 'Formbudget', true)).status).toBe(429);
      expect(await leadsNamed('Formbudget')).toHaveLength(2);
      // Another visitor of the same page is not blocked.
      expect((await send('203.0.113.8', 'Formbudget')).status).toBe(201);
      expect(await leadsNamed('Formbudget')).toHaveLength(3);
    });
  });
});
