import { queryFromInfo } from '@pothos/plugin-prisma';
import { z } from 'zod';
import { InspectionResult, InspectionStatus, TeamRole } from '../generated/prisma/enums.js';
import { builder } from '../graphql/builder.js';
import { MISSING_RECORD_NOTE, orNull } from '../graphql/missing-record.js';
import { Node } from '../graphql/node.js';
import { defineList } from '../graphql/connection.js';
import { anyOfDescription, DateRange, searchDescription } from '../graphql/list-filters.js';
import { embeds, listOf } from '../graphql/read-access.js';
import { boundedText, httpUrl, optionalText, patchInput, requiredText, searchText } from '../shared/validation.js';
import { ANSWER_FORMATS_TEXT, type ChecklistResponse, checklistId } from './checklist.js';
import { EquipmentType } from './equipment.graphql.js';
import { findingCountOf } from './finding.service.js';
import { DISPATCHER_ROLES, inspectionsRead, inspectionsReview, inspectionsWrite } from './inspection-access.js';
import { createInspection, getInspection, getReport, inspectionHistory, inspectionOrder, listInspections, moveInspection, updateInspection } from './inspection.service.js';
import { longText } from '../graphql/limits.js';
import { recordPayload } from '../graphql/mutation-payload.js';

const InspectionStatusEnum = builder.enumType(InspectionStatus, {
  name: 'InspectionStatus',
  description: 'Where an inspection stands in the review workflow: `draft` → `submitted` → `in_review` → `approved` → `delivered`, or `in_review` → `rejected` → `submitted` again.',
  values: {
    draft: { description: 'Being recorded by its team.' },
    submitted: { description: 'Submitted by the team, waiting for a reviewer.' },
    in_review: { description: 'A reviewer is reviewing it.' },
    approved: { description: 'Approved with an overall result; the report is not yet delivered.' },
    delivered: { description: 'The report was delivered to the customer (final).' },
    rejected: { description: 'Returned to the team for corrections, with a reason.' },
  },
});

const InspectionResultEnum = builder.enumType(InspectionResult, {
  name: 'InspectionResult',
  description: 'The overall result a reviewer gives on approval.',
  values: {
    pass: { description: 'Fit for service.' },
    fail: { description: 'Not fit for service.' },
    conditional: { description: 'Fit for service on conditions (see the findings).' },
  },
});

const TeamRoleEnum = builder.enumType(TeamRole, {
  name: 'TeamRole',
  description: "A technician's part in an inspection.",
  values: { lead: { description: 'The lead technician.' }, member: { description: 'A team member.' } },
});

const ChecklistResponseType = builder.objectRef<ChecklistResponse>('ChecklistResponse').implement({
  description: 'The answer to one checklist item.',
  fields: (t) => ({
    itemId: t.exposeString('itemId', { description: 'Id of the template item answered.' }),
    value: t.exposeString('value', { description: `The answer, as a string: ${ANSWER_FORMATS_TEXT}.` }),
    note: t.exposeString('note', { nullable: true, description: "The technician's note on it.", ...longText(2_000) }),
  }),
});

export const Inspection = builder.prismaObject('Inspection', {
  interfaces: [Node],
  description: 'An inspection of a piece of equipment at a customer site, following a checklist template, through the review workflow.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Inspection id.' }),
    status: t.expose('status', { type: InspectionStatusEnum, description: 'Where it stands in the review workflow.' }),
    inspectionDate: t.expose('inspectionDate', { type: 'Date', description: 'Date of the inspection, YYYY-MM-DD.' }),
    overallResult: t.expose('overallResult', { type: InspectionResultEnum, nullable: true, description: 'Overall result, set on approval.' }),
    responses: t.field({ type: [ChecklistResponseType], description: 'Answers to the checklist items.', resolve: (i) => i.responses as unknown as ChecklistResponse[] }),
    notes: t.exposeString('notes', { nullable: true, description: 'Notes.', ...longText(10_000) }),
    customerSignatureUrl: t.exposeString('customerSignatureUrl', { nullable: true, description: "URL of the customer's signature image." }),
    rejectionReason: t.exposeString('rejectionReason', { nullable: true, description: 'Why a reviewer rejected it; cleared when it is submitted again.', ...longText(2_000) }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created (ISO 8601, UTC).' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed (ISO 8601, UTC).' }),
    findingCount: t.int({ description: 'Number of findings; counted for a whole list in one statement.', resolve: (i, _args, ctx) => findingCountOf(ctx, i.id) }),
    // Each reference is written and read by the same id field (`siteId` in the inputs and here), and read whole by its relation.
    equipmentId: t.expose('equipmentId', { type: 'UUID', description: 'Id of the equipment inspected (`equipment`).' }),
    siteId: t.expose('siteId', { type: 'UUID', description: 'Id of the site inspected (`site`).' }),
    checklistTemplateId: t.expose('templateId', { type: 'UUID', description: 'Id of the checklist template it follows (`template`).' }),
    technicianId: t.expose('technicianId', { type: 'UUID', description: 'Id of the lead technician (`technician`).' }),
    equipment: t.relation('equipment', { description: 'The equipment inspected.' }),
    equipmentType: t.field({
      type: EquipmentType,
      description: 'The type of the equipment.',
      select: (_args, _ctx, nested) => ({ equipment: { select: { equipmentType: nested(true) } } }),
      resolve: (i) => i.equipment.equipmentType,
    }),
    // The specification's inspection embeds its site's name and address and its customer's name:
    // readable with the inspection; the rest of those records needs `companies.read`.
    site: t.relation('site', { ...embeds('id', 'name', 'address', 'city', 'state'), description: 'The site inspected.' }),
    customer: t.relation('company', { ...embeds('id', 'name'), description: "The customer: the site's company." }),
    technician: t.relation('technician', { description: 'The lead technician.' }),
    template: t.relation('template', { description: 'The checklist template it follows.' }),
    findings: t.relation('findings', { ...listOf('Finding'), description: 'Findings, oldest first.', query: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } }),
    teamMembers: t.relation('teamMembers', { ...listOf('InspectionTeamMember'), description: 'The team, lead first.', query: { orderBy: [{ role: 'asc' }, { id: 'asc' }] } }),
  }),
});

