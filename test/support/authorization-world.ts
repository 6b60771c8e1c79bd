import { createHash, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createKeyPair } from '../../src/auth/key-pairs.js';
import type { Scope } from '../../src/auth/scopes.js';
import { allScopes } from '../../src/auth/scopes.js';
import { createUser } from '../../src/tenants/tenant.service.js';
import { fixtures } from './fixtures.js';
import type { useHarness } from './harness.js';
import { salesPipeline } from './pipeline-fixtures.js';

type Harness = ReturnType<typeof useHarness>;

/**
 * What reads each record type: the expectation the authorization tests check the schema against,
 * written here independently of the implementation's own table.
 */
export const expectedReadScope: Record<string, Scope | Scope[] | 'any secret key'> = {
  Company: 'companies.read',
  Site: 'companies.read',
  Contact: 'contacts.read',
  Deal: 'pipeline',
  DealActivity: 'pipeline',
  Pipeline: 'pipeline',
  PipelineStage: 'pipeline',
  Lead: 'leads.lead.read',
  User: 'any secret key',
  Tenant: 'any secret key',
  ApiKeyPair: 'settings.manage',
  ApiKey: 'settings.manage',
  ConnectedApp: 'settings.manage',
  BookableResource: ['bookings.read', 'bookings.resources.manage'],
  ResourceClosure: 'bookings.resources.manage',
  Booking: 'bookings.read',
  EquipmentType: 'inspections.read',
  Equipment: 'inspections.read',
  ChecklistTemplate: 'inspections.read',
  Inspection: 'inspections.read',
  InspectionTeamMember: 'inspections.read',
  InspectionEvent: 'inspections.read',
  Finding: 'inspections.read',
  FindingPhoto: 'inspections.read',
  Invoice: 'invoices.read',
  // The parts of an invoice: a writer sees them in what its writes answer.
  InvoiceLineItem: ['invoices.read', 'invoices.write'],
  Payment: ['invoices.read', 'invoices.write'],
  InvoiceEvent: ['invoices.read', 'invoices.write'],
  // Any secret key lists events, each only of the types it reads (test/events.test.ts).
  Event: 'any secret key',
  // Listed for any key that may import some object; each import read only with its object's write scope, its rows with its read scope.
  ImportJob: ['leads.lead.write', 'contacts.write', 'companies.write'],
  ImportRow: ['leads.lead.read', 'contacts.read', 'companies.read'],
  WebhookEndpoint: 'webhooks.manage',
  WebhookDelivery: 'webhooks.manage',
  WebhookAttempt: 'webhooks.manage',
};

/**
 * Every relation from one record type to a record type with another read scope, and what a key
 * that reads the parent but not the target meets there: `refused` (FORBIDDEN: the target needs its
 * own scope; the field is null, the error's path is the field, and the parent still answers),
 * `null` (no error: the parent's shape names the record, not all its readers read it) or `part`
 * (the record's own type, of which the key reads the part the parent embeds, its `id` included,
 * and is refused the rest). So no relation grants a whole record of another scope.
 */
export const crossScopeEdges: Record<string, 'refused' | 'null' | 'part'> = {
  'ApiKeyPair.createdBy': 'refused',
  'ConnectedApp.user': 'refused',
  'Booking.lead': 'null',
  'Booking.resource': 'refused',
  'Company.contacts': 'refused',
  'Company.deals': 'refused',
  'Company.invoices': 'refused',
  'Contact.company': 'refused',
  'Deal.company': 'part',
  'Deal.contact': 'part',
  'Deal.owner': 'refused',
  'Deal.site': 'part',
  'DealActivity.user': 'refused',
  'Inspection.customer': 'part',
  'Inspection.site': 'part',
  'Inspection.technician': 'refused',
  'InspectionEvent.user': 'refused',
  'Invoice.company': 'part',
  'Invoice.contact': 'part',
  'Invoice.lineItems': 'refused',
  'Invoice.payments': 'refused',
  'InvoiceEvent.user': 'refused',
  'Lead.assignee': 'refused',
  'Lead.bookings': 'refused',
};

/**
 * One tenant with one record of every type, every relation filled (so every path through the
 * schema reaches a record), and a secret key for each single scope.
 */
