import { randomUUID } from 'node:crypto';
import { errorReason } from './error-reason.js';
import { logger } from './logger.js';

export interface LeasedSlots {
  /** Looks for due work now for the free slots, instead of at the next tick. */
  kick(): void;
  /** Stops claiming and waits for the claim and every item in hand to finish. */
  stop(): Promise<void>;
}

/**
 * The loop of an outbox worker whose items may take long (webhook POSTs): up to `slots` items in
 * hand at once, each on its own. A claim asks for as many items as there are free slots, under a
 * fresh lease token (`claim`, with FOR UPDATE SKIP LOCKED), and starts `handle` on each; an item
 * that finishes frees its slot and claims again at once, so one slow item holds one slot, not a
 * round. One claim runs at a time: a kick or a finished item during a claim runs another right
 * after it. A poll every `pollMs` finds what other processes queued. `handle` should record its
 * item's outcome; an error it throws (the database) is logged, and the item waits for its lease.
 */
export function leasedSlots<T>(
  what: string,
  { slots, pollMs }: { slots: number; pollMs: number },
  claim: (token: string, free: number) => Promise<T[]>,
  handle: (item: T, token: string) => Promise<unknown>,
): LeasedSlots {
  const inHand = new Set<Promise<void>>();
  let claiming: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  function start(item: T, token: string) {
    const done: Promise<void> = handle(item, token)
      .then(
        () => {},
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
    if (free <= 0) return; // the next item to finish fills its slot
    again = false;
    const token = randomUUID();
    claiming = claim(token, free)
      .then((items) => {
        for (const item of items) start(item, token);
        // As many as asked for: more may be due, for the slots still free.
        if (items.length === free) again = true;
      })
      .catch((error: unknown) => {
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
    },
  };
}

/**
 * Gathers the items handed to it while a call of `record` runs and records them together in the
 * next call: one statement for many outcomes when many finish at once, none of them waiting for
 * more than the call in progress. Each `add` resolves (or rejects) with the call that recorded it.
 */
export function coalesced<T>(record: (items: T[]) => Promise<unknown>): (item: T) => Promise<void> {
  let waiting: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let running = false;

  async function run() {
    running = true;
    while (waiting.length) {
      const batch = waiting;
      waiting = [];
      try {
        await record(batch.map((entry) => entry.item));
        for (const entry of batch) entry.resolve();
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    running = false;
  }

  return (item) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!running) void run();
    });
}