builder.prismaObject('InspectionTeamMember', {
  interfaces: [Node],
  description: 'A technician on an inspection team.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Team membership id.' }),
    technicianId: t.expose('technicianId', { type: 'UUID', description: "The technician's user id." }),
    role: t.expose('role', { type: TeamRoleEnum, description: '`lead` or `member`.' }),
    name: t.string({ description: "The technician's name.", select: { technician: { select: { name: true } } }, resolve: (m) => m.technician.name }),
  }),
});

builder.prismaObject('InspectionEvent', {
  interfaces: [Node],
  description: 'One move of an inspection through the review workflow (its creation included): who, when, from which status to which.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Event id.' }),
    fromStatus: t.expose('fromStatus', { type: InspectionStatusEnum, nullable: true, description: 'Status before; null for the creation.' }),
    toStatus: t.expose('toStatus', { type: InspectionStatusEnum, description: 'Status after.' }),
    note: t.exposeString('note', { nullable: true, description: 'What else happened, such as where the report was emailed.' }),
    occurredAt: t.expose('occurredAt', { type: 'DateTime', description: 'When (ISO 8601, UTC).' }),
    user: t.relation('user', { description: 'Who made the move (the API key\'s user).' }),
  }),
});

const InspectionReport = builder.objectRef<{ inspectionId: string; pdf: Uint8Array; emailedTo: string | null; createdAt: Date }>('InspectionReport').implement({
  description: "A delivered inspection's PDF report.",
  fields: (t) => ({
    inspectionId: t.expose('inspectionId', { type: 'UUID', description: 'Inspection id.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was rendered, on delivery (ISO 8601, UTC).' }),
    emailedTo: t.exposeString('emailedTo', { nullable: true, description: "Where it was emailed: the customer's primary contact; null when there was none with an email." }),
    pdfBase64: t.string({ description: 'The PDF, base64-encoded (REST serves it as `application/pdf`).', resolve: (r) => Buffer.from(r.pdf).toString('base64') }),
  }),
});

const ChecklistResponseInput = builder.inputType('ChecklistResponseInput', {
  description: 'The answer to one checklist item.',
  fields: (t) => ({
    itemId: t.string({ required: true, description: 'Id of an item of the inspection\'s template.', validate: checklistId }),
    value: t.string({ required: true, description: `The answer, fitting the item's answer type: ${ANSWER_FORMATS_TEXT}.`, validate: boundedText(10_000, 'multiline') }),
    note: t.string({ description: 'A note on it, at most 2000 characters.', validate: optionalText(2000, 'multiline') }),
  }),
});


