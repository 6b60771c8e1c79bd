import { parseCookie } from 'cookie';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { TenantModule, UserRole } from '../generated/prisma/enums.js';
import type { Authentication } from './api-keys.js';
import { USAGE_RECORD_INTERVAL_MS } from './api-keys.js';
import { roleScopes } from './roles.js';
import { hashToken, newToken, sameSecret } from './tokens.js';

/** The dashboard's session cookie. */
export const SESSION_COOKIE = 'bp_session';
/** The header a request authenticated by the session cookie must carry (its value: `csrfTokenOf`). */
export const CSRF_HEADER = 'X-CSRF-Token';
/** A session ends after this long without a request. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;

/**
 * The anti-CSRF token of a session: derived from the cookie's secret, which a page of another site
 * can neither read (HttpOnly) nor guess, so nothing more needs storing. Pages embed it in their
 * forms; scripts send it as `X-CSRF-Token`.
 */
export const csrfTokenOf = (sessionToken: string) => hashToken(`csrf:${sessionToken}`);

/** Opens a session for a user; returns the cookie's secret (only its hash is stored). */
export async function startSession(prisma: PrismaClient, user: { tenantId: string; userId: string }, now: Date): Promise<string> {
  const token = newToken();
  await prisma.dashboardSession.create({
    data: { ...user, tokenHash: hashToken(token), lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_IDLE_MS) },
    select: { id: true },
  });
  return token;
}

/** Ends the session whose cookie this is (sign-out); unknown cookies are ignored. */
export async function endSession(prisma: PrismaClient, token: string): Promise<void> {
  await prisma.dashboardSession.deleteMany({ where: { tokenHash: hashToken(token) } });
}

interface SessionRow {
  id: string;
  tenantId: string;
  userId: string;
  role: UserRole;
  deactivatedAt: Date | null;
  modules: TenantModule[];
  lastSeenAt: Date;
  expiresAt: Date;
}

/**
 * Resolves a request's session cookie: it acts as its user's role (src/auth/roles.ts) while the
 * user is active and the session has seen a request in the last 12 hours. A request it
 * authenticates must prove it comes from the dashboard's own pages with the CSRF token. Its
 * idle deadline moves forward at most once a minute, not with a write per request.
 */
export async function authenticateSession(prisma: PrismaClient, token: string, csrfToken: string | null, now: Date): Promise<Authentication> {
  // Checked first: it needs no database, and a page load (which sends the cookie without it) is common.
  if (!csrfToken || !sameSecret(csrfToken, csrfTokenOf(token))) return { failure: 'csrf' };
  return sessionOf(prisma, token, now);
}

/**
 * The session a cookie names, without the CSRF proof: for a dashboard page view, which changes
 * nothing by itself (its forms carry the token, and its data comes through the API, which checks
 * it), so that the page spends its user's budget. Never the authentication of an API request.
 */
export async function sessionOf(prisma: PrismaClient, token: string, now: Date): Promise<Authentication> {
  const rows = await prisma.$queryRaw<SessionRow[]>`
    SELECT s.id, s."tenantId", s."userId", s."lastSeenAt", s."expiresAt", u.role::text AS role, u."deactivatedAt", t.modules::text[] AS modules
      FROM "DashboardSession" s
      JOIN "User" u ON u.id = s."userId"
      JOIN "Tenant" t ON t.id = s."tenantId"
     WHERE s."tokenHash" = ${hashToken(token)}`;
  const session = rows[0];
  if (!session || session.expiresAt <= now) return { failure: 'session-ended' };
  if (session.deactivatedAt) return { failure: 'deactivated' };
  if (now.getTime() - session.lastSeenAt.getTime() >= USAGE_RECORD_INTERVAL_MS) {
    await prisma.dashboardSession.update({
      where: { id: session.id },
      data: { lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_IDLE_MS) },
      select: { id: true },
    });
  }
  return {
    principal: {
      credentialId: session.id,
      via: 'session',
      kind: 'secret',
      tenantId: session.tenantId,
      userId: session.userId,
      role: session.role,
      scopes: new Set(roleScopes[session.role]),
      modules: new Set(session.modules),
      rateLimit: null,
    },
  };
}

/** Deletes ended sessions, and sign-in links and dashboard forms past their expiry (they are refused anyway); returns how many. */
export async function sweepSignIns(prisma: PrismaClient, now: Date): Promise<number> {
  const [sessions, links, forms] = await prisma.$transaction([
    prisma.dashboardSession.deleteMany({ where: { expiresAt: { lt: now } } }),
    prisma.signInLink.deleteMany({ where: { expiresAt: { lt: now } } }),
    prisma.dashboardFormOutcome.deleteMany({ where: { expiresAt: { lt: now } } }),
  ]);
  return sessions.count + links.count + forms.count;
}

/** The session cookie's secret sent with a request, if any. */
export const sessionCookieOf = (headers: Headers): string | null => parseCookie(headers.get('cookie') ?? '')[SESSION_COOKIE] ?? null;
