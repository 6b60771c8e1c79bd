import type { Principal } from '../auth/api-keys.js';
import { lockForUpdate, scopedTenantId } from '../db/tenant-scope.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { InspectionStatus } from '../generated/prisma/enums.js';
import { AppError } from '../shared/errors.js';
import { found } from '../shared/references.js';
import { mustBeIn as mustBeInStatus } from '../shared/status-rules.js';
import { DISPATCHER_ROLES, hasRole } from './inspection-access.js';

// The review workflow: which move goes from which status to which, and who may edit.

export type Move = 'submit' | 'startReview' | 'approve' | 'reject' | 'deliver';

export const MOVES: Record<Move, { from: readonly InspectionStatus[]; to: InspectionStatus; verb: string }> = {
  submit: { from: ['draft', 'rejected'], to: 'submitted', verb: 'submit' },
  startReview: { from: ['submitted'], to: 'in_review', verb: 'start reviewing' },
  approve: { from: ['in_review'], to: 'approved', verb: 'approve' },
  reject: { from: ['in_review'], to: 'rejected', verb: 'reject' },
  deliver: { from: ['approved'], to: 'delivered', verb: 'deliver' },
};

/** Statuses in which the technicians' record (answers, notes, findings, photos) can change. */
export const EDITABLE: readonly InspectionStatus[] = ['draft', 'rejected'];

/** CONFLICT naming the current status unless it is one of `allowed`. */
export const mustBeIn = (status: InspectionStatus, allowed: readonly InspectionStatus[], action: string) => mustBeInStatus('an inspection', status, allowed, action);

/** The inspection's team edits and submits it; so may coordinators and admins, for any inspection. */
export function mustBeOnTeamOrDispatcher(principal: Principal, teamIds: readonly string[]): void {
  if (hasRole(principal, DISPATCHER_ROLES) || teamIds.includes(principal.userId)) return;
  throw new AppError('FORBIDDEN', `Forbidden: only the inspection's team, or a user with the role ${DISPATCHER_ROLES.join(' or ')}, may do this`);
}

/**
 * Locks an inspection for the rest of the transaction (two reviewers acting at once are served
 * one after the other, the second seeing the first's result) and reads it with its team.
 */
export async function lockInspection(tx: Prisma.TransactionClient, id: string) {
  await lockForUpdate(tx, 'Inspection', id);
  return found(tx.inspection.findUnique({ where: { id }, include: { teamMembers: { select: { technicianId: true } }, template: { select: { sections: true } } } }), 'Inspection');
}

/** Records a move in the inspection's history. */
export function recordMove(tx: Prisma.TransactionClient, entry: { inspectionId: string; userId: string; fromStatus: InspectionStatus | null; toStatus: InspectionStatus; note?: string }) {
  return tx.inspectionEvent.create({ data: { ...entry, tenantId: scopedTenantId(tx) } });
}
