import type { UserRole } from '../generated/prisma/enums.js';
import { AppError, invalidState } from '../shared/errors.js';
import { actingForRefusal } from './acting-for.js';
import type { Scope } from './scopes.js';

export type PairStatus = 'active' | 'expiring' | 'expired' | 'revoked';

export function statusOf(pair: { expiresAt: Date | null; keys: { revokedAt: Date | null }[] }, now: Date): PairStatus {
  if (pair.keys.every((key) => key.revokedAt && key.revokedAt <= now)) return 'revoked';
  if (pair.expiresAt) return pair.expiresAt <= now ? 'expired' : 'expiring';
  return 'active';
}

/** Who asks to act on a pair: the user a request acts as, and what it may do (src/auth/api-keys.ts `Principal`). */
export interface PairCaller {
  userId: string;
  role: UserRole;
  scopes: ReadonlySet<Scope>;
}

export interface PairFacts {
  userId: string;
  scopes: string[];
  expiresAt: Date | null;
  keys: { revokedAt: Date | null }[];
}

export type PairAction = 'rotate' | 'revoke' | 'update';

const inState: Record<Exclude<PairStatus, 'active'>, string> = {
  expiring: 'this key pair was already rotated (its keys stop working at its `expiresAt`); rotate the pair that replaced it',
  expired: 'this key pair has expired; create a new one',
  revoked: 'this key pair is revoked; create a new one',
};

/**
 * Why `caller` may not do `action` to `pair` now, or null when it may. The rules, and why:
 * - Rotating issues new keys acting as the pair's user, so only that user rotates a pair, and only
 *   with a key or session holding every scope the pair carries: nobody obtains keys acting as
 *   someone else or carrying scopes they do not hold (an administrator included: to take over a
 *   colleague's integration she creates a pair of her own and revokes theirs). A pair is rotated
 *   once: an expiring, expired or revoked pair is a 409.
 * - Revoking issues nothing but stops an integration: a pair's own user may, and an administrator
 *   may revoke any pair of the tenant (she can already deactivate its user); a manager cannot cut
 *   off an administrator's or a colleague's integration. Revoking a revoked pair changes nothing.
 * - Updating (which documents its keys may run) issues nothing either, but can stop or open up an
 *   integration: the same callers as revoking.
 * The caller is absent for the command line, which the server's operator runs.
 */
export function refusalOf(action: PairAction, pair: PairFacts, caller: PairCaller | null, now: Date): AppError | null {
  const own = !caller || caller.userId === pair.userId;
  if (action !== 'rotate') {
    const refusal = actingForRefusal(caller, pair.userId, 'pair', action);
    if (refusal) return refusal;
    const status = statusOf(pair, now);
    return action === 'update' && (status === 'revoked' || status === 'expired') ? invalidState(inState[status]) : null;
  }
  if (!own) {
    return new AppError('FORBIDDEN', "Forbidden: only the pair's own user may rotate it, since the new keys act as that user; create a pair of your own instead");
  }
  const missing = caller ? pair.scopes.filter((scope) => !caller.scopes.has(scope as Scope)) : [];
  if (missing.length) {
    return new AppError('FORBIDDEN', `Forbidden: this pair carries scopes your key or role does not hold (${missing.join(', ')}); rotate it with one that holds them, or create a new pair`);
  }
  const status = statusOf(pair, now);
  return status === 'active' ? null : invalidState(inState[status]);
}

/** What `caller` may do with `pair` now, for clients to offer only those (the dashboard's buttons). */
export function allowedActions(pair: PairFacts, caller: PairCaller, now: Date): PairAction[] {
  const status = statusOf(pair, now);
  const usable = status === 'active' || status === 'expiring';
  return (['rotate', 'revoke', 'update'] as const).filter((action) => (action === 'rotate' || usable) && !refusalOf(action, pair, caller, now));
}
