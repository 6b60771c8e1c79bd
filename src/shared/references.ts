import type { Prisma } from '../generated/prisma/client.js';
import { AppError, badInput, type FieldProblem, notFound } from './errors.js';

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
  if (!row) throw new AppError('NOT_FOUND', `${field}: ${what} not found`, [{ field, message: `${what} not found`, code: 'NOT_FOUND' }]);
  return row;
}

type CompanyRecords = Pick<Prisma.TransactionClient, 'contact' | 'site'>;

/**
 * A contact or site named next to a company must be that company's: the one rule of deals and
 * invoices (a deal's or invoice's contact is someone at the customer; its site is the customer's).
 * Each must exist in the caller's tenant (404 otherwise, as `mustExist`); one of another company
 * is a 400 naming the field.
 */
export async function mustBelongToCompany(db: CompanyRecords, companyId: string, refs: { contactId?: string | null; siteId?: string | null }) {
  const select = { companyId: true } as const;
  const [contact, site] = await Promise.all([
    refs.contactId ? mustExist(db.contact.findUnique({ where: { id: refs.contactId }, select }), 'contactId', 'contact') : null,
    refs.siteId ? mustExist(db.site.findUnique({ where: { id: refs.siteId }, select }), 'siteId', 'site') : null,
  ]);
  const problems: FieldProblem[] = [];
  if (contact && contact.companyId !== companyId) problems.push({ field: 'contactId', message: `is not a contact of the company ${companyId}` });
  if (site && site.companyId !== companyId) problems.push({ field: 'siteId', message: `is not a site of the company ${companyId}` });
  if (problems.length) throw badInput(problems);
}
