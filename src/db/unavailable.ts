import { Prisma } from '../generated/prisma/client.js';

/** Driver adapter failures that mean "no database right now", not "this query is wrong". */
const unavailableKinds = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections', 'TlsConnectionError']);

/** Prisma's own codes for the same: server unreachable or gone, pool or transaction start timed out. */
const unavailablePrismaCodes = new Set(['P1001', 'P1002', 'P1017', 'P2024', 'P2028']);

/**
 * pg-pool's and node-postgres' messages when no connection can be had or the one in use died
 * (they carry no code); and socket errors seen before Prisma wraps them.
 */
const unavailableMessage = /timeout exceeded when trying to connect|Connection terminated|connection error and is not queryable|ECONNREFUSED|ECONNRESET|ENOTFOUND/;

interface AdapterCause {
  kind?: string;
  code?: string;
  originalCode?: string;
  severity?: string;
}

/**
 * SQLSTATE classes of a server that cannot serve: 08 connection exception, 53 insufficient
 * resources (too many connections, out of memory or disk), 57P admin or crash shutdown and
 * "cannot connect now". A FATAL error ends the session whatever its code (a database that stopped
 * accepting connections answers 55000 at FATAL).
 */
function isUnavailableState(cause: AdapterCause): boolean {
  const state = cause.originalCode ?? cause.code ?? '';
  return cause.severity === 'FATAL' || /^(08|53|57P)/.test(state);
}

/**
 * Whether an error means the database is down, unreachable or saturated: the request did not
 * run, and the same request later may succeed. Such failures are answered 503 with
 * `Retry-After` and logged in one line, instead of a 500 with a stack.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (unavailablePrismaCodes.has(error.code)) return true;
    const cause = (error.meta?.driverAdapterError as { cause?: AdapterCause } | undefined)?.cause;
    if (cause && (unavailableKinds.has(cause.kind ?? '') || isUnavailableState(cause))) return true;
  }
  if (error instanceof Prisma.PrismaClientInitializationError) return true;
  return error instanceof Error && unavailableMessage.test(error.message);
}
