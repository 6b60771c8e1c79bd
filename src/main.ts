import { resolve } from 'node:path';
import { cachedKeys } from './auth/authenticate.js';
import { sweepSignIns } from './auth/sessions.js';
import { sweepOAuthRecords } from './oauth/sweep.js';
import { loadConfig } from './config.js';
import { cacheDefinitions } from './custom-fields/custom-field-definitions.js';
import { DataDirectoryInUse } from './db/data-dir-lock.js';
import { openDatabase } from './db/open.js';
import { serverEventLog } from './events/event-rendering.js';
import { createEventStream } from './events/event-stream.js';
import { sweepEvents } from './events/event.service.js';
import { startWebhookWorker } from './events/webhook-worker.js';
import { sweepImportFiles } from './imports/import-file.js';
import { startImportWorker } from './imports/import-worker.js';
import { createApp } from './http/app.js';
import { sweepIdempotencyKeys } from './http/idempotency.js';
import { createRateLimits } from './http/rate-limits.js';
import { sweepOverdueInvoices } from './invoices/invoice-overdue.js';
import { createHttpServer, drainServer } from './http/server.js';
import { startMailWorker } from './mail/mail-worker.js';
import { logger } from './shared/logger.js';
import { every } from './shared/every.js';
import { closePdfRenderer, configurePdfRenderer } from './shared/pdf-renderer.js';
import { seedDemo } from './tenants/demo.js';
import { seedDemoWebsite, serveDemoSite } from './tenants/demo-site.js';

/** `npm start`: the HTTP server. With `--demo` it first creates demo data, serves a sample business page with the website widgets (src/tenants/demo-site.ts) and prints keys to try it with. */
const config = loadConfig();
const db = await openDatabase(config, { share: true }).catch((error: Error) => {
  if (error instanceof DataDirectoryInUse) {
    // Most often a second `npm run demo` in the same folder: a sentence for a person at a terminal, not a log record with a stack.
    const command = process.argv.includes('--demo') ? 'npm run demo' : 'npm start';
    const holder = error.holder === 'unknown' ? 'Another server' : `Another server (PID ${error.holder})`;
    // PORT+2: a demo's sample page holds PORT+1.
    process.stderr.write(
      `cannot start: ${holder} is using the data directory ${error.dir}. Stop it, or start this one on a directory and port of its own: DATA_DIR=${error.dir}-2 PORT=${config.PORT + 2} ${command}\n`,
    );
    process.exit(1);
  }
  // One clear line for the operator (a database that cannot be reached, one that refused the migrations).
  logger.fatal({ err: error }, `cannot start: ${error.message}`);
  process.exit(1);
});
logger.info({ database: db.description, appliedMigrations: db.appliedMigrations }, 'database ready');
const mailWorker = startMailWorker(db.prisma, {
  smtpUrl: config.SMTP_URL,
  from: config.MAIL_FROM,
  dataDir: config.DATA_DIR,
  pollMs: config.MAIL_POLL_MS,
  retryBaseMs: config.MAIL_RETRY_BASE_MS,
});
const webhookWorker = startWebhookWorker(db.prisma, db.listen, {
  allowPrivateNetworks: config.WEBHOOKS_ALLOW_PRIVATE_NETWORKS,
  pollMs: config.WEBHOOK_POLL_MS,
  retryBaseMs: config.WEBHOOK_RETRY_BASE_MS,
  retryWindowMs: config.WEBHOOK_RETRY_WINDOW_MS,
  leaseMs: config.WEBHOOK_LEASE_MS,
  timeoutMs: config.WEBHOOK_TIMEOUT_MS,
});
const rateLimits = await createRateLimits({
  keyRequests: config.RATE_LIMIT_KEY_REQUESTS,
  ipRequests: config.RATE_LIMIT_IP_REQUESTS,
  publicAddressRequests: config.RATE_LIMIT_PUBLIC_ADDRESS_REQUESTS,
  publicKeyRequests: config.RATE_LIMIT_PUBLIC_KEY_REQUESTS,
  publicBookingsPerHour: config.RATE_LIMIT_PUBLIC_BOOKINGS_PER_HOUR,
  publicLeadsPerHour: config.RATE_LIMIT_PUBLIC_LEADS_PER_HOUR,
  windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
  redisUrl: config.REDIS_URL,
  redisPrefix: config.RATE_LIMIT_REDIS_PREFIX,
});
// So that the first requests already spend from the shared budget.
await rateLimits.ready();
const keys = await cachedKeys(db);
const stopDefinitionsCache = await cacheDefinitions(db);
const eventStream = await createEventStream({ prisma: db.prisma, listen: db.listen, credentialChanges: keys.onChange });
// Every process sweeps; a sweep is one indexed DELETE, harmless when another process just ran it.
const sweeper = every(60 * 60_000, async () => {
  const swept = await sweepIdempotencyKeys(db.prisma, new Date());
  if (swept) logger.info({ swept }, 'expired idempotency keys deleted');
  const ended = await sweepSignIns(db.prisma, new Date());
  if (ended) logger.info({ ended }, 'ended dashboard sessions, expired sign-in links and dashboard forms deleted');
  const oauth = await sweepOAuthRecords(db.prisma, new Date());
  if (oauth) logger.info({ oauth }, 'expired OAuth records, and clients registered a day ago that nobody connected, deleted');
  const importFiles = await sweepImportFiles(db.prisma, new Date());
  if (importFiles) logger.info({ importFiles }, 'import files past their keeping deleted');
  const expiredEvents = await sweepEvents(db.prisma, new Date());
  if (expiredEvents) logger.info({ expiredEvents }, 'events past their retention deleted, with their deliveries');
});

