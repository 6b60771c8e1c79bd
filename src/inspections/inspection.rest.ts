import type { RestRoutes } from '../graphql/operations.js';

// The specification's shapes: the list item and the detail group the inspection's own fields
// under `inspection`, beside what it embeds (`group`).
const equipmentType = 'id name category oshaStandard';
const equipment = 'id equipmentTypeId siteId companyId manufacturer model serialNumber ratedCapacity status nameplatePhotoUrl locationLabel createdAt updatedAt';
const template = 'id name equipmentTypeId sections { id title items { id prompt answerType required } } createdAt';
const inspection = 'id status inspectionDate overallResult responses { itemId value note } notes customerSignatureUrl rejectionReason createdAt updatedAt';
const site = 'site { id name address city state }';
const listed = 'id status inspectionDate overallResult notes createdAt';
const listItem = `${listed} equipment { id manufacturer model serialNumber } equipmentType { id name category } ${site} customer { id name } technician { id name } findingCount`;
const photo = 'id photoUrl caption photoType';
const finding = `id severity description recommendation oshaReference quoteStatus photos { ${photo} }`;
const detail = `${inspection} equipment { id manufacturer model serialNumber ratedCapacity status nameplatePhotoUrl locationLabel } equipmentType { ${equipmentType} } ${site} customer { id name } technician { id name email } template { id name sections { id title items { id prompt answerType required } } } findings { ${finding} } teamMembers { id technicianId role name }`;
const event = 'id fromStatus toStatus note occurredAt user { id name }';
/** A page-numbered list of the specification (`page`, `limit` → `{data, total, page, pageSize}`) over its connection. */
const page = (filters: Record<string, string>) => ({ paging: 'page' as const, filters });

// GraphQL names a finding's inspection `inspectionId`; REST's paths keep `:id`.
const parent = { inspectionId: 'id' };

export const inspectionRoutes: RestRoutes = {
  'Query.equipmentTypes': { method: 'GET', path: '/inspections/equipment-types', summary: 'List equipment types', select: `{ ${equipmentType} }`, list: page({ search: 'search' }) },
  'Mutation.createEquipmentType': { method: 'POST', path: '/inspections/equipment-types', summary: 'Create an equipment type', status: 201, envelope: 'data', select: `{ ${equipmentType} }` },
  'Query.equipmentType': { method: 'GET', path: '/inspections/equipment-types/:id', summary: 'Get an equipment type', envelope: 'data', select: `{ ${equipmentType} }` },
  'Mutation.updateEquipmentType': { method: 'PATCH', path: '/inspections/equipment-types/:id', summary: 'Update an equipment type', envelope: 'data', select: `{ ${equipmentType} }` },
  'Query.equipmentList': {
    method: 'GET',
    path: '/inspections/equipment',
    summary: 'List equipment',
    select: `{ ${equipment} }`,
    list: page({ search: 'search', status: 'status', siteId: 'siteId', companyId: 'companyId', equipmentTypeId: 'equipmentTypeId' }),
  },
  'Mutation.createEquipment': { method: 'POST', path: '/inspections/equipment', summary: 'Record a piece of equipment', status: 201, envelope: 'data', select: `{ ${equipment} }` },
  'Query.equipment': { method: 'GET', path: '/inspections/equipment/:id', summary: 'Get a piece of equipment', envelope: 'data', select: `{ ${equipment} }` },
  'Mutation.updateEquipment': { method: 'PATCH', path: '/inspections/equipment/:id', summary: 'Update a piece of equipment', envelope: 'data', select: `{ ${equipment} }` },
  'Query.checklistTemplates': { method: 'GET', path: '/inspections/templates', summary: 'List checklist templates', select: `{ ${template} }`, list: page({ search: 'search', equipmentTypeId: 'equipmentTypeId' }) },
  'Mutation.createChecklistTemplate': { method: 'POST', path: '/inspections/templates', summary: 'Create a checklist template', status: 201, envelope: 'data', select: `{ ${template} }` },
  'Query.checklistTemplate': { method: 'GET', path: '/inspections/templates/:id', summary: 'Get a checklist template', envelope: 'data', select: `{ ${template} }` },
  'Mutation.updateChecklistTemplate': { method: 'PATCH', path: '/inspections/templates/:id', summary: 'Update a checklist template', envelope: 'data', select: `{ ${template} }` },
  'Query.inspections': {
    method: 'GET',
    path: '/inspections',
    summary: 'List inspections',
    select: `{ ${listItem} }`,
    group: { key: 'inspection', select: listed },
    list: page({ status: 'status', technicianId: 'technicianId', companyId: 'companyId', search: 'search' }),
  },
  'Mutation.createInspection': { method: 'POST', path: '/inspections', summary: 'Create an inspection', status: 201, select: `{ ${inspection} }` },
  'Query.inspection': { method: 'GET', path: '/inspections/:id', summary: 'Get an inspection', select: `{ ${detail} }`, group: { key: 'inspection', select: inspection } },
  'Mutation.updateInspection': { method: 'PATCH', path: '/inspections/:id', summary: "Update an inspection's record", select: `{ ${inspection} }` },
  'Mutation.submitInspection': { method: 'POST', path: '/inspections/:id/submit', summary: 'Submit an inspection for review', select: `{ ${inspection} }` },
  'Mutation.startInspectionReview': { method: 'POST', path: '/inspections/:id/start-review', summary: 'Start reviewing an inspection', select: `{ ${inspection} }` },
  'Mutation.approveInspection': { method: 'POST', path: '/inspections/:id/approve', summary: 'Approve an inspection', select: `{ ${inspection} }` },
  'Mutation.rejectInspection': { method: 'POST', path: '/inspections/:id/reject', summary: 'Reject an inspection', select: `{ ${inspection} }` },
  'Mutation.deliverInspection': { method: 'POST', path: '/inspections/:id/deliver', summary: 'Deliver the report of an inspection', select: `{ ${inspection} }` },
  'Query.inspectionHistory': { method: 'GET', path: '/inspections/:id/history', summary: "List an inspection's moves", envelope: 'data', select: `{ ${event} }` },
  'Query.inspectionReport': {
    method: 'GET',
    path: '/inspections/:id/report.pdf',
    summary: "Download an inspection's PDF report",
    download: { contentType: 'application/pdf', base64Field: 'pdfBase64' },
    select: '{ pdfBase64 }',
  },
  'Mutation.createFinding': { method: 'POST', path: '/inspections/:id/findings', parameterNames: parent, summary: 'Record a finding', status: 201, envelope: 'data', select: `{ ${finding} }` },
  'Mutation.updateFinding': { method: 'PATCH', path: '/inspections/:id/findings/:findingId', parameterNames: parent, summary: "Update a finding or move its quote", envelope: 'data', select: `{ ${finding} }` },
  'Mutation.deleteFinding': { method: 'DELETE', path: '/inspections/:id/findings/:findingId', parameterNames: parent, summary: 'Delete a finding', select: '', acknowledge: true },
  'Mutation.addFindingPhoto': { method: 'POST', path: '/inspections/:id/findings/:findingId/photos', parameterNames: parent, summary: 'Attach a photo to a finding', status: 201, envelope: 'data', select: `{ ${photo} }` },
  'Mutation.deleteFindingPhoto': { method: 'DELETE', path: '/inspections/:id/findings/:findingId/photos/:photoId', parameterNames: parent, summary: 'Remove a photo', select: '', acknowledge: true },
};
