import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * The database's own driver, past Prisma, for statements whose parameters Prisma must not hold:
 * its client keeps its last hundred debug calls with their arguments (the bundled @prisma/debug's
 * history, kept whether DEBUG is set or not), raw queries' parameters among them, so a large
 * parameter stays reachable long after its statement ran. Placeholders are PostgreSQL's (`$1`);
 * a `Uint8Array` goes as bytes (a binary `bytea` parameter), never as text.
 */
export interface Driver {
  execute(sql: string, values: readonly unknown[]): Promise<void>;
}

export const poolDriver = (pool: pg.Pool): Driver => ({
  async execute(sql, values) {
    await pool.query(sql, [...values]);
  },
});

const BYTEA = 17;
/** PGlite's own serializer writes a bytea parameter as hex text, built a byte at a time; returned as is, its bytes go in binary. */
const bytesAsTheyAre = { [BYTEA]: (bytes: Uint8Array) => bytes as unknown as string };

export const embeddedDriver = (pglite: PGlite): Driver => ({
  async execute(sql, values) {
    await pglite.query(sql, [...values], { serializers: bytesAsTheyAre });
  },
});

const drivers = new WeakMap<object, Driver>();

/** Makes a client's driver reachable from the client, which is what services hold (`driverOf`). */
export function attachDriver(client: object, driver: Driver): void {
  drivers.set(client, driver);
}

export function driverOf(client: object): Driver {
  const driver = drivers.get(client);
  if (!driver) throw new Error('this client was not opened with a driver (src/db/client.ts)');
  return driver;
}
