import type { Prisma } from '../generated/prisma/client.js';
import type { InspectionResult, InspectionStatus } from '../generated/prisma/enums.js';
import type { Context } from '../graphql/context.js';
import { principalOf } from '../graphql/context.js';
import { keysetPage, type ListArgs, type ListOrder } from '../graphql/connection.js';
import { oneOf, withinDays } from '../graphql/list-filters.js';
import { mailQueued } from '../mail/outbox.js';
import { AppError, badInput } from '../shared/errors.js';
import { found, mustExist } from '../shared/references.js';
import { searchColumns, searchWords } from '../shared/search.js';
import { sentFields } from '../shared/validation.js';
import { type ChecklistResponse, checkResponses, unansweredRequired } from './checklist.js';
import { DISPATCHER_ROLES, hasRole } from './inspection-access.js';
import { warn } from '../shared/request-scope.js';
import { deliverReport } from './report.js';
import { refreshSearchText } from './search-text.js';
import { sectionsOf } from './template.service.js';
import { EDITABLE, lockInspection, MOVES, type Move, mustBeIn, mustBeOnTeamOrDispatcher, recordMove } from './workflow.js';

/** The columns `search` reads (each under a trigram index). */
const inspectionSearch = searchColumns('Inspection', ['searchText']);

type Query = { include?: Prisma.InspectionInclude; select?: Prisma.InspectionSelect };

export interface InspectionFilter {
  search?: string | null;
  status?: InspectionStatus[] | null;
  technicianId?: string | null;
  companyId?: string | null;
  equipmentId?: string | null;
  inspectionDate?: { from?: Date | null; to?: Date | null } | null;
}

export const inspectionOrder: ListOrder = {
  entity: 'Inspection',
  orderFields: {
    INSPECTION_DATE: { column: 'inspectionDate', date: true, description: 'Date of the inspection.' },
    CREATED_AT: { column: 'createdAt', date: true, description: 'When the inspection was created.' },
    UPDATED_AT: { column: 'updatedAt', date: true, description: 'When the inspection last changed.' },
  },
  defaultOrder: { field: 'INSPECTION_DATE', direction: 'DESC' },
};

/** The inspections matching a filter, one keyset page at a time; `search` is served by the trigram index on `searchText`. */
export function listInspections(ctx: Context, args: ListArgs<InspectionFilter>, query: Query) {
  const filter = args.filter ?? {};
  const where = {
    AND: searchWords(filter.search, inspectionSearch) as Prisma.InspectionWhereInput[],
    status: oneOf(filter.status),
    companyId: filter.companyId ?? undefined,
    equipmentId: filter.equipmentId ?? undefined,
    inspectionDate: withinDays(filter.inspectionDate),
    teamMembers: filter.technicianId ? { some: { technicianId: filter.technicianId } } : undefined,
  } satisfies Prisma.InspectionWhereInput;
  return keysetPage(
    ctx,
    inspectionOrder,
    args,
    (page) => ctx.db.inspection.findMany({ ...query, where: { ...where, AND: [...where.AND, page.where] }, orderBy: page.orderBy, skip: page.skip, take: page.take }),
    () => ctx.db.inspection.count({ where }),
  );
}

export const getInspection = (ctx: Context, id: string, query: Query = {}) =>
  found(ctx.db.inspection.findUnique({ ...query, where: { id } }), 'Inspection');

export interface NewInspection {
  equipmentId: string;
  siteId: string;
  checklistTemplateId: string;
  inspectionDate: Date;
  notes?: string | null;
  technicianId?: string | null;
  technicianIds?: string[] | null;
}

/**
 * The team, lead first: the technicians asked for when the caller may assign them (the
 * specification's rule: they take effect only for dispatchers), else the caller. Technicians asked
 * for by anyone else are ignored, as the specification says, but not silently: the answer carries
 * a warning (unless what was asked for is the caller alone, which is what happens).
 */
function assignedTeam(ctx: Context, input: NewInspection): string[] {
  const principal = principalOf(ctx);
  const field = input.technicianIds?.length ? 'technicianIds' : 'technicianId';
  const requested = input.technicianIds?.length ? input.technicianIds : input.technicianId ? [input.technicianId] : [];
  if (hasRole(principal, DISPATCHER_ROLES) && requested.length) return requested;
  if (requested.some((id) => id !== principal.userId)) {
    warn(`${field} was ignored: only users with the role ${DISPATCHER_ROLES.join(' or ')} assign technicians, so the inspection is led by you alone`);
  }
  return [principal.userId];
}

