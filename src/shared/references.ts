import { AppError } from './errors.js';

/**
 * A referenced row must exist in the caller's tenant (the lookup goes through the tenant-scoped
 * client); one of another tenant is answered exactly like one that does not exist.
 */
export async function mustExist<T>(lookup: Promise<T | null>, field: string, what: string): Promise<T> {
  const found = await lookup;
  if (!found) throw new AppError('NOT_FOUND', `${field}: ${what} not found`);
  return found;
}
