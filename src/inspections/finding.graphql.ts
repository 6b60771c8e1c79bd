import { FindingSeverity, PhotoType, QuoteStatus } from '../generated/prisma/enums.js';
import { builder } from '../graphql/builder.js';
import { Node } from '../graphql/node.js';
import { listOf } from '../graphql/read-access.js';
import { httpUrl, optionalText, patchInput, requiredText } from '../shared/validation.js';
import { addPhoto, createFinding, deleteFinding, deletePhoto, updateFinding } from './finding.service.js';
import { inspectionsWrite } from './inspection-access.js';
import { longText } from '../graphql/limits.js';
import { deletionPayload, recordPayload, resultQuery } from '../graphql/mutation-payload.js';

const FindingSeverityEnum = builder.enumType(FindingSeverity, {
  name: 'FindingSeverity',
  description: 'How dangerous a finding is.',
  values: {
    imminent: { description: 'Immediate action: the equipment is taken out of service (its status becomes `out_of_service`).' },
    serious: { description: 'A significant deficiency needing prompt repair.' },
    minor: { description: 'Low risk: routine maintenance.' },
  },
});

const QuoteStatusEnum = builder.enumType(QuoteStatus, {
  name: 'QuoteStatus',
  description: 'Where the repair quote for a finding stands: `unquoted` → `quoted` → `accepted` or `declined`; `accepted` → `completed`.',
  values: {
    unquoted: { description: 'No quote sent yet.' },
    quoted: { description: 'A repair quote was sent to the customer.' },
    accepted: { description: 'The customer accepted the quote.' },
    declined: { description: 'The customer declined the quote (final).' },
    completed: { description: 'The quoted repair was done (final).' },
  },
});

const PhotoTypeEnum = builder.enumType(PhotoType, {
  name: 'PhotoType',
  description: 'What a photo shows.',
  values: {
    overview: { description: 'The equipment as a whole.' },
    defect: { description: 'The defect found.' },
    nameplate: { description: 'The nameplate.' },
    repair: { description: 'The repair made.' },
  },
});

export const FindingPhoto = builder.prismaObject('FindingPhoto', {
  interfaces: [Node],
  description: 'A photo supporting a finding.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Photo id.' }),
    photoUrl: t.exposeString('photoUrl', { description: 'URL of the photo.' }),
    caption: t.exposeString('caption', { nullable: true, description: 'Caption, printed in the report.' }),
    photoType: t.expose('photoType', { type: PhotoTypeEnum, description: 'What it shows.' }),
  }),
});

export const Finding = builder.prismaObject('Finding', {
  interfaces: [Node],
  description: 'A deficiency found during an inspection, with its severity, the recommended action and the repair quote\'s status.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Finding id.' }),
    severity: t.expose('severity', { type: FindingSeverityEnum, description: 'How dangerous it is.' }),
    description: t.exposeString('description', { description: 'What was found.', ...longText(10_000) }),
    recommendation: t.exposeString('recommendation', { nullable: true, description: 'Recommended action.', ...longText(10_000) }),
    oshaReference: t.exposeString('oshaReference', { nullable: true, description: 'OSHA paragraph it breaches, such as "1910.179(l)(3)".' }),
    quoteStatus: t.expose('quoteStatus', { type: QuoteStatusEnum, description: 'Where the repair quote stands.' }),
    photos: t.relation('photos', { ...listOf('FindingPhoto'), description: 'Photos, oldest first.', query: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } }),
  }),
});


const CreateFindingInput = builder.inputType('CreateFindingInput', {
  description: 'A finding to record. An `imminent` one takes the equipment out of service.',
  fields: (t) => ({
    severity: t.field({ type: FindingSeverityEnum, required: true, description: 'How dangerous it is.' }),
    description: t.string({ required: true, description: 'What was found, at most 10000 characters.', validate: requiredText(10_000, 'multiline') }),
    recommendation: t.string({ description: 'Recommended action, at most 10000 characters.', validate: optionalText(10_000, 'multiline') }),
    oshaReference: t.string({ description: 'OSHA paragraph, at most 100 characters.', validate: optionalText(100) }),
  }),
});

