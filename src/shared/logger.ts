import { pino } from 'pino';
import { loadConfig } from '../config.js';
import { requestScope } from './request-scope.js';

/**
 * One structured logger for the process (JSON lines on stderr, so that tools built on the same
 * code, like the CLI, keep stdout for their JSON output). A line written while a request is
 * served carries its `requestId`.
 */
export const logger = pino(
  {
    level: loadConfig().LOG_LEVEL,
    mixin: () => {
      const scope = requestScope.getStore();
      return scope ? { requestId: scope.requestId } : {};
    },
  },
  pino.destination(2),
);
