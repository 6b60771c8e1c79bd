import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while serving a request carries about it. */
export interface RequestScope {
  requestId: string;
  /** What the request asked for that was not done, though the request succeeded (`warn`). */
  warnings?: string[];
}

/**
 * The request being served, wherever the code is (services, the database layer, Yoga's own
 * messages): the logger stamps its id on each line, so a request's lines can be found together.
 */
export const requestScope = new AsyncLocalStorage<RequestScope>();

/**
 * Records that part of a successful request was not done as asked (an input the caller's role
 * may not set, ignored as the specification says): REST answers it in a `Warning` header, GraphQL
 * in `extensions.warnings`, so a client (an agent) never believes it happened.
 */
export function warn(message: string): void {
  const scope = requestScope.getStore();
  if (scope) (scope.warnings ??= []).push(message);
}

/** The warnings recorded for the current request (`warn`). */
export const requestWarnings = (): readonly string[] => requestScope.getStore()?.warnings ?? [];

/** A warning as an HTTP `Warning` header value (RFC 9111's 299, "miscellaneous persistent warning", as Kubernetes answers its API warnings). */
export const warningHeader = (warnings: readonly string[]) => warnings.map((text) => `299 - "${text.replace(/["\\]/g, '\\$&')}"`).join(', ');
