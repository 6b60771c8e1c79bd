import { createServer } from 'node:http';
import { loadConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { createApp } from './http/app.js';
import { startMailWorker } from './mail/mail-worker.js';
import { logger } from './shared/logger.js';
import { seedDemo } from './tenants/demo.js';

/** `npm start`: the HTTP server. With `--demo` it first creates demo data and prints a key to try it with. */
const config = loadConfig();
const db = await openDatabase(config, { share: true }).catch((error: Error) => {
  // One clear line for the operator (a database held by a live process, one that cannot be reached).
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

const server = createServer(createApp({ prisma: db.prisma, requestTimeoutMs: config.REQUEST_TIMEOUT_MS }));
server.once('error', async (error: NodeJS.ErrnoException) => {
  const reasons: Record<string, string> = {
    EADDRINUSE: `port ${config.PORT} is already in use; stop the other server or choose another port with PORT=<port>`,
    EACCES: `port ${config.PORT} needs privileges; choose a port above 1023 with PORT=<port>`,
    EADDRNOTAVAIL: `address ${config.HOST} is not available here; set HOST=<address>`,
  };
  logger.fatal({ err: error }, `cannot start: ${reasons[error.code ?? ''] ?? error.message}`);
  await mailWorker.stop();
  await db.close();
  process.exit(1);
});
server.listen(config.PORT, config.HOST, async () => {
  const base = `http://localhost:${config.PORT}`;
  logger.info({ graphql: `${base}/graphql`, rest: `${base}/api` }, 'listening');
  if (process.argv.includes('--demo')) {
    const demo = await seedDemo(db.prisma);
    const key = demo.keys.secret.key;
    process.stderr.write(
      `\nDemo tenant "${demo.tenant.name}" is ready. Try:\n` +
        `  curl -H 'Authorization: Bearer ${key}' '${base}/api/v1/leads?limit=5'\n` +
        `  curl -H 'Authorization: Bearer ${key}' '${base}/api/bookings/resources'   (then .../resources/<id>/availability)\n` +
        `  curl -H 'Authorization: Bearer ${key}' '${base}/api/inspections?status=delivered'   (then .../inspections/<id>/report.pdf)\n` +
        `  curl -H 'Authorization: Bearer ${key}' '${base}/api/invoices?status=overdue'   (then .../invoices/<id>/pdf)\n` +
        `  curl -H 'Authorization: Bearer ${key}' -H 'Content-Type: application/json' \\\n` +
        `       -d '{"query":"{ companies { data { name } total } }"}' ${base}/graphql\n` +
        `GraphiQL: ${base}/graphql (add the header in its Headers tab).\n\n`,
    );
  }
});

async function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down');
  server.close();
  await mailWorker.stop();
  await db.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
