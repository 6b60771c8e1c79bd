import { AsyncLocalStorage } from 'node:async_hooks';
import { pino } from 'pino';
import { loadConfig } from '../config.js';

/** The request being served, so every log line it causes names it. */
export const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** One structured logger for the process (JSON lines on stderr). */
// stderr, so that tools built on the same code (the CLI) keep stdout for their JSON output.
export const logger = pino(
  { level: loadConfig().LOG_LEVEL, mixin: () => requestScope.getStore() ?? {} },
  pino.destination(2),
);
