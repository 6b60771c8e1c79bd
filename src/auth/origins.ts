import type { FieldProblem } from '../shared/errors.js';
import { badInput } from '../shared/errors.js';
import type { Principal } from './api-keys.js';

/** Most origins one pair may list: a business's site, its staging copy, a few landing pages. */
export const MAX_ALLOWED_ORIGINS = 20;

/** Hosts a page may be served from over plain http: the developer's own machine. */
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * What is wrong with `entry` as a browser's `Origin`, or its normal form (`https://shop.example`,
 * `http://127.0.0.1:5555`): scheme, host and port only, lower case, the scheme's default port
 * dropped, as a browser sends it. Plain http only for loopback hosts: elsewhere a page on http can
 * be rewritten by anyone on the network path, and would send visitors' details in clear.
 */
function normalOrigin(entry: string): { origin: string } | { problem: string } {
  const text = entry.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: 'is not a URL; write scheme://host[:port], such as https://shop.example' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { problem: 'must start with https:// (or http:// for localhost)' };
  if (url.protocol === 'http:' && !loopbackHosts.has(url.hostname)) return { problem: 'must use https (plain http only for localhost, 127.0.0.1 and [::1])' };
  if (url.hostname.includes('*')) return { problem: 'must name one host: wildcards are not supported; list each origin' };
  if (url.username || url.password) return { problem: 'must not carry a user name or password' };
  // A lone trailing slash is how addresses are often pasted; anything more is a page, not an origin.
  if (url.pathname !== '/' || /^[a-z]+:\/\/[^/]+\/./i.test(text) || text.includes('?') || text.includes('#')) {
    return { problem: 'must be an origin only (scheme://host[:port]), without a path, query or fragment' };
  }
  return { origin: url.origin };
}

/** The origins a pair may list, normalised and without duplicates, or a BAD_USER_INPUT naming each bad entry. */
export function parseAllowedOrigins(entries: readonly string[], field = 'allowedOrigins'): string[] {
  const problems: FieldProblem[] = [];
  const origins = new Set<string>();
  entries.forEach((entry, i) => {
    const parsed = normalOrigin(entry);
    if ('problem' in parsed) problems.push({ field: `${field}.${i}`, message: `"${entry}" ${parsed.problem}` });
    else origins.add(parsed.origin);
  });
  if (origins.size > MAX_ALLOWED_ORIGINS) problems.push({ field, message: `lists ${origins.size} origins; at most ${MAX_ALLOWED_ORIGINS}`, code: 'TOO_LONG' });
  if (problems.length) throw badInput(problems);
  return [...origins];
}

/**
 * Why a request may not use its key from the page it comes from, or null when it may: a
 * publishable key whose pair lists origins, sent by a browser (which always says `Origin` on a
 * cross-origin call) from a page of another origin. Without `Origin` (a server, a native app) it
 * may: origin binding stops other websites from using the key in their visitors' browsers, which
 * is what a publishable key in a public page is exposed to; a script can send any header and is
 * bounded by the key's budgets instead.
 */
export function originRefusal(principal: Principal | null, origin: string | null): string | null {
  const listed = principal?.kind === 'publishable' ? principal.pair?.allowedOrigins : undefined;
  if (!listed?.length || origin === null || listed.includes(origin)) return null;
  return `This publishable key may be used only from ${listed.join(', ')}; this page is ${origin}`;
}
