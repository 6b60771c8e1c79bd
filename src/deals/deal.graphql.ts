import { queryFromInfo } from '@pothos/plugin-prisma';
import { customFieldsInputDescription } from '../custom-fields/custom-field.rules.js';
import { DealActivityType, DealStatus } from '../generated/prisma/enums.js';
import { aggregateOver } from '../graphql/aggregates.js';
import { builder } from '../graphql/builder.js';
import { MISSING_RECORD_NOTE, orNull } from '../graphql/missing-record.js';
import { Node } from '../graphql/node.js';
import { embeds, listOf, refusedAloneUnless } from '../graphql/read-access.js';
import { defineList, listInputs, nestedListNote, prismaOrderBy } from '../graphql/connection.js';
import { anyOfDescription, DateRange, DateTimeRange, IntRange, MoneyRange, searchDescription } from '../graphql/list-filters.js';
import { money, optionalText, quantity, patchInput, requiredText } from '../shared/validation.js';
import type { DealFilter, Product } from './deal.service.js';
import { checkNewDeal, createDeal, dealActivityOrder, dealActivityWhere, dealOrder, dealSums, dealWhere, getDeal, listDeals, logDealActivity, updateDeal } from './deal.service.js';
import { inputChecks } from '../graphql/input-checks.js';
import { longText } from '../graphql/limits.js';
import { recordPayload, resultQuery } from '../graphql/mutation-payload.js';

const DealStatusEnum = builder.enumType(DealStatus, {
  name: 'DealStatus',
  description: "A deal's outcome, set by the stage it is in.",
  values: {
    open: { description: 'Still being worked: its stage is neither closed-won nor closed-lost.' },
    won: { description: 'In a closed-won stage.' },
    lost: { description: 'In a closed-lost stage.' },
  },
});

const DealActivityTypeEnum = builder.enumType(DealActivityType, {
  name: 'DealActivityType',
  description: 'Kind of a deal activity.',
  values: {
    call: { description: 'A phone call.' },
    email: { description: 'An email.' },
    meeting: { description: 'A meeting.' },
    note: { description: 'A note.' },
    task: { description: 'A task.' },
    stage_change: { description: 'The deal moved between stages (recorded automatically).' },
  },
});

const DealProduct = builder.objectRef<Product>('DealProduct').implement({
  description: 'A product or service line of a deal.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Product name.' }),
    quantity: t.expose('quantity', { type: 'Quantity', description: 'Quantity, as given.' }),
    unitPrice: t.expose('unitPrice', { type: 'Money', description: 'Price per unit.' }),
  }),
});

export const DealActivity = builder.prismaObject('DealActivity', {
  interfaces: [Node],
  description: 'Something that happened on a deal: a call, email, meeting, note, task or stage change.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Activity id.' }),
    type: t.expose('type', { type: DealActivityTypeEnum, description: 'Kind of activity.' }),
    description: t.exposeString('description', { description: 'What happened.', ...longText(10_000) }),
    activityDate: t.expose('activityDate', { type: 'DateTime', description: 'When it happened (ISO 8601, UTC).' }),
    user: t.relation('user', { nullable: true, description: 'The user who logged it (the API key\'s user).' }),
  }),
});

// A deal's activities are listed only under their deal: their order and filter without a root list.
const activityInputs = listInputs(dealActivityOrder, {
  plural: 'activities',
  filterDescription: "Conditions on a deal's activities; every given condition must hold.",
  filter: (t) => ({
    type: t.field({ type: [DealActivityTypeEnum], ...anyOfDescription('activities of', 'kind', 'kinds') }),
    activityDate: t.field({ type: DateTimeRange, description: 'Only activities that happened in this interval.' }),
  }),
});

