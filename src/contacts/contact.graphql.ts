import { customFieldsInputDescription } from '../custom-fields/custom-field.rules.js';
import { builder } from '../graphql/builder.js';
import { MISSING_RECORD_NOTE, orNull } from '../graphql/missing-record.js';
import { Node } from '../graphql/node.js';
import { refusedAloneUnless } from '../graphql/read-access.js';
import { defineList, nestedListNote, prismaOrderBy } from '../graphql/connection.js';
import { DateTimeRange, searchDescription } from '../graphql/list-filters.js';
import { optionalText, patchInput, requiredText, searchText } from '../shared/validation.js';
import { checkNewContact, contactOrder, contactSort, contactWhere, createContact, getContact, listContacts, updateContact } from './contact.service.js';
import { inputChecks } from '../graphql/input-checks.js';
import { longText } from '../graphql/limits.js';
import { recordPayload } from '../graphql/mutation-payload.js';

export const Contact = builder.prismaObject('Contact', {
  interfaces: [Node],
  description: 'A person who belongs to a company. At most one contact per company is its primary contact.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Contact id.' }),
    companyId: t.expose('companyId', { type: 'UUID', description: 'Id of the company the contact belongs to.' }),
    company: t.relation('company', { ...refusedAloneUnless('Company'), description: 'The company the contact belongs to.' }),
    firstName: t.exposeString('firstName', { description: 'First name (at most 100 characters).' }),
    lastName: t.exposeString('lastName', { description: 'Last name (at most 100 characters).' }),
    email: t.expose('email', { type: 'EmailAddress', nullable: true, description: 'Email address.' }),
    phone: t.exposeString('phone', { nullable: true, description: 'Phone number (at most 50 characters).' }),
    role: t.exposeString('role', { nullable: true, description: 'Job title (at most 100 characters).' }),
    isPrimary: t.exposeBoolean('isPrimary', { description: "Whether this is the company's primary contact." }),
    notes: t.exposeString('notes', { nullable: true, description: 'Internal notes.', ...longText(10_000) }),
    customFields: t.expose('customFields', { type: 'JSONObject', description: "Values of the tenant's custom fields for contacts, by key." }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the contact was created (ISO 8601, UTC).' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When the contact last changed (ISO 8601, UTC).' }),
  }),
});

const contactList = defineList(Contact, contactOrder, {
  plural: 'contacts',
  filterDescription: 'Conditions on contacts; every given condition must hold.',
  filter: (t) => ({
    search: t.string({ description: searchDescription('first name, last name or email'), validate: searchText }),
    companyId: t.field({ type: 'UUID', description: 'Only contacts of this company.' }),
    createdAt: t.field({ type: DateTimeRange, description: 'Only contacts created in this interval.' }),
  }),
});

const CreateContactInput = builder.inputType('CreateContactInput', {
  description: 'A new contact of a company.',
  fields: (t) => ({
    companyId: t.field({ type: 'UUID', required: true, description: 'Id of a company of the tenant.' }),
    firstName: t.string({ required: true, description: 'First name, at most 100 characters.', validate: requiredText(100) }),
    lastName: t.string({ required: true, description: 'Last name, at most 100 characters.', validate: requiredText(100) }),
    email: t.field({ type: 'EmailAddress', description: 'Email address (validated).', validate: optionalText(320) }),
    phone: t.string({ description: 'Phone number, at most 50 characters.', validate: optionalText(50) }),
    role: t.string({ description: 'Job title, at most 100 characters.', validate: optionalText(100) }),
    isPrimary: t.boolean({ description: "Make this the company's primary contact (the previous primary stops being one)." }),
    notes: t.string({ description: 'Internal notes.', validate: optionalText(10_000, 'multiline') }),
    customFields: t.field({ type: 'JSONObject', description: customFieldsInputDescription(false) }),
  }),
});

const UpdateContactInput = builder.inputType('UpdateContactInput', {
  description: 'Changes to a contact. Absent fields do not change; `null` clears a nullable field.',
  validate: patchInput('firstName', 'lastName', 'isPrimary', 'customFields'),
  fields: (t) => ({
    firstName: t.string({ description: 'First name, at most 100 characters. Cannot be null.', validate: requiredText(100) }),
    lastName: t.string({ description: 'Last name, at most 100 characters. Cannot be null.', validate: requiredText(100) }),
    email: t.field({ type: 'EmailAddress', description: 'Email address; null clears.', validate: optionalText(320) }),
    phone: t.string({ description: 'Phone number, at most 50 characters; null clears.', validate: optionalText(50) }),
    role: t.string({ description: 'Job title, at most 100 characters; null clears.', validate: optionalText(100) }),
    notes: t.string({ description: 'Internal notes; null clears.', validate: optionalText(10_000, 'multiline') }),
    isPrimary: t.boolean({
      description: "true makes this the company's primary contact (clearing the previous one); false unmarks it. Cannot be null.",
    }),
    customFields: t.field({ type: 'JSONObject', description: customFieldsInputDescription(true) }),
  }),
});

builder.prismaObjectFields('Company', (t) => ({
  contacts: t.relatedConnection('contacts', {
    ...refusedAloneUnless('Contact'),
    cursor: 'id',
    totalCount: true,
    description: `The company's contacts, by last name then first name unless \`orderBy\` says otherwise. ${nestedListNote('companyId')}`,
    args: contactList.nestedArgs(),
    query: (args) => ({ where: contactWhere(args.filter ?? {}), orderBy: prismaOrderBy(contactOrder, contactSort(args.orderBy)) }),
  }),
}));

builder.queryFields((t) => ({
  contacts: t.field({
    type: contactList.connection,
    description: 'Contacts of the tenant: by last name, then first name, unless `orderBy` says otherwise.',
    authScopes: { scope: 'contacts.read' },
    args: contactList.args(),
    resolve: (_root, args, ctx) => listContacts(ctx, args),
  }),
  contact: t.field({
    type: Contact,
    nullable: true,
    description: `One contact by id; ${MISSING_RECORD_NOTE}.`,
    authScopes: { scope: 'contacts.read' },
    args: { id: t.arg({ type: 'UUID', required: true, description: 'Contact id.' }) },
    resolve: (_root, { id }, ctx) => orNull(ctx, getContact(ctx, id)),
  }),
}));

const CreateContactPayload = recordPayload('createContact', 'contact', Contact);
const UpdateContactPayload = recordPayload('updateContact', 'contact', Contact);

builder.mutationFields((t) => ({
  createContact: t.field({
    type: CreateContactPayload,
    description: 'Creates a contact of a company.',
    authScopes: { scope: 'contacts.write' },
    args: { input: t.arg({ type: CreateContactInput, required: true, description: 'The contact to create.' }) },
    ...inputChecks((ctx, input) => checkNewContact(ctx, input)),
    resolve: (_root, { input }, ctx) => createContact(ctx, input),
  }),
  updateContact: t.field({
    type: UpdateContactPayload,
    description: 'Changes a contact.',
    authScopes: { scope: 'contacts.write' },
    args: {
      id: t.arg({ type: 'UUID', required: true, description: 'Contact id.' }),
      input: t.arg({ type: UpdateContactInput, required: true, description: 'The changes.' }),
    },
    resolve: (_root, { id, input }, ctx) => updateContact(ctx, id, input),
  }),
}));
