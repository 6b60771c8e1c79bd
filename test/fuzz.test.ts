import fc from 'fast-check';
import { getNamedType, isInputObjectType, print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { REST_BASE_PATH } from '../src/graphql/operations.js';
import { operations } from '../src/graphql/route-map.js';
import { fixtures } from './support/fixtures.js';
import { useHarness } from './support/harness.js';
import { salesPipeline } from './support/pipeline-fixtures.js';

const harness = useHarness();
const { h, tenant } = harness;
const make = fixtures(harness);

const routes = operations.map(({ key, route, field, args, document }) => {
  const inputType = args.body && getNamedType(args.body.type);
  return {
    ...route,
    key,
    argNames: field.args.map((a) => a.name).filter((n) => n !== 'input'),
    inputFields: inputType && isInputObjectType(inputType) ? Object.keys(inputType.getFields()) : [],
    query: print(document),
  };
});

/**
 * A tenant-wide fingerprint of everything a write could change: row counts and the latest
 * `updatedAt` of each table the REST routes write.
 */
async function fingerprint(tenantId: string) {
  const changedAt: Record<string, string> = {
    Lead: '"updatedAt"', Company: '"updatedAt"', Contact: '"updatedAt"', Site: '"updatedAt"', Deal: '"updatedAt"', DealActivity: '"createdAt"',
    Pipeline: '"createdAt"', PipelineStage: '"createdAt"', Invoice: '"updatedAt"', InvoiceLineItem: '"id"::text', Payment: '"createdAt"', InvoiceEvent: '"occurredAt"',
  };
  const rows = await h.db.prisma.$queryRawUnsafe<unknown[]>(
    Object.entries(changedAt)
      .map(([table, column]) => `SELECT '${table}' AS t, count(*)::int AS n, max(${column})::text AS m FROM "${table}" WHERE "tenantId" = $1::uuid`)
      .join(' UNION ALL '),
    tenantId,
  );
  return JSON.stringify(rows);
}

describe('fuzzing every documented operation', { timeout: 120_000 }, () => {
  it('never answers 5xx, and a refused write changes nothing', async () => {
    const t = await tenant({ modules: ['inspections'] });
    const company = await make.company(t.secret);
    const contact = await make.contact(t.secret, company.id);
    const lead = await make.lead(t.secret);
    const { pipeline, qualify, won } = await salesPipeline(harness, t.secret);
    const site = (await harness.rest('POST', '/api/v1/sites', { key: t.secret, body: { companyId: company.id, name: 'Yard' } })).body.data;
    const deal = (await harness.rest('POST', '/api/v1/pipeline/deals', { key: t.secret, body: { name: 'Lift', companyId: company.id, stageId: qualify.id } })).body.data;
    const invoiceOf = async (lines: unknown[]) =>
      (await harness.rest('POST', '/api/invoices', { key: t.secret, body: { companyId: company.id, lineItems: lines } })).body;
    const draft = await invoiceOf([{ description: 'Visit', quantity: '1', unitPrice: '100' }]);
    const sent = await invoiceOf([{ description: 'Overhaul', quantity: '1000', unitPrice: '1000' }]);
    await harness.rest('POST', `/api/invoices/${sent.id}/send`, { key: t.secret });
    const ids = [company.id, contact.id, lead.id, pipeline.id, qualify.id, won.id, site.id, deal.id, t.userId, draft.id, sent.id];
    // A valid call of each write (and the id its path names), which the fuzzer then bends one field at a time.
    const valid: Record<string, { id?: string; body: Record<string, unknown> }> = {
      'Mutation.createLead': { body: { firstName: 'Ada', lastName: 'Byron', source: 'referral' } },
      'Mutation.updateLead': { id: lead.id, body: { notes: 'called', status: 'contacted' } },
      'Mutation.createCompany': { body: { name: 'Initech', city: 'Austin' } },
      'Mutation.updateCompany': { id: company.id, body: { phone: '555-0100' } },
      'Mutation.createContact': { body: { companyId: company.id, firstName: 'Bo', lastName: 'Li', isPrimary: true } },
      'Mutation.updateContact': { id: contact.id, body: { role: 'Buyer' } },
      'Mutation.createSite': { body: { companyId: company.id, name: 'Depot' } },
      'Mutation.updateSite': { id: site.id, body: { city: 'Dayton' } },
      'Mutation.createDeal': { body: { name: 'Hoist', companyId: company.id, stageId: qualify.id, value: '1250.00', products: [{ name: 'Hoist', quantity: '1', unitPrice: '1250.00' }] } },
      'Mutation.updateDeal': { id: deal.id, body: { stageId: won.id } },
      'Mutation.logDealActivity': { id: deal.id, body: { type: 'call', description: 'Spoke' } },
      'Mutation.createPipeline': { body: { name: 'Renewals' } },
      'Mutation.createPipelineStage': { body: { pipelineId: pipeline.id, name: 'Demo', probability: 40 } },
      'Mutation.updatePipelineStage': { id: qualify.id, body: { probability: 25 } },
      'Query.company': { id: company.id, body: {} },
      'Query.contact': { id: contact.id, body: {} },
      'Query.site': { id: site.id, body: {} },
      'Query.deal': { id: deal.id, body: {} },
      'Query.lead': { id: lead.id, body: {} },
      'Mutation.createInvoice': { body: { companyId: company.id, taxRate: '0.08', lineItems: [{ description: 'Visit', quantity: '1.5', unitPrice: '80.00' }] } },
      'Mutation.updateInvoice': { id: sent.id, body: { notes: 'Net 30', dueDate: '2099-01-01' } },
      'Mutation.replaceInvoiceLineItems': { id: draft.id, body: { lineItems: [{ description: 'Visit', quantity: '2', unitPrice: '100' }] } },
      'Mutation.recordInvoicePayment': { id: sent.id, body: { amount: '0.01', paymentMethod: 'cash' } },
      'Query.invoice': { id: sent.id, body: {} },
    };

    // Values that reach every kind of check: real ids, foreign-looking ids, wrong JSON types,
    // lone surrogates, deep nesting, huge numbers, decimals and dates in and out of range.
    const scalar = fc.oneof(
      fc.constantFrom(...ids),
      fc.uuid(),
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom('1250.00', '-1', '1e309', '2026-02-30', '2026-11-22', '2026-11-22T10:00:00Z', 'a'.repeat(300), 'x@y.z', 'web_form', 'won', 'new'),
    );
    const value = fc.oneof({ weight: 4, arbitrary: scalar }, fc.jsonValue({ maxDepth: 3 }), fc.constant(JSON.parse(`{"a":${'['.repeat(80)}${']'.repeat(80)}}`)));
    // Deeper than anything JSON.stringify should be asked to write: sent as raw text.
    const deepBody = `{"firstName":"A","lastName":"B","name":"N","customFields":{"a":${'['.repeat(5000)}${']'.repeat(5000)}}}`;
    const restCall = fc.record({
      // Half the calls go to routes with a valid example, so each is reached both ways however many routes there are.
      route: fc.oneof(fc.constantFrom(...routes), fc.constantFrom(...routes.filter((r) => valid[r.key]))),
      pathValue: fc.oneof(fc.constantFrom(...ids), fc.uuid(), fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent)),
      params: fc.array(fc.tuple(fc.oneof(fc.constantFrom('limit', 'page', 'cursor', 'status', 'search', 'companyId', 'bogus')), fc.oneof(scalar.map(String), fc.integer({ min: -5, max: 500 }).map(String))), { maxLength: 3 }),
      ownId: fc.nat(3).map((n) => n > 0),
      body: fc.oneof(fc.dictionary(fc.string({ maxLength: 12 }), value, { maxKeys: 4 }), fc.string({ maxLength: 30 }), fc.constant(deepBody)),
      bend: fc.option(fc.tuple(fc.nat(), value), { freq: 3 }),
      asIs: fc.nat(3).map((n) => n > 0),
      // Retries and request ids, sane or not: a few shared keys so that replays and reuses happen too.
      idempotencyKey: fc.option(fc.oneof(fc.constantFrom('fuzz-1', 'fuzz-2'), fc.uuid(), fc.string({ maxLength: 300 })), { freq: 2 }),
      requestId: fc.option(fc.string({ maxLength: 200 }), { freq: 4 }),
    });

    let requests = 0;
    const outcomes = new Set<string>();
    await fc.assert(
      fc.asyncProperty(restCall, fc.boolean(), async ({ route, pathValue: randomId, ownId, params, body, bend, asIs, idempotencyKey, requestId }, viaGraphql) => {
        requests += 1;
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          authorization: `Bearer ${t.secret}`,
          ...(idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey }),
          ...(requestId === null ? {} : { 'x-request-id': requestId }),
        };
        const write = route.method !== 'GET';
        const before = write ? await fingerprint(t.tenantId) : '';
        const example = valid[route.key];
        const pathValue = ownId && example?.id ? example.id : randomId;
        // Most calls start from the valid body, as is or with one field bent; the rest are noise.
        let input: Record<string, unknown> | string = body;
        if (example && asIs) {
          const fields = [...route.inputFields];
          input = bend && fields.length ? { ...example.body, [fields[bend[0] % fields.length]!]: bend[1] } : example.body;
        }
        let status: number;
        if (viaGraphql) {
          const variables = Object.fromEntries([
            ...route.argNames.map((n) => [n, pathValue]),
            ...params.filter(() => !asIs),
            ...(route.inputFields.length ? [['input', input]] : []),
          ]);
          const response = await h.app.fetch('http://localhost/graphql', { method: 'POST', headers, body: JSON.stringify({ query: route.query, variables }) });
          const json = await response.json();
          status = response.status;
          expect(json.errors?.map((e: { extensions?: { code?: string } }) => e.extensions?.code) ?? []).not.toContain('INTERNAL_SERVER_ERROR');
          if (write && json.errors?.length) expect(await fingerprint(t.tenantId)).toBe(before);
        } else {
          const path = `${REST_BASE_PATH}${route.path.replace(/:(\w+)/g, () => pathValue)}?${new URLSearchParams(asIs ? [] : params)}`;
          const response = await h.app.fetch(`http://localhost${path}`, {
            method: route.method,
            headers,
            body: write ? (typeof input === 'string' ? input : JSON.stringify(input)) : undefined,
          });
          status = response.status;
          const text = await response.text();
          if (!route.download || status >= 300) expect(() => JSON.parse(text), `${route.method} ${path}: ${text}`).not.toThrow();
          if (write && status >= 400) expect(await fingerprint(t.tenantId)).toBe(before);
        }
        outcomes.add(`${viaGraphql ? 'GraphQL' : 'REST'} ${route.key} ${status < 300 ? 'ok' : 'refused'}`);
        expect(status).toBeLessThan(500);
      }),
      { seed: 20261128, numRuns: 2500, endOnFailure: true },
    );
    expect(requests).toBeGreaterThanOrEqual(2500);
    // The run reached both outcomes of every write on REST, so the checks above were exercised.
    for (const key of Object.keys(valid).filter((k) => k.startsWith('Mutation.'))) {
      expect(outcomes, key).toContain(`REST ${key} ok`);
      expect(outcomes, key).toContain(`REST ${key} refused`);
    }
  });
});