export const Deal = builder.prismaObject('Deal', {
  interfaces: [Node],
  description: 'A sales opportunity with a company, in a pipeline stage. Its status and probability follow its stage.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Deal id.' }),
    name: t.exposeString('name', { description: 'Deal name (at most 200 characters).' }),
    value: t.expose('value', { type: 'Money', nullable: true, description: 'Deal value.' }),
    probability: t.exposeInt('probability', { description: 'Win probability in percent (0-100), inherited from the stage.' }),
    expectedCloseDate: t.expose('expectedCloseDate', { type: 'Date', nullable: true, description: 'Expected close date, YYYY-MM-DD.' }),
    actualCloseDate: t.expose('actualCloseDate', { type: 'Date', nullable: true, description: 'Date the deal was won or lost (UTC), YYYY-MM-DD.' }),
    status: t.expose('status', { type: DealStatusEnum, description: '`open`, `won` or `lost`, from the stage.' }),
    lostReason: t.exposeString('lostReason', { nullable: true, description: 'Why the deal was lost. Cleared when the deal leaves `lost` (moved to an open or a closed-won stage).', ...longText(10_000) }),
    products: t.field({ type: [DealProduct], description: 'Product lines.', resolve: (deal) => deal.products as Product[] }),
    notes: t.exposeString('notes', { nullable: true, description: 'Internal notes.', ...longText(10_000) }),
    customFields: t.expose('customFields', { type: 'JSONObject', description: "Values of the tenant's custom fields for deals, by key." }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the deal was created (ISO 8601, UTC).' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When the deal last changed (ISO 8601, UTC).' }),
    // Each reference is written and read by the same id field (`ownerId` in the inputs and here), and read whole by its relation.
    companyId: t.expose('companyId', { type: 'UUID', description: 'Id of the customer company (`company`).' }),
    contactId: t.expose('contactId', { type: 'UUID', nullable: true, description: 'Id of the contact (`contact`), if any.' }),
    siteId: t.expose('siteId', { type: 'UUID', nullable: true, description: 'Id of the site (`site`), if any.' }),
    stageId: t.expose('stageId', { type: 'UUID', description: 'Id of the pipeline stage (`stage`).' }),
    ownerId: t.expose('ownerId', { type: 'UUID', nullable: true, description: 'Id of the owning user (`owner`), if any.' }),
    // The specification's deal embeds these parts of its company, contact and site: readable with
    // the deal (`pipeline`); the rest of those records needs their own read scopes.
    company: t.relation('company', { ...embeds('id', 'name', 'phone', 'email'), description: 'The customer company.' }),
    contact: t.relation('contact', { ...embeds('id', 'firstName', 'lastName', 'email', 'phone', 'role'), nullable: true, description: 'The contact at the company, if any.' }),
    stage: t.relation('stage', { description: 'The pipeline stage the deal is in.' }),
    site: t.relation('site', { ...embeds('id', 'name', 'address', 'city', 'state'), nullable: true, description: 'The customer site the deal is about, if any.' }),
    owner: t.relation('owner', { nullable: true, description: 'The user who owns the deal, if any.' }),
    activities: t.relatedConnection('activities', {
      ...listOf('DealActivity'),
      cursor: 'id',
      totalCount: true,
      description: `Activities on the deal, newest first unless \`orderBy\` says otherwise. ${nestedListNote()}`,
      args: builder.args(activityInputs),
      query: (args) => ({ where: dealActivityWhere(args.filter ?? {}), orderBy: prismaOrderBy(dealActivityOrder, args.orderBy) }),
    }),
  }),
});

const dealList = defineList(Deal, dealOrder, {
  plural: 'deals',
  filterDescription: 'Conditions on deals; every given condition must hold.',
  filter: (t) => ({
    search: t.string({ description: searchDescription('the deal name or notes'), validate: optionalText(200) }),
    status: t.field({ type: [DealStatusEnum], ...anyOfDescription('deals with', 'status', 'statuses') }),
    stageId: t.field({ type: 'UUID', description: 'Only deals in this pipeline stage.' }),
    pipelineId: t.field({ type: 'UUID', description: 'Only deals in a stage of this pipeline.' }),
    ownerId: t.field({ type: 'UUID', description: 'Only deals owned by this user.' }),
    companyId: t.field({ type: 'UUID', description: 'Only deals of this company.' }),
    value: t.field({ type: MoneyRange, description: 'Only deals whose value is in this range (deals without a value never match).' }),
    expectedCloseDate: t.field({ type: DateRange, description: 'Only deals expected to close on a day of this range (deals without an expected close date never match).' }),
    actualCloseDate: t.field({ type: DateRange, description: 'Only deals won or lost on a day of this range (open deals never match).' }),
    probability: t.field({ type: IntRange, description: 'Only deals whose win probability (percent) is in this range.' }),
    createdAt: t.field({ type: DateTimeRange, description: 'Only deals created in this interval.' }),
  }),
  sums: dealSums,
});

/** What a deal list's `aggregate` sums over: its filter, within the parent's deals when nested (`parentKey` names the parent's column). */
const dealTotals = (parentKey?: 'companyId' | 'stageId') =>
  aggregateOver('Deal', dealSums, (parent: { id: string } | undefined, args: { filter?: DealFilter | null }, ctx) => ({
    model: ctx.db.deal,
    where: { AND: [dealWhere(args.filter ?? {}), parentKey ? { [parentKey]: parent!.id } : {}] },
  }));

