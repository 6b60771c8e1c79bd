import { Client, fetchExchange } from '@urql/core';

/**
 * One urql client per API key. A browser app would not ship a secret key: it would use a
 * publishable key (limited to its trusted documents) or call through its own backend.
 */
export const clientFor = (url: string, key: string, fetch?: typeof globalThis.fetch) =>
  new Client({ url, exchanges: [fetchExchange], fetch, fetchOptions: { headers: { authorization: `Bearer ${key}` } } });
