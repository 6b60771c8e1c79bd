import type { Principal } from '../auth/api-keys.js';
import type { DealStatus } from '../generated/prisma/enums.js';
import { utcToday } from '../shared/dates.js';

export interface StageOutcome {
  isClosedWon: boolean;
  isClosedLost: boolean;
  probability: number;
}

/**
 * Who owns a new deal sent without `ownerId`: the signed-in user of a dashboard session (the
 * specification's default for session authentication) or the user an OAuth app or agent acts for
 * (it works for that person), and nobody for an API key. A key is an
 * integration (a web form, a sync), not a salesperson: crediting its deals to whoever minted the
 * key would fill that person's pipeline with deals they never worked.
 */
export const defaultOwner = (principal: { via: Principal['via']; userId: string }) => (principal.via === 'key' ? null : principal.userId);

/**
 * What a PATCH naming a stage does to a deal, whether or not the stage changes: the stage's
 * probability; a closed-won stage wins it and a closed-lost stage loses it, dated today (UTC) when
 * the status changes and keeping its date when it was already so; an open stage reopens it and
 * clears the close date. A lost deal that leaves `lost` (reopened, or won after all) loses its
 * `lostReason` too: the reason was the old outcome's. So a deal's status always agrees with its stage, however it got there:
 * a new deal enters its stage by the same rule, as if from `open` (created in a closed-won stage,
 * it is `won` today; the specification's table shows the usual case, a new deal in an open stage).
 */
export function enterStage(
  stage: StageOutcome,
  now: Date,
  current: { status: DealStatus; actualCloseDate: Date | null },
): { status: DealStatus; probability: number; actualCloseDate: Date | null; lostReason?: null } {
  const status: DealStatus = stage.isClosedWon ? 'won' : stage.isClosedLost ? 'lost' : 'open';
  const actualCloseDate = status === 'open' ? null : status === current.status ? current.actualCloseDate : utcToday(now);
  const leftLost = current.status === 'lost' && status !== 'lost';
  return { status, probability: stage.probability, actualCloseDate, ...(leftLost ? { lostReason: null } : {}) };
}