const UpdateFindingInput = builder.inputType('UpdateFindingInput', {
  description:
    "Changes to a finding. Absent fields do not change; `null` clears a nullable field. `severity`, `description`, `recommendation` and `oshaReference` change while the inspection can be edited (`draft`, `rejected`), by its team or a coordinator. `quoteStatus` moves in any inspection status, by a `manager`, `field_coordinator` or `system_admin`: `unquoted` → `quoted` → `accepted` or `declined`, `accepted` → `completed` (other moves are a CONFLICT).",
  validate: patchInput('severity', 'description', 'quoteStatus'),
  fields: (t) => ({
    severity: t.field({ type: FindingSeverityEnum, description: 'How dangerous it is. Cannot be null.' }),
    description: t.string({ description: 'What was found, at most 10000 characters. Cannot be null.', validate: requiredText(10_000, 'multiline') }),
    recommendation: t.string({ description: 'Recommended action; null clears.', validate: optionalText(10_000, 'multiline') }),
    oshaReference: t.string({ description: 'OSHA paragraph; null clears.', validate: optionalText(100) }),
    quoteStatus: t.field({ type: QuoteStatusEnum, description: 'The next status of the repair quote. Cannot be null.' }),
  }),
});

const AddFindingPhotoInput = builder.inputType('AddFindingPhotoInput', {
  description: 'A photo to attach to a finding (uploaded elsewhere; its URL is recorded).',
  fields: (t) => ({
    photoUrl: t.string({ required: true, description: 'http(s) URL of the photo, at most 2000 characters.', validate: httpUrl }),
    caption: t.string({ description: 'Caption, at most 500 characters.', validate: optionalText(500) }),
    photoType: t.field({ type: PhotoTypeEnum, description: 'What it shows. Default `overview`.' }),
  }),
});

// `id` names only the record a field changes; the inspection a finding belongs to is `inspectionId`.
const inspectionId = builder.args((t) => ({ inspectionId: t.field({ type: 'UUID', required: true, description: 'Id of the inspection the finding belongs to.' }) }));
const findingId = builder.args((t) => ({ ...inspectionId, findingId: t.field({ type: 'UUID', required: true, description: 'Finding id.' }) }));
const whileEditable = 'while the inspection is `draft` or `rejected`, by its team, a `field_coordinator` or a `system_admin`';

const DeleteFindingPayload = deletionPayload('deleteFinding', 'finding');
const DeleteFindingPhotoPayload = deletionPayload('deleteFindingPhoto', 'finding photo');

const CreateFindingPayload = recordPayload('createFinding', 'finding', 'Finding');
const UpdateFindingPayload = recordPayload('updateFinding', 'finding', 'Finding');
const AddFindingPhotoPayload = recordPayload('addFindingPhoto', 'findingPhoto', 'FindingPhoto');

builder.mutationFields((t) => ({
  createFinding: t.field({
    type: CreateFindingPayload,
    description: `Records a finding on an inspection, ${whileEditable}. An \`imminent\` finding sets the equipment's status to \`out_of_service\` in the same transaction.`,
    authScopes: inspectionsWrite,
    args: { ...inspectionId, input: t.arg({ type: CreateFindingInput, required: true, description: 'The finding.' }) },
    resolve: (_root, { inspectionId, input }, ctx, info) => createFinding(ctx, inspectionId, input, resultQuery(ctx, info)),
  }),
  updateFinding: t.field({
    type: UpdateFindingPayload,
    description: 'Changes a finding or moves its repair quote (see the input for who may change what, and when).',
    authScopes: inspectionsWrite,
    args: { ...findingId, input: t.arg({ type: UpdateFindingInput, required: true, description: 'The changes.' }) },
    resolve: (_root, { inspectionId, findingId, input }, ctx, info) => updateFinding(ctx, inspectionId, findingId, input, resultQuery(ctx, info)),
  }),
  deleteFinding: t.field({
    type: DeleteFindingPayload,
    description: `Deletes a finding and its photos, ${whileEditable}.`,
    authScopes: inspectionsWrite,
    args: findingId,
    resolve: (_root, { inspectionId, findingId }, ctx) => deleteFinding(ctx, inspectionId, findingId),
  }),
  addFindingPhoto: t.field({
    type: AddFindingPhotoPayload,
    description: `Attaches a photo to a finding, ${whileEditable}.`,
    authScopes: inspectionsWrite,
    args: { ...findingId, input: t.arg({ type: AddFindingPhotoInput, required: true, description: 'The photo.' }) },
    resolve: (_root, { inspectionId, findingId, input }, ctx) => addPhoto(ctx, inspectionId, findingId, input),
  }),
  deleteFindingPhoto: t.field({
    type: DeleteFindingPhotoPayload,
    description: `Removes a photo from a finding, ${whileEditable}.`,
    authScopes: inspectionsWrite,
    args: { ...findingId, photoId: t.arg({ type: 'UUID', required: true, description: 'Photo id.' }) },
    resolve: (_root, { inspectionId, findingId, photoId }, ctx) => deletePhoto(ctx, inspectionId, findingId, photoId),
  }),
}));
