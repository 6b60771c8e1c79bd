import { AppError } from './errors.js';

/** CONFLICT naming the current status: "Cannot send an invoice that is paid". */
const wrongStatus = (record: string, status: string, action: string) =>
  new AppError('CONFLICT', `Cannot ${action} ${record} that is ${status}`, undefined, { status });

/** A move or edit allowed only from some statuses; CONFLICT naming the current one otherwise. */
export function mustBeIn<Status extends string>(record: string, status: Status, allowed: readonly Status[], action: string): void {
  if (!allowed.includes(status)) throw wrongStatus(record, status, action);
}
