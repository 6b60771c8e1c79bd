import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The credentials an answer being built shows in clear (new API keys, shown once). Such an answer
 * must never be stored anywhere: the idempotency layer (src/http/idempotency.ts) asks, after the
 * request ran, whether its answer disclosed any.
 */
const disclosures = new AsyncLocalStorage<string[]>();

/** Runs `work`, collecting what credentials its answer discloses (by name, never the secret). */
export async function collectingDisclosures<T>(work: () => Promise<T>): Promise<{ result: T; disclosed: string[] }> {
  const disclosed: string[] = [];
  const result = await disclosures.run(disclosed, work);
  return { result, disclosed };
}

/** Puts `secret` into an answer, noting that the answer discloses `what` (such as "key pair <id>"). */
export function disclose(secret: string, what: string): string {
  const disclosed = disclosures.getStore();
  if (disclosed && !disclosed.includes(what)) disclosed.push(what);
  return secret;
}
