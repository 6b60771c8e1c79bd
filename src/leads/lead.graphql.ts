import { customFieldsInputDescription } from '../custom-fields/custom-field.rules.js';
import { LeadSource, LeadStatus } from '../generated/prisma/enums.js';
import { builder } from '../graphql/builder.js';
import { MISSING_RECORD_NOTE, orNull } from '../graphql/missing-record.js';
import { Node } from '../graphql/node.js';
import { defineList } from '../graphql/connection.js';
import { anyOfDescription, DateTimeRange, searchDescription } from '../graphql/list-filters.js';
import { optionalText, patchInput, requiredText } from '../shared/validation.js';
import { checkNewLead, createLead, getLead, leadOrder, listLeads, updateLead } from './lead.service.js';
import { inputChecks } from '../graphql/input-checks.js';
import { longText } from '../graphql/limits.js';
import { recordPayload } from '../graphql/mutation-payload.js';

export const LeadStatusEnum = builder.enumType(LeadStatus, {
  name: 'LeadStatus',
  description: 'Where a lead stands in qualification.',
  values: {
    new: { description: 'Just created and not actioned.' },
    contacted: { description: 'Initial outreach sent.' },
    qualifying: { description: 'Qualification in progress.' },
    qualified: { description: 'Meets the criteria.' },
    converted: { description: 'Converted to a deal or contact.' },
    disqualified: { description: 'Does not meet the criteria.' },
    lost: { description: 'Previously engaged, now lost.' },
  },
});

export const LeadSourceEnum = builder.enumType(LeadSource, {
  name: 'LeadSource',
  description: 'The channel a lead came from.',
  values: {
    web_form: { description: 'A form on a website.' },
    referral: { description: 'Referred by someone.' },
    agent_chat: { description: 'A chat with an AI or human agent.' },
    inbound_call: { description: 'An inbound phone call.' },
    mcp: { description: 'Created by an AI agent through MCP.' },
    import: { description: 'Imported in bulk.' },
  },
});

export const Lead = builder.prismaObject('Lead', {
  interfaces: [Node],
  description: 'An inbound prospect, captured from a web form, a referral, a chat, a call or an import.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Lead id.' }),
    firstName: t.exposeString('firstName', { description: 'First name (at most 255 characters).' }),
    lastName: t.exposeString('lastName', { description: 'Last name (at most 255 characters).' }),
    email: t.expose('email', { type: 'EmailAddress', nullable: true, description: 'Email address.' }),
    phone: t.exposeString('phone', { nullable: true, description: 'Phone number (at most 50 characters).' }),
    companyName: t.exposeString('companyName', { nullable: true, description: 'Company the lead works for, as given (at most 255 characters).' }),
    status: t.expose('status', { type: LeadStatusEnum, description: 'Qualification status; `new` on creation.' }),
    source: t.expose('source', { type: LeadSourceEnum, description: 'Where the lead came from; `web_form` unless given.' }),
    channelType: t.exposeString('channelType', { nullable: true, description: 'Free-text channel detail, such as the form or campaign name.' }),
    intent: t.exposeString('intent', { nullable: true, description: 'What the lead wants, in their words or a summary.', ...longText(10_000) }),
    notes: t.exposeString('notes', { nullable: true, description: 'Internal notes.', ...longText(10_000) }),
    assignedTo: t.expose('assignedTo', { type: 'UUID', nullable: true, description: 'Id of the user the lead is assigned to.' }),
    assignee: t.relation('assignee', { nullable: true, description: 'The user the lead is assigned to.' }),
    sourceAttribution: t.expose('sourceAttribution', {
      type: 'JSONObject',
      nullable: true,
      description: 'Free-form attribution metadata, such as campaign (UTM) parameters.',
    }),
    customFields: t.expose('customFields', { type: 'JSONObject', description: "Values of the tenant's custom fields for leads, by key." }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the lead was created (ISO 8601, UTC).' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When the lead last changed (ISO 8601, UTC).' }),
  }),
});

const leadList = defineList(Lead, leadOrder, {
  plural: 'leads',
  filterDescription: 'Conditions on leads; every given condition must hold.',
  filter: (t) => ({
    search: t.string({ description: searchDescription('first name, last name, email or company name'), validate: optionalText(200) }),
    status: t.field({ type: [LeadStatusEnum], ...anyOfDescription('leads with', 'status', 'statuses') }),
    source: t.field({ type: [LeadSourceEnum], ...anyOfDescription('leads from', 'source', 'sources') }),
    assignedTo: t.field({ type: 'UUID', description: 'Only leads assigned to this user (the lead field of the same name).' }),
    createdAt: t.field({ type: DateTimeRange, description: 'Only leads created in this interval.' }),
  }),
});

