import { MAX_ANSWER_BYTES, MAX_QUERY_COST } from '../graphql/limits.js';
import { AppError } from '../shared/errors.js';

/** Bytes a character below U+0020 takes in JSON: `\n`-style escapes for five of them, `\u00XX` for the rest. */
const controlEscapeBytes = (code: number) => (code === 8 || code === 9 || code === 10 || code === 12 || code === 13 ? 2 : 6);
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/;

function stringBytes(text: string): number {
  let bytes = Buffer.byteLength(text) + 2;
  if (!NEEDS_ESCAPE.test(text)) return bytes;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 34 || code === 92) bytes += 1;
    else if (code < 32) bytes += controlEscapeBytes(code) - 1;
  }
  return bytes;
}

/** How `jsonBytesUpTo` counts a string and a number: exactly, or by a bound that needs no look at the characters. */
interface Measure {
  string(text: string): number;
  number(value: number): number;
}

const EXACT: Measure = { string: stringBytes, number: (value) => String(value).length };
/** A UTF-16 unit takes at most 6 bytes in JSON (`\u00XX`; a character beyond ASCII 3 at most); a number at most 24 characters (`-1.2345678901234567e-308`). */
const BOUND: Measure = { string: (text) => text.length * 6 + 2, number: () => 24 };

/**
 * The bytes `value` takes as JSON (or, with BOUND, at most), counted without building the text,
 * stopping as soon as the count passes `limit` (then some number over it is returned).
 */
export function jsonBytesUpTo(value: unknown, limit: number, measure = EXACT): number {
  let bytes = 0;
  const pending: unknown[] = [value];
  while (pending.length && bytes <= limit) {
    const item = pending.pop();
    if (typeof item === 'string') bytes += measure.string(item);
    else if (typeof item === 'number') bytes += measure.number(item);
    else if (typeof item === 'boolean') bytes += item ? 4 : 5;
    else if (item === null || item === undefined) bytes += 4;
    else if (Array.isArray(item)) {
      bytes += 2 + Math.max(item.length - 1, 0); // brackets and commas
      for (const element of item) pending.push(element);
    } else if (typeof item === 'object') {
      let members = 0;
      // for...in, not Object.entries: a page of records would allocate a pair per field.
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue;
        bytes += measure.string(key) + 1; // the key and its colon
        members += 1;
        pending.push((item as Record<string, unknown>)[key]);
      }
      bytes += 2 + Math.max(members - 1, 0); // braces and commas
    }
  }
  return bytes;
}

/**
 * Whether `value` as JSON fits in `limit` bytes. A page's bound (no character looked at) is most
 * often far below the limit; only an answer near it is counted exactly.
 */
export const jsonFitsIn = (value: unknown, limit: number) => jsonBytesUpTo(value, limit, BOUND) <= limit || jsonBytesUpTo(value, limit) <= limit;

export const answerTooLarge = () =>
  new AppError(
    'RESPONSE_TOO_LARGE',
    `The answer would exceed ${MAX_ANSWER_BYTES} bytes. Ask for fewer items (a smaller limit, first or last) or fewer long-text fields.`,
    undefined,
    { maxBytes: MAX_ANSWER_BYTES },
  );

/**
 * Cost units of operations a process runs at once (one operation at the cost limit, or several
 * smaller ones): what bounds the memory a burst of costly requests can take together.
 */
export const MAX_COST_IN_FLIGHT = MAX_QUERY_COST;
/** Longest an operation waits for its turn before it is answered 503 (with `Retry-After`). */
export const MAX_COST_WAIT_MS = 5_000;

const busy = () =>
  new AppError('SERVICE_UNAVAILABLE', 'The server is busy with costly operations; retry after the Retry-After interval, or ask for fewer items', undefined, {
    http: { status: 503 },
  });

/**
 * Admits operations by their estimated cost: at most `capacity` units run at once in this
 * process, first come first served; one operation alone always runs. Resolves to the function
 * that gives its units back, or to the refusal when it waited `maxWaitMs` in vain.
 */
export function costAdmission(capacity = MAX_COST_IN_FLIGHT, maxWaitMs = MAX_COST_WAIT_MS) {
  let inFlight = 0;
  const waiting: { cost: number; admit: () => void }[] = [];
  const fits = (cost: number) => inFlight === 0 || inFlight + cost <= capacity;
  const admitWaiting = () => {
    while (waiting.length && fits(waiting[0]!.cost)) waiting.shift()!.admit();
  };
  const releaser = (cost: number) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inFlight -= cost;
      admitWaiting();
    };
  };
  return (cost: number): Promise<(() => void) | AppError> => {
    if (!waiting.length && fits(cost)) {
      inFlight += cost;
      return Promise.resolve(releaser(cost));
    }
    return new Promise((resolve) => {
      const entry = {
        cost,
        admit: () => {
          clearTimeout(timer);
          inFlight += cost;
          resolve(releaser(cost));
        },
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(entry), 1);
        resolve(busy());
        admitWaiting(); // those it held back may fit
      }, maxWaitMs);
      waiting.push(entry);
    });
  };
}