const CreateInspectionInput = builder.inputType('CreateInspectionInput', {
  description:
    'A new inspection, in `draft`. `technicianIds` (lead first) or `technicianId` assign the team only when the caller\'s role is `system_admin` or `field_coordinator`; otherwise, and when neither is given, the caller leads alone. Technicians named by another role are ignored (as the specification says), and the answer says so: a `Warning` header on REST, `extensions.warnings` on GraphQL.',
  fields: (t) => ({
    equipmentId: t.field({ type: 'UUID', required: true, description: 'Id of equipment of the tenant, standing at the site.' }),
    siteId: t.field({ type: 'UUID', required: true, description: 'Id of a site of the tenant.' }),
    checklistTemplateId: t.field({
      type: 'UUID',
      required: true,
      description: "Id of a checklist template of the tenant: one made for the equipment's type, or one made for no type in particular (a template for another type is BAD_USER_INPUT).",
    }),
    inspectionDate: t.field({ type: 'Date', required: true, description: 'Date of the inspection, YYYY-MM-DD.' }),
    notes: t.string({ description: 'Pre-inspection notes, at most 10000 characters.', validate: optionalText(10_000, 'multiline') }),
    technicianId: t.field({
      type: 'UUID',
      description: `Lead technician (a user of the tenant). Honoured only for the roles ${DISPATCHER_ROLES.join(' and ')}; for any other, ignored with a warning (the caller leads).`,
    }),
    technicianIds: t.field({
      type: ['UUID'],
      description: `The team, lead first: 1 to 20 users of the tenant, each once (an empty list or a repeated id is BAD_USER_INPUT); takes precedence over \`technicianId\`. Honoured only for the roles ${DISPATCHER_ROLES.join(' and ')}; for any other, ignored with a warning (the caller leads alone).`,
      validate: z
        .array(z.string())
        .min(1, 'must name at least one technician (leave it out for the caller to lead alone)')
        .max(20, 'must hold at most 20 technicians')
        .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, 'must name each technician once')
        .nullish(),
    }),
  }),
});

const UpdateInspectionInput = builder.inputType('UpdateInspectionInput', {
  description: "Changes to the technicians' record, while the inspection is `draft` or `rejected`. Absent fields do not change; `null` clears a nullable field.",
  validate: patchInput('responses', 'inspectionDate'),
  fields: (t) => ({
    responses: t.field({
      type: [ChecklistResponseInput],
      description: 'Every answer, replacing the recorded ones: each `itemId` once, an item of the template, with a value of its answer type. Cannot be null.',
      validate: z.array(z.unknown()).max(1000, 'must hold at most 1000 answers'),
    }),
    notes: t.string({ description: 'Notes, at most 10000 characters; null clears.', validate: optionalText(10_000, 'multiline') }),
    inspectionDate: t.field({ type: 'Date', description: 'Date of the inspection, YYYY-MM-DD. Cannot be null.' }),
    customerSignatureUrl: t.string({ description: "http(s) URL of the customer's signature image; null clears.", validate: httpUrl.nullish() }),
  }),
});

const ApproveInspectionInput = builder.inputType('ApproveInspectionInput', {
  description: 'The review outcome.',
  fields: (t) => ({ overallResult: t.field({ type: InspectionResultEnum, required: true, description: 'The overall result.' }) }),
});

const RejectInspectionInput = builder.inputType('RejectInspectionInput', {
  description: 'Why the inspection goes back to its team.',
  fields: (t) => ({ rejectionReason: t.string({ required: true, description: 'What to correct, at most 2000 characters.', validate: requiredText(2000, 'multiline') }) }),
});

const inspectionList = defineList(Inspection, inspectionOrder, {
  plural: 'inspections',
  filterDescription: 'Conditions on inspections; every given condition must hold.',
  filter: (t) => ({
    search: t.string({ description: searchDescription("the customer company's name, the equipment type's name, a team technician's name or the serial number"), validate: searchText }),
    status: t.field({ type: [InspectionStatusEnum], ...anyOfDescription('inspections with', 'status', 'statuses') }),
    technicianId: t.field({ type: 'UUID', description: 'Only inspections this user leads or is a team member of.' }),
    companyId: t.field({ type: 'UUID', description: 'Only inspections for this customer company.' }),
    equipmentId: t.field({ type: 'UUID', description: 'Only inspections of this piece of equipment.' }),
    inspectionDate: t.field({ type: DateRange, description: 'Only inspections dated on a day of this range.' }),
  }),
});
const inspectionId = builder.args((t) => ({ id: t.field({ type: 'UUID', required: true, description: 'Inspection id.' }) }));

builder.queryFields((t) => ({
  inspections: t.field({
    type: inspectionList.connection,
    description: 'Inspections of the tenant, newest inspection date first unless `orderBy` says otherwise.',
    authScopes: inspectionsRead,
    args: inspectionList.args(),
    // The rows' relations are loaded with them, whether the page is read as `nodes` or `edges { node }`.
    resolve: (_root, args, ctx, info) => listInspections(ctx, args, queryFromInfo({ context: ctx, info, paths: [['nodes'], ['edges', 'node']] })),
  }),
  inspection: t.prismaField({
    type: Inspection,
    nullable: true,
    description: `One inspection by id; ${MISSING_RECORD_NOTE}.`,
    authScopes: inspectionsRead,
    args: inspectionId,
    resolve: (query, _root, { id }, ctx) => orNull(ctx, getInspection(ctx, id, query)),
  }),
  inspectionHistory: t.prismaField({
    type: ['InspectionEvent'],
    nullable: true,
    description: `An inspection's moves through the review workflow, oldest first; ${MISSING_RECORD_NOTE}. A plain list, not a connection: it is part of the one inspection (one entry per move) and is read whole.`,
    authScopes: inspectionsRead,
    args: inspectionId,
    resolve: (query, _root, { id }, ctx) => orNull(ctx, inspectionHistory(ctx, id, query)),
  }),
  inspectionReport: t.field({
    type: InspectionReport,
    nullable: true,
    description: "A delivered inspection's PDF report; NOT_FOUND before delivery.",
    authScopes: inspectionsRead,
    args: inspectionId,
    resolve: (_root, { id }, ctx) => getReport(ctx, id),
  }),
}));

