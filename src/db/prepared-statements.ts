import { LRUCache } from 'lru-cache';

/** Distinct SQL texts named at once, the most recently used (JDBC's default statement cache is as large). */
export const PREPARED_STATEMENTS = 256;
/**
 * A pool connection is replaced after this long. Node-postgres cannot forget a statement it has
 * prepared, so this is what frees, on the connections, the statements the LRU has let go of.
 */
export const CONNECTION_LIFETIME_SECONDS = 30 * 60;

/**
 * PostgreSQL's setting for the connections of a pool that prepares statements: see `statementNames`.
 * A startup parameter, so that it costs no round trip and no query waits behind it.
 */
export const PREPARING_CONNECTION_OPTIONS = '-c plan_cache_mode=force_custom_plan';

/**
 * Names the SQL texts Prisma sends (the adapter's `statementNameGenerator`), so that node-postgres
 * prepares each once per connection, where an unnamed statement is parsed at every run. Measured
 * with `bench/ab.ts`: lead creation ×1.11, deals ×1.10, leads ×1.05, invoices ×1.07.
 *
 * Every run is still planned for its own values (`PREPARING_CONNECTION_OPTIONS`). PostgreSQL
 * would otherwise settle on a generic plan after five runs, chosen for no value in particular: the
 * invoice list's overdue check then scanned a tenant's awaiting invoices (the list at ×0.89), and
 * a plan judged for the average tenant can be wrong for the largest one.
 *
 * Only for a real PostgreSQL server: the embedded database's socket serves every client on one
 * session, where two processes' names would collide.
 */
export function statementNames(): (query: { sql: string }) => string {
  const names = new LRUCache<string, string>({ max: PREPARED_STATEMENTS });
  let issued = 0;
  return ({ sql }) => {
    let name = names.get(sql);
    if (name === undefined) {
      // A text evicted and met again gets a new name: its old one may be prepared on some connection.
      name = `s${(issued += 1)}`;
      names.set(sql, name);
    }
    return name;
  };
}
