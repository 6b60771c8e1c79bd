import { checkCustomFields } from '../custom-fields/custom-field.rules.js';
import { joinedRelations, sqlList } from '../db/sql-list.js';
import { lockForUpdate } from '../db/tenant-scope.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { DealActivityType, DealStatus } from '../generated/prisma/enums.js';
import type { Context } from '../graphql/context.js';
import { principalOf } from '../graphql/context.js';
import type { ListSums } from '../graphql/aggregates.js';
import { keysetPage, type ListArgs, type ListOrder } from '../graphql/connection.js';
import { oneOf, withinAmounts, withinDays, withinRange } from '../graphql/list-filters.js';
import { badInput } from '../shared/errors.js';
import { allChecked, found, mustBelongToCompany, mustExist } from '../shared/references.js';
import { searchColumns, searchWords } from '../shared/search.js';
import { sentFields } from '../shared/validation.js';
import { defaultOwner, enterStage } from './deal.rules.js';

/** The columns `search` reads (each under a trigram index). */
const dealSearch = searchColumns('Deal', ['name', 'notes']);

/** Prisma `select`/`include` planned by the GraphQL layer from the fields a client asked for. */
type DealQuery = { include?: Prisma.DealInclude; select?: Prisma.DealSelect };

export interface DealFilter {
  search?: string | null;
  status?: DealStatus[] | null;
  stageId?: string | null;
  pipelineId?: string | null;
  companyId?: string | null;
  ownerId?: string | null;
  value?: { min?: string | null; max?: string | null } | null;
  expectedCloseDate?: { from?: Date | null; to?: Date | null } | null;
  actualCloseDate?: { from?: Date | null; to?: Date | null } | null;
  probability?: { min?: number | null; max?: number | null } | null;
  createdAt?: { from?: Date | null; to?: Date | null } | null;
}

export const dealOrder: ListOrder = {
  entity: 'Deal',
  orderFields: {
    CREATED_AT: { column: 'createdAt', date: true, description: 'When the deal was created.' },
    UPDATED_AT: { column: 'updatedAt', date: true, description: 'When the deal last changed.' },
    NAME: { column: 'name', description: 'Deal name, in the database collation.' },
    VALUE: { column: 'value', numeric: true, nullable: true, description: 'Deal value.' },
    EXPECTED_CLOSE_DATE: { column: 'expectedCloseDate', date: true, nullable: true, description: 'Expected close date.' },
    ACTUAL_CLOSE_DATE: { column: 'actualCloseDate', date: true, nullable: true, description: 'Date the deal was won or lost.' },
    PROBABILITY: { column: 'probability', numeric: true, description: 'Win probability.' },
  },
  defaultOrder: { field: 'CREATED_AT', direction: 'DESC' },
};

/** What a deal list's `aggregate` sums. */
export const dealSums: ListSums = { value: 'Sum of their values (deals without a value add nothing).' };

/** The Prisma condition of a deal filter, for the root list and the lists nested under a company or a stage. */
export const dealWhere = (filter: DealFilter) => ({
  AND: searchWords(filter.search, dealSearch),
  status: oneOf(filter.status),
  stageId: filter.stageId ?? undefined,
  stage: filter.pipelineId ? { pipelineId: filter.pipelineId } : undefined,
  companyId: filter.companyId ?? undefined,
  ownerId: filter.ownerId ?? undefined,
  value: withinAmounts(filter.value),
  expectedCloseDate: withinDays(filter.expectedCloseDate),
  actualCloseDate: withinDays(filter.actualCloseDate),
  probability: withinAmounts(filter.probability),
  createdAt: withinRange(filter.createdAt),
});

/**
 * The deals matching a filter, one keyset page at a time, each read with `query` (the nested fields
 * asked for): in one raw statement when those are whole to-one relations (the REST page's company,
 * contact, stage and owner), else through Prisma.
 */
