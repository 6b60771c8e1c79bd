import { describe, expect, it } from 'vitest';
import { fixtures } from './support/fixtures.js';
import { useHarness } from './support/harness.js';
import { salesPipeline } from './support/pipeline-fixtures.js';

const harness = useHarness();
const { h, tenant, rest } = harness;
const make = fixtures(harness);

describe('pipelines and stages', () => {
  it('lists pipelines with their ordered stages and validates stage changes', async () => {
    const t = await tenant();
    const { pipeline, qualify, won } = await salesPipeline(harness, t.secret);
    const pipelines = await rest('GET', '/api/v1/pipeline/pipelines', { key: t.secret });
    expect(pipelines.body).toMatchObject({ total: 1, data: [{ id: pipeline.id, name: 'Sales' }] });
    expect(pipelines.body.data[0].stages.map((s: { name: string }) => s.name)).toEqual(['Qualify', 'Proposal', 'Won', 'Lost']);
    const stages = await rest('GET', `/api/v1/pipeline/stages?pipelineId=${pipeline.id}`, { key: t.secret });
    expect(stages.body.data.map((s: { position: number }) => s.position)).toEqual([0, 1, 2, 3]);

    const renamed = await rest('PATCH', `/api/v1/pipeline/stages/${qualify.id}`, { key: t.secret, body: { name: 'Discovery', probability: 10, color: null } });
    expect(renamed.body.data).toMatchObject({ name: 'Discovery', probability: 10, color: null, isClosedWon: false });
    const before = await h.db.prisma.pipelineStage.findMany({ where: { tenantId: t.tenantId }, orderBy: { id: 'asc' } });
    const refusals: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/api/v1/pipeline/stages', { pipelineId: pipeline.id, name: 'X', probability: 101 }, 'probability'],
      ['POST', '/api/v1/pipeline/stages', { pipelineId: pipeline.id, name: 'X', probability: -1 }, 'probability'],
      ['POST', '/api/v1/pipeline/stages', { pipelineId: pipeline.id, name: 'X', probability: 50, isClosedWon: true, isClosedLost: true }, 'isClosedLost'],
      ['POST', '/api/v1/pipeline/stages', { pipelineId: pipeline.id, name: 'x'.repeat(201), probability: 50 }, 'name'],
      ['PATCH', `/api/v1/pipeline/stages/${won.id}`, { isClosedLost: true }, 'isClosedLost'],
      ['PATCH', `/api/v1/pipeline/stages/${won.id}`, { probability: null }, 'probability'],
      ['POST', '/api/v1/pipeline/pipelines', { name: '' }, 'name'],
    ];
    for (const [method, path, body, field] of refusals) {
      const response = await rest(method, path, { key: t.secret, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(await h.db.prisma.pipelineStage.findMany({ where: { tenantId: t.tenantId }, orderBy: { id: 'asc' } })).toEqual(before);
    const foreign = await tenant();
    const response = await rest('POST', '/api/v1/pipeline/stages', { key: foreign.secret, body: { pipelineId: pipeline.id, name: 'X', probability: 5 } });
    expect(response.status).toBe(404);
  });

  it('requires the pipeline scope', async () => {
    const t = await tenant({ scopes: ['leads.lead.read'] });
    for (const path of ['/api/v1/pipeline/deals', '/api/v1/pipeline/pipelines', '/api/v1/pipeline/stages']) {
      expect((await rest('GET', path, { key: t.secret })).status).toBe(403);
    }
  });
});

describe('sites and users', () => {
  it('creates, lists and changes sites of a company, inside the tenant', async () => {
    const t = await tenant();
    const company = await make.company(t.secret);
    const created = await rest('POST', '/api/v1/sites', { key: t.secret, body: { companyId: company.id, name: 'Main yard', address: '1 Dock St', city: 'Toledo', state: 'OH', postalCode: '43604' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ companyId: company.id, name: 'Main yard', city: 'Toledo' });
    const patched = await rest('PATCH', `/api/v1/sites/${created.body.data.id}`, { key: t.secret, body: { city: null } });
    expect(patched.body.data).toMatchObject({ city: null, name: 'Main yard' });
    const listed = await rest('GET', `/api/v1/sites?companyId=${company.id}`, { key: t.secret });
    expect(listed.body).toMatchObject({ total: 1, data: [{ id: created.body.data.id }] });
    const other = await tenant();
    expect((await rest('GET', `/api/v1/sites/${created.body.data.id}`, { key: other.secret })).status).toBe(404);
    expect((await rest('POST', '/api/v1/sites', { key: other.secret, body: { companyId: company.id, name: 'X' } })).status).toBe(404);
    expect((await rest('GET', '/api/v1/sites', { key: other.secret })).body.total).toBe(0);
  });

  it('lists the users of the tenant for any secret key, never for a publishable one', async () => {
    const t = await tenant({ scopes: ['leads.lead.read'] });
    const users = await rest('GET', '/api/v1/users', { key: t.secret });
    expect(users.status).toBe(200);
    expect(users.body).toMatchObject({ total: 1, data: [{ id: t.userId, role: 'manager' }] });
    expect(Object.keys(users.body.data[0]).sort()).toEqual(['email', 'id', 'name', 'role']);
    expect((await rest('GET', '/api/v1/users', { key: t.publishable })).status).toBe(403);
    expect((await rest('GET', '/api/v1/users?role=ruler', { key: t.secret })).status).toBe(400);
  });
});
