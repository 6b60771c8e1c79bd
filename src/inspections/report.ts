import { primaryContactWithEmail } from '../contacts/primary-contact.js';
import { scopedTenantId } from '../db/tenant-scope.js';
import type { Prisma } from '../generated/prisma/client.js';
import { enqueueMail } from '../mail/outbox.js';
import { dateOnly } from '../shared/dates.js';
import { tenantName } from '../tenants/tenant.service.js';
import type { ChecklistResponse } from './checklist.js';
import { renderPdfInWorker } from '../shared/pdf-renderer.js';
import type { ReportContent } from './report-pdf.js';
import { sectionsOf } from './template.service.js';

/**
 * Delivery: renders the report (in the PDF renderer's worker thread), stores it, and queues it by
 * email to the customer's primary contact in the same transaction. Returns the history note
 * saying where it went.
 */
export async function deliverReport(tx: Prisma.TransactionClient, inspection: { id: string; companyId: string }): Promise<string> {
  const record = await tx.inspection.findUniqueOrThrow({
    where: { id: inspection.id },
    include: {
      company: { select: { name: true } },
      site: { select: { name: true, address: true, city: true, state: true } },
      equipment: { include: { equipmentType: { select: { name: true, oshaStandard: true } } } },
      template: { select: { sections: true } },
      teamMembers: { orderBy: [{ role: 'asc' }, { id: 'asc' }], include: { technician: { select: { name: true } } } },
      findings: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], include: { photos: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } } },
      events: { where: { toStatus: 'approved' }, orderBy: { occurredAt: 'desc' }, take: 1, include: { user: { select: { name: true } } } },
    },
  });
  const { equipment } = record;
  const tenantId = scopedTenantId(tx);
  const inspector = await tenantName(tx);
  const content: ReportContent = {
    inspector,
    inspectionId: record.id,
    inspectionDate: dateOnly(record.inspectionDate),
    overallResult: record.overallResult,
    customer: record.company.name,
    site: record.site,
    equipment: { ...equipment, type: equipment.equipmentType.name, oshaStandard: equipment.equipmentType.oshaStandard },
    team: record.teamMembers.map((m) => ({ name: m.technician.name, role: m.role })),
    sections: sectionsOf(record.template),
    responses: record.responses as unknown as ChecklistResponse[],
    findings: record.findings.map((f) => ({
      severity: f.severity,
      description: f.description,
      recommendation: f.recommendation,
      oshaReference: f.oshaReference,
      photos: f.photos.map((photo) => ({ caption: photo.caption, photoType: photo.photoType })),
    })),
    notes: record.notes,
    customerSignatureUrl: record.customerSignatureUrl,
    approvedBy: record.events[0]?.user.name ?? null,
  };
  const pdf = await renderPdfInWorker({ kind: 'inspection-report', content });
  const contact = await primaryContactWithEmail(tx, inspection.companyId);
  await tx.inspectionReport.create({ data: { tenantId, inspectionId: inspection.id, pdf: new Uint8Array(pdf), emailedTo: contact?.email ?? null } });
  if (!contact?.email) return 'report not emailed: the customer has no primary contact with an email address';
  const subject = `Inspection report: ${equipment.equipmentType.name} ${equipment.serialNumber} (${(record.overallResult ?? '').toUpperCase()})`;
  await enqueueMail(tx, tenantId, {
    kind: 'inspection.report',
    to: contact.email,
    subject,
    text: `Hello ${contact.firstName},\n\nThe report of the inspection of ${equipment.equipmentType.name} ${equipment.serialNumber} at ${record.site.name} on ${dateOnly(record.inspectionDate)} is attached. Overall result: ${record.overallResult ?? 'not set'}.\n\n${inspector}\n`,
    attachments: [{ filename: `inspection-${equipment.serialNumber.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`, contentType: 'application/pdf', content: pdf.toString('base64'), encoding: 'base64' }],
  });
  return `report emailed to ${contact.email}`;
}