export async function createInspection(ctx: Context, input: NewInspection) {
  const { userId, tenantId } = principalOf(ctx);
  const equipment = await mustExist(ctx.db.equipment.findUnique({ where: { id: input.equipmentId }, select: { siteId: true, equipmentTypeId: true } }), 'equipmentId', 'equipment');
  const site = await mustExist(ctx.db.site.findUnique({ where: { id: input.siteId }, select: { id: true, companyId: true } }), 'siteId', 'site');
  const template = await mustExist(
    ctx.db.checklistTemplate.findUnique({ where: { id: input.checklistTemplateId }, select: { equipmentTypeId: true } }),
    'checklistTemplateId',
    'checklist template',
  );
  if (equipment.siteId !== site.id) throw badInput([{ field: 'equipmentId', message: 'does not stand at the site given as siteId' }]);
  // A template made for one equipment type asks that type's questions; one without a type serves any.
  if (template.equipmentTypeId && template.equipmentTypeId !== equipment.equipmentTypeId) {
    throw badInput([{ field: 'checklistTemplateId', message: "is a template for another equipment type than the equipment's" }]);
  }
  const team = assignedTeam(ctx, input);
  const users = await ctx.db.user.findMany({ where: { id: { in: team } }, select: { id: true } });
  const missing = team.find((id) => !users.some((user) => user.id === id));
  if (missing) throw new AppError('NOT_FOUND', `technicianIds: user ${missing} not found`, [{ field: 'technicianIds', message: `user ${missing} not found` }]);
  return ctx.db.$transaction(async (tx) => {
    const inspection = await tx.inspection.create({
      data: {
        tenantId,
        equipmentId: input.equipmentId,
        siteId: site.id,
        companyId: site.companyId,
        templateId: input.checklistTemplateId,
        technicianId: team[0] as string,
        inspectionDate: input.inspectionDate,
        notes: input.notes ?? null,
        teamMembers: { create: team.map((technicianId, i) => ({ tenantId, technicianId, role: i === 0 ? 'lead' : 'member' })) },
      },
    });
    await recordMove(tx, { inspectionId: inspection.id, userId, fromStatus: null, toStatus: 'draft' });
    await refreshSearchText(tx, 'inspection', inspection.id);
    await ctx.events.record(tx, 'inspection.created', inspection.id);
    return inspection;
  });
}

export interface InspectionPatch {
  responses?: ChecklistResponse[] | null;
  notes?: string | null;
  inspectionDate?: Date | null;
  customerSignatureUrl?: string | null;
}

/** The technicians' record: answers (replaced as a whole), notes, date, signature. */
export async function updateInspection(ctx: Context, id: string, patch: InspectionPatch) {
  const { responses, inspectionDate, ...nullable } = sentFields(patch);
  return ctx.db.$transaction(async (tx) => {
    const inspection = await lockInspection(tx, id);
    mustBeOnTeamOrDispatcher(principalOf(ctx), inspection.teamMembers.map((m) => m.technicianId));
    mustBeIn(inspection.status, EDITABLE, 'edit');
    const checked = responses ? checkResponses(sectionsOf(inspection.template), responses) : undefined;
    return tx.inspection.update({ where: { id }, data: { ...nullable, inspectionDate: inspectionDate ?? undefined, responses: checked as never } });
  });
}

export interface MoveInput {
  overallResult?: InspectionResult;
  rejectionReason?: string;
}

/** One move of the review workflow (see `MOVES`), under the inspection's row lock, recorded in its history. */
export async function moveInspection(ctx: Context, id: string, move: Move, input: MoveInput = {}) {
  const principal = principalOf(ctx);
  const { from, to, verb } = MOVES[move];
  const moved = await ctx.db.$transaction(
    async (tx) => {
      const inspection = await lockInspection(tx, id);
      if (move === 'submit') mustBeOnTeamOrDispatcher(principal, inspection.teamMembers.map((m) => m.technicianId));
      mustBeIn(inspection.status, from, verb);
      const data: Prisma.InspectionUpdateInput = { status: to };
      if (move === 'submit') {
        const missing = unansweredRequired(sectionsOf(inspection.template), inspection.responses as unknown as ChecklistResponse[]);
        if (missing.length) throw badInput(missing, `Cannot submit: ${missing.length} required item(s) have no answer`);
        data.rejectionReason = null;
      }
      if (move === 'approve') {
        // Four eyes: a refusal by who the caller is, like every role rule (403), not a mistake in the input.
        if (inspection.technicianId === principal.userId) throw new AppError('FORBIDDEN', 'Forbidden: you led this inspection; another reviewer must approve it');
        data.overallResult = input.overallResult;
      }
      if (move === 'reject') data.rejectionReason = input.rejectionReason;
      const note = move === 'deliver' ? await deliverReport(tx, inspection) : undefined;
      await recordMove(tx, { inspectionId: id, userId: principal.userId, fromStatus: inspection.status, toStatus: to, note });
      const updated = await tx.inspection.update({ where: { id }, data });
      await ctx.events.record(tx, 'inspection.status_changed', id, { previousStatus: inspection.status });
      if (move === 'deliver') await ctx.events.record(tx, 'inspection.report_delivered', id);
      return updated;
    },
    // Delivery renders the PDF inside the transaction, which holds the row lock meanwhile.
    { maxWait: 8_000, timeout: 20_000 },
  );
  if (move === 'deliver') mailQueued();
  return moved;
}

export async function inspectionHistory(ctx: Context, id: string, query: { include?: Prisma.InspectionEventInclude; select?: Prisma.InspectionEventSelect }) {
  // Read together: a missing inspection is NOT_FOUND (its history, read in the tenant, is then empty).
  const [, events] = await Promise.all([
    getInspection(ctx, id, { select: { id: true } }),
    ctx.db.inspectionEvent.findMany({ ...query, where: { inspectionId: id }, orderBy: [{ occurredAt: 'asc' }, { id: 'asc' }] }),
  ]);
  return events;
}

/** The stored PDF report of a delivered inspection. */
export async function getReport(ctx: Context, id: string) {
  await getInspection(ctx, id, { select: { id: true } });
  return found(ctx.db.inspectionReport.findUnique({ where: { inspectionId: id } }), 'Report (an inspection has one once delivered)');
}
