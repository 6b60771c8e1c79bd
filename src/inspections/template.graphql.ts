import { z } from 'zod';
import { builder } from '../graphql/builder.js';
import { MISSING_RECORD_NOTE, orNull } from '../graphql/missing-record.js';
import { Node } from '../graphql/node.js';
import { defineList } from '../graphql/connection.js';
import { searchDescription } from '../graphql/list-filters.js';
import { patchInput, requiredText, searchText } from '../shared/validation.js';
import { ANSWER_FORMATS_TEXT, ANSWER_TYPES, type ChecklistItem, type ChecklistSection, checklistId } from './checklist.js';
import { inspectionsRead, inspectionsWrite } from './inspection-access.js';
import { createTemplate, getTemplate, listTemplates, sectionsOf, templateOrder, updateTemplate } from './template.service.js';
import { recordPayload } from '../graphql/mutation-payload.js';

export const AnswerTypeEnum = builder.enumType('AnswerType', {
  description: `How a checklist item is answered. Answers are strings: ${ANSWER_FORMATS_TEXT}.`,
  values: Object.fromEntries(ANSWER_TYPES.map((type) => [type, { description: `Answered with ${type.replace('_', ' or ')}.` }])) as Record<
    (typeof ANSWER_TYPES)[number],
    { description: string }
  >,
});

const ChecklistItemType = builder.objectRef<ChecklistItem>('ChecklistItem').implement({
  description: 'One question of a checklist.',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'Stable id, unique in the template; answers refer to it as `itemId`.' }),
    prompt: t.exposeString('prompt', { description: 'The question or check, such as "Hoist brake holds rated load".' }),
    answerType: t.expose('answerType', { type: AnswerTypeEnum, description: 'How it is answered.' }),
    required: t.exposeBoolean('required', { description: 'Whether an inspection needs an answer to it to be submitted.' }),
  }),
});

export const ChecklistSectionType = builder.objectRef<ChecklistSection>('ChecklistSection').implement({
  description: 'A titled group of checklist items.',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'Stable id, unique among the template\'s sections.' }),
    title: t.exposeString('title', { description: 'Title, such as "Hoist".' }),
    items: t.field({ type: [ChecklistItemType], description: 'The items, in order.', resolve: (section) => section.items }),
  }),
});

export const ChecklistTemplate = builder.prismaObject('ChecklistTemplate', {
  interfaces: [Node],
  description: 'A checklist inspections follow: sections of items, each answered in a set way.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Template id.' }),
    name: t.exposeString('name', { description: 'Name (at most 200 characters).' }),
    equipmentTypeId: t.expose('equipmentTypeId', { type: 'UUID', nullable: true, description: 'Id of the equipment type it is meant for, if any.' }),
    sections: t.field({ type: [ChecklistSectionType], description: 'The sections, in order.', resolve: (template) => sectionsOf(template) }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created (ISO 8601, UTC).' }),
  }),
});

const ChecklistItemInput = builder.inputType('ChecklistItemInput', {
  description: 'A checklist item.',
  fields: (t) => ({
    id: t.string({ description: 'Stable id: 1 to 64 letters, digits, `-` or `_`, unique in the template. Default: generated.', validate: checklistId.nullish() }),
    prompt: t.string({ required: true, description: 'The question or check, at most 500 characters.', validate: requiredText(500) }),
    answerType: t.field({ type: AnswerTypeEnum, required: true, description: 'How it is answered.' }),
    required: t.boolean({ description: 'Whether it must be answered before submitting. Default false.' }),
  }),
});

const ChecklistSectionInput = builder.inputType('ChecklistSectionInput', {
  description: 'A checklist section.',
  fields: (t) => ({
    id: t.string({ description: 'Stable id: 1 to 64 letters, digits, `-` or `_`, unique among the sections. Default: generated.', validate: checklistId.nullish() }),
    title: t.string({ required: true, description: 'Title, at most 200 characters.', validate: requiredText(200) }),
    items: t.field({ type: [ChecklistItemInput], required: true, description: '1 to 200 items.', validate: z.array(z.unknown()).min(1, 'must hold at least one item').max(200, 'must hold at most 200 items') }),
  }),
});

