import { EquipmentStatus } from '../generated/prisma/enums.js';
import { builder } from '../graphql/builder.js';
import { MISSING_RECORD_NOTE, orNull } from '../graphql/missing-record.js';
import { Node } from '../graphql/node.js';
import { defineList } from '../graphql/connection.js';
import { anyOfDescription, searchDescription } from '../graphql/list-filters.js';
import { httpUrl, optionalText, patchInput, requiredText, searchText } from '../shared/validation.js';
import {
  createEquipment,
  createEquipmentType,
  equipmentOrder,
  equipmentTypeOrder,
  getEquipment,
  getEquipmentType,
  listEquipment,
  listEquipmentTypes,
  updateEquipment,
  updateEquipmentType,
} from './equipment.service.js';
import { inspectionsRead, inspectionsWrite } from './inspection-access.js';
import { recordPayload } from '../graphql/mutation-payload.js';

export const EquipmentStatusEnum = builder.enumType(EquipmentStatus, {
  name: 'EquipmentStatus',
  description: 'Whether a piece of equipment may be used.',
  values: {
    in_service: { description: 'In use.' },
    out_of_service: { description: 'Must not be used; set automatically by an `imminent` finding.' },
    retired: { description: 'No longer in use.' },
  },
});

export const EquipmentType = builder.prismaObject('EquipmentType', {
  interfaces: [Node],
  description: 'A kind of equipment inspected, such as an overhead crane, with the OSHA standard it is inspected against.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Equipment type id.' }),
    name: t.exposeString('name', { description: 'Name, such as "Overhead crane" (at most 200 characters).' }),
    category: t.exposeString('category', { nullable: true, description: 'Category, such as "Lifting".' }),
    oshaStandard: t.exposeString('oshaStandard', { nullable: true, description: 'OSHA standard it is inspected against, such as "1910.179".' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created (ISO 8601, UTC).' }),
  }),
});

export const Equipment = builder.prismaObject('Equipment', {
  interfaces: [Node],
  description: "A piece of equipment standing at a customer's site, identified by its serial number.",
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Equipment id.' }),
    equipmentTypeId: t.expose('equipmentTypeId', { type: 'UUID', description: 'Id of its equipment type.' }),
    siteId: t.expose('siteId', { type: 'UUID', description: 'Id of the site it stands at.' }),
    companyId: t.expose('companyId', { type: 'UUID', description: "Id of the site's company, the customer." }),
    manufacturer: t.exposeString('manufacturer', { nullable: true, description: 'Manufacturer.' }),
    model: t.exposeString('model', { nullable: true, description: 'Model.' }),
    serialNumber: t.exposeString('serialNumber', { description: 'Serial number, unique in the tenant.' }),
    ratedCapacity: t.exposeString('ratedCapacity', { nullable: true, description: 'Rated capacity as on the nameplate, such as "5 t".' }),
    status: t.expose('status', { type: EquipmentStatusEnum, description: 'Whether it may be used.' }),
    nameplatePhotoUrl: t.exposeString('nameplatePhotoUrl', { nullable: true, description: 'URL of a photo of its nameplate.' }),
    locationLabel: t.exposeString('locationLabel', { nullable: true, description: 'Where it stands at the site, such as "Bay 3".' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was recorded (ISO 8601, UTC).' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed (ISO 8601, UTC).' }),
  }),
});


type InputFieldBuilder = Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0];

const typeFields = (t: InputFieldBuilder, clears = '') => ({
  category: t.string({ description: `Category, at most 100 characters${clears}.`, validate: optionalText(100) }),
  oshaStandard: t.string({ description: `OSHA standard, at most 100 characters${clears}.`, validate: optionalText(100) }),
});

const equipmentFields = (t: InputFieldBuilder, clears = '') => ({
  manufacturer: t.string({ description: `Manufacturer, at most 200 characters${clears}.`, validate: optionalText(200) }),
  model: t.string({ description: `Model, at most 200 characters${clears}.`, validate: optionalText(200) }),
  ratedCapacity: t.string({ description: `Rated capacity, at most 100 characters${clears}.`, validate: optionalText(100) }),
  nameplatePhotoUrl: t.string({ description: `URL of a nameplate photo (http or https)${clears}.`, validate: httpUrl.nullish() }),
  locationLabel: t.string({ description: `Where it stands at the site, at most 200 characters${clears}.`, validate: optionalText(200) }),
});

const serialNumber = requiredText(100);

const CreateEquipmentTypeInput = builder.inputType('CreateEquipmentTypeInput', {
  description: 'A new equipment type.',
  fields: (t) => ({ name: t.string({ required: true, description: 'Name, at most 200 characters.', validate: requiredText(200) }), ...typeFields(t) }),
});

const UpdateEquipmentTypeInput = builder.inputType('UpdateEquipmentTypeInput', {
  description: 'Changes to an equipment type. Absent fields do not change; `null` clears a nullable field.',
  validate: patchInput('name'),
  fields: (t) => ({ name: t.string({ description: 'Name, at most 200 characters. Cannot be null.', validate: requiredText(200) }), ...typeFields(t, '; null clears') }),
});

const CreateEquipmentInput = builder.inputType('CreateEquipmentInput', {
  description: "A new piece of equipment at a site; it belongs to the site's company.",
  fields: (t) => ({
    equipmentTypeId: t.field({ type: 'UUID', required: true, description: 'Id of an equipment type of the tenant.' }),
    siteId: t.field({ type: 'UUID', required: true, description: 'Id of the site of the tenant it stands at.' }),
    serialNumber: t.string({ required: true, description: 'Serial number, at most 100 characters, unique in the tenant (409 when taken).', validate: serialNumber }),
    status: t.field({ type: EquipmentStatusEnum, description: 'Default `in_service`.' }),
    ...equipmentFields(t),
  }),
});

