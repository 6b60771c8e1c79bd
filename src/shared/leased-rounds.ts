import { randomUUID } from 'node:crypto';
import { errorReason } from './error-reason.js';
import { logger } from './logger.js';

export interface LeasedRounds {
  /** Looks for due work now instead of at the next tick. */
  kick(): void;
  /** Stops polling and lets a running round finish. */
  stop(): Promise<void>;
}

/**
 * The loop of an outbox worker (mail, webhooks): a round claims a batch under a fresh lease token
 * (`claim`, with FOR UPDATE SKIP LOCKED), handles it (`handle`, which may record the batch's
 * outcomes together), and claims again until nothing is due. One round runs at a time; a kick
 * during a round runs another right after it; a poll every `pollMs` finds what other processes
 * queued. Only database errors escape `handle`, and only once every item is settled
 * (`settleEach`), so stop() never leaves one running.
 */
export function leasedRounds<T>(what: string, pollMs: number, claim: (token: string) => Promise<T[]>, handle: (batch: T[], token: string) => Promise<unknown>): LeasedRounds {
  let round: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function drain() {
    while (!stopped) {
      const token = randomUUID();
      const claimed = await claim(token);
      if (claimed.length === 0) return;
      await handle(claimed, token);
    }
  }

  function kick() {
    if (stopped) return;
    if (round) {
      again = true;
      return;
    }
    round = drain()
      .catch((error: unknown) => logger.warn({ reason: errorReason(error) }, `${what} unavailable; will retry`))
      .finally(() => {
        round = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  const timer = setInterval(kick, pollMs);
  timer.unref();
  kick();

  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await round;
    },
  };
}

/** Runs `work` on every item at once and waits for all of them; then throws the first failure, if any. */
export async function settleEach<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const outcomes = await Promise.allSettled(items.map(work));
  const rejected = outcomes.find((outcome) => outcome.status === 'rejected');
  if (rejected) throw rejected.reason;
  return outcomes.map((outcome) => (outcome as PromiseFulfilledResult<R>).value);
}
