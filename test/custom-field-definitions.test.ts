import { describe, expect, it } from 'vitest';
import { createKeyPair } from '../src/auth/key-pairs.js';
import type { Scope } from '../src/auth/scopes.js';
import { createCustomFieldDefinition } from '../src/custom-fields/custom-field.admin.js';
import { MAX_DEFINITIONS_PER_ENTITY } from '../src/custom-fields/custom-field.rules.js';
import type { CustomFieldEntity } from './generated/operations.js';
import { CustomFieldDefinitionsDocument } from './generated/operations.js';
import { type TenantFixture, useHarness } from './support/harness.js';

const { h, tenant, rest, gql } = useHarness();

/** Each entity with the scope that reads its records, and so its definitions. */
const readers: Record<CustomFieldEntity, Scope> = {
  lead: 'leads.lead.read',
  contact: 'contacts.read',
  company: 'companies.read',
  deal: 'pipeline',
  invoice: 'invoices.read',
};
const entities = Object.keys(readers) as CustomFieldEntity[];

/** A secret key of the tenant's user carrying only `scopes`. */
const keyWith = async (t: TenantFixture, scopes: Scope[]) =>
  (await createKeyPair(h.db.prisma, { tenantId: t.tenantId, userId: t.userId, name: scopes.join(' '), scopes })).secret.key;

const define = (t: TenantFixture, definition: Record<string, unknown>) => createCustomFieldDefinition(h.db.prisma, { tenantId: t.tenantId, ...definition });

/** The definitions of an entity on both surfaces, which must agree. */
async function bothSurfaces(key: string, entity: CustomFieldEntity) {
  const viaRest = await rest('GET', `/api/custom-fields?entity=${entity}`, { key });
  expect(viaRest.status, JSON.stringify(viaRest.body)).toBe(200);
  const viaGraphql = await gql(key, CustomFieldDefinitionsDocument, { entity });
  expect(viaGraphql.errors).toBeUndefined();
  expect(viaGraphql.data?.customFieldDefinitions).toEqual(viaRest.body.data);
  return viaRest.body.data;
}

