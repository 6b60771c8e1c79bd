/** An ALTCHA challenge (its proof of work, version 1) as `GET /api/leads/form` answers it. */
export interface Challenge {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber?: number;
}

const BATCH = 500;
const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Solves the challenge in the background: finds the number n (0..maxnumber) whose
 * SHA-256(salt + n) is the challenge, hashing a batch at a time with `crypto.subtle` so the page
 * stays responsive. Answers the payload ALTCHA's own widget sends: base64 of its JSON.
 */
export async function solveChallenge({ algorithm, challenge, salt, signature, maxnumber = 1_000_000 }: Challenge): Promise<string> {
  const encoder = new TextEncoder();
  for (let first = 0; first <= maxnumber; first += BATCH) {
    const numbers = Array.from({ length: Math.min(BATCH, maxnumber - first + 1) }, (_, i) => first + i);
    const digests = await Promise.all(numbers.map((n) => crypto.subtle.digest('SHA-256', encoder.encode(salt + n))));
    const found = digests.findIndex((digest) => hex(digest) === challenge);
    if (found >= 0) return btoa(JSON.stringify({ algorithm, challenge, number: numbers[found], salt, signature }));
  }
  throw new Error('The challenge has no solution');
}
