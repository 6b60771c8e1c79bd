import type { PrismaClient } from '../generated/prisma/client.js';
import type { UserRole } from '../generated/prisma/enums.js';
import type { ChecklistResponse } from '../inspections/checklist.js';
import { createEquipment, createEquipmentType } from '../inspections/equipment.service.js';
import { createFinding } from '../inspections/finding.service.js';
import { createInspection, moveInspection, updateInspection } from '../inspections/inspection.service.js';
import { createTemplate } from '../inspections/template.service.js';
import { actingAs, type DemoUser } from './acting-as.js';

const checklist = [
  {
    id: 'structure',
    title: 'Structure',
    items: [
      { id: 'girder', prompt: 'Girders and runway free of cracks and deformation', answerType: 'pass_fail' as const, required: true },
      { id: 'bolts', prompt: 'End truck bolts tight', answerType: 'yes_no' as const, required: true },
    ],
  },
  {
    id: 'hoist',
    title: 'Hoist and rope',
    items: [
      { id: 'brake', prompt: 'Hoist brake holds rated load', answerType: 'pass_fail' as const, required: true },
      { id: 'rope-wear', prompt: 'Wire rope diameter loss (mm)', answerType: 'number' as const, required: false },
      { id: 'remarks', prompt: 'Remarks', answerType: 'text' as const, required: false },
    ],
  },
];

const answers: ChecklistResponse[] = [
  { itemId: 'girder', value: 'pass' },
  { itemId: 'bolts', value: 'yes' },
  { itemId: 'brake', value: 'pass' },
  { itemId: 'rope-wear', value: '0.4', note: 'Within limits' },
];

/**
 * The demo tenant's inspections, made through the domain services as its users: equipment at each
 * customer's site, a checklist template, and inspections in every state of the review workflow.
 */
export async function seedDemoInspections(prisma: PrismaClient, tenantId: string, users: DemoUser[], customers: { id: string; name: string }[]) {
  const as = (role: UserRole) => actingAs(prisma, tenantId, users.find((u) => u.role === role) ?? (users[0] as DemoUser));
  const admin = as('system_admin');
  const technician = users.find((u) => u.role === 'technician');
  const crane = await createEquipmentType(admin, { name: 'Overhead crane', category: 'Lifting', oshaStandard: '1910.179' });
  const hoist = await createEquipmentType(admin, { name: 'Chain hoist', category: 'Lifting', oshaStandard: '1910.179' });
  // Made for no equipment type in particular, so it serves the cranes and the hoists alike.
  const template = await createTemplate(admin, { name: 'Annual lifting equipment inspection', sections: checklist });
  const states = ['draft', 'submitted', 'in_review', 'approved', 'delivered', 'rejected'] as const;
  for (const [i, company] of customers.entries()) {
    const site = await prisma.site.create({ data: { tenantId, companyId: company.id, name: `${company.name} main plant`, address: `${100 + i} Industrial Pkwy` } });
    const equipment = [
      await createEquipment(admin, { equipmentTypeId: crane.id, siteId: site.id, serialNumber: `OC-${2040 + i}`, manufacturer: 'Demag', model: 'EKKE 5t', ratedCapacity: '5 t', locationLabel: 'Bay 1' }),
      await createEquipment(admin, { equipmentTypeId: hoist.id, siteId: site.id, serialNumber: `CH-${3100 + i}`, manufacturer: 'Harrington', model: 'NER2', ratedCapacity: '2 t', locationLabel: 'Bay 2' }),
    ];
    for (const [j, piece] of equipment.entries()) {
      const state = states[(i * equipment.length + j) % states.length] as (typeof states)[number];
      const { id } = await createInspection(as('field_coordinator'), {
        equipmentId: piece.id,
        siteId: site.id,
        checklistTemplateId: template.id,
        inspectionDate: new Date(Date.UTC(2026, 10, 2 + i * 3 + j)),
        technicianIds: technician ? [technician.id] : null,
      });
      if (state === 'draft') continue;
      const tech = as('technician');
      await updateInspection(tech, id, { responses: answers, customerSignatureUrl: 'https://example.com/signatures/demo.png' });
      await createFinding(tech, id, { severity: j ? 'minor' : 'serious', description: j ? 'Load chain lightly corroded' : 'Wire rope shows broken strands near the drum', recommendation: 'Replace at next service' }, {});
      await moveInspection(tech, id, 'submit');
      if (state === 'submitted') continue;
      const manager = as('manager');
      await moveInspection(manager, id, 'startReview');
      if (state === 'in_review') continue;
      if (state === 'rejected') {
        await moveInspection(manager, id, 'reject', { rejectionReason: 'Add a photo of the rope damage.' });
        continue;
      }
      await moveInspection(manager, id, 'approve', { overallResult: 'conditional' });
      if (state === 'delivered') await moveInspection(manager, id, 'deliver');
    }
  }
}