const CreateLeadInput = builder.inputType('CreateLeadInput', {
  description: 'A new lead. Its status starts as `new`.',
  fields: (t) => ({
    firstName: t.string({ required: true, description: 'First name, at most 255 characters.', validate: requiredText(255) }),
    lastName: t.string({ required: true, description: 'Last name, at most 255 characters.', validate: requiredText(255) }),
    source: t.field({ type: LeadSourceEnum, description: 'Where the lead came from. Default `web_form`.' }),
    channelType: t.string({ description: 'Free-text channel detail.', validate: optionalText(255) }),
    email: t.field({ type: 'EmailAddress', description: 'Email address.', validate: optionalText(320) }),
    phone: t.string({ description: 'Phone number, at most 50 characters.', validate: optionalText(50) }),
    companyName: t.string({ description: 'Company name, at most 255 characters.', validate: optionalText(255) }),
    intent: t.string({ description: 'What the lead wants.', validate: optionalText(10_000, 'multiline') }),
    notes: t.string({ description: 'Internal notes.', validate: optionalText(10_000, 'multiline') }),
    assignedTo: t.field({ type: 'UUID', description: 'Id of a user of the tenant to assign the lead to.' }),
    sourceAttribution: t.field({ type: 'JSONObject', description: 'Free-form attribution metadata (campaign parameters and the like).' }),
    customFields: t.field({ type: 'JSONObject', description: customFieldsInputDescription(false) }),
  }),
});

const UpdateLeadInput = builder.inputType('UpdateLeadInput', {
  description: 'Changes to a lead. Absent fields do not change; `null` clears a nullable field.',
  validate: patchInput('firstName', 'lastName', 'status', 'source', 'customFields'),
  fields: (t) => ({
    firstName: t.string({ description: 'First name, at most 255 characters. Cannot be null.', validate: requiredText(255) }),
    lastName: t.string({ description: 'Last name, at most 255 characters. Cannot be null.', validate: requiredText(255) }),
    status: t.field({ type: LeadStatusEnum, description: 'New qualification status. Cannot be null.' }),
    source: t.field({ type: LeadSourceEnum, description: 'Where the lead came from. Cannot be null.' }),
    channelType: t.string({ description: 'Free-text channel detail; null clears.', validate: optionalText(255) }),
    email: t.field({ type: 'EmailAddress', description: 'Email address; null clears.', validate: optionalText(320) }),
    phone: t.string({ description: 'Phone number, at most 50 characters; null clears.', validate: optionalText(50) }),
    companyName: t.string({ description: 'Company name, at most 255 characters; null clears.', validate: optionalText(255) }),
    intent: t.string({ description: 'What the lead wants; null clears.', validate: optionalText(10_000, 'multiline') }),
    notes: t.string({ description: 'Internal notes; null clears.', validate: optionalText(10_000, 'multiline') }),
    assignedTo: t.field({ type: 'UUID', description: 'Id of a user of the tenant; null unassigns.' }),
    sourceAttribution: t.field({ type: 'JSONObject', description: 'Attribution metadata; null clears.' }),
    customFields: t.field({ type: 'JSONObject', description: customFieldsInputDescription(true) }),
  }),
});

builder.queryFields((t) => ({
  leads: t.field({
    type: leadList.connection,
    description: 'Leads of the tenant, newest first unless `orderBy` says otherwise.',
    authScopes: { scope: 'leads.lead.read' },
    args: leadList.args(),
    resolve: (_root, args, ctx) => listLeads(ctx, args),
  }),
  lead: t.field({
    type: Lead,
    nullable: true,
    description: `One lead by id; ${MISSING_RECORD_NOTE}.`,
    authScopes: { scope: 'leads.lead.read' },
    args: { id: t.arg({ type: 'UUID', required: true, description: 'Lead id.' }) },
    resolve: (_root, { id }, ctx) => orNull(ctx, getLead(ctx, id)),
  }),
}));

const CreateLeadPayload = recordPayload('createLead', 'lead', Lead);
const UpdateLeadPayload = recordPayload('updateLead', 'lead', Lead);

builder.mutationFields((t) => ({
  createLead: t.field({
    type: CreateLeadPayload,
    description: 'Creates a lead with status `new`.',
    authScopes: { scope: 'leads.lead.write' },
    args: { input: t.arg({ type: CreateLeadInput, required: true, description: 'The lead to create.' }) },
    ...inputChecks((ctx, input) => checkNewLead(ctx, input)),
    resolve: (_root, { input }, ctx) => createLead(ctx, input),
  }),
  updateLead: t.field({
    type: UpdateLeadPayload,
    description: 'Changes a lead (status, assignment, notes, ...).',
    authScopes: { scope: 'leads.lead.write' },
    args: {
      id: t.arg({ type: 'UUID', required: true, description: 'Lead id.' }),
      input: t.arg({ type: UpdateLeadInput, required: true, description: 'The changes.' }),
    },
    resolve: (_root, { id, input }, ctx) => updateLead(ctx, id, input),
  }),
}));