builder.prismaObjectFields('Company', (t) => ({
  deals: t.relatedConnection('deals', {
    ...refusedAloneUnless('Deal'),
    extensions: { ...refusedAloneUnless('Deal').extensions, ...dealTotals('companyId') },
    cursor: 'id',
    totalCount: true,
    description: `The company's deals, newest first unless \`orderBy\` says otherwise. ${nestedListNote('companyId')}`,
    args: dealList.nestedArgs(),
    query: (args) => ({ where: dealWhere(args.filter ?? {}), orderBy: prismaOrderBy(dealOrder, args.orderBy) }),
  }, dealList.nestedConnection),
}));

builder.prismaObjectFields('PipelineStage', (t) => ({
  deals: t.relatedConnection('deals', {
    ...listOf('Deal'),
    extensions: dealTotals('stageId'),
    cursor: 'id',
    totalCount: true,
    description: `Deals currently in this stage, newest first unless \`orderBy\` says otherwise. ${nestedListNote('stageId')}`,
    args: dealList.nestedArgs(),
    query: (args) => ({ where: dealWhere(args.filter ?? {}), orderBy: prismaOrderBy(dealOrder, args.orderBy) }),
  }, dealList.nestedConnection),
}));

const DealProductInput = builder.inputType('DealProductInput', {
  description: 'A product line. Quantities and prices are decimal strings.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'Product name, at most 200 characters.', validate: requiredText(200) }),
    quantity: t.field({ type: 'Quantity', required: true, description: 'Quantity, e.g. "2" or "1.5".', validate: quantity }),
    unitPrice: t.field({ type: 'Money', required: true, description: 'Price per unit, e.g. "1250.00".', validate: money }),
  }),
});

const CreateDealInput = builder.inputType('CreateDealInput', {
  description:
    "A new deal. It enters its stage as a move would: the stage's probability, and `open` in an open stage, `won` in a closed-won one and `lost` in a closed-lost one (both with `actualCloseDate` today, UTC), so a deal's status always agrees with its stage.",
  fields: (t) => ({
    name: t.string({ required: true, description: 'Deal name, at most 200 characters.', validate: requiredText(200) }),
    companyId: t.field({ type: 'UUID', required: true, description: 'Id of a company of the tenant.' }),
    stageId: t.field({ type: 'UUID', required: true, description: 'Id of a pipeline stage of the tenant.' }),
    contactId: t.field({ type: 'UUID', description: 'Id of a contact of the company (`companyId`); one of another company is BAD_USER_INPUT.' }),
    siteId: t.field({ type: 'UUID', description: 'Id of a site of the company (`companyId`); one of another company is BAD_USER_INPUT.' }),
    ownerId: t.field({
      type: 'UUID',
      description:
        "Id of a user of the tenant; nobody when null. When absent: the signed-in user for a dashboard session, and nobody for an API key (a key is an integration, not a salesperson: its deals are not credited to whoever created the key).",
    }),
    value: t.field({ type: 'Money', description: 'Deal value.', validate: money.nullish() }),
    expectedCloseDate: t.field({ type: 'Date', description: 'Expected close date, YYYY-MM-DD.' }),
    products: t.field({ type: [DealProductInput], description: 'Product lines.' }),
    notes: t.string({ description: 'Internal notes.', validate: optionalText(10_000, 'multiline') }),
    customFields: t.field({ type: 'JSONObject', description: customFieldsInputDescription(false) }),
  }),
});

