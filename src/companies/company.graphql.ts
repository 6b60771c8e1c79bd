import { customFieldsInputDescription } from '../custom-fields/custom-field.rules.js';
import { addressInputFields } from '../graphql/address-fields.js';
import { builder } from '../graphql/builder.js';
import { MISSING_RECORD_NOTE, orNull } from '../graphql/missing-record.js';
import { Node } from '../graphql/node.js';
import { oneLineAddress } from '../shared/address.js';
import { defineList } from '../graphql/connection.js';
import { DateTimeRange, searchDescription } from '../graphql/list-filters.js';
import { optionalText, patchInput, requiredText, searchText } from '../shared/validation.js';
import { companyOrder, createCompany, getCompany, listCompanies, updateCompany } from './company.service.js';
import { recordPayload } from '../graphql/mutation-payload.js';

export const Company = builder.prismaObject('Company', {
  interfaces: [Node],
  description: 'A customer organisation. Contacts, sites, deals, inspections and invoices belong to a company.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Company id.' }),
    name: t.exposeString('name', { description: 'Company name (at most 200 characters).' }),
    phone: t.exposeString('phone', { nullable: true, description: 'Main phone number.' }),
    email: t.expose('email', { type: 'EmailAddress', nullable: true, description: 'Main email address.' }),
    address: t.exposeString('address', { nullable: true, description: 'Street address.' }),
    city: t.exposeString('city', { nullable: true, description: 'City.' }),
    state: t.exposeString('state', { nullable: true, description: 'State or region.' }),
    postalCode: t.exposeString('postalCode', { nullable: true, description: 'Postal code.' }),
    fullAddress: t.string({
      nullable: true,
      description: 'The whole postal address on one line, as invoices print it ("12 Main St, Springfield, IL 62701"): `address`, `city`, then `state` and `postalCode`, leaving out the parts not set; null when none is set.',
      resolve: oneLineAddress,
    }),
    customFields: t.expose('customFields', { type: 'JSONObject', description: "Values of the tenant's custom fields for companies, by key." }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the company was created (ISO 8601, UTC).' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When the company last changed (ISO 8601, UTC).' }),
  }),
});

const companyList = defineList(Company, companyOrder, {
  plural: 'companies',
  filterDescription: 'Conditions on companies; every given condition must hold.',
  filter: (t) => ({
    search: t.string({ description: searchDescription('name or email'), validate: searchText }),
    createdAt: t.field({ type: DateTimeRange, description: 'Only companies created in this interval.' }),
  }),
});

const contactFields = (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0], clears = '') => ({
  phone: t.string({ description: `Main phone number, at most 50 characters${clears}.`, validate: optionalText(50) }),
  email: t.field({ type: 'EmailAddress', description: `Main email address${clears}.`, validate: optionalText(320) }),
  ...addressInputFields(t, clears),
});

const CreateCompanyInput = builder.inputType('CreateCompanyInput', {
  description: 'A new company.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'Company name, at most 200 characters.', validate: requiredText(200) }),
    ...contactFields(t),
    customFields: t.field({ type: 'JSONObject', description: customFieldsInputDescription(false) }),
  }),
});

const UpdateCompanyInput = builder.inputType('UpdateCompanyInput', {
  description: 'Changes to a company. Absent fields do not change; `null` clears a nullable field.',
  validate: patchInput('name', 'customFields'),
  fields: (t) => ({
    name: t.string({ description: 'Company name, at most 200 characters. Cannot be null.', validate: requiredText(200) }),
    ...contactFields(t, '; null clears'),
    customFields: t.field({ type: 'JSONObject', description: customFieldsInputDescription(true) }),
  }),
});

builder.queryFields((t) => ({
  companies: t.field({
    type: companyList.connection,
    description: 'Companies of the tenant, by name unless `orderBy` says otherwise.',
    authScopes: { scope: 'companies.read' },
    args: companyList.args(),
    resolve: (_root, args, ctx) => listCompanies(ctx, args),
  }),
  company: t.field({
    type: Company,
    nullable: true,
    description: `One company by id; ${MISSING_RECORD_NOTE}.`,
    authScopes: { scope: 'companies.read' },
    args: { id: t.arg({ type: 'UUID', required: true, description: 'Company id.' }) },
    resolve: (_root, { id }, ctx) => orNull(ctx, getCompany(ctx, id)),
  }),
}));

const CreateCompanyPayload = recordPayload('createCompany', 'company', Company);
const UpdateCompanyPayload = recordPayload('updateCompany', 'company', Company);

builder.mutationFields((t) => ({
  createCompany: t.field({
    type: CreateCompanyPayload,
    description: 'Creates a company.',
    authScopes: { scope: 'companies.write' },
    args: { input: t.arg({ type: CreateCompanyInput, required: true, description: 'The company to create.' }) },
    resolve: (_root, { input }, ctx) => createCompany(ctx, input),
  }),
  updateCompany: t.field({
    type: UpdateCompanyPayload,
    description: 'Changes a company.',
    authScopes: { scope: 'companies.write' },
    args: {
      id: t.arg({ type: 'UUID', required: true, description: 'Company id.' }),
      input: t.arg({ type: UpdateCompanyInput, required: true, description: 'The changes.' }),
    },
    resolve: (_root, { id, input }, ctx) => updateCompany(ctx, id, input),
  }),
}));