export function listDeals(ctx: Context, args: ListArgs<DealFilter>, query: DealQuery) {
  const where = dealWhere(args.filter ?? {});
  const joined = joinedRelations('Deal', query);
  if (joined) {
    const rows = sqlList(ctx.db, 'Deal', where, joined);
    return keysetPage(ctx, dealOrder, args, rows.page, rows.count);
  }
  return keysetPage(
    ctx,
    dealOrder,
    args,
    (page) => ctx.db.deal.findMany({ ...query, where: { ...where, AND: [...where.AND, page.where] }, orderBy: page.orderBy, skip: page.skip, take: page.take }),
    () => ctx.db.deal.count({ where }),
  );
}

export interface DealActivityFilter {
  type?: DealActivityType[] | null;
  activityDate?: { from?: Date | null; to?: Date | null } | null;
}

export const dealActivityOrder: ListOrder = {
  entity: 'DealActivity',
  orderFields: {
    ACTIVITY_DATE: { column: 'activityDate', date: true, description: 'When it happened.' },
    CREATED_AT: { column: 'createdAt', date: true, description: 'When it was logged.' },
  },
  defaultOrder: { field: 'ACTIVITY_DATE', direction: 'DESC' },
};

/** The Prisma condition of a filter of a deal's activities (the deal is the relation's). */
export const dealActivityWhere = (filter: DealActivityFilter) => ({ type: oneOf(filter.type), activityDate: withinRange(filter.activityDate) });

export async function getDeal(ctx: Context, id: string, query: DealQuery = {}) {
  return found(ctx.db.deal.findUnique({ ...query, where: { id } }), 'Deal');
}

/** A line of a deal's products, stored as JSON with decimal strings (never floats). */
export type Product = { name: string; quantity: string; unitPrice: string };

interface DealFields {
  contactId?: string | null;
  siteId?: string | null;
  ownerId?: string | null;
  value?: string | null;
  expectedCloseDate?: Date | null;
  products?: Product[] | null;
  notes?: string | null;
  customFields?: Prisma.InputJsonObject | null;
}

export interface NewDeal extends DealFields {
  name: string;
  companyId: string;
  stageId: string;
}

export interface DealPatch extends DealFields {
  name?: string | null;
  companyId?: string | null;
  stageId?: string | null;
  lostReason?: string | null;
}

/** The company and owner a deal names must be records of the caller's tenant (404 otherwise), as checks for `allChecked`. */
function referenceChecks(ctx: Context, refs: { companyId?: string | null; ownerId?: string | null }) {
  const select = { id: true } as const;
  return [
    refs.companyId && mustExist(ctx.db.company.findUnique({ where: { id: refs.companyId }, select }), 'companyId', 'company'),
    refs.ownerId && mustExist(ctx.db.user.findUnique({ where: { id: refs.ownerId }, select }), 'ownerId', 'user'),
  ] as const;
}

const findStage = (ctx: Context, stageId: string) =>
  mustExist(
    ctx.db.pipelineStage.findUnique({ where: { id: stageId }, select: { id: true, name: true, probability: true, isClosedWon: true, isClosedLost: true } }),
    'stageId',
    'stage',
  );

/**
 * What a new deal names (its stage, custom fields, company, owner, and the company's contact and
 * site), checked together: the stage and the custom fields to store, or every problem at once (404
 * when each is a record missing from the tenant, as the specification says of a company or stage).
 */
export async function checkNewDeal(ctx: Context, input: Partial<NewDeal>) {
  const [stage, customFields] = await allChecked([
    input.stageId ? findStage(ctx, input.stageId) : null,
    checkCustomFields(ctx, 'deal', input.customFields),
    ...referenceChecks(ctx, input),
    input.companyId ? mustBelongToCompany(ctx.db, input.companyId, input) : null,
  ]);
  return { stage, customFields };
}

export async function createDeal(ctx: Context, input: NewDeal, query: DealQuery = {}) {
  const principal = principalOf(ctx);
  const { stage, customFields } = await checkNewDeal(ctx, input);
  return ctx.db.$transaction(async (tx) => {
    // A new deal always names its stage, so the check found one.
    const entered = enterStage(stage!, ctx.now(), { status: 'open', actualCloseDate: null });
    const deal = await tx.deal.create({
      ...query,
      data: {
        ...input,
        ...entered,
        ownerId: input.ownerId === undefined ? defaultOwner(principal) : input.ownerId,
        products: input.products ?? [],
        customFields,
        tenantId: principal.tenantId,
      },
    });
    await ctx.events.record(tx, 'deal.created', deal.id);
    await recordOutcome(ctx, tx, deal.id, 'open', entered.status);
    return deal;
  });
}

