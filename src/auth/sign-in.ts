import type { Prisma, PrismaClient } from '../generated/prisma/client.js';
import { enqueueMail, mailQueued } from '../mail/outbox.js';
import { startSession } from './sessions.js';
import { hashToken, newToken } from './tokens.js';

/** A sign-in link works for this long after it is sent, and once. */
export const SIGN_IN_LINK_MS = 15 * 60 * 1000;

/** Unused, unexpired links a user may have at once; asking for more sends nothing until one is used or expires. */
export const MAX_PENDING_LINKS = 3;

/**
 * Where a sign-in link may send its user once signed in, besides the dashboard: back to the step
 * of connecting an app (src/oauth/interaction-routes.tsx). Anything else is ignored, so that a
 * link cannot be made to lead off the site.
 */
export const returnPathOf = (value: string | null | undefined): string | null =>
  value && /^\/oauth\/interaction\/[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;

/** Where a sign-in link leads: a page that asks for one click before using it (mail scanners follow links). */
export const signInLinkUrl = (publicUrl: string, token: string, next?: string | null) =>
  `${publicUrl}/dashboard/sign-in/link?token=${encodeURIComponent(token)}${next ? `&next=${encodeURIComponent(next)}` : ''}`;

export interface LinkRecipient {
  tenantId: string;
  userId: string;
  email: string;
  name: string;
  tenantName: string;
}

/**
 * Queues a sign-in link to a user, in the caller's transaction: the link (only its hash stored)
 * and its email commit together. `invited` words it as an invitation.
 */
export async function queueSignInLink(
  tx: Prisma.TransactionClient,
  recipient: LinkRecipient,
  { now, publicUrl, invited = false, next = null }: { now: Date; publicUrl: string; invited?: boolean; next?: string | null },
): Promise<void> {
  const token = newToken();
  await tx.signInLink.create({
    data: { tenantId: recipient.tenantId, userId: recipient.userId, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + SIGN_IN_LINK_MS) },
    select: { id: true },
  });
  const link = signInLinkUrl(publicUrl, token, returnPathOf(next));
  const opening = invited
    ? `You have been invited to the ${recipient.tenantName} dashboard on Business Platform.`
    : `Here is the link you asked for to sign in to the ${recipient.tenantName} dashboard.`;
  await enqueueMail(tx, recipient.tenantId, {
    kind: invited ? 'dashboard.invitation' : 'dashboard.sign-in',
    to: recipient.email,
    subject: invited ? `You are invited to ${recipient.tenantName}` : `Sign in to ${recipient.tenantName}`,
    text: [
      `Hello ${recipient.name},`,
      '',
      opening,
      '',
      link,
      '',
      'The link works once, for 15 minutes. If you did not ask for it, ignore this email: nobody can sign in without it.',
    ].join('\n'),
  });
}

/** An address as sign-in and invitations compare it: trimmed, lower-case. */
export const normalizedEmail = (email: string) => email.trim().toLowerCase();

/**
 * Emails a sign-in link to every active user with this address, one per business they work
 * for. Nothing tells the caller whether any exists: the page answers the same either way, and it
 * answers before this work is done (src/dashboard/sign-in-pages.tsx), so timing tells nothing
 * either.
 */
export async function sendSignInLinks(prisma: PrismaClient, email: string, options: { now: Date; publicUrl: string; next?: string | null }): Promise<void> {
  const users = await prisma.user.findMany({
    where: { email: normalizedEmail(email), deactivatedAt: null },
    select: { id: true, tenantId: true, email: true, name: true, tenant: { select: { name: true } } },
    take: 20,
  });
  if (!users.length) return;
  await prisma.$transaction(async (tx) => {
    for (const user of users) {
      // Nobody's inbox is flooded through this page: a few unused links at a time are enough. The
      // user's row is locked first, so racing requests (on any processes) count one after another.
      await tx.$queryRaw`SELECT 1 FROM "User" WHERE id = ${user.id}::uuid FOR UPDATE`;
      const pending = await tx.signInLink.count({ where: { userId: user.id, usedAt: null, expiresAt: { gt: options.now } } });
      if (pending >= MAX_PENDING_LINKS) continue;
      await queueSignInLink(tx, { tenantId: user.tenantId, userId: user.id, email: user.email, name: user.name, tenantName: user.tenant.name }, options);
    }
  });
  mailQueued();
}

/**
 * Uses a sign-in link: once, before it expires, for a user still active. The claim is one
 * conditional UPDATE, so two clicks racing on any processes open at most one session. Returns the
 * new session's cookie secret, or null for a link that is unknown, used, expired or whose user is
 * deactivated.
 */
export async function redeemSignInLink(prisma: PrismaClient, token: string, now: Date): Promise<string | null> {
  const claimed = await prisma.signInLink.updateManyAndReturn({
    where: { tokenHash: hashToken(token), usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
    select: { tenantId: true, userId: true, user: { select: { deactivatedAt: true } } },
  });
  const link = claimed[0];
  if (!link || link.user.deactivatedAt) return null;
  return startSession(prisma, { tenantId: link.tenantId, userId: link.userId }, now);
}
