import { z } from 'zod';

/** Process configuration, read and validated once at boot instead of `process.env` everywhere. */
const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  /** A PostgreSQL URL selects a real server; without it the embedded database is used. */
  DATABASE_URL: z.string().url().optional(),
  /** Data directory of the embedded database. */
  DATA_DIR: z.string().default('./.data'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Longest a request may run before it is answered 503. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
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
  /** Key signing slot ids, the same for every process; without it one is generated and kept in the database. */
  SLOT_ID_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
});

export type Config = z.infer<typeof ConfigSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}
