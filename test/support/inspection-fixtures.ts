import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createKeyPair } from '../../src/auth/key-pairs.js';
import { roleScopes } from '../../src/auth/roles.js';
import type { UserRole } from '../../src/generated/prisma/enums.js';
import { createUser } from '../../src/tenants/tenant.service.js';
import { fixtures } from './fixtures.js';
import type { useHarness } from './harness.js';

type Harness = ReturnType<typeof useHarness>;

export interface Member {
  userId: string;
  name: string;
  key: string;
}

/** A crane, hoist and lift checklist: two sections, required and optional items of every answer type. */
export const craneChecklist = [
  {
    id: 'hoist',
    title: 'Hoist',
    items: [
      { id: 'brake', prompt: 'Hoist brake holds rated load', answerType: 'pass_fail', required: true },
      { id: 'hook-latch', prompt: 'Hook safety latch present', answerType: 'yes_no', required: true },
      { id: 'wire-wear', prompt: 'Wire rope wear (mm)', answerType: 'number', required: false },
    ],
  },
  {
    id: 'general',
    title: 'General',
    items: [
      { id: 'remarks', prompt: 'General remarks', answerType: 'text', required: false },
      { id: 'overview', prompt: 'Overview photo', answerType: 'photo', required: true },
    ],
  },
];

export const completeAnswers = [
  { itemId: 'brake', value: 'pass' },
  { itemId: 'hook-latch', value: 'yes', note: 'replaced last year' },
  { itemId: 'overview', value: 'https://photos.example/overview.jpg' },
];

/**
 * An inspections tenant: users of every role with keys carrying every scope of their role, a customer with a
 * primary contact and a site, an equipment type, a crane at the site and a checklist template.
 */
export async function inspectionWorld(harness: Harness, options: { contactEmail?: string | null } = {}) {
  const { h, tenant, rest } = harness;
  const make = fixtures(harness);
  const admin = await tenant({ modules: ['inspections'], role: 'system_admin' });
  const member = async (role: UserRole, name: string): Promise<Member> => {
    const user = await createUser(h.db.prisma, { tenantId: admin.tenantId, name, email: `${randomUUID().slice(0, 8)}@staff.example`, role });
    const keys = await createKeyPair(h.db.prisma, { tenantId: admin.tenantId, userId: user.id, name: role, scopes: [...roleScopes[role]] });
    return { userId: user.id, name, key: keys.secret.key };
  };
  const users = {
    admin: { userId: admin.userId, name: (await h.db.prisma.user.findUniqueOrThrow({ where: { id: admin.userId } })).name, key: admin.secret },
    coordinator: await member('field_coordinator', 'Cora Dispatch'),
    manager: await member('manager', 'Max Review'),
    tech: await member('technician', 'Tess Wrench'),
    tech2: await member('technician', 'Theo Bolt'),
    sales: await member('sales', 'Sal Es'),
  };
  const key = admin.secret;
  const company = await make.company(key, { name: `Northwind Cranes ${randomUUID().slice(0, 4)}` });
  if (options.contactEmail !== null) await make.contact(key, company.id, { firstName: 'Pia', lastName: 'Primary', email: options.contactEmail ?? 'pia@northwind.example', isPrimary: true });
  const site = (await rest('POST', '/api/v1/sites', { key, body: { companyId: company.id, name: 'Dock 4', address: '4 Harbour Rd', city: 'Toledo', state: 'OH' } })).body.data;
  const created = (path: string, body: Record<string, unknown>) => make.created(path, key, body);
  const type = await created('/api/inspections/equipment-types', { name: 'Overhead crane', category: 'Lifting', oshaStandard: '1910.179' });
  const equipment = await created('/api/inspections/equipment', { equipmentTypeId: type.id, siteId: site.id, serialNumber: `OC-${randomUUID().slice(0, 8)}`, manufacturer: 'Demag', model: 'DR-Pro 5', ratedCapacity: '5 t' });
  const template = await created('/api/inspections/templates', { name: 'Annual crane inspection', equipmentTypeId: type.id, sections: craneChecklist });

  /** A new draft inspection led by `by` (or assigned as `body` says). */
  const inspection = async (by: Member = users.tech, body: Record<string, unknown> = {}) => {
    const response = await rest('POST', '/api/inspections', {
      key: by.key,
      body: { equipmentId: equipment.id, siteId: site.id, checklistTemplateId: template.id, inspectionDate: '2030-03-01', ...body },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as { id: string; status: string };
  };

  const move = (by: Member, id: string, action: string, body?: unknown) => rest('POST', `/api/inspections/${id}/${action}`, { key: by.key, body });

  /** Moves a new inspection to `status` along the workflow (the tech leads it; the manager reviews). */
  const inspectionIn = async (status: string) => {
    const { id } = await inspection();
    const steps: [Member, string, unknown?][] = [
      [users.tech, 'submit'],
      [users.manager, 'start-review'],
      ...(status === 'rejected' ? ([[users.manager, 'reject', { rejectionReason: 'Photo is blurred' }]] as [Member, string, unknown][]) : []),
      [users.manager, 'approve', { overallResult: 'pass' }],
      [users.manager, 'deliver'],
    ];
    const order = ['draft', 'submitted', 'in_review', status === 'rejected' ? 'rejected' : 'approved', 'delivered'];
    if (status !== 'draft') {
      const answered = await rest('PATCH', `/api/inspections/${id}`, { key: users.tech.key, body: { responses: completeAnswers } });
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    }
    for (const [by, action, body] of steps.slice(0, order.indexOf(status))) {
      const moved = await move(by, id, action, body);
      expect(moved.status, `${action}: ${JSON.stringify(moved.body)}`).toBe(200);
    }
    return id;
  };

  return { tenantId: admin.tenantId, users, key, company, site, type, equipment, template, inspection, inspectionIn, move };
}