describe('custom field definitions', () => {
  it('are answered as defined, in display order then by key, alike on REST and GraphQL', async () => {
    const t = await tenant({ role: 'system_admin' });
    const created = [
      await define(t, { entity: 'lead', key: 'tier', label: ' Customer tier ', type: 'select', required: true, options: ['gold', 'silver'], order: 2 }),
      await define(t, { entity: 'lead', key: 'poNumber', type: 'text' }),
      await define(t, { entity: 'lead', key: 'budget_usd', label: 'Budget (USD)', type: 'number', order: '0' }),
      await define(t, { entity: 'lead', key: 'alpha', type: 'boolean', order: 2 }),
      await define(t, { entity: 'invoice', key: 'dueBy', type: 'date' }),
    ];
    // Without an order, a field goes after the entity's last (poNumber after tier); without a label, it is derived from the key.
    expect(created.map((d) => [d.key, d.label, d.order])).toEqual([
      ['tier', 'Customer tier', 2],
      ['poNumber', 'Po number', 3],
      ['budget_usd', 'Budget (USD)', 0],
      ['alpha', 'Alpha', 2],
      ['dueBy', 'Due by', 0],
    ]);
    expect(await bothSurfaces(t.secret, 'lead')).toEqual([
      { key: 'budget_usd', label: 'Budget (USD)', type: 'number', required: false, options: [], order: 0 },
      { key: 'alpha', label: 'Alpha', type: 'boolean', required: false, options: [], order: 2 },
      { key: 'tier', label: 'Customer tier', type: 'select', required: true, options: ['gold', 'silver'], order: 2 },
      { key: 'poNumber', label: 'Po number', type: 'text', required: false, options: [], order: 3 },
    ]);
    expect(await bothSurfaces(t.secret, 'invoice')).toEqual([{ key: 'dueBy', label: 'Due by', type: 'date', required: false, options: [], order: 0 }]);
    expect(await bothSurfaces(t.secret, 'deal')).toEqual([]);
  });

  it("are read with the entity's read scope, and refused (403 naming it, FORBIDDEN) without it", async () => {
    const t = await tenant({ role: 'system_admin' });
    for (const entity of entities) await define(t, { entity, key: `${entity}Note`, type: 'text' });
    const unrelated = await keyWith(t, ['bookings.read', 'settings.manage']);
    for (const entity of entities) {
      const own = await keyWith(t, [readers[entity]]);
      expect(await bothSurfaces(own, entity)).toEqual([expect.objectContaining({ key: `${entity}Note` })]);
      const other = await keyWith(t, [readers[entities.find((e) => e !== entity)!]]);
      for (const key of [other, unrelated]) {
        const refused = await rest('GET', `/api/custom-fields?entity=${entity}`, { key });
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({ error: 'Forbidden' });
        // A key with none of the read scopes is refused before the entity is read: no single scope is named then.
        expect(refused.headers.get('x-required-scope')).toBe(key === other ? readers[entity] : null);
        const viaGraphql = await gql(key, CustomFieldDefinitionsDocument, { entity });
        expect(viaGraphql.data).toBeNull();
        expect(viaGraphql.errors?.map((e) => e.extensions.code)).toEqual(['FORBIDDEN']);
        if (key === other) expect(viaGraphql.errors?.[0]?.message).toContain(readers[entity]);
      }
    }
    // A publishable key reads no definitions, whatever it carries.
    expect((await rest('GET', '/api/custom-fields?entity=lead', { key: t.publishable })).status).toBe(403);
    expect((await rest('GET', '/api/custom-fields?entity=lead', {})).status).toBe(401);
  });

  it('refuse a missing or unknown entity with 400 / BAD_USER_INPUT', async () => {
    const t = await tenant({ role: 'system_admin' });
    for (const path of ['/api/custom-fields', '/api/custom-fields?entity=leads', '/api/custom-fields?entity=', '/api/custom-fields?entity=lead&entity=deal']) {
      const answer = await rest('GET', path, { key: t.secret });
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toMatchObject({ error: 'Bad Request', message: expect.any(String), details: [{ field: 'entity', message: expect.any(String) }] });
    }
    const unknown = await gql(t.secret, CustomFieldDefinitionsDocument, { entity: 'leads' as CustomFieldEntity });
    expect(unknown.data ?? null).toBeNull();
    expect(unknown.errors?.map((e) => e.extensions.code)).toEqual(['BAD_USER_INPUT']);
    const missing = await gql(t.secret, CustomFieldDefinitionsDocument, {} as { entity: CustomFieldEntity });
    expect(missing.errors?.map((e) => e.extensions.code)).toEqual(['BAD_USER_INPUT']);
  });

  it("never show another tenant's definitions", async () => {
    const a = await tenant({ role: 'system_admin' });
    const b = await tenant({ role: 'system_admin' });
    await define(a, { entity: 'company', key: 'industry', type: 'text', required: true });
    await define(b, { entity: 'company', key: 'region', type: 'select', options: ['north', 'south'] });
    expect((await bothSurfaces(a.secret, 'company')).map((d: { key: string }) => d.key)).toEqual(['industry']);
    expect((await bothSurfaces(b.secret, 'company')).map((d: { key: string }) => d.key)).toEqual(['region']);
    const c = await tenant({ role: 'system_admin' });
    expect(await bothSurfaces(c.secret, 'company')).toEqual([]);
  });

  it(`are checked when defined, at most ${MAX_DEFINITIONS_PER_ENTITY} per entity`, { timeout: 120_000 }, async () => {
    const t = await tenant({ role: 'system_admin' });
    for (const [definition, field] of [
      [{ order: 10_001 }, 'order'],
      [{ order: -1 }, 'order'],
      [{ order: '1.5' }, 'order'],
      [{ label: '   ' }, 'label'],
      [{ label: 'x'.repeat(201) }, 'label'],
    ] as const) {
      await expect(define(t, { entity: 'deal', key: 'probe', type: 'text', ...definition })).rejects.toMatchObject({ code: 'BAD_USER_INPUT', details: [expect.objectContaining({ field })] });
    }
    for (let i = 0; i < MAX_DEFINITIONS_PER_ENTITY; i += 1) await define(t, { entity: 'deal', key: `f${i}`, type: 'text' });
    await expect(define(t, { entity: 'deal', key: 'oneTooMany', type: 'text' })).rejects.toMatchObject({ code: 'CONFLICT' });
    // The ceiling is per entity.
    await define(t, { entity: 'lead', key: 'stillFine', type: 'text' });
    const deals = await bothSurfaces(t.secret, 'deal');
    expect(deals).toHaveLength(MAX_DEFINITIONS_PER_ENTITY);
    expect(deals.map((d: { order: number }) => d.order)).toEqual([...Array(MAX_DEFINITIONS_PER_ENTITY).keys()]);
  });

  it('are checked as they stand: a change by another writer holds on every write within a second (the database announces it)', async () => {
    const t = await tenant();
    const lead = (body: Record<string, unknown> = {}) => rest('POST', '/api/v1/leads', { key: t.secret, body: { firstName: 'Ada', lastName: 'Byron', ...body } });
    // The tenant's (no) lead fields are now held by the server.
    expect((await lead()).status).toBe(201);
    // Another writer than this process's own (another process, an operator's SQL): only the database's announcement tells the server.
    await h.db.prisma.customFieldDefinition.create({ data: { tenantId: t.tenantId, entity: 'lead', key: 'region', label: 'Region', type: 'text', required: true, options: [] } });
    const since = Date.now();
    let refused = await lead();
    while (refused.status === 201 && Date.now() - since < 1_000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      refused = await lead();
    }
    expect(refused).toMatchObject({ status: 400, body: { details: [{ field: 'customFields.region', message: 'is required' }] } });
    expect((await lead({ customFields: { region: 'North' } })).body.data.customFields).toEqual({ region: 'North' });
    // Defined through this process's own function: held at once, without waiting for the announcement.
    await define(t, { entity: 'lead', key: 'tier', type: 'select', options: ['gold'], required: true });
    expect((await lead({ customFields: { region: 'North' } })).body.details).toEqual([{ field: 'customFields.tier', message: 'is required' }]);
  });
});
