import type { DealStatus } from '../generated/prisma/enums.js';

export interface StageOutcome {
  isClosedWon: boolean;
  isClosedLost: boolean;
  probability: number;
}

/** Today's date in UTC, as stored in a DATE column. */
export const utcToday = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * What entering a stage does to a deal: the stage's probability; a closed-won stage wins it and a
 * closed-lost stage loses it (both dated today, UTC); an open stage reopens it and clears the
 * close date. So a deal's status always agrees with its stage, however it got there.
 */
export function enterStage(stage: StageOutcome, now: Date): { status: DealStatus; probability: number; actualCloseDate: Date | null } {
  const status: DealStatus = stage.isClosedWon ? 'won' : stage.isClosedLost ? 'lost' : 'open';
  return { status, probability: stage.probability, actualCloseDate: status === 'open' ? null : utcToday(now) };
}
