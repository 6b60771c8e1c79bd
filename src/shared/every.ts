import { errorReason } from './error-reason.js';
import { logger } from './logger.js';

/**
 * Runs `task` now and then every `intervalMs`, one run at a time, without holding the process
 * open; a failed run is logged in one line and the next runs as planned.
 */
export function every(intervalMs: number, task: () => Promise<void>) {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= task()
      .catch((error: unknown) => logger.warn({ reason: errorReason(error) }, 'periodic task failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
