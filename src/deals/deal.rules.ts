import type { DealStatus } from '../generated/prisma/enums.js';
import { utcToday } from '../shared/dates.js';

export interface StageOutcome {
  isClosedWon: boolean;
  isClosedLost: boolean;
  probability: number;
}

/** A new deal starts `open` whatever its stage (the specification's state table), with the stage's probability. */
export const startInStage = (stage: StageOutcome) => ({ status: 'open' as const, probability: stage.probability, actualCloseDate: null });

/**
 * What a PATCH naming a stage does to a deal, whether or not the stage changes: the stage's
 * probability; a closed-won stage wins it and a closed-lost stage loses it, dated today (UTC) when
 * the status changes and keeping its date when it was already so; an open stage reopens it and
 * clears the close date. So a deal's status always agrees with its stage, however it got there.
 */
export function enterStage(
  stage: StageOutcome,
  now: Date,
  current: { status: DealStatus; actualCloseDate: Date | null },
): { status: DealStatus; probability: number; actualCloseDate: Date | null } {
  const status: DealStatus = stage.isClosedWon ? 'won' : stage.isClosedLost ? 'lost' : 'open';
  const actualCloseDate = status === 'open' ? null : status === current.status ? current.actualCloseDate : utcToday(now);
  return { status, probability: stage.probability, actualCloseDate };
}
