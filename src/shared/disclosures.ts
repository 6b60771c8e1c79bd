import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The credentials an answer being built shows in clear (new API keys, a webhook endpoint's signing
 * secret: shown once). Such an answer must never be stored anywhere: the idempotency layer
 * (src/http/idempotency.ts) asks, after the request ran, whether its answer disclosed any, and
 * tells a repeat what was shown and what to do if it was lost.
 */
export interface Disclosure {
  /** What was shown, by name, never the secret: "the keys of key pair <id>". */
  what: string;
  /** What to do if it was lost, as the end of a sentence: "if they were lost, revoke the pair and create another". */
  ifLost: string;
}

const disclosures = new AsyncLocalStorage<Disclosure[]>();

/** Runs `work`, collecting what credentials its answer discloses. */
export async function collectingDisclosures<T>(work: () => Promise<T>): Promise<{ result: T; disclosed: Disclosure[] }> {
  const disclosed: Disclosure[] = [];
  const result = await disclosures.run(disclosed, work);
  return { result, disclosed };
}

/** Puts `secret` into an answer, noting that the answer discloses it (once per `what`). */
export function disclose(secret: string, disclosure: Disclosure): string {
  const disclosed = disclosures.getStore();
  if (disclosed && !disclosed.some((d) => d.what === disclosure.what)) disclosed.push(disclosure);
  return secret;
}
