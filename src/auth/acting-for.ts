import type { UserRole } from '../generated/prisma/enums.js';
import { AppError } from '../shared/errors.js';
import { administratorRoles } from './roles.js';

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
