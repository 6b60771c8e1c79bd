import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '../generated/prisma/client.js';

const secrets = new WeakMap<PrismaClient, Map<string, Promise<string>>>();

/**
 * The server's value called `name`, the same in every server process: made by `generate` in the
 * first process that needs it and kept in the database's `ServerSecret` table (the first writer
 * wins), then held in memory.
 */
export function sharedServerValue(prisma: PrismaClient, name: string, generate: () => Promise<string> | string): Promise<string> {
  let byName = secrets.get(prisma);
  if (!byName) secrets.set(prisma, (byName = new Map()));
  let secret = byName.get(name);
  if (!secret) {
    secret = (async () => {
      const candidate = await generate();
      await prisma.$executeRaw`INSERT INTO "ServerSecret" (name, value) VALUES (${name}, ${candidate}) ON CONFLICT (name) DO NOTHING`;
      const [row] = await prisma.$queryRaw<{ value: string }[]>`SELECT value FROM "ServerSecret" WHERE name = ${name}`;
      if (!row) throw new Error(`server secret ${name} missing after insert`);
      return row.value;
    })();
    secret.catch(() => byName.delete(name)); // A database hiccup must not poison the cache.
    byName.set(name, secret);
  }
  return secret;
}

/** The server's 256-bit secret called `name` (as slot ids' signing key is, src/bookings/slot-ids.ts). */
export const serverSecret = async (prisma: PrismaClient, name: string): Promise<Buffer> =>
  Buffer.from(await sharedServerValue(prisma, name, () => randomBytes(32).toString('base64url')), 'base64url');
