import { AppError, notFound } from './errors.js';

/** The record a lookup through the tenant-scoped client found, or NOT_FOUND naming `what`. */
export async function found<T>(lookup: Promise<T | null>, what: string): Promise<T> {
  return (await lookup) ?? Promise.reject(notFound(what));
}

/**
 * A referenced row must exist in the caller's tenant (the lookup goes through the tenant-scoped
 * client); one of another tenant is answered exactly like one that does not exist.
 */
export async function mustExist<T>(lookup: Promise<T | null>, field: string, what: string): Promise<T> {
  const row = await lookup;
  if (!row) throw new AppError('NOT_FOUND', `${field}: ${what} not found`);
  return row;
}
