import { addressInputFields } from '../graphql/address-fields.js';
import { builder } from '../graphql/builder.js';
import { MISSING_RECORD_NOTE, orNull } from '../graphql/missing-record.js';
import { Node } from '../graphql/node.js';
import { listOf } from '../graphql/read-access.js';
import { defineList, nestedListNote, prismaOrderBy } from '../graphql/connection.js';
import { DateTimeRange, searchDescription } from '../graphql/list-filters.js';
import { patchInput, requiredText, searchText } from '../shared/validation.js';
import { createSite, getSite, listSites, siteOrder, siteWhere, updateSite } from './site.service.js';
import { recordPayload } from '../graphql/mutation-payload.js';

export const Site = builder.prismaObject('Site', {
  interfaces: [Node],
  description: "A location of a customer company, where equipment stands and work is done. Deals and inspections point at sites.",
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Site id.' }),
    companyId: t.expose('companyId', { type: 'UUID', description: 'Id of the company the site belongs to.' }),
    company: t.relation('company', { description: 'The company the site belongs to.' }),
    name: t.exposeString('name', { description: 'Site name (at most 200 characters).' }),
    address: t.exposeString('address', { nullable: true, description: 'Street address.' }),
    city: t.exposeString('city', { nullable: true, description: 'City.' }),
    state: t.exposeString('state', { nullable: true, description: 'State or region.' }),
    postalCode: t.exposeString('postalCode', { nullable: true, description: 'Postal code.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the site was created (ISO 8601, UTC).' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When the site last changed (ISO 8601, UTC).' }),
  }),
});

const siteList = defineList(Site, siteOrder, {
  plural: 'sites',
  filterDescription: 'Conditions on sites; every given condition must hold.',
  filter: (t) => ({
    search: t.string({ description: searchDescription('name, street address or city'), validate: searchText }),
    companyId: t.field({ type: 'UUID', description: 'Only sites of this company.' }),
    createdAt: t.field({ type: DateTimeRange, description: 'Only sites created in this interval.' }),
  }),
});

const CreateSiteInput = builder.inputType('CreateSiteInput', {
  description: 'A new site of a company.',
  fields: (t) => ({
    companyId: t.field({ type: 'UUID', required: true, description: 'Id of a company of the tenant.' }),
    name: t.string({ required: true, description: 'Site name, at most 200 characters.', validate: requiredText(200) }),
    ...addressInputFields(t),
  }),
});

const UpdateSiteInput = builder.inputType('UpdateSiteInput', {
  description: 'Changes to a site. Absent fields do not change; `null` clears a nullable field.',
  validate: patchInput('companyId', 'name'),
  fields: (t) => ({
    companyId: t.field({ type: 'UUID', description: 'Move the site to another company of the tenant. Cannot be null.' }),
    name: t.string({ description: 'Site name, at most 200 characters. Cannot be null.', validate: requiredText(200) }),
    ...addressInputFields(t, '; null clears'),
  }),
});

builder.prismaObjectFields('Company', (t) => ({
  sites: t.relatedConnection('sites', {
    ...listOf('Site'),
    cursor: 'id',
    totalCount: true,
    description: `The company's sites, by name unless \`orderBy\` says otherwise. ${nestedListNote('companyId')}`,
    args: siteList.nestedArgs(),
    query: (args) => ({ where: siteWhere(args.filter ?? {}), orderBy: prismaOrderBy(siteOrder, args.orderBy) }),
  }),
}));

builder.queryFields((t) => ({
  sites: t.field({
    type: siteList.connection,
    description: 'Sites of the tenant, by name unless `orderBy` says otherwise.',
    authScopes: { scope: 'companies.read' },
    args: siteList.args(),
    resolve: (_root, args, ctx) => listSites(ctx, args),
  }),
  site: t.field({
    type: Site,
    nullable: true,
    description: `One site by id; ${MISSING_RECORD_NOTE}.`,
    authScopes: { scope: 'companies.read' },
    args: { id: t.arg({ type: 'UUID', required: true, description: 'Site id.' }) },
    resolve: (_root, { id }, ctx) => orNull(ctx, getSite(ctx, id)),
  }),
}));

const CreateSitePayload = recordPayload('createSite', 'site', Site);
const UpdateSitePayload = recordPayload('updateSite', 'site', Site);

builder.mutationFields((t) => ({
  createSite: t.field({
    type: CreateSitePayload,
    description: 'Creates a site of a company.',
    authScopes: { scope: 'companies.write' },
    args: { input: t.arg({ type: CreateSiteInput, required: true, description: 'The site to create.' }) },
    resolve: (_root, { input }, ctx) => createSite(ctx, input),
  }),
  updateSite: t.field({
    type: UpdateSitePayload,
    description: 'Changes a site.',
    authScopes: { scope: 'companies.write' },
    args: {
      id: t.arg({ type: 'UUID', required: true, description: 'Site id.' }),
      input: t.arg({ type: UpdateSiteInput, required: true, description: 'The changes.' }),
    },
    resolve: (_root, { id, input }, ctx) => updateSite(ctx, id, input),
  }),
}));
