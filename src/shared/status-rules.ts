import { invalidState } from './errors.js';

/** CONFLICT naming the current status: "Cannot send an invoice that is paid". */
const wrongStatus = (record: string, status: string, action: string) =>
  invalidState(`Cannot ${action} ${record} that is ${status}`, { status });

/** A move or edit allowed only from some statuses; CONFLICT naming the current one otherwise. */
export function mustBeIn<Status extends string>(record: string, status: Status, allowed: readonly Status[], action: string): void {
  if (!allowed.includes(status)) throw wrongStatus(record, status, action);
}
