import type { TenantModule, UserRole } from '../generated/prisma/enums.js';
import { AppError } from '../shared/errors.js';
import type { Principal } from './api-keys.js';
import { administratorRoles, scopesWithinRole } from './roles.js';

/** Who asks to act on a record: the user a request acts as (a key's or a session's). */
export interface Actor {
  userId: string;
  role: UserRole;
}

/**
 * Why `caller` may not `action` a record that acts for the user `ownerId` (a key pair, the trusted
 * documents registered for it, a webhook endpoint), or null when it may. Such a record works with
 * its owner's access, so changing, re-pointing, retrying, testing, rotating, revoking or deleting
 * it is for its owner and the tenant's administrators only: a colleague holding the route's scope
 * would otherwise act with the owner's access (read what the owner reads, at a URL of their
 * choice). The caller is absent for the command line, which the server's operator runs.
 */
export function actingForRefusal(caller: Actor | null, ownerId: string, record: string, action: string): AppError | null {
  if (!caller || caller.userId === ownerId || administratorRoles.includes(caller.role)) return null;
  return new AppError('FORBIDDEN', `Forbidden: only the ${record}'s own user or an administrator may ${action} it`);
}

/** A stored record that acts for a user after the request that made it (a webhook endpoint, an import), as it stands now. */
export interface ActingRecordOwner {
  tenantId: string;
  ownerId: string;
  ownerRole: UserRole;
  ownerDeactivatedAt: Date | null;
  /** The scopes of the key or session that made the user its owner. */
  scopes: readonly string[];
  modules: readonly TenantModule[];
}

/**
 * The principal such a record acts as: its scopes within its owner's role now, as a key of the
 * owner's with those scopes would act, or null once the owner is deactivated. Checked each time
 * the record acts (a delivery, a batch of rows), so a demotion or a deactivation reaches it as it
 * reaches keys and subscriptions.
 */
export function actingOwner(owner: ActingRecordOwner): Principal | null {
  if (owner.ownerDeactivatedAt) return null;
  return {
    credentialId: owner.ownerId,
    via: 'key',
    kind: 'secret',
    tenantId: owner.tenantId,
    userId: owner.ownerId,
    role: owner.ownerRole,
    scopes: scopesWithinRole(owner.scopes, owner.ownerRole),
    modules: new Set(owner.modules),
    rateLimit: null,
  };
}
