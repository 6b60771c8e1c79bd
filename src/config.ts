import { z } from 'zod';

/** Process configuration, read and validated once at boot instead of `process.env` everywhere. */
const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /** Port of the demo's sample business page (`npm run demo` only): default PORT+1, another origin than the API's. */
  DEMO_SITE_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  HOST: z.string().default('0.0.0.0'),
  /** A PostgreSQL URL selects a real server; without it the embedded database is used. */
  DATABASE_URL: z.string().url().optional(),
  /** Data directory of the embedded database. */
  DATA_DIR: z.string().default('./.data'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Longest a request may wait for a database connection before it is answered 503. */
  DATABASE_POOL_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  /** Prepare statements by name on `DATABASE_URL`'s server; `0` behind a pooler that cannot keep them (PgBouncer before 1.21 in transaction mode). */
  DATABASE_PREPARED_STATEMENTS: z.enum(['0', '1']).default('1').transform((value) => value === '1'),
  /** Longest a request may run before it is answered 503. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  /** Longest a client may take to send a request's headers (Node's default is 60 s). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(10_000),
  /** Longest a client may take to send a whole request, headers and body (Node's default is 300 s). */
  RECEIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(300_000).default(15_000),
  /** How long an idle keep-alive connection stays open. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(5_000),
  /** After SIGTERM: how long in-flight requests have to finish before their connections are closed (so that the process is gone within 10 s). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(9_000),
  /** Requests each API key may make per window (a key pair's own `rateLimit` overrides it). */
  RATE_LIMIT_KEY_REQUESTS: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /** Requests each client IP may make per window without a valid key. */
  RATE_LIMIT_IP_REQUESTS: z.coerce.number().int().min(1).max(1_000_000).default(20),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3_600).default(10),
  /** Requests each client address may make per window through one publishable key (a visitor of a booking widget). */
  RATE_LIMIT_PUBLIC_ADDRESS_REQUESTS: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** Requests per window of a publishable key across all addresses: the ceiling of the whole widget (a key pair's own `rateLimit` overrides it). */
  RATE_LIMIT_PUBLIC_KEY_REQUESTS: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  /** Bookings each client address may make per hour through one publishable key. */
  RATE_LIMIT_PUBLIC_BOOKINGS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** Leads each client address may send per hour through one publishable key's lead form (`submitLeadForm`). */
  RATE_LIMIT_PUBLIC_LEADS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** How long a seat chosen in a booking widget (a slot hold) stays held for its visitor. */
  BOOKING_HOLD_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
  /** Booking confirmations one guest address may receive per hour from a tenant for bookings made with publishable keys; past it the booking is made without one. */
  PUBLIC_BOOKING_MAILS_PER_HOUR: z.coerce.number().int().min(0).max(1_000).default(3),
  /** Proxies in front of the server whose `X-Forwarded-For` entries are trusted to name the client (0: use the socket's address). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Redis shared by every process for the rate-limit counters; without it each process counts alone. */
  REDIS_URL: z.string().url().optional(),
  /** Names this deployment's counters in Redis, when several share one Redis. */
  RATE_LIMIT_REDIS_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/).default('rl'),
  /** Origins (`https://app.example.com`, comma-separated) whose pages may call the API from a browser; the public booking operations allow any. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((origin) => origin.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^https?:\/\/[^/\s]+$/, 'each origin is scheme://host[:port], without a path'))),
  /**
   * Where users reach this server (`https://api.example.com`), for the links in its emails and the
   * `servers` of /openapi.json: never taken from a request's Host header, which a client chooses.
   * Default: http://localhost:PORT.
   * With https, the dashboard's session cookie is Secure.
   */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/\s]+(\/[^\s]*)?$/, 'must be an http(s) URL')
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /** `1` serves Prometheus metrics at /metrics; they are never served otherwise. */
  METRICS: z.enum(['0', '1']).default('0').transform((value) => value === '1'),
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where guest emails go (`smtp://user:pass@host:587`); without it they are written to DATA_DIR/mail/. */
  SMTP_URL: z.string().url().optional(),
  /** Sender of the product's emails. */
  MAIL_FROM: z.string().default('Bookings <no-reply@localhost>'),
  /** How often each process looks for mail to send (mail queued by the process itself goes at once). */
  MAIL_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** First retry delay of a failed delivery; it doubles at each attempt, up to an hour. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  /** PDF renders (invoices, inspection reports) that run at once, each in a worker thread of its own. */
  PDF_RENDER_THREADS: z.coerce.number().int().min(1).max(16).default(1),
  /** Renders that may wait for a thread; past it a download is answered 503. */
  PDF_RENDER_QUEUE: z.coerce.number().int().min(0).max(1_000).default(16),
  /** Longest one render may take before its worker is terminated and the request answered 503 (below REQUEST_TIMEOUT_MS). */
  PDF_RENDER_TIMEOUT_MS: z.coerce.number().int().min(10).max(120_000).default(8_000),
  /** Heap limit of each PDF worker thread, in MB, apart from the server's own heap. */
  PDF_RENDER_MEMORY_MB: z.coerce.number().int().min(16).max(4_096).default(96),
  /** How often each process moves invoices past their due date to `overdue` (reads of a tenant's invoices move its own first). */
  /** `1` lets webhook endpoints be private and loopback addresses, over http too (development and tests only); cloud metadata addresses (link-local IPv4 among them) stay refused. */
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: z.enum(['0', '1']).default('0').transform((value) => value === '1'),
  /** `1` lets the OAuth server fetch apps' client ID metadata documents from private and loopback addresses (development and tests only). */
  OAUTH_ALLOW_PRIVATE_NETWORKS: z.enum(['0', '1']).default('0').transform((value) => value === '1'),
  /** How often each process looks for webhooks to send (an event's commit also wakes every process's worker). */
  WEBHOOK_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** First retry delay of a failed webhook delivery; it doubles at each attempt, up to 6 hours, ±20 %. */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  /** How long a webhook delivery is retried (and an endpoint may fail every delivery before it is disabled). */
  WEBHOOK_RETRY_WINDOW_MS: z.coerce.number().int().min(100).max(30 * 86_400_000).default(3 * 86_400_000),
  /** How long a worker holds the deliveries it claimed; a dead process's are sent by another after it. */
  WEBHOOK_LEASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** Longest a webhook POST may take; longer is a failed attempt, and holds the endpoint (its circuit breaker). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Largest import file (POST /v1/imports), refused with 413 as its bytes pass it. */
  IMPORT_MAX_BYTES: z.coerce.number().int().min(1_024).max(1_073_741_824).default(50 * 1024 * 1024),
  /** Imports one process runs at once; the others wait, queued, for it or another process. */
  IMPORT_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** Rows written per transaction: one request of the creator's budget each. */
  IMPORT_BATCH_ROWS: z.coerce.number().int().min(1).max(5_000).default(500),
  /** How often a worker looks for imports queued by other processes. */
  IMPORT_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  /** How long a claim on a running import lasts without a batch finishing: a process that dies leaves its import to another after it. */
  IMPORT_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  INVOICE_OVERDUE_SWEEP_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(60_000),
  /** Key signing slot ids, the same for every process; without it one is generated and kept in the database. */
  SLOT_ID_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
});

export type Config = z.infer<typeof ConfigSchema>;

const configNames = Object.keys(ConfigSchema.shape);

/** The last configuration read, with the variables it was read from. */
let lastRead: { env: NodeJS.ProcessEnv; values: (string | undefined)[]; config: Config } | undefined;

/**
 * The configuration in `env`, read again only when one of its variables changed since the last
 * call (a booking's mail reads it per request; tests change variables between cases).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const values = configNames.map((name) => env[name]);
  if (lastRead?.env === env && values.every((value, i) => value === lastRead!.values[i])) return lastRead.config;
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const config = Object.freeze(parsed.data);
  lastRead = { env, values, config };
  return config;
}
