import { z } from 'zod';
import { normalizedEmail, queueSignInLink } from '../auth/sign-in.js';
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
  if (taken) throw new AppError('CONFLICT', `a user with the email ${invitation.email} already exists in this business`);
  const user = await ctx.db.$transaction(async (tx) => {
    const created = await tx.user.create({ data: { ...invitation, tenantId } });
    const recipient = { tenantId, userId: created.id, email: created.email, name: created.name, tenantName: await tenantName(tx) };
    await queueSignInLink(tx, recipient, { now: ctx.now(), publicUrl: ctx.publicUrl, invited: true });
    return created;
  });
  mailQueued();
  return user;
}

/** Another user of the tenant: nobody changes their own role or deactivates themselves, so an administrator always remains. */
async function otherUser(ctx: Context, id: string) {
  if (id === principalOf(ctx).userId) throw new AppError('CONFLICT', 'you cannot change your own role or deactivate yourself; ask another administrator');
  return found(ctx.db.user.findUnique({ where: { id } }), 'User');
}

export async function changeUserRole(ctx: Context, id: string, role: UserRole) {
  await otherUser(ctx, id);
  return ctx.db.user.update({ where: { id }, data: { role } });
}

/**
 * Deactivates a user at once: their sessions end, their keys stop working (authentication checks
 * the user on every request) and no sign-in link is sent to them or works for them.
 */
export async function deactivateUser(ctx: Context, id: string) {
  await otherUser(ctx, id);
  const [user] = await ctx.db.$transaction([
    ctx.db.user.update({ where: { id }, data: { deactivatedAt: ctx.now() } }),
    ctx.db.dashboardSession.deleteMany({ where: { userId: id } }),
  ]);
  return user;
}

/** Lets a deactivated user sign in again; their keys work again unless revoked or expired meanwhile. */
export async function reactivateUser(ctx: Context, id: string) {
  await otherUser(ctx, id);
  return ctx.db.user.update({ where: { id }, data: { deactivatedAt: null } });
}
