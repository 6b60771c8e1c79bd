import type { Principal } from '../auth/api-keys.js';
import type { UserRole } from '../generated/prisma/enums.js';

// Who may do what in the inspections module. The scope maps are scope-auth rules on the fields;
// the team rule needs the inspection itself, so it is checked where the row is locked.

/** Reads: the module, and a secret key with `inspections.read`. */
export const inspectionsRead = { $all: { module: 'inspections', scope: 'inspections.read' } } as const;

/** Writes: the module, and a secret key with `inspections.write`. */
export const inspectionsWrite = { $all: { module: 'inspections', scope: 'inspections.write' } } as const;

/** Roles that review: start a review, approve, reject, deliver, and move a finding's quote. */
export const REVIEWER_ROLES = ['manager', 'field_coordinator', 'system_admin'] as const satisfies readonly UserRole[];

/** Roles that assign technicians, and edit or submit any inspection, not only their team's. */
export const DISPATCHER_ROLES = ['field_coordinator', 'system_admin'] as const satisfies readonly UserRole[];

/** Review moves: a write key whose user has a reviewer role. */
export const inspectionsReview = { $all: { ...inspectionsWrite.$all, role: REVIEWER_ROLES } } as const;

/** Whether the key's user has one of `roles`. */
export const hasRole = (principal: Principal, roles: readonly UserRole[]) => roles.includes(principal.role);
