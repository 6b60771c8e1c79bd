import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { inspectionRoutes } from '../src/inspections/inspection.rest.js';
import type { TenantFixture } from './support/harness.js';
import { useHarness } from './support/harness.js';
import { completeAnswers, craneChecklist, inspectionWorld } from './support/inspection-fixtures.js';

const harness = useHarness();
const { h, tenant, rest, countStatements } = harness;

type World = Awaited<ReturnType<typeof inspectionWorld>>;
let w: World;
let other: World;
let withoutModule: TenantFixture;

beforeAll(async () => {
  w = await inspectionWorld(harness);
  other = await inspectionWorld(harness);
  withoutModule = await tenant({ role: 'system_admin' });
});

const pathOf = (path: string, ids: Record<string, string>) => `/api${path.replace(/:(\w+)/g, (_m, name: string) => ids[name] ?? randomUUID())}`;

describe('the inspections module gate', () => {
  it('answers 403 on every inspections route to a tenant without the module, whatever its scopes, saying why (as GraphQL does)', async () => {
    for (const route of Object.values(inspectionRoutes)) {
      const response = await rest(route.method, pathOf(route.path, {}), { key: withoutModule.secret, body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
      expect(response.status, `${route.method} ${route.path}`).toBe(403);
      expect(response.body).toEqual({ error: 'Forbidden', message: 'This tenant does not have the inspections module enabled' });
      expect(response.headers.get('x-required-scope')).toBeNull();
    }
    // A key without a scope keeps the specification's bare body, naming the scope in a header.
    const reader = await tenant({ modules: ['inspections'], scopes: ['inspections.read'] });
    const scopeRefusal = await rest('POST', '/api/inspections/equipment-types', { key: reader.secret, body: { name: 'Hoist' } });
    expect(scopeRefusal.body).toEqual({ error: 'Forbidden' });
  });

  it('answers FORBIDDEN on GraphQL too', async () => {
    const response = await h.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${withoutModule.secret}` },
      body: JSON.stringify({ query: '{ inspections { totalCount } }' }),
    });
    const body = await response.json();
    expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(body.errors[0].message).toMatch(/inspections module/);
  });

  it('needs inspections.read to read and inspections.write to write (secret keys only)', async () => {
    const reader = await tenant({ modules: ['inspections'], scopes: ['inspections.read'] });
    expect((await rest('GET', '/api/inspections', { key: reader.secret })).status).toBe(200);
    const refused = await rest('POST', '/api/inspections/equipment-types', { key: reader.secret, body: { name: 'Hoist' } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-required-scope')).toBe('inspections.write');
    expect((await rest('GET', '/api/inspections', { key: reader.publishable })).status).toBe(403);
    expect((await rest('GET', '/api/inspections', {})).status).toBe(401);
  });
});

describe('supporting records', () => {
  it('creates, lists, reads and patches equipment types, equipment and templates', async () => {
    const types = await rest('GET', '/api/inspections/equipment-types', { key: w.key });
    expect(types.body).toEqual({ data: [{ id: w.type.id, name: 'Overhead crane', category: 'Lifting', oshaStandard: '1910.179' }], total: 1, page: 1, pageSize: 25 });
    expect((await rest('GET', `/api/inspections/equipment/${w.equipment.id}`, { key: w.key })).body.data).toMatchObject({
      serialNumber: w.equipment.serialNumber,
      status: 'in_service',
      siteId: w.site.id,
      companyId: w.company.id,
    });
    const template = (await rest('GET', `/api/inspections/templates/${w.template.id}`, { key: w.key })).body.data;
    expect(template.sections).toEqual(craneChecklist);
    const patched = await rest('PATCH', `/api/inspections/equipment/${w.equipment.id}`, { key: w.key, body: { locationLabel: 'Bay 3' } });
    expect(patched.body.data.locationLabel).toBe('Bay 3');
    const list = await rest('GET', `/api/inspections/equipment?siteId=${w.site.id}`, { key: w.key });
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([w.equipment.id]);
  });

  it('generates missing checklist ids and refuses repeated ones', async () => {
    const created = await rest('POST', '/api/inspections/templates', { key: w.key, body: { name: 'Quick', sections: [{ title: 'A', items: [{ prompt: 'Ok?', answerType: 'yes_no' }] }] } });
    expect(created.status).toBe(201);
    expect(created.body.data.sections[0]).toMatchObject({ id: expect.stringMatching(/^sec_/), items: [{ id: expect.stringMatching(/^item_/), required: false }] });
    const repeated = await rest('POST', '/api/inspections/templates', {
      key: w.key,
      body: { name: 'Bad', sections: [{ id: 's', title: 'A', items: [{ id: 'x', prompt: 'a', answerType: 'text' }, { id: 'x', prompt: 'b', answerType: 'text' }] }] },
    });
    expect(repeated.status).toBe(400);
    expect(repeated.body.details).toEqual([{ field: 'sections.0.items.1.id', message: 'repeats the item id "x"' }]);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const before = await h.db.prisma.equipment.count();
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/inspections/equipment', { equipmentTypeId: w.type.id, siteId: w.site.id }, 'serialNumber'],
      ['/api/inspections/equipment', { equipmentTypeId: w.type.id, siteId: w.site.id, serialNumber: 'x', status: 'broken' }, 'status'],
      ['/api/inspections/equipment', { equipmentTypeId: w.type.id, siteId: w.site.id, serialNumber: 'x', nameplatePhotoUrl: 'javascript:alert(1)' }, 'nameplatePhotoUrl'],
      ['/api/inspections/templates', { name: 'T', sections: [] }, 'sections'],
      ['/api/inspections/templates', { name: 'T', sections: [{ title: 'A', items: [{ prompt: 'p', answerType: 'essay' }] }] }, 'sections'],
      ['/api/inspections/equipment-types', { name: ' ' }, 'name'],
    ];
    for (const [path, body, field] of cases) {
      const response = await rest('POST', path, { key: w.key, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.details.map((d: { field: string }) => d.field).join(' ')).toContain(field);
    }
    expect(await h.db.prisma.equipment.count()).toBe(before);
  });

  it('keeps serial numbers unique in the tenant (409), but not across tenants', async () => {
    const clash = await rest('POST', '/api/inspections/equipment', { key: w.key, body: { equipmentTypeId: w.type.id, siteId: w.site.id, serialNumber: w.equipment.serialNumber } });
    expect(clash.status).toBe(409);
    expect(clash.body.details).toEqual([{ field: 'serialNumber', message: 'is already used by other equipment of the tenant' }]);
    const elsewhere = await rest('POST', '/api/inspections/equipment', { key: other.key, body: { equipmentTypeId: other.type.id, siteId: other.site.id, serialNumber: w.equipment.serialNumber } });
    expect(elsewhere.status).toBe(201);
  });

  it("answers 404 for another tenant's supporting records and references", async () => {
    expect((await rest('GET', `/api/inspections/equipment/${other.equipment.id}`, { key: w.key })).status).toBe(404);
    expect((await rest('PATCH', `/api/inspections/templates/${other.template.id}`, { key: w.key, body: { name: 'Mine' } })).status).toBe(404);
    expect((await rest('GET', `/api/inspections/equipment-types/${other.type.id}`, { key: w.key })).status).toBe(404);
    const foreignSite = await rest('POST', '/api/inspections/equipment', { key: w.key, body: { equipmentTypeId: w.type.id, siteId: other.site.id, serialNumber: 'S-1' } });
    expect(foreignSite.status).toBe(404);
    expect(foreignSite.body.message).toMatch(/^siteId/);
  });

  it('refuses to change the sections of a template in use (409), but renames it', async () => {
    await w.inspection();
    const changed = await rest('PATCH', `/api/inspections/templates/${w.template.id}`, { key: w.key, body: { sections: craneChecklist.slice(0, 1) } });
    expect(changed.status).toBe(409);
    expect(changed.body.details[0].field).toBe('sections');
    expect((await rest('PATCH', `/api/inspections/templates/${w.template.id}`, { key: w.key, body: { name: 'Annual crane inspection v1' } })).status).toBe(200);
  });
});

describe('creating an inspection', () => {
  it('answers 201 with the bare inspection in draft, and records its creation', async () => {
    const response = await rest('POST', '/api/inspections', {
      key: w.users.tech.key,
      body: { equipmentId: w.equipment.id, siteId: w.site.id, checklistTemplateId: w.template.id, inspectionDate: '2030-03-02', notes: 'Bring the long ladder' },
    });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(
      ['createdAt', 'customerSignatureUrl', 'id', 'inspectionDate', 'notes', 'overallResult', 'rejectionReason', 'responses', 'status', 'updatedAt'].sort(),
    );
    expect(response.body).toMatchObject({ status: 'draft', inspectionDate: '2030-03-02', overallResult: null, responses: [], notes: 'Bring the long ladder' });
    const history = await rest('GET', `/api/inspections/${response.body.id}/history`, { key: w.key });
    expect(history.body.data).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'draft', user: { id: w.users.tech.userId, name: 'Tess Wrench' } })]);
  });

  it('honours technicianIds and technicianId only for system_admin and field_coordinator', async () => {
    const team = async (id: string) =>
      (await rest('GET', `/api/inspections/${id}`, { key: w.key })).body.teamMembers.map((m: { technicianId: string; role: string }) => [m.technicianId, m.role]);
    const { tech, tech2, coordinator, manager, admin } = w.users;
    const byCoordinator = await w.inspection(coordinator, { technicianIds: [tech2.userId, tech.userId], technicianId: admin.userId });
    expect(await team(byCoordinator.id)).toEqual([[tech2.userId, 'lead'], [tech.userId, 'member']]);
    const byAdmin = await w.inspection(admin, { technicianId: tech.userId });
    expect(await team(byAdmin.id)).toEqual([[tech.userId, 'lead']]);
    for (const caller of [tech, manager]) {
      const ignored = await w.inspection(caller, { technicianIds: [tech2.userId] });
      expect(await team(ignored.id)).toEqual([[caller.userId, 'lead']]);
    }
    // Sales' role does not allow inspections.write, so neither do its keys, whatever their pair carries.
    const bySales = await rest('POST', '/api/inspections', {
      key: w.users.sales.key,
      body: { equipmentId: w.equipment.id, siteId: w.site.id, checklistTemplateId: w.template.id, inspectionDate: '2030-03-01' },
    });
    expect(bySales.status).toBe(403);
    const unassigned = await w.inspection(coordinator);
    expect(await team(unassigned.id)).toEqual([[coordinator.userId, 'lead']]);
  });

  it('says so when technicians named by a role that does not assign them are ignored: a Warning header on REST, extensions.warnings on GraphQL', async () => {
    const { tech, tech2, coordinator } = w.users;
    const body = { equipmentId: w.equipment.id, siteId: w.site.id, checklistTemplateId: w.template.id, inspectionDate: '2030-03-02' };
    const ignored = await rest('POST', '/api/inspections', { key: tech.key, body: { ...body, technicianIds: [tech2.userId, tech.userId] } });
    expect(ignored.status).toBe(201);
    expect(ignored.headers.get('warning')).toBe('299 - "technicianIds was ignored: only users with the role field_coordinator or system_admin assign technicians, so the inspection is led by you alone"');
    const stored = await h.db.prisma.inspectionTeamMember.findMany({ where: { inspectionId: ignored.body.id } });
    expect(stored.map((m) => [m.technicianId, m.role])).toEqual([[tech.userId, 'lead']]);
    const single = await rest('POST', '/api/inspections', { key: tech.key, body: { ...body, technicianId: tech2.userId } });
    expect(single.headers.get('warning')).toMatch(/^299 - "technicianId was ignored/);
    // Naming oneself, or a role that assigns, is what happens: no warning.
    expect((await rest('POST', '/api/inspections', { key: tech.key, body: { ...body, technicianId: tech.userId } })).headers.get('warning')).toBeNull();
    expect((await rest('POST', '/api/inspections', { key: coordinator.key, body: { ...body, technicianIds: [tech2.userId] } })).headers.get('warning')).toBeNull();
    const viaGraphql = await h.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tech.key}` },
      body: JSON.stringify({ query: 'mutation($input: CreateInspectionInput!) { createInspection(input: $input) { inspection { id } userErrors { message } } }', variables: { input: { ...body, technicianIds: [tech2.userId] } } }),
    });
    const answer = await viaGraphql.json();
    expect(answer.data.createInspection.userErrors).toEqual([]);
    expect(answer.extensions.warnings).toEqual([{ message: expect.stringMatching(/^technicianIds was ignored/) }]);
  });

  it('refuses unknown references (404 naming the field), equipment elsewhere (400) and bad dates', async () => {
    const body = { equipmentId: w.equipment.id, siteId: w.site.id, checklistTemplateId: w.template.id, inspectionDate: '2030-03-01' };
    const before = await h.db.prisma.inspection.count();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ equipmentId: other.equipment.id }, 404, 'equipmentId'],
      [{ siteId: other.site.id }, 404, 'siteId'],
      [{ checklistTemplateId: other.template.id }, 404, 'checklistTemplateId'],
      [{ technicianIds: [other.users.tech.userId] }, 404, 'technicianIds'],
      [{ inspectionDate: '2030-02-30' }, 400, 'inspectionDate'],
      [{ inspectionDate: undefined }, 400, 'inspectionDate'],
    ];
    for (const [change, status, field] of cases) {
      const response = await rest('POST', '/api/inspections', { key: w.users.coordinator.key, body: { ...body, ...change } });
      expect(response.status, JSON.stringify(change)).toBe(status);
      expect(response.body.message).toContain(field);
    }
    const secondSite = (await rest('POST', '/api/v1/sites', { key: w.key, body: { companyId: w.company.id, name: 'Yard 2' } })).body.data;
    const elsewhere = await rest('POST', '/api/inspections', { key: w.key, body: { ...body, siteId: secondSite.id } });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.details).toEqual([{ field: 'equipmentId', message: 'does not stand at the site given as siteId' }]);
    expect(await h.db.prisma.inspection.count()).toBe(before);
  });

  it("refuses a checklist template made for another equipment type, and takes one made for no type", async () => {
    const body = { equipmentId: w.equipment.id, siteId: w.site.id, inspectionDate: '2030-03-01' };
    const forklifts = await rest('POST', '/api/inspections/equipment-types', { key: w.key, body: { name: `Forklift ${randomUUID().slice(0, 4)}` } });
    const forkliftTemplate = await rest('POST', '/api/inspections/templates', { key: w.key, body: { name: 'Forklift check', equipmentTypeId: forklifts.body.data.id, sections: craneChecklist } });
    const general = await rest('POST', '/api/inspections/templates', { key: w.key, body: { name: 'General check', sections: craneChecklist } });
    const before = await h.db.prisma.inspection.count({ where: { tenantId: w.tenantId } });
    const refused = await rest('POST', '/api/inspections', { key: w.key, body: { ...body, checklistTemplateId: forkliftTemplate.body.data.id } });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.details).toEqual([{ field: 'checklistTemplateId', message: "is a template for another equipment type than the equipment's" }]);
    expect(await h.db.prisma.inspection.count({ where: { tenantId: w.tenantId } })).toBe(before);
    const taken = await rest('POST', '/api/inspections', { key: w.key, body: { ...body, checklistTemplateId: general.body.data.id } });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
  });

  it('refuses an empty technicianIds and one naming a technician twice, with a clear message', async () => {
    const { tech, tech2, coordinator } = w.users;
    const body = { equipmentId: w.equipment.id, siteId: w.site.id, checklistTemplateId: w.template.id, inspectionDate: '2030-03-01' };
    const before = await h.db.prisma.inspection.count({ where: { tenantId: w.tenantId } });
    for (const [technicianIds, message] of [
      [[], /at least one technician/],
      [[tech.userId, tech2.userId, tech.userId], /each technician once/],
    ] as const) {
      const response = await rest('POST', '/api/inspections', { key: coordinator.key, body: { ...body, technicianIds } });
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.details).toEqual([{ field: 'technicianIds', message: expect.stringMatching(message) }]);
    }
    expect(await h.db.prisma.inspection.count({ where: { tenantId: w.tenantId } })).toBe(before);
  });
});

