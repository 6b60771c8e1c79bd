import { pino } from 'pino';
import { loadConfig } from '../config.js';

/** One structured logger for the process (JSON lines on stdout). */
export const logger = pino({ level: loadConfig().LOG_LEVEL });