/** `deal.won` or `deal.lost` when a change closed the deal that way. */
async function recordOutcome(ctx: Context, tx: Prisma.TransactionClient, id: string, before: DealStatus, after: DealStatus) {
  if (after !== before && after !== 'open') await ctx.events.record(tx, after === 'won' ? 'deal.won' : 'deal.lost', id);
}

export async function updateDeal(ctx: Context, id: string, patch: DealPatch, query: DealQuery = {}) {
  const { stageId, customFields, products, name, companyId, ...nullable } = sentFields(patch);
  const [newStage, checkedCustomFields] = await allChecked([
    stageId ? findStage(ctx, stageId) : null,
    customFields === undefined ? undefined : checkCustomFields(ctx, 'deal', customFields),
    ...referenceChecks(ctx, { companyId, ownerId: patch.ownerId }),
  ]);
  return ctx.db.$transaction(async (tx) => {
    // Locking the deal serialises concurrent stage moves: each sees the stage the previous one left.
    await lockForUpdate(tx, 'Deal', id);
    const current = await found(
      tx.deal.findUnique({ where: { id }, select: { stageId: true, status: true, actualCloseDate: true, companyId: true, contactId: true, siteId: true } }),
      'Deal',
    );
    // The contact and site stay the company's, whichever of the three the patch changes.
    if (companyId || patch.contactId || patch.siteId) {
      const contactId = patch.contactId === undefined ? current.contactId : patch.contactId;
      const siteId = patch.siteId === undefined ? current.siteId : patch.siteId;
      await mustBelongToCompany(tx, companyId ?? current.companyId, { contactId, siteId });
    }
    // Naming the current stage refreshes the probability (and status) from it, but is not a move.
    const moved = newStage && newStage.id !== current.stageId ? newStage : null;
    if (moved) {
      const from = await tx.pipelineStage.findUnique({ where: { id: current.stageId }, select: { name: true } });
      await tx.dealActivity.create({
        data: {
          tenantId: principalOf(ctx).tenantId,
          dealId: id,
          userId: principalOf(ctx).userId,
          type: 'stage_change',
          description: `Stage changed from ${from?.name ?? 'unknown'} to ${moved.name}`,
          activityDate: ctx.now(),
        },
      });
    }
    const entered = newStage ? enterStage(newStage, ctx.now(), current) : null;
    const deal = await tx.deal.update({
      ...query,
      where: { id },
      data: {
        ...nullable,
        ...(newStage && entered ? { stageId: newStage.id, ...entered } : {}),
        name: name ?? undefined,
        companyId: companyId ?? undefined,
        products: products ?? undefined,
        customFields: checkedCustomFields,
      },
    });
    await ctx.events.record(tx, 'deal.updated', id);
    if (moved) await ctx.events.record(tx, 'deal.stage_changed', id, { previousStageId: current.stageId });
    await recordOutcome(ctx, tx, id, current.status, entered?.status ?? current.status);
    return deal;
  });
}

export interface NewActivity {
  type: DealActivityType;
  description: string;
  activityDate?: Date | null;
}

export async function logDealActivity(ctx: Context, dealId: string, input: NewActivity, query: { include?: Prisma.DealActivityInclude; select?: Prisma.DealActivitySelect } = {}) {
  if (input.type === 'stage_change') throw badInput([{ field: 'type', message: 'stage changes are logged by moving the deal' }]);
  await getDeal(ctx, dealId, { select: { id: true } });
  const principal = principalOf(ctx);
  return ctx.db.dealActivity.create({
    ...query,
    data: { ...input, activityDate: input.activityDate ?? ctx.now(), dealId, userId: principal.userId, tenantId: principal.tenantId },
  });
}
