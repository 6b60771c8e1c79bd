import DataLoader from 'dataloader';
import type { Prisma } from '../generated/prisma/client.js';
import type { FindingSeverity, PhotoType, QuoteStatus } from '../generated/prisma/enums.js';
import { roleMissing } from '../graphql/access.js';
import type { Context } from '../graphql/context.js';
import { principalOf } from '../graphql/context.js';
import { invalidState } from '../shared/errors.js';
import { found } from '../shared/references.js';
import { sentFields } from '../shared/validation.js';
import { hasRole, REVIEWER_ROLES } from './inspection-access.js';
import { EDITABLE, lockInspection, mustBeIn, mustBeOnTeamOrDispatcher } from './workflow.js';

// Findings and their photos belong to the technicians' record: they change while the inspection
// can be edited, by its team. A finding's quote moves on afterwards, by reviewers, in any status.

/** Which quote status a finding may move to from each. */
export const QUOTE_MOVES: Record<QuoteStatus, readonly QuoteStatus[]> = {
  unquoted: ['quoted'],
  quoted: ['accepted', 'declined'],
  accepted: ['completed'],
  declined: [],
  completed: [],
};

/** Locks the inspection and checks the caller may change its record now. */
async function editableInspection(ctx: Context, tx: Prisma.TransactionClient, inspectionId: string) {
  const inspection = await lockInspection(tx, inspectionId);
  mustBeOnTeamOrDispatcher(principalOf(ctx), inspection.teamMembers.map((m) => m.technicianId));
  mustBeIn(inspection.status, EDITABLE, 'change the findings of');
  return inspection;
}

/** An imminent danger takes the equipment out of service at once. */
async function applySeverity(tx: Prisma.TransactionClient, equipmentId: string, severity: FindingSeverity | undefined) {
  if (severity === 'imminent') await tx.equipment.update({ where: { id: equipmentId }, data: { status: 'out_of_service' } });
}

const findingOf = (tx: Prisma.TransactionClient, inspectionId: string, id: string) =>
  found(tx.finding.findFirst({ where: { id, inspectionId } }), 'Finding');

export interface NewFinding {
  severity: FindingSeverity;
  description: string;
  recommendation?: string | null;
  oshaReference?: string | null;
}

/** The planned selection of the finding answered (its photos). */
type FindingQuery = { include?: Prisma.FindingInclude; select?: Prisma.FindingSelect };

export function createFinding(ctx: Context, inspectionId: string, input: NewFinding, query: FindingQuery) {
  return ctx.db.$transaction(async (tx) => {
    const inspection = await editableInspection(ctx, tx, inspectionId);
    const finding = await tx.finding.create({ ...query, data: { ...input, inspectionId, tenantId: principalOf(ctx).tenantId } });
    await applySeverity(tx, inspection.equipmentId, input.severity);
    return finding;
  });
}

export type FindingPatch = { [K in keyof NewFinding]?: NewFinding[K] | null } & { quoteStatus?: QuoteStatus | null };

export function updateFinding(ctx: Context, inspectionId: string, id: string, patch: FindingPatch, query: FindingQuery) {
  const { quoteStatus, severity, description, ...nullable } = sentFields(patch);
  const changesRecord = severity !== undefined || description !== undefined || Object.keys(nullable).length > 0;
  return ctx.db.$transaction(async (tx) => {
    const inspection = changesRecord ? await editableInspection(ctx, tx, inspectionId) : await lockInspection(tx, inspectionId);
    const finding = await findingOf(tx, inspectionId, id);
    if (quoteStatus && quoteStatus !== finding.quoteStatus) {
      if (!hasRole(principalOf(ctx), REVIEWER_ROLES)) {
        throw roleMissing(REVIEWER_ROLES);
      }
      if (!QUOTE_MOVES[finding.quoteStatus].includes(quoteStatus)) {
        throw invalidState(`Cannot move a quote from ${finding.quoteStatus} to ${quoteStatus}`, { quoteStatus: finding.quoteStatus });
      }
    }
    const updated = await tx.finding.update({
      ...query,
      where: { id },
      data: { ...nullable, severity: severity ?? undefined, description: description ?? undefined, quoteStatus: quoteStatus ?? undefined },
    });
    await applySeverity(tx, inspection.equipmentId, severity ?? undefined);
    return updated;
  });
}

/** Deletes a finding with its photos; answers its id. */
export function deleteFinding(ctx: Context, inspectionId: string, id: string) {
  return ctx.db.$transaction(async (tx) => {
    await editableInspection(ctx, tx, inspectionId);
    await findingOf(tx, inspectionId, id);
    await tx.findingPhoto.deleteMany({ where: { findingId: id } });
    await tx.finding.delete({ where: { id } });
    return id;
  });
}

export interface NewPhoto {
  photoUrl: string;
  caption?: string | null;
  photoType?: PhotoType | null;
}

export function addPhoto(ctx: Context, inspectionId: string, findingId: string, input: NewPhoto) {
  return ctx.db.$transaction(async (tx) => {
    await editableInspection(ctx, tx, inspectionId);
    await findingOf(tx, inspectionId, findingId);
    return tx.findingPhoto.create({ data: { ...input, photoType: input.photoType ?? undefined, findingId, tenantId: principalOf(ctx).tenantId } });
  });
}

/** Removes a finding's photo; answers its id. */
export function deletePhoto(ctx: Context, inspectionId: string, findingId: string, id: string) {
  return ctx.db.$transaction(async (tx) => {
    await editableInspection(ctx, tx, inspectionId);
    await findingOf(tx, inspectionId, findingId);
    await found(tx.findingPhoto.findFirst({ where: { id, findingId } }), 'Photo');
    await tx.findingPhoto.delete({ where: { id } });
    return id;
  });
}

const findingCounters = new WeakMap<Context, DataLoader<string, number>>();

/** Findings of an inspection, counted for every inspection of the request in one statement. */
export function findingCountOf(ctx: Context, inspectionId: string): Promise<number> {
  let loader = findingCounters.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (ids: readonly string[]) => {
      const rows = await ctx.db.finding.groupBy({ by: ['inspectionId'], where: { inspectionId: { in: [...ids] } }, _count: { _all: true } });
      const counts = new Map(rows.map((row) => [row.inspectionId, row._count._all]));
      return ids.map((id) => counts.get(id) ?? 0);
    });
    findingCounters.set(ctx, loader);
  }
  return loader.load(inspectionId);
}
