import { z } from 'zod';
import { normalizedEmail, queueSignInLink } from '../auth/sign-in.js';
import { administratorRoles } from '../auth/roles.js';
import { lockTenant } from '../db/tenant-scope.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { UserRole } from '../generated/prisma/enums.js';
import { UserRole as UserRoles } from '../generated/prisma/enums.js';
import type { Context } from '../graphql/context.js';
import { principalOf } from '../graphql/context.js';
import { mailQueued } from '../mail/outbox.js';
import { AppError } from '../shared/errors.js';
import { found } from '../shared/references.js';
import { parseOrThrow, requiredText } from '../shared/validation.js';
import { tenantName } from '../tenants/tenant.service.js';

const Invitation = z.object({
  name: requiredText(200).transform((name) => name.trim()),
  email: z.email('must be an email address').max(320).transform(normalizedEmail),
  role: z.enum(UserRoles),
});

/** Adds a user to the caller's tenant and emails them a sign-in link, in one transaction. */
export async function inviteUser(ctx: Context, input: { name: string; email: string; role: UserRole }) {
  const invitation = parseOrThrow(Invitation, input);
  const tenantId = principalOf(ctx).tenantId;
  const taken = await ctx.db.user.findFirst({ where: { email: invitation.email }, select: { id: true } });
  if (taken) throw new AppError('CONFLICT', `a user with the email ${invitation.email} already exists in this business`, [{ field: 'email', message: 'is already used by a user of this business', code: 'TAKEN' }]);
  const user = await ctx.db.$transaction(async (tx) => {
    const created = await tx.user.create({ data: { ...invitation, tenantId } });
    const recipient = { tenantId, userId: created.id, email: created.email, name: created.name, tenantName: await tenantName(tx) };
    await queueSignInLink(tx, recipient, { now: ctx.now(), publicUrl: ctx.publicUrl, invited: true });
    return created;
  });
  mailQueued();
  return user;
}

/**
 * Changes another user of the tenant, in one transaction that holds the tenant's user lock: the
 * caller is read again under it and must still be an active administrator. Nobody changes their
 * own role or deactivates themselves, so the caller, an administrator, remains one: of two
 * administrators removing each other at once, the second finds itself removed and is refused.
 */
async function changeOtherUser<T>(ctx: Context, id: string, change: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  const callerId = principalOf(ctx).userId;
  if (id === callerId) throw new AppError('CONFLICT', 'you cannot change your own role or deactivate yourself; ask another administrator');
  return ctx.db.$transaction(async (tx) => {
    await lockTenant(tx);
    const caller = await tx.user.findUnique({ where: { id: callerId }, select: { role: true, deactivatedAt: true } });
    if (!caller || caller.deactivatedAt || !administratorRoles.includes(caller.role)) {
      throw new AppError('FORBIDDEN', 'Forbidden: you are no longer an active administrator of this business');
    }
    await found(tx.user.findUnique({ where: { id }, select: { id: true } }), 'User');
    return change(tx);
  });
}

export function changeUserRole(ctx: Context, id: string, role: UserRole) {
  return changeOtherUser(ctx, id, (tx) => tx.user.update({ where: { id }, data: { role } }));
}

/**
 * Deactivates a user at once: their sessions end, their keys stop working (authentication checks
 * the user on every request) and no sign-in link is sent to them or works for them.
 */
export function deactivateUser(ctx: Context, id: string) {
  return changeOtherUser(ctx, id, async (tx) => {
    const user = await tx.user.update({ where: { id }, data: { deactivatedAt: ctx.now() } });
    await tx.dashboardSession.deleteMany({ where: { userId: id } });
    return user;
  });
}

/** Lets a deactivated user sign in again; their keys work again unless revoked or expired meanwhile. */
export function reactivateUser(ctx: Context, id: string) {
  return changeOtherUser(ctx, id, (tx) => tx.user.update({ where: { id }, data: { deactivatedAt: null } }));
}
