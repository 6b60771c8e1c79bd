import { pino } from 'pino';
import { loadConfig } from '../config.js';

/** One structured logger for the process (JSON lines on stderr). */
// stderr, so that tools built on the same code (the CLI) keep stdout for their JSON output.
export const logger = pino({ level: loadConfig().LOG_LEVEL }, pino.destination(2));