const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
const events = serverEventLog({ prisma: db.prisma, publicUrl, now: () => new Date() });
// Every process sweeps; the move is idempotent, so a sweep after another process's finds nothing to do.
const overdueSweeper = every(config.INVOICE_OVERDUE_SWEEP_MS, async () => {
  const moved = await sweepOverdueInvoices(db.prisma, { now: () => new Date(), events });
  if (moved.length) logger.info({ moved: moved.length }, 'invoices past their due date moved to overdue');
});
const importWorker = startImportWorker(db.prisma, {
  events,
  publicUrl,
  rateLimits,
  concurrency: config.IMPORT_CONCURRENCY,
  batchRows: config.IMPORT_BATCH_ROWS,
  pollMs: config.IMPORT_POLL_MS,
  leaseMs: config.IMPORT_LEASE_MS,
});
configurePdfRenderer({
  threads: config.PDF_RENDER_THREADS,
  queue: config.PDF_RENDER_QUEUE,
  timeoutMs: config.PDF_RENDER_TIMEOUT_MS,
  memoryMb: config.PDF_RENDER_MEMORY_MB,
});

let draining = false;
const server = createHttpServer(
  createApp({
    prisma: db.prisma,
    keyLookup: keys.find,
    requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
    uploadTimeoutMs: Math.max(config.REQUEST_TIMEOUT_MS, config.RECEIVE_TIMEOUT_MS),
    rateLimits,
    trustProxyHops: config.TRUST_PROXY_HOPS,
    corsOrigins: config.CORS_ORIGINS,
    metrics: config.METRICS ? (await import('./http/metrics.js')).useMetrics({ prisma: db.prisma, pool: db.pool }) : undefined,
    draining: () => draining,
    publicUrl,
    eventStream,
    oauthAllowPrivateNetworks: config.OAUTH_ALLOW_PRIVATE_NETWORKS,
  }),
  {
    headersTimeoutMs: config.HEADERS_TIMEOUT_MS,
    receiveTimeoutMs: config.RECEIVE_TIMEOUT_MS,
    keepAliveTimeoutMs: config.KEEP_ALIVE_TIMEOUT_MS,
    // A request computing sends nothing until its answer: the stall bound stays above its time limit.
    stalledMs: Math.max(30_000, config.REQUEST_TIMEOUT_MS + 5_000),
  },
);

/** Releases what the process holds: the workers (mail, webhooks, imports, PDF), the Redis connection, the pool, the embedded database's lock and socket. */
async function release() {
  await sweeper.stop();
  await overdueSweeper.stop();
  await mailWorker.stop();
  await webhookWorker.stop();
  await importWorker.stop();
  await closePdfRenderer();
  await rateLimits.close();
  await eventStream.stop();
  await keys.stop();
  await stopDefinitionsCache();
  await db.close();
}

