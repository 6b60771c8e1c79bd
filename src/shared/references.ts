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
  const [contact, site] = await allChecked([
    refs.contactId ? mustExist(db.contact.findUnique({ where: { id: refs.contactId }, select }), 'contactId', 'contact') : null,
    refs.siteId ? mustExist(db.site.findUnique({ where: { id: refs.siteId }, select }), 'siteId', 'site') : null,
  ]);
  const problems: FieldProblem[] = [];
  if (contact && contact.companyId !== companyId) problems.push({ field: 'contactId', message: `is not a contact of the company ${companyId}` });
  if (site && site.companyId !== companyId) problems.push({ field: 'siteId', message: `is not a site of the company ${companyId}` });
  if (problems.length) throw badInput(problems);
}

/** Whether an error is a refusal naming fields (BAD_USER_INPUT or NOT_FOUND with details), which `allChecked` can merge. */
const namesFields = (error: unknown): error is AppError =>
  error instanceof AppError && (error.code === 'BAD_USER_INPUT' || error.code === 'NOT_FOUND') && Boolean(error.details?.length);

/**
 * The checks of what a write names (referenced records, custom fields), run together: their
 * values, or one refusal naming every field any of them refused, so a form learns all of it at
 * once rather than one reference per round. NOT_FOUND when every problem is a missing record
 * (the specification's 404 for a deal's company or stage), BAD_USER_INPUT when any is not (then
 * the missing records are among its details, with their NOT_FOUND code).
 */
export async function allChecked<T extends readonly unknown[]>(checks: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(checks);
  const failures = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  if (!failures.length) return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as never;
  const unexpected = failures.find((failure) => !namesFields(failure));
  if (unexpected !== undefined || failures.length === 1) throw unexpected ?? failures[0];
  const refusals = failures as AppError[];
  const details = refusals.flatMap((refusal) => (refusal.details ?? []).map((d) => ({ ...d, code: d.code ?? (refusal.code === 'NOT_FOUND' ? 'NOT_FOUND' : undefined) })));
  const code = refusals.every((refusal) => refusal.code === 'NOT_FOUND') ? 'NOT_FOUND' : 'BAD_USER_INPUT';
  throw new AppError(code, details.map((d) => `${d.field}: ${d.message}`).join('; '), details);
}
