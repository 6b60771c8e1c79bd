import type { Plugin } from 'graphql-yoga';
import { committedMigrationNames } from '../db/schema-engine.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { errorReason } from '../shared/error-reason.js';
import { logger } from '../shared/logger.js';

/** Liveness, answered by Yoga's own health check (200, empty body): the process runs and serves HTTP. */
export const LIVENESS_PATH = '/health/live';
const READINESS_PATH = '/health/ready';
/** A readiness check that takes longer than this counts as a database that does not answer. */
const READINESS_TIMEOUT_MS = 2_000;

type Check = 'ok' | string;

async function migrationsCheck(prisma: PrismaClient): Promise<Check> {
  const rows = await prisma.$queryRaw<{ migration_name: string }[]>`
    SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
  const applied = new Set(rows.map((row) => row.migration_name));
  const pending = (await committedMigrationNames()).filter((name) => !applied.has(name));
  return pending.length ? `pending: ${pending.join(', ')}` : 'ok';
}

/** The database answers within the time limit, and every committed migration is applied. */
async function databaseChecks(prisma: PrismaClient): Promise<{ database: Check; migrations: Check }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READINESS_TIMEOUT_MS} ms`)), READINESS_TIMEOUT_MS);
  });
  try {
    const migrations = await Promise.race([migrationsCheck(prisma), timeout]);
    return { database: 'ok', migrations };
  } catch (error) {
    // The database's own words (its name, its host) are for the log, not for anyone who asks.
    logger.warn({ reason: errorReason(error) }, 'not ready: database unavailable');
    return { database: 'unavailable', migrations: 'unknown' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /health/ready`, for a load balancer: 200 `{"status":"ready",...}` when this process can
 * serve (its database answers and is migrated), 503 `{"status":"unavailable",...}` with each
 * check's verdict otherwise, and while the process shuts down (so it is taken out of rotation).
 * Neither health path needs a key or spends a rate-limit budget. While draining, every answer
 * also closes its connection, so keep-alive clients move to another process.
 */
export function useReadiness({ prisma, draining }: { prisma: PrismaClient; draining: () => boolean }): Plugin {
  return {
    onResponse({ response }) {
      if (draining()) response.headers.set('Connection', 'close');
    },
    async onRequest({ url, request, endResponse }) {
      if (url.pathname !== READINESS_PATH) return;
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return endResponse(Response.json({ error: 'Method Not Allowed', message: 'Use GET' }, { status: 405, headers: { Allow: 'GET, HEAD' } }));
      }
      const checks = draining() ? { shutdown: 'in progress' } : await databaseChecks(prisma);
      const ready = Object.values(checks).every((check) => check === 'ok');
      endResponse(Response.json({ status: ready ? 'ready' : 'unavailable', checks }, { status: ready ? 200 : 503 }));
    },
  };
}