describe('the review workflow', () => {
  it('goes from draft to delivered, with every move in the history', async () => {
    const { tech, manager } = w.users;
    const { id } = await w.inspection(tech);
    const missing = await w.move(tech, id, 'submit');
    expect(missing.status).toBe(400);
    expect(missing.body.details.map((d: { field: string }) => d.field)).toEqual(['responses.brake', 'responses.hook-latch', 'responses.overview']);

    const badAnswers = await rest('PATCH', `/api/inspections/${id}`, {
      key: tech.key,
      body: { responses: [{ itemId: 'brake', value: 'ok' }, { itemId: 'nope', value: 'x' }, { itemId: 'wire-wear', value: '1,5' }, { itemId: 'overview', value: 'file:///etc/passwd' }] },
    });
    expect(badAnswers.status).toBe(400);
    expect(badAnswers.body.details.map((d: { field: string }) => d.field)).toEqual(['responses.0.value', 'responses.1.itemId', 'responses.2.value', 'responses.3.value']);
    const twice = await rest('PATCH', `/api/inspections/${id}`, { key: tech.key, body: { responses: [{ itemId: 'brake', value: 'pass' }, { itemId: 'brake', value: 'fail' }] } });
    expect(twice.status).toBe(400);
    expect((await h.db.prisma.inspection.findUniqueOrThrow({ where: { id } })).responses).toEqual([]);

    const answered = await rest('PATCH', `/api/inspections/${id}`, { key: tech.key, body: { responses: [...completeAnswers, { itemId: 'wire-wear', value: '1.5' }], customerSignatureUrl: 'https://sign.example/s/1.png' } });
    expect(answered.status).toBe(200);
    expect(answered.body.responses).toContainEqual({ itemId: 'hook-latch', value: 'yes', note: 'replaced last year' });

    expect((await w.move(tech, id, 'submit')).body.status).toBe('submitted');
    expect((await w.move(tech, id, 'start-review')).status).toBe(403);
    expect((await w.move(manager, id, 'start-review')).body.status).toBe('in_review');
    const rejected = await w.move(manager, id, 'reject', { rejectionReason: 'Overview photo is blurred' });
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectionReason: 'Overview photo is blurred' });
    expect((await rest('PATCH', `/api/inspections/${id}`, { key: tech.key, body: { notes: 'Photo retaken' } })).status).toBe(200);
    const resubmitted = await w.move(tech, id, 'submit');
    expect(resubmitted.body).toMatchObject({ status: 'submitted', rejectionReason: null });
    await w.move(manager, id, 'start-review');
    expect((await w.move(manager, id, 'approve', {})).status).toBe(400);
    const approved = await w.move(manager, id, 'approve', { overallResult: 'conditional' });
    expect(approved.body).toMatchObject({ status: 'approved', overallResult: 'conditional' });
    expect((await rest('GET', `/api/inspections/${id}/report.pdf`, { key: w.key })).status).toBe(404);
    const delivered = await w.move(manager, id, 'deliver');
    expect(delivered.body.status).toBe('delivered');

    const history = (await rest('GET', `/api/inspections/${id}/history`, { key: w.key })).body.data;
    expect(history.map((e: { fromStatus: string; toStatus: string }) => `${e.fromStatus}>${e.toStatus}`)).toEqual([
      'null>draft', 'draft>submitted', 'submitted>in_review', 'in_review>rejected', 'rejected>submitted', 'submitted>in_review', 'in_review>approved', 'approved>delivered',
    ]);
    expect(history.at(-1)).toMatchObject({ user: { id: manager.userId }, note: 'report emailed to pia@northwind.example' });
  });

  it('answers 409 naming the status for every move the table does not allow', async () => {
    const allowed: Record<string, string[]> = {
      draft: ['submit'],
      submitted: ['start-review'],
      in_review: ['approve', 'reject'],
      approved: ['deliver'],
      delivered: [],
      rejected: ['submit'],
    };
    const bodies: Record<string, unknown> = { approve: { overallResult: 'pass' }, reject: { rejectionReason: 'No' } };
    for (const [status, moves] of Object.entries(allowed)) {
      const id = await w.inspectionIn(status);
      for (const action of ['submit', 'start-review', 'approve', 'reject', 'deliver'].filter((a) => !moves.includes(a))) {
        const response = await w.move(w.users.admin, id, action, bodies[action]);
        expect(response.status, `${action} from ${status}`).toBe(409);
        expect(response.body.message).toBe(`Cannot ${action === 'start-review' ? 'start reviewing' : action} an inspection that is ${status}`);
      }
      if (!['draft', 'rejected'].includes(status)) {
        const edit = await rest('PATCH', `/api/inspections/${id}`, { key: w.users.admin.key, body: { notes: 'late' } });
        expect(edit.status, `edit when ${status}`).toBe(409);
      }
      expect((await h.db.prisma.inspection.findUniqueOrThrow({ where: { id } })).status).toBe(status);
    }
  });

  it('lets only reviewers review, only the team (or dispatchers) edit and submit, and no reviewer approve what they led', async () => {
    const { tech, tech2, manager, coordinator, sales } = w.users;
    const { id } = await w.inspection(tech);
    expect((await rest('PATCH', `/api/inspections/${id}`, { key: tech2.key, body: { notes: 'not mine' } })).status).toBe(403);
    expect((await rest('PATCH', `/api/inspections/${id}`, { key: manager.key, body: { notes: 'not mine' } })).status).toBe(403);
    expect((await rest('PATCH', `/api/inspections/${id}`, { key: coordinator.key, body: { responses: completeAnswers } })).status).toBe(200);
    expect((await w.move(tech2, id, 'submit')).status).toBe(403);
    expect((await w.move(tech, id, 'submit')).status).toBe(200);
    for (const outsider of [tech, tech2, sales]) {
      const refused = await w.move(outsider, id, 'start-review');
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: 'Forbidden' });
    }
    const led = await w.inspection(coordinator);
    await rest('PATCH', `/api/inspections/${led.id}`, { key: coordinator.key, body: { responses: completeAnswers } });
    await w.move(coordinator, led.id, 'submit');
    await w.move(coordinator, led.id, 'start-review');
    const own = await w.move(coordinator, led.id, 'approve', { overallResult: 'pass' });
    // A refusal by who the caller is, as every role rule: 403, and nothing moves.
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ error: 'Forbidden' });
    expect((await h.db.prisma.inspection.findUniqueOrThrow({ where: { id: led.id } })).status).toBe('in_review');
    expect((await w.move(manager, led.id, 'approve', { overallResult: 'pass' })).status).toBe(200);
  });

  it('serves two reviewers acting at once one after the other: one wins, the other gets 409', async () => {
    const id = await w.inspectionIn('in_review');
    const answers = await Promise.all([
      w.move(w.users.manager, id, 'approve', { overallResult: 'pass' }),
      w.move(w.users.coordinator, id, 'reject', { rejectionReason: 'Redo' }),
      w.move(w.users.admin, id, 'approve', { overallResult: 'fail' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const events = await h.db.prisma.inspectionEvent.count({ where: { inspectionId: id, fromStatus: 'in_review' } });
    expect(events).toBe(1);
  });
});

describe('findings and photos', () => {
  it('records findings with photos; an imminent one takes the equipment out of service in the same transaction', async () => {
    const { tech, manager } = w.users;
    const equipment = (await rest('POST', '/api/inspections/equipment', { key: w.key, body: { equipmentTypeId: w.type.id, siteId: w.site.id, serialNumber: `H-${randomUUID().slice(0, 6)}` } })).body.data;
    const { id } = await w.inspection(tech, { equipmentId: equipment.id });
    const minor = await rest('POST', `/api/inspections/${id}/findings`, { key: tech.key, body: { severity: 'minor', description: 'Paint flaking' } });
    expect(minor.status).toBe(201);
    expect(minor.body.data).toEqual({ id: expect.any(String), severity: 'minor', description: 'Paint flaking', recommendation: null, oshaReference: null, quoteStatus: 'unquoted', photos: [] });
    expect((await h.db.prisma.equipment.findUniqueOrThrow({ where: { id: equipment.id } })).status).toBe('in_service');
    const imminent = await rest('POST', `/api/inspections/${id}/findings`, {
      key: tech.key,
      body: { severity: 'imminent', description: 'Hook cracked', recommendation: 'Replace hook', oshaReference: '1910.179(l)(3)' },
    });
    expect(imminent.status).toBe(201);
    expect((await h.db.prisma.equipment.findUniqueOrThrow({ where: { id: equipment.id } })).status).toBe('out_of_service');

    const photo = await rest('POST', `/api/inspections/${id}/findings/${imminent.body.data.id}/photos`, { key: tech.key, body: { photoUrl: 'https://photos.example/hook.jpg', caption: 'Crack at the throat', photoType: 'defect' } });
    expect(photo.status).toBe(201);
    expect(photo.body.data).toEqual({ id: expect.any(String), photoUrl: 'https://photos.example/hook.jpg', caption: 'Crack at the throat', photoType: 'defect' });
    expect((await rest('POST', `/api/inspections/${id}/findings/${imminent.body.data.id}/photos`, { key: tech.key, body: { photoUrl: 'ftp://x', photoType: 'selfie' } })).status).toBe(400);
    const edited = await rest('PATCH', `/api/inspections/${id}/findings/${minor.body.data.id}`, { key: tech.key, body: { recommendation: 'Repaint' } });
    expect(edited.body.data.recommendation).toBe('Repaint');
    expect((await rest('DELETE', `/api/inspections/${id}/findings/${minor.body.data.id}`, { key: tech.key })).body).toEqual({ success: true });
    expect(await h.db.prisma.finding.count({ where: { inspectionId: id } })).toBe(1);

    // Once submitted, the record is closed to its team, but reviewers move quotes on.
    await rest('PATCH', `/api/inspections/${id}`, { key: tech.key, body: { responses: completeAnswers } });
    await w.move(tech, id, 'submit');
    const closed = await rest('POST', `/api/inspections/${id}/findings`, { key: tech.key, body: { severity: 'minor', description: 'Late' } });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe('Cannot change the findings of an inspection that is submitted');
    expect((await rest('DELETE', `/api/inspections/${id}/findings/${imminent.body.data.id}/photos/${photo.body.data.id}`, { key: tech.key })).status).toBe(409);
    const findingPath = `/api/inspections/${id}/findings/${imminent.body.data.id}`;
    expect((await rest('PATCH', findingPath, { key: tech.key, body: { quoteStatus: 'quoted' } })).status).toBe(403);
    expect((await rest('PATCH', findingPath, { key: manager.key, body: { quoteStatus: 'accepted' } })).status).toBe(409);
    for (const next of ['quoted', 'accepted', 'completed']) {
      const moved = await rest('PATCH', findingPath, { key: manager.key, body: { quoteStatus: next } });
      expect(moved.status, next).toBe(200);
      expect(moved.body.data.quoteStatus).toBe(next);
    }
    const back = await rest('PATCH', findingPath, { key: manager.key, body: { quoteStatus: 'declined' } });
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('Cannot move a quote from completed to declined');
  });

  it("answers 404 for another tenant's inspection, finding and photo ids on every route", async () => {
    const id = await other.inspectionIn('draft');
    const finding = (await rest('POST', `/api/inspections/${id}/findings`, { key: other.users.tech.key, body: { severity: 'minor', description: 'x' } })).body.data;
    const photo = (await rest('POST', `/api/inspections/${id}/findings/${finding.id}/photos`, { key: other.users.tech.key, body: { photoUrl: 'https://p.example/1.jpg' } })).body.data;
    const ids = { id, findingId: finding.id, photoId: photo.id };
    const bodies: Record<string, unknown> = {
      'PATCH /inspections/:id': { notes: 'x' },
      'POST /inspections/:id/approve': { overallResult: 'pass' },
      'POST /inspections/:id/reject': { rejectionReason: 'x' },
      'POST /inspections/:id/findings': { severity: 'minor', description: 'x' },
      'PATCH /inspections/:id/findings/:findingId': { description: 'x' },
      'POST /inspections/:id/findings/:findingId/photos': { photoUrl: 'https://p.example/2.jpg' },
    };
    for (const route of Object.values(inspectionRoutes).filter((r) => r.path.startsWith('/inspections/:id'))) {
      const response = await h.app.fetch(`http://localhost${pathOf(route.path, ids)}`, {
        method: route.method,
        headers: { authorization: `Bearer ${w.users.admin.key}`, 'content-type': 'application/json' },
        body: bodies[`${route.method} ${route.path}`] ? JSON.stringify(bodies[`${route.method} ${route.path}`]) : undefined,
      });
      expect(response.status, `${route.method} ${route.path}`).toBe(404);
    }
    expect(await h.db.prisma.finding.count({ where: { inspectionId: id } })).toBe(1);
  });
});

describe('the list and the detail', () => {
  it('shapes the list item and the detail exactly as the specification', async () => {
    const id = await w.inspectionIn('draft');
    const finding = (await rest('POST', `/api/inspections/${id}/findings`, { key: w.users.tech.key, body: { severity: 'serious', description: 'Worn rope' } })).body.data;
    await rest('POST', `/api/inspections/${id}/findings/${finding.id}/photos`, { key: w.users.tech.key, body: { photoUrl: 'https://p.example/rope.jpg', caption: 'Rope' } });
    const list = await rest('GET', `/api/inspections?technicianId=${w.users.tech.userId}&limit=100`, { key: w.key });
    expect(Object.keys(list.body).sort()).toEqual(['data', 'page', 'pageSize', 'total']);
    const item = list.body.data.find((i: { inspection: { id: string } }) => i.inspection.id === id);
    expect(item).toEqual({
      inspection: { id, status: 'draft', inspectionDate: '2030-03-01', overallResult: null, notes: null, createdAt: expect.any(String) },
      equipment: { id: w.equipment.id, manufacturer: 'Demag', model: 'DR-Pro 5', serialNumber: w.equipment.serialNumber },
      equipmentType: { id: w.type.id, name: 'Overhead crane', category: 'Lifting' },
      site: { id: w.site.id, name: 'Dock 4', address: '4 Harbour Rd', city: 'Toledo', state: 'OH' },
      customer: { id: w.company.id, name: w.company.name },
      technician: { id: w.users.tech.userId, name: 'Tess Wrench' },
      findingCount: 1,
    });
    const detail = (await rest('GET', `/api/inspections/${id}`, { key: w.key })).body;
    expect(Object.keys(detail).sort()).toEqual(['customer', 'equipment', 'equipmentType', 'findings', 'inspection', 'site', 'teamMembers', 'technician', 'template'].sort());
    expect(Object.keys(detail.inspection).sort()).toEqual(['createdAt', 'customerSignatureUrl', 'id', 'inspectionDate', 'notes', 'overallResult', 'rejectionReason', 'responses', 'status', 'updatedAt'].sort());
    expect(Object.keys(detail.equipment).sort()).toEqual(['id', 'locationLabel', 'manufacturer', 'model', 'nameplatePhotoUrl', 'ratedCapacity', 'serialNumber', 'status'].sort());
    expect(detail.equipmentType).toEqual({ id: w.type.id, name: 'Overhead crane', category: 'Lifting', oshaStandard: '1910.179' });
    expect(detail.customer).toEqual({ id: w.company.id, name: w.company.name });
    expect(detail.technician).toEqual({ id: w.users.tech.userId, name: 'Tess Wrench', email: expect.stringContaining('@staff.example') });
    expect(detail.template).toEqual({ id: w.template.id, name: expect.any(String), sections: craneChecklist });
    expect(detail.findings).toEqual([
      { id: finding.id, severity: 'serious', description: 'Worn rope', recommendation: null, oshaReference: null, quoteStatus: 'unquoted', photos: [{ id: expect.any(String), photoUrl: 'https://p.example/rope.jpg', caption: 'Rope', photoType: 'overview' }] },
    ]);
    expect(detail.teamMembers).toEqual([{ id: expect.any(String), technicianId: w.users.tech.userId, role: 'lead', name: 'Tess Wrench' }]);
  });

  it('filters by status, team member and company, newest inspection date first, page by page', async () => {
    const mine = await w.inspection(w.users.coordinator, { technicianIds: [w.users.tech.userId, w.users.tech2.userId], inspectionDate: '2031-01-01' });
    const byMember = await rest('GET', `/api/inspections?technicianId=${w.users.tech2.userId}`, { key: w.key });
    expect(byMember.body.data.map((i: { inspection: { id: string } }) => i.inspection.id)).toContain(mine.id);
    expect(byMember.body.data.every((i: { inspection: { id: string } }) => i.inspection.id)).toBe(true);
    const all = await rest('GET', '/api/inspections?limit=100', { key: w.key });
    const dates = all.body.data.map((i: { inspection: { inspectionDate: string } }) => i.inspection.inspectionDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all.body.data[0].inspection.id).toBe(mine.id);
    const drafts = await rest('GET', '/api/inspections?status=draft&limit=2&page=2', { key: w.key });
    expect(drafts.body).toMatchObject({ page: 2, pageSize: 2 });
    expect(drafts.body.data.every((i: { inspection: { status: string } }) => i.inspection.status === 'draft')).toBe(true);
    expect((await rest('GET', `/api/inspections?companyId=${other.company.id}`, { key: w.key })).body).toMatchObject({ data: [], total: 0 });
    for (const query of ['status=closed', 'limit=101', 'technicianId=me', 'page=0', 'sort=date']) {
      expect((await rest('GET', `/api/inspections?${query}`, { key: w.key })).status, query).toBe(400);
    }
  });

  it('searches every word, case-insensitively, in the company name, equipment type name, technician name and serial number', async () => {
    const equipment = (await rest('POST', '/api/inspections/equipment', { key: w.key, body: { equipmentTypeId: w.type.id, siteId: w.site.id, serialNumber: 'ZX-81_%' } })).body.data;
    const { id } = await w.inspection(w.users.tech2, { equipmentId: equipment.id });
    const found = async (search: string) =>
      (await rest('GET', `/api/inspections?limit=100&search=${encodeURIComponent(search)}`, { key: w.key })).body.data.map((i: { inspection: { id: string } }) => i.inspection.id);
    expect(await found('zx-81')).toEqual([id]);
    expect(await found('81_%')).toEqual([id]);
    expect(await found('THEO zx')).toEqual([id]);
    expect(await found(`${w.company.name.split(' ').at(-1)} overhead`)).toContain(id);
    expect(await found('bolt northwind crane zx')).toEqual([id]);
    expect(await found('zx nobody')).toEqual([]);
    expect(await found('9_%')).toEqual([]);
    await rest('PATCH', `/api/v1/companies/${w.company.id}`, { key: w.key, body: { name: 'Southwind Lifting' } });
    await rest('PATCH', `/api/inspections/equipment-types/${w.type.id}`, { key: w.key, body: { name: 'Gantry crane' } });
    expect(await found('southwind gantry zx')).toEqual([id]);
    await rest('PATCH', `/api/v1/companies/${w.company.id}`, { key: w.key, body: { name: w.company.name } });
    await rest('PATCH', `/api/inspections/equipment-types/${w.type.id}`, { key: w.key, body: { name: 'Overhead crane' } });
    // The trigram index serves the match (the planner prefers a scan on a table this small, so it is steered off one).
    const forced = await h.db.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
      return tx.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN SELECT id FROM "Inspection" WHERE "searchText" ILIKE '%southwind%'`);
    });
    expect(forced.map((row) => row['QUERY PLAN']).join('\n')).toContain('Inspection_searchText_idx');
  });

  it("follows a site that moves to another company: its equipment's and inspections' customer, filter and search", async () => {
    const site = (await rest('POST', '/api/v1/sites', { key: w.key, body: { companyId: w.company.id, name: 'Annex' } })).body.data;
    const equipment = (await rest('POST', '/api/inspections/equipment', { key: w.key, body: { equipmentTypeId: w.type.id, siteId: site.id, serialNumber: `MV-${randomUUID().slice(0, 6)}` } })).body.data;
    const { id } = await w.inspection(w.users.tech, { siteId: site.id, equipmentId: equipment.id });
    const buyer = (await rest('POST', '/api/v1/companies', { key: w.key, body: { name: 'Quayside Holdings' } })).body.data;
    expect((await rest('PATCH', `/api/v1/sites/${site.id}`, { key: w.key, body: { companyId: buyer.id } })).status).toBe(200);
    expect((await rest('GET', `/api/inspections/${id}`, { key: w.key })).body.customer).toEqual({ id: buyer.id, name: 'Quayside Holdings' });
    expect((await rest('GET', `/api/inspections/equipment/${equipment.id}`, { key: w.key })).body.data.companyId).toBe(buyer.id);
    const ids = async (query: string) => (await rest('GET', `/api/inspections?${query}`, { key: w.key })).body.data.map((i: { inspection: { id: string } }) => i.inspection.id);
    expect(await ids(`companyId=${buyer.id}`)).toEqual([id]);
    expect(await ids('search=quayside')).toEqual([id]);
    expect(await ids(`companyId=${w.company.id}&limit=100`)).not.toContain(id);
  });

  it('reads the list and the detail in a number of statements that does not grow with inspections, findings or photos', async () => {
    const count = async () => [
      await countStatements(() => rest('GET', '/api/inspections?limit=100', { key: w.key })),
      await countStatements(() => rest('GET', `/api/inspections/${probe}`, { key: w.key })),
    ];
    const withFindingAndPhoto = async (target: string, i: number) => {
      const finding = (await rest('POST', `/api/inspections/${target}/findings`, { key: w.users.tech.key, body: { severity: 'minor', description: `f${i}` } })).body.data;
      await rest('POST', `/api/inspections/${target}/findings/${finding.id}/photos`, { key: w.users.tech.key, body: { photoUrl: `https://p.example/${i}.jpg` } });
    };
    const probe = await w.inspectionIn('draft');
    await withFindingAndPhoto(probe, 0);
    const before = await count();
    for (let i = 1; i <= 5; i++) {
      await withFindingAndPhoto(await w.inspectionIn('draft'), i);
      await withFindingAndPhoto(probe, i);
    }
    expect(await count()).toEqual(before);
  });
});
