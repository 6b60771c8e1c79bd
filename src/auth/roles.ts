import type { UserRole } from '../generated/prisma/enums.js';
import type { Scope } from './scopes.js';
import { allScopes, isScope } from './scopes.js';

/**
 * What each role may do, as scopes: a dashboard session acts with its user's role exactly as a
 * secret key with these scopes would, and nobody can create a key with a scope they do not hold.
 * `settings.manage` (keys, custom fields) belongs to the administrator and the managers; managing
 * users and modules further needs the `system_admin` role.
 */
export const roleScopes: Record<UserRole, readonly Scope[]> = {
  system_admin: allScopes,
  manager: allScopes,
  field_coordinator: [
    'companies.read', 'companies.write', 'contacts.read', 'contacts.write',
    'bookings.read', 'bookings.manage', 'bookings.resources.manage',
    'inspections.read', 'inspections.write',
  ],
  technician: ['companies.read', 'contacts.read', 'bookings.read', 'inspections.read', 'inspections.write'],
  sales: [
    'leads.lead.read', 'leads.lead.write', 'pipeline', 'companies.read', 'companies.write', 'contacts.read', 'contacts.write',
    'bookings.read', 'bookings.manage', 'invoices.read',
  ],
};

/**
 * What a key acts with: its pair's scopes within what its user's role allows now. A role change
 * takes effect on the user's keys at once (the key cache forgets the tenant's keys on it), and a
 * promotion back gives the pair's scopes back: they are held back, never rewritten.
 */
export const scopesWithinRole = (scopes: readonly string[], role: UserRole): Set<Scope> =>
  new Set(scopes.filter((scope) => isScope(scope) && roleScopes[role].includes(scope)) as Scope[]);

/** The role that administers a tenant's users and modules; a tenant always keeps one active user with it. */
export const administratorRoles: readonly UserRole[] = ['system_admin'];

/** Roles that may open Settings → API Keys (they hold `settings.manage`). */
export const keyManagerRoles = (Object.keys(roleScopes) as UserRole[]).filter((role) => roleScopes[role].includes('settings.manage'));
