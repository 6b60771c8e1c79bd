import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while serving a request carries about it. */
export interface RequestScope {
  requestId: string;
}

/**
 * The request being served, wherever the code is (services, the database layer, Yoga's own
 * messages): the logger stamps its id on each line, so a request's lines can be found together.
 */
export const requestScope = new AsyncLocalStorage<RequestScope>();