export async function authorizationWorld(harness: Harness) {
  const { rest, h } = harness;
  const make = fixtures(harness);
  // A system admin may assign the inspection to another technician, then review and deliver it.
  const owner = await harness.tenant({ modules: ['inspections'], role: 'system_admin' });
  const key = owner.secret;
  const company = await make.company(key, { name: 'Acme' });
  const contact = await make.contact(key, company.id, { email: 'pat@acme.example' });
  const site = (await rest('POST', '/api/v1/sites', { key, body: { companyId: company.id, name: 'Yard' } })).body.data;
  // The deal sits in the first stage, which is the first one every list returns.
  const { pipeline, qualify } = await salesPipeline(harness, key);
  const deal = (await rest('POST', '/api/v1/pipeline/deals', {
    key,
    body: { name: 'Hoist', companyId: company.id, stageId: qualify.id, contactId: contact.id, siteId: site.id, ownerId: owner.userId, value: '100.00' },
  })).body.data;
  await rest('POST', `/api/v1/pipeline/deals/${deal.id}/activities`, { key, body: { type: 'call', description: 'Spoke' } });
  const lead = await make.lead(key, { assignedTo: owner.userId, email: 'guest@acme.example' });
  const resource = await make.resource(key, { name: 'Bay' });
  await rest('POST', `/api/bookings/resources/${resource.id}/closures`, { key, body: { startsAt: '2030-02-01T00:00:00Z', endsAt: '2030-02-02T00:00:00Z' } });
  const slot = (await rest('GET', `/api/bookings/resources/${resource.id}/availability?from=2030-01-07&to=2030-01-07`, { key })).body.slots[0];
  // The guest is the lead above, so the booking links to it.
  const booking = (await rest('POST', '/api/bookings', { key, body: { slotId: slot.slotId, firstName: 'Gus', lastName: 'Guest', email: 'guest@acme.example' } })).body.booking;
  const inspected = await inspectionRecords(harness, key, site.id, owner.tenantId);
  // A sent invoice with a line, a contact and a payment.
  const invoice = (await rest('POST', '/api/invoices', { key, body: { companyId: company.id, contactId: contact.id, lineItems: [{ description: 'Hoist', quantity: '1', unitPrice: '100' }] } })).body;
  expect((await rest('POST', `/api/invoices/${invoice.id}/send`, { key })).status).toBe(200);
  expect((await rest('POST', `/api/invoices/${invoice.id}/payments`, { key, body: { amount: '10.00', paymentMethod: 'cash' } })).status).toBe(201);
  // An endpoint (a public address: private ones are refused) with a delivery: the test event's.
  const endpoint = (await rest('POST', '/api/webhook-endpoints', { key, body: { url: 'https://93.184.215.14/hooks', events: ['*'] } })).body.data;
  expect((await rest('POST', `/api/webhook-endpoints/${endpoint.id}/test`, { key })).status).toBe(201);
  const leadCreated = (await rest('GET', '/api/events?type=lead.created', { key })).body.data[0];
  // An app the owner connected with OAuth, stored as the authorization server stores its grant (src/oauth/adapter.ts).
  const grantId = randomUUID();
  await h.db.prisma.oAuthRecord.create({
    data: {
      kind: 'Grant', idHash: createHash('sha256').update(grantId).digest('hex'), grantId, tenantId: owner.tenantId, userId: owner.userId,
      clientId: 'https://agent.example/client.json', clientName: 'Agent', payload: { accountId: owner.userId, resources: { 'http://localhost/api': 'leads.lead.read' } },
    },
  });
  // An import of leads, queued (no worker runs here): its rows are the import's own.
  const imported = await rest('POST', '/graphql', { key, body: { query: 'mutation { createImport(object: leads, text: "firstName,lastName\\nAda,Byron") { import { id } } }' } });
  const importJob = imported.body.data.createImport.import;
  const keys = new Map<Scope, string>();
  for (const scope of allScopes) {
    const pair = await createKeyPair(h.db.prisma, { tenantId: owner.tenantId, userId: owner.userId, name: scope, scopes: [scope] });
    keys.set(scope, pair.secret.key);
  }
  const ids: Record<string, string> = {
    Company: company.id, Contact: contact.id, Site: site.id, Deal: deal.id, Lead: lead.id, Pipeline: pipeline.id, PipelineStage: qualify.id,
    Booking: booking.id,
    // Root fields about a resource take its id.
    BookableResource: resource.id, ResourceAvailability: resource.id, ResourceHours: resource.id, ResourceClosureConnection: resource.id,
    EquipmentType: inspected.type.id, Equipment: inspected.equipment.id, ChecklistTemplate: inspected.template.id,
    // Root fields about an inspection take its id.
    Inspection: inspected.inspection.id, InspectionEvent: inspected.inspection.id, InspectionReport: inspected.inspection.id,
    // Root fields about an invoice take its id.
    Invoice: invoice.id, InvoiceEvent: invoice.id, InvoicePdf: invoice.id,
    WebhookEndpoint: endpoint.id, WebhookDeliveryConnection: endpoint.id,
    ImportJob: importJob.id, ImportRowConnection: importJob.id,
    Event: leadCreated.id,
    // `node(id:)` and `nodes(ids:)` are walked with the lead's id (test/node.test.ts asks every type).
    Node: lead.id,
  };
  return { owner, keys, ids, company, contact, site, deal, lead, stage: qualify, resource, booking };
}

/** A delivered inspection with a finding and a photo, its equipment, type and template, at `siteId`. */
async function inspectionRecords(harness: Harness, key: string, siteId: string, tenantId: string) {
  const { rest, h } = harness;
  const created = (path: string, body: Record<string, unknown>) => fixtures(harness).created(path, key, body);
  const technician = await createUser(h.db.prisma, { tenantId, name: 'Tech', email: `tech-${tenantId}@example.test`, role: 'technician' });
  const type = await created('/api/inspections/equipment-types', { name: 'Crane' });
  const equipment = await created('/api/inspections/equipment', { equipmentTypeId: type.id, siteId, serialNumber: 'AUTH-1' });
  const template = await created('/api/inspections/templates', { name: 'Check', sections: [{ title: 'All', items: [{ id: 'ok', prompt: 'OK?', answerType: 'yes_no' }] }] });
  // An inspection is answered bare, not as `{data}`.
  const inspection = (await rest('POST', '/api/inspections', { key, body: { equipmentId: equipment.id, siteId, checklistTemplateId: template.id, inspectionDate: '2030-01-01', technicianIds: [technician.id] } })).body;
  expect(inspection.status).toBe('draft');
  const finding = await created(`/api/inspections/${inspection.id}/findings`, { severity: 'minor', description: 'Rust' });
  await created(`/api/inspections/${inspection.id}/findings/${finding.id}/photos`, { photoUrl: 'https://p.example/1.jpg' });
  for (const [action, body] of [['submit'], ['start-review'], ['approve', { overallResult: 'pass' }], ['deliver']] as const) {
    const moved = await rest('POST', `/api/inspections/${inspection.id}/${action}`, { key, body });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
  return { type, equipment, template, inspection };
}