server.once('error', async (error: NodeJS.ErrnoException) => {
  const reasons: Record<string, string> = {
    EADDRINUSE: `port ${config.PORT} is already in use; stop the other server or choose another port with PORT=<port>`,
    EACCES: `port ${config.PORT} needs privileges; choose a port above 1023 with PORT=<port>`,
    EADDRNOTAVAIL: `address ${config.HOST} is not available here; set HOST=<address>`,
  };
  logger.fatal({ err: error }, `cannot start: ${reasons[error.code ?? ''] ?? error.message}`);
  await release();
  process.exit(1);
});
server.listen(config.PORT, config.HOST, async () => {
  const base = `http://localhost:${config.PORT}`;
  logger.info({ graphql: `${base}/graphql`, rest: `${base}/api`, pid: process.pid }, 'listening');
  if (process.argv.includes('--demo')) {
    const demo = await seedDemo(db.prisma);
    const key = demo.keys.secret.key;
    const sitePort = config.DEMO_SITE_PORT ?? (config.PORT && config.PORT + 1);
    const site = await serveDemoSite({ host: config.HOST, port: sitePort, apiUrl: publicUrl, businessName: demo.tenant.name }, (origins) =>
      seedDemoWebsite(db.prisma, { tenantId: demo.tenant.id, userId: demo.admin.id, origins }),
    ).then(
      ({ url }) => `Sample website: ${url} (the booking widget and the lead form, served from another origin than the API's, on a publishable key bound to it).\n`,
      (error: NodeJS.ErrnoException) =>
        `Sample website: not served (${error.code === 'EADDRINUSE' ? `port ${sitePort} is in use` : error.message}); choose its port with DEMO_SITE_PORT=<port>.\n`,
    );
    process.stderr.write(
      `\nDemo tenant "${demo.tenant.name}" is ready. Try:\n` +
        `  curl -H 'Authorization: Bearer ${key}' '${base}/api/v1/leads?limit=5'\n` +
        `  curl -H 'Authorization: Bearer ${key}' '${base}/api/bookings/resources'   (then .../resources/<id>/availability)\n` +
        `  curl -H 'Authorization: Bearer ${key}' '${base}/api/inspections?status=delivered'   (then .../inspections/<id>/report.pdf)\n` +
        `  curl -H 'Authorization: Bearer ${key}' '${base}/api/invoices?status=overdue'   (then .../invoices/<id>/pdf)\n` +
        `  curl -H 'Authorization: Bearer ${key}' -H 'Content-Type: application/json' \\\n` +
        `       -d '{"query":"{ companies { nodes { name } totalCount } }"}' ${base}/graphql\n` +
        `GraphiQL: ${base}/graphql (add the header in its Headers tab).\n` +
        site +
        `Dashboard: ${base}/dashboard (sign in as ${demo.admin.email}; ${config.SMTP_URL ? 'the link is emailed' : `the email with the link is written to ${resolve(config.DATA_DIR, 'mail')}`}).\n` +
        `Tenant ${demo.tenant.id}, user ${demo.admin.id} (${demo.admin.email}). A key of your own, with only the scopes it needs:\n` +
        `  npm run cli -- key create --tenant ${demo.tenant.id} --user ${demo.admin.id} --name my-app --scopes leads.lead.read\n` +
        // A page on another origin calling a closed API gets only the browser's generic "Failed to fetch".
        (config.CORS_ORIGINS.length
          ? `Browser apps: pages from ${config.CORS_ORIGINS.join(', ')} may call the API (CORS_ORIGINS).\n\n`
          : `Browser apps: CORS is closed, so a page on another origin gets only "Failed to fetch"; allow yours with CORS_ORIGINS=http://localhost:5173 npm run demo (comma-separated).\n\n`),
    );
  }
});

/**
 * SIGTERM (and Ctrl-C): readiness turns 503 so a load balancer stops sending, the server stops
 * accepting, requests in flight finish (for at most SHUTDOWN_GRACE_MS), then everything is
 * released and the process exits 0. A second signal exits at once.
 */
async function shutdown(signal: string) {
  if (draining) {
    logger.warn({ signal }, 'second signal: exiting without waiting');
    process.exit(1);
  }
  draining = true;
  logger.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS }, 'shutting down: finishing requests in flight');
  // Subscriptions' streams never finish by themselves: they end now, so the drain need not wait out its grace.
  await eventStream.stop();
  await drainServer(server, config.SHUTDOWN_GRACE_MS);
  await release();
  logger.info('shut down');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