const sections = z.array(z.unknown()).min(1, 'must hold at least one section').max(50, 'must hold at most 50 sections');

const CreateChecklistTemplateInput = builder.inputType('CreateChecklistTemplateInput', {
  description: 'A new checklist template.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'Name, at most 200 characters.', validate: requiredText(200) }),
    equipmentTypeId: t.field({ type: 'UUID', description: 'Id of the equipment type it is meant for.' }),
    sections: t.field({ type: [ChecklistSectionInput], required: true, description: '1 to 50 sections.', validate: sections }),
  }),
});

const UpdateChecklistTemplateInput = builder.inputType('UpdateChecklistTemplateInput', {
  description: 'Changes to a checklist template. Absent fields do not change. Sections are replaced as a whole, and only while no inspection uses the template (409 otherwise: answers refer to its items).',
  validate: patchInput('name', 'sections'),
  fields: (t) => ({
    name: t.string({ description: 'Name, at most 200 characters. Cannot be null.', validate: requiredText(200) }),
    equipmentTypeId: t.field({ type: 'UUID', description: 'Id of the equipment type it is meant for; null clears.' }),
    sections: t.field({ type: [ChecklistSectionInput], description: 'Every section, replacing the current ones. Cannot be null.', validate: sections }),
  }),
});

const templateList = defineList(ChecklistTemplate, templateOrder, {
  plural: 'checklist templates',
  filterDescription: 'Conditions on checklist templates; every given condition must hold.',
  filter: (t) => ({
    search: t.string({ description: searchDescription('the name'), validate: searchText }),
    equipmentTypeId: t.field({ type: 'UUID', description: 'Only templates made for this equipment type.' }),
  }),
});
const templateId = builder.args((t) => ({ id: t.field({ type: 'UUID', required: true, description: 'Template id.' }) }));

builder.queryFields((t) => ({
  checklistTemplates: t.field({
    type: templateList.connection,
    description: 'Checklist templates of the tenant, by name unless `orderBy` says otherwise.',
    authScopes: inspectionsRead,
    args: templateList.args(),
    resolve: (_root, args, ctx) => listTemplates(ctx, args),
  }),
  checklistTemplate: t.prismaField({
    type: 'ChecklistTemplate',
    nullable: true,
    description: `One checklist template by id; ${MISSING_RECORD_NOTE}.`,
    authScopes: inspectionsRead,
    args: templateId,
    resolve: (_query, _root, { id }, ctx) => orNull(ctx, getTemplate(ctx, id)),
  }),
}));

const CreateChecklistTemplatePayload = recordPayload('createChecklistTemplate', 'checklistTemplate', 'ChecklistTemplate');
const UpdateChecklistTemplatePayload = recordPayload('updateChecklistTemplate', 'checklistTemplate', 'ChecklistTemplate');

builder.mutationFields((t) => ({
  createChecklistTemplate: t.field({
    type: CreateChecklistTemplatePayload,
    description: 'Creates a checklist template.',
    authScopes: inspectionsWrite,
    args: { input: t.arg({ type: CreateChecklistTemplateInput, required: true, description: 'The template.' }) },
    resolve: (_root, { input }, ctx) => createTemplate(ctx, input),
  }),
  updateChecklistTemplate: t.field({
    type: UpdateChecklistTemplatePayload,
    description: 'Changes a checklist template.',
    authScopes: inspectionsWrite,
    args: { ...templateId, input: t.arg({ type: UpdateChecklistTemplateInput, required: true, description: 'The changes.' }) },
    resolve: (_root, { id, input }, ctx) => updateTemplate(ctx, id, input),
  }),
}));