const reviewers = 'a `manager`, `field_coordinator` or `system_admin`';

const CreateInspectionPayload = recordPayload('createInspection', 'inspection', 'Inspection');
const UpdateInspectionPayload = recordPayload('updateInspection', 'inspection', 'Inspection');
const SubmitInspectionPayload = recordPayload('submitInspection', 'inspection', 'Inspection');
const StartInspectionReviewPayload = recordPayload('startInspectionReview', 'inspection', 'Inspection');
const ApproveInspectionPayload = recordPayload('approveInspection', 'inspection', 'Inspection');
const RejectInspectionPayload = recordPayload('rejectInspection', 'inspection', 'Inspection');
const DeliverInspectionPayload = recordPayload('deliverInspection', 'inspection', 'Inspection');

builder.mutationFields((t) => ({
  createInspection: t.field({
    type: CreateInspectionPayload,
    description:
      'Creates an inspection in `draft`, with its team. Only `system_admin` and `field_coordinator` assign technicians: for any other role, `technicianId` and `technicianIds` are ignored and the caller leads alone, which the answer says as a warning (REST: a `Warning: 299` header; GraphQL: `extensions.warnings`).',
    authScopes: inspectionsWrite,
    args: { input: t.arg({ type: CreateInspectionInput, required: true, description: 'The inspection.' }) },
    resolve: (_root, { input }, ctx) => createInspection(ctx, input),
  }),
  updateInspection: t.field({
    type: UpdateInspectionPayload,
    description: "Changes the technicians' record while the inspection is `draft` or `rejected`; by its team, a `field_coordinator` or a `system_admin`.",
    authScopes: inspectionsWrite,
    args: { ...inspectionId, input: t.arg({ type: UpdateInspectionInput, required: true, description: 'The changes.' }) },
    resolve: (_root, { id, input }, ctx) => updateInspection(ctx, id, input),
  }),
  submitInspection: t.field({
    type: SubmitInspectionPayload,
    description: '`draft` or `rejected` → `submitted`, by its team, a `field_coordinator` or a `system_admin`. Every required item needs an answer (BAD_USER_INPUT listing the missing ones). Clears `rejectionReason`.',
    authScopes: inspectionsWrite,
    args: inspectionId,
    resolve: (_root, { id }, ctx) => moveInspection(ctx, id, 'submit'),
  }),
  startInspectionReview: t.field({
    type: StartInspectionReviewPayload,
    description: `\`submitted\` → \`in_review\`, by ${reviewers}.`,
    authScopes: inspectionsReview,
    args: inspectionId,
    resolve: (_root, { id }, ctx) => moveInspection(ctx, id, 'startReview'),
  }),
  approveInspection: t.field({
    type: ApproveInspectionPayload,
    description: `\`in_review\` → \`approved\` with an overall result, by ${reviewers} who did not lead it.`,
    authScopes: inspectionsReview,
    args: { ...inspectionId, input: t.arg({ type: ApproveInspectionInput, required: true, description: 'The outcome.' }) },
    resolve: (_root, { id, input }, ctx) => moveInspection(ctx, id, 'approve', input),
  }),
  rejectInspection: t.field({
    type: RejectInspectionPayload,
    description: `\`in_review\` → \`rejected\`, back to the team with a reason, by ${reviewers}.`,
    authScopes: inspectionsReview,
    args: { ...inspectionId, input: t.arg({ type: RejectInspectionInput, required: true, description: 'The reason.' }) },
    resolve: (_root, { id, input }, ctx) => moveInspection(ctx, id, 'reject', input),
  }),
  deliverInspection: t.field({
    type: DeliverInspectionPayload,
    description: `\`approved\` → \`delivered\`, by ${reviewers}: renders the PDF report (then served by \`inspectionReport\`) and emails it to the customer's primary contact; without one, the history notes that it was not emailed.`,
    authScopes: inspectionsReview,
    args: inspectionId,
    resolve: (_root, { id }, ctx) => moveInspection(ctx, id, 'deliver'),
  }),
}));