const UpdateEquipmentInput = builder.inputType('UpdateEquipmentInput', {
  description: 'Changes to a piece of equipment. Absent fields do not change; `null` clears a nullable field. Inspections already made keep their site.',
  validate: patchInput('equipmentTypeId', 'siteId', 'serialNumber', 'status'),
  fields: (t) => ({
    equipmentTypeId: t.field({ type: 'UUID', description: 'Id of an equipment type of the tenant. Cannot be null.' }),
    siteId: t.field({ type: 'UUID', description: 'Id of the site it now stands at. Cannot be null.' }),
    serialNumber: t.string({ description: 'Serial number, unique in the tenant. Cannot be null.', validate: serialNumber }),
    status: t.field({ type: EquipmentStatusEnum, description: 'Whether it may be used. Cannot be null.' }),
    ...equipmentFields(t, '; null clears'),
  }),
});

const equipmentTypeList = defineList(EquipmentType, equipmentTypeOrder, {
  plural: 'equipment types',
  filterDescription: 'Conditions on equipment types; every given condition must hold.',
  filter: (t) => ({
    search: t.string({ description: searchDescription('the name or category'), validate: searchText }),
  }),
});

const equipmentList = defineList(Equipment, equipmentOrder, {
  plural: 'pieces of equipment',
  filterDescription: 'Conditions on equipment; every given condition must hold.',
  filter: (t) => ({
    search: t.string({ description: searchDescription('the serial number, manufacturer, model or location'), validate: searchText }),
    status: t.field({ type: [EquipmentStatusEnum], ...anyOfDescription('equipment with', 'status', 'statuses') }),
    siteId: t.field({ type: 'UUID', description: 'Only equipment at this site.' }),
    companyId: t.field({ type: 'UUID', description: 'Only equipment of this customer company.' }),
    equipmentTypeId: t.field({ type: 'UUID', description: 'Only equipment of this type.' }),
  }),
});

builder.queryFields((t) => ({
  equipmentTypes: t.field({
    type: equipmentTypeList.connection,
    description: 'Equipment types of the tenant, by name unless `orderBy` says otherwise.',
    authScopes: inspectionsRead,
    args: equipmentTypeList.args(),
    resolve: (_root, args, ctx) => listEquipmentTypes(ctx, args),
  }),
  equipmentType: t.prismaField({
    type: 'EquipmentType',
    nullable: true,
    description: `One equipment type by id; ${MISSING_RECORD_NOTE}.`,
    authScopes: inspectionsRead,
    args: { id: t.arg({ type: 'UUID', required: true, description: 'Equipment type id.' }) },
    resolve: (_query, _root, { id }, ctx) => orNull(ctx, getEquipmentType(ctx, id)),
  }),
  equipmentList: t.field({
    type: equipmentList.connection,
    description: 'Equipment of the tenant, newest first unless `orderBy` says otherwise.',
    authScopes: inspectionsRead,
    args: equipmentList.args(),
    resolve: (_root, args, ctx) => listEquipment(ctx, args),
  }),
  equipment: t.prismaField({
    type: 'Equipment',
    nullable: true,
    description: `One piece of equipment by id; ${MISSING_RECORD_NOTE}.`,
    authScopes: inspectionsRead,
    args: { id: t.arg({ type: 'UUID', required: true, description: 'Equipment id.' }) },
    resolve: (_query, _root, { id }, ctx) => orNull(ctx, getEquipment(ctx, id)),
  }),
}));

const CreateEquipmentTypePayload = recordPayload('createEquipmentType', 'equipmentType', 'EquipmentType');
const UpdateEquipmentTypePayload = recordPayload('updateEquipmentType', 'equipmentType', 'EquipmentType');
const CreateEquipmentPayload = recordPayload('createEquipment', 'equipment', 'Equipment');
const UpdateEquipmentPayload = recordPayload('updateEquipment', 'equipment', 'Equipment');

builder.mutationFields((t) => ({
  createEquipmentType: t.field({
    type: CreateEquipmentTypePayload,
    description: 'Creates an equipment type.',
    authScopes: inspectionsWrite,
    args: { input: t.arg({ type: CreateEquipmentTypeInput, required: true, description: 'The equipment type.' }) },
    resolve: (_root, { input }, ctx) => createEquipmentType(ctx, input),
  }),
  updateEquipmentType: t.field({
    type: UpdateEquipmentTypePayload,
    description: 'Changes an equipment type.',
    authScopes: inspectionsWrite,
    args: { id: t.arg({ type: 'UUID', required: true, description: 'Equipment type id.' }), input: t.arg({ type: UpdateEquipmentTypeInput, required: true, description: 'The changes.' }) },
    resolve: (_root, { id, input }, ctx) => updateEquipmentType(ctx, id, input),
  }),
  createEquipment: t.field({
    type: CreateEquipmentPayload,
    description: 'Records a piece of equipment at a site.',
    authScopes: inspectionsWrite,
    args: { input: t.arg({ type: CreateEquipmentInput, required: true, description: 'The equipment.' }) },
    resolve: (_root, { input }, ctx) => createEquipment(ctx, input),
  }),
  updateEquipment: t.field({
    type: UpdateEquipmentPayload,
    description: 'Changes a piece of equipment.',
    authScopes: inspectionsWrite,
    args: { id: t.arg({ type: 'UUID', required: true, description: 'Equipment id.' }), input: t.arg({ type: UpdateEquipmentInput, required: true, description: 'The changes.' }) },
    resolve: (_root, { id, input }, ctx) => updateEquipment(ctx, id, input),
  }),
}));