const UpdateDealInput = builder.inputType('UpdateDealInput', {
  description:
    'Changes to a deal. Absent fields do not change; `null` clears a nullable field. A new `stageId` sets the probability, and the status: `won` in a closed-won stage, `lost` in a closed-lost one (both dated today), `open` again in an open stage (the close date is cleared). Each stage change is logged as an activity.',
  validate: patchInput('name', 'stageId', 'companyId', 'products', 'customFields'),
  fields: (t) => ({
    name: t.string({ description: 'Deal name, at most 200 characters.', validate: requiredText(200) }),
    stageId: t.field({ type: 'UUID', description: 'Move the deal to this stage of the tenant.' }),
    companyId: t.field({ type: 'UUID', description: "Id of a company of the tenant. The deal's contact and site must be this company's: send them (or null) with it when they are not." }),
    contactId: t.field({ type: 'UUID', description: "Id of a contact of the deal's company (the new `companyId` when sent); null removes." }),
    siteId: t.field({ type: 'UUID', description: "Id of a site of the deal's company (the new `companyId` when sent); null removes." }),
    ownerId: t.field({ type: 'UUID', description: 'Id of a user of the tenant; null unassigns.' }),
    value: t.field({ type: 'Money', description: 'Deal value; null clears.', validate: money.nullish() }),
    expectedCloseDate: t.field({ type: 'Date', description: 'Expected close date, YYYY-MM-DD; null clears.' }),
    lostReason: t.string({ description: 'Why the deal was lost; null clears. A `stageId` that takes a lost deal out of `lost` clears it, whatever is sent here.', validate: optionalText(10_000, 'multiline') }),
    products: t.field({ type: [DealProductInput], description: 'Replaces all product lines.' }),
    notes: t.string({ description: 'Internal notes; null clears.', validate: optionalText(10_000, 'multiline') }),
    customFields: t.field({ type: 'JSONObject', description: customFieldsInputDescription(true) }),
  }),
});

const LogActivityInput = builder.inputType('LogDealActivityInput', {
  description: 'An activity to log on a deal, as the API key\'s user.',
  fields: (t) => ({
    type: t.field({
      type: DealActivityTypeEnum,
      required: true,
      description: '`call`, `email`, `meeting`, `note` or `task` (stage changes are logged by moving the deal).',
    }),
    description: t.string({ required: true, description: 'What happened, at most 10000 characters.', validate: requiredText(10_000, 'multiline') }),
    activityDate: t.field({ type: 'DateTime', description: 'When it happened; now when absent.' }),
  }),
});

const pipelineScope = { scope: 'pipeline' } as const;

builder.queryFields((t) => ({
  deals: t.field({
    type: dealList.connection,
    description: 'Deals of the tenant, newest first unless `orderBy` says otherwise.',
    authScopes: pipelineScope,
    args: dealList.args(),
    extensions: dealTotals(),
    // Plans one query for the page and every nested field selected under `nodes` or `edges.node`.
    resolve: (_root, args, ctx, info) => listDeals(ctx, args, queryFromInfo({ context: ctx, info, paths: [['nodes'], ['edges', 'node']] })),
  }),
  deal: t.prismaField({
    type: 'Deal',
    nullable: true,
    description: `One deal by id; ${MISSING_RECORD_NOTE}.`,
    authScopes: pipelineScope,
    args: { id: t.arg({ type: 'UUID', required: true, description: 'Deal id.' }) },
    resolve: (query, _root, { id }, ctx) => orNull(ctx, getDeal(ctx, id, query)),
  }),
}));

const CreateDealPayload = recordPayload('createDeal', 'deal', 'Deal');
const UpdateDealPayload = recordPayload('updateDeal', 'deal', 'Deal');
const LogDealActivityPayload = recordPayload('logDealActivity', 'dealActivity', 'DealActivity');

builder.mutationFields((t) => ({
  createDeal: t.field({
    type: CreateDealPayload,
    description: 'Creates a deal in a stage.',
    authScopes: pipelineScope,
    args: { input: t.arg({ type: CreateDealInput, required: true, description: 'The deal to create.' }) },
    ...inputChecks((ctx, input) => checkNewDeal(ctx, input)),
    resolve: (_root, { input }, ctx, info) => createDeal(ctx, input, resultQuery(ctx, info)),
  }),
  updateDeal: t.field({
    type: UpdateDealPayload,
    description: 'Changes a deal; moving it to another stage may win, lose or reopen it.',
    authScopes: pipelineScope,
    args: {
      id: t.arg({ type: 'UUID', required: true, description: 'Deal id.' }),
      input: t.arg({ type: UpdateDealInput, required: true, description: 'The changes.' }),
    },
    resolve: (_root, { id, input }, ctx, info) => updateDeal(ctx, id, input, resultQuery(ctx, info)),
  }),
  logDealActivity: t.field({
    type: LogDealActivityPayload,
    description: "Logs a call, email, meeting, note or task on a deal as the API key's user.",
    authScopes: pipelineScope,
    args: {
      dealId: t.arg({ type: 'UUID', required: true, description: 'Deal id.' }),
      input: t.arg({ type: LogActivityInput, required: true, description: 'The activity.' }),
    },
    resolve: (_root, { dealId, input }, ctx, info) => logDealActivity(ctx, dealId, input, resultQuery(ctx, info)),
  }),
}));
