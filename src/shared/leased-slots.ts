import { randomUUID } from 'node:crypto';
import { errorReason } from './error-reason.js';
import { logger } from './logger.js';

export interface LeasedSlots {
  /** Looks for due work now for the free slots, instead of at the next tick. */
  kick(): void;
  /** Stops claiming, waits for the items in hand, and records what they left to record. */
  stop(): Promise<void>;
}

/**
 * The loop of an outbox worker whose items may take long (webhook POSTs): up to `slots` items in
 * hand at once, each on its own. A claim asks for as many items as there are free slots, under a
 * fresh lease token (`claim`, with FOR UPDATE SKIP LOCKED), and starts `handle` on each; an item
 * that finishes frees its slot and claims again at once, so one slow item holds one slot, not a
 * round. One claim runs at a time: a kick or a finished item during a claim runs another right
 * after it. A poll every `pollMs` finds what other processes queued.
 *
 * `handle` records its item's outcome itself, or answers an outcome for the next claim to record
 * in the same statement (`finished`): one round trip records every item that finished while the
 * previous claim ran and fills their slots. A claim that fails keeps its `finished` for the next
 * one; `stop()` records what is left with a last claim of nothing. An error `handle` throws (the
 * database) is logged, and its item waits for its lease to end.
 */
export function leasedSlots<T, R>(
  what: string,
  { slots, pollMs }: { slots: number; pollMs: number },
  claim: (token: string, free: number, finished: R[]) => Promise<T[]>,
  handle: (item: T, token: string) => Promise<R | undefined>,
): LeasedSlots {
  const inHand = new Set<Promise<void>>();
  let finished: R[] = [];
  let claiming: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  function start(item: T, token: string) {
    const done: Promise<void> = handle(item, token)
      .then(
        (outcome) => {
          if (outcome !== undefined) finished.push(outcome);
        },
        (error: unknown) => logger.warn({ reason: errorReason(error) }, `${what}: an outcome could not be recorded; the item is retried after its lease`),
      )
      .finally(() => {
        inHand.delete(done);
        fill();
      });
    inHand.add(done);
  }

  function fill() {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    const free = slots - inHand.size;
    if (free <= 0 && finished.length === 0) return; // the next item to finish fills its slot
    again = false;
    const token = randomUUID();
    const recording = finished;
    finished = [];
    claiming = claim(token, Math.max(free, 0), recording)
      .then((items) => {
        for (const item of items) start(item, token);
        // As many as asked for: more may be due, for the slots still free.
        if (free > 0 && items.length === free) again = true;
      })
      .catch((error: unknown) => {
        finished = recording.concat(finished);
        // Unavailable: the poll tries again, rather than a tight loop of failing claims.
        again = false;
        logger.warn({ reason: errorReason(error) }, `${what} unavailable; will retry`);
      })
      .finally(() => {
        claiming = null;
        if (again) fill();
      });
  }

  const timer = setInterval(fill, pollMs);
  timer.unref();
  fill();

  return {
    kick: fill,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await claiming;
      while (inHand.size) await Promise.all(inHand);
      if (finished.length === 0) return;
      await claim(randomUUID(), 0, finished.splice(0)).catch((error: unknown) =>
        logger.warn({ reason: errorReason(error) }, `${what}: outcomes not recorded at shutdown; their items are retried after their leases`),
      );
    },
  };
}
