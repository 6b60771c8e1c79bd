/** Deepest nesting of arrays and objects accepted in a JSON body. */
export const MAX_JSON_DEPTH = 64;

/**
 * What is wrong with a parsed JSON value that the API never accepts: nesting deeper than
 * `MAX_JSON_DEPTH` (recursive code further down would overflow the stack) or strings that are not
 * well-formed Unicode (lone surrogates, which PostgreSQL would silently store as U+FFFD).
 * Iterative, so a hostile depth cannot overflow this check itself.
 */
export function jsonProblem(value: unknown): string | null {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length) {
    const [item, depth] = pending.pop() as [unknown, number];
    if (typeof item === 'string') {
      if (!item.isWellFormed()) return 'contains a string that is not well-formed Unicode (a lone surrogate)';
    } else if (item && typeof item === 'object') {
      if (depth >= MAX_JSON_DEPTH) return `nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`;
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue;
        if (!key.isWellFormed()) return 'contains a key that is not well-formed Unicode (a lone surrogate)';
        pending.push([(item as Record<string, unknown>)[key], depth + 1]);
      }
    }
  }
  return null;
}
