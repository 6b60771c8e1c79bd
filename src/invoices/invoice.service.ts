import { checkCustomFields } from '../custom-fields/custom-field.rules.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { InvoiceStatus } from '../generated/prisma/enums.js';
import type { Context } from '../graphql/context.js';
import { principalOf } from '../graphql/context.js';
import type { ListSums } from '../graphql/aggregates.js';
import { keysetPage, type ListArgs, type ListOrder } from '../graphql/connection.js';
import { oneOf, withinAmounts, withinDays } from '../graphql/list-filters.js';
import { badInput } from '../shared/errors.js';
import { found, mustBelongToCompany, mustExist } from '../shared/references.js';
import { containing, searchColumns, searchTerms } from '../shared/search.js';
import { sentFields } from '../shared/validation.js';
import { invoiceAmounts, type LineInput, pricedLines } from './invoice-money.js';
import { nextInvoiceNumber } from './invoice-numbering.js';
import { moveTenantOverdueInvoices } from './invoice-overdue.js';
import { lockInvoice, mustAllow, recordInvoiceEvent } from './invoice-status.js';

/** The columns `search` reads, each word in one of them (each under a trigram index). */
const invoiceSearch = searchColumns('Invoice', ['invoiceNumber']);
const companyNameSearch = searchColumns('Company', ['name']);

/** Prisma `select`/`include` planned by the GraphQL layer from the fields a client asked for. */
export type InvoiceQuery = { include?: Prisma.InvoiceInclude; select?: Prisma.InvoiceSelect };

export interface InvoiceFilter {
  status?: InvoiceStatus[] | null;
  search?: string | null;
  issuedDate?: { from?: Date | null; to?: Date | null } | null;
  dueDate?: { from?: Date | null; to?: Date | null } | null;
  totalAmount?: { min?: string | null; max?: string | null } | null;
  balanceDue?: { min?: string | null; max?: string | null } | null;
  companyId?: string | null;
}

export const invoiceOrder: ListOrder = {
  entity: 'Invoice',
  orderFields: {
    CREATED_AT: { column: 'createdAt', date: true, description: 'When the invoice was created.' },
    INVOICE_NUMBER: { column: 'invoiceNumber', description: 'Invoice number, in the database collation.' },
    TOTAL_AMOUNT: { column: 'totalAmount', numeric: true, description: 'Total amount, tax included.' },
    BALANCE_DUE: { column: 'balanceDue', numeric: true, description: 'Amount still owed.' },
    DUE_DATE: { column: 'dueDate', date: true, nullable: true, description: 'Due date.' },
    ISSUED_DATE: { column: 'issuedDate', date: true, nullable: true, description: 'Issue date.' },
  },
  defaultOrder: { field: 'CREATED_AT', direction: 'DESC' },
};

/** What an invoice list's `aggregate` sums. */
export const invoiceSums: ListSums = {
  totalAmount: 'Sum of their totals, tax included.',
  amountPaid: 'Sum of the amounts paid.',
  balanceDue: 'Sum of the amounts still owed.',
};

/** The columns a keyset page reads from each row, whatever the client selected. */
const orderColumns = Object.fromEntries(['id', ...Object.values(invoiceOrder.orderFields).map((f) => f.column)].map((c) => [c, true]));

/**
 * The Prisma condition of an invoice filter, for the root list and a company's invoices. `search`
 * matches each of its words (as every list's search does) in the number or the company's name: a
 * word's companies by the ids `searchedCompanies` holds for it when given (looked up first, see
 * `searchedCompanyIds`), else by joining each invoice's company (a company's own invoices).
 */
export function invoiceWhere(filter: InvoiceFilter, searchedCompanies?: (string[] | null)[] | null): Prisma.InvoiceWhereInput & { AND: Prisma.InvoiceWhereInput[] } {
  const byCompany = (word: string, ids: string[] | null | undefined) => (ids ? { companyId: { in: ids } } : { company: containing(word, companyNameSearch) });
  return {
    companyId: filter.companyId ?? undefined,
    status: oneOf(filter.status),
    issuedDate: withinDays(filter.issuedDate),
    dueDate: withinDays(filter.dueDate),
    totalAmount: withinAmounts(filter.totalAmount),
    balanceDue: withinAmounts(filter.balanceDue),
    AND: searchTerms(filter.search).map((word, i) => ({ OR: [containing(word, invoiceSearch), byCompany(word, searchedCompanies?.[i])] })),
  };
}

/** Past this many companies matching a word, the invoice search joins for it instead (a word that common filters little anyway). */
const MAX_SEARCHED_COMPANIES = 1_000;

/**
 * For each word of `search`, the ids of the companies whose name holds it, from the name's trigram
 * index, so the invoices' condition is served by indexes (number trigrams, company ids) instead
 * of a join filtered row by row (measured at 10,000 invoices: 11 ms a search page, most of it the
 * count). Null for a word too many companies hold; null without a search.
 */
async function searchedCompanyIds(ctx: Context, filter: InvoiceFilter): Promise<(string[] | null)[] | null> {
  const words = searchTerms(filter.search);
  if (!words.length) return null;
  return Promise.all(
    words.map(async (word) => {
      const companies = await ctx.db.company.findMany({ where: containing(word, companyNameSearch), select: { id: true }, take: MAX_SEARCHED_COMPANIES + 1 });
      return companies.length > MAX_SEARCHED_COMPANIES ? null : companies.map((company) => company.id);
    }),
  );
}

/** Invoices by status, the number or company name (`search`), issue date and company, one keyset page at a time; overdue ones moved first. */
export async function listInvoices(ctx: Context, args: ListArgs<InvoiceFilter>, query: InvoiceQuery) {
  const filter = args.filter ?? {};
  const [companies] = await Promise.all([searchedCompanyIds(ctx, filter), moveTenantOverdueInvoices(ctx)]);
  const where = invoiceWhere(filter, companies);
  const read = query.select ? { select: { ...query.select, ...orderColumns } } : query;
  return keysetPage(
    ctx,
    invoiceOrder,
    args,
    (page) => ctx.db.invoice.findMany({ ...read, where: { ...where, AND: [...where.AND, page.where] }, orderBy: page.orderBy, skip: page.skip, take: page.take }),
    () => ctx.db.invoice.count({ where }),
  );
}

const readInvoice = (ctx: Context, id: string, query: InvoiceQuery = {}) => found(ctx.db.invoice.findUnique({ ...query, where: { id } }), 'Invoice');

/** One invoice, overdue first if it is due to be. */
export async function getInvoice(ctx: Context, id: string, query: InvoiceQuery = {}) {
  await moveTenantOverdueInvoices(ctx, id);
  return readInvoice(ctx, id, query);
}

export interface NewInvoice {
  companyId: string;
  contactId?: string | null;
  quoteId?: string | null;
  issuedDate?: Date | null;
  dueDate?: Date | null;
  taxRate?: string | null;
  notes?: string | null;
  customerNotes?: string | null;
  customFields?: Prisma.InputJsonObject | null;
  lineItems?: LineInput[] | null;
}

/** The due date cannot come before the issue date. */
function checkDates(issuedDate: Date | null | undefined, dueDate: Date | null | undefined) {
  if (issuedDate && dueDate && dueDate < issuedDate) throw badInput([{ field: 'dueDate', message: 'must not be before issuedDate' }]);
}

/** Creates a draft with the tenant's next number, its lines and its amounts, in one transaction. */
export async function createInvoice(ctx: Context, input: NewInvoice, query: InvoiceQuery = {}) {
  const { userId, tenantId } = principalOf(ctx);
  checkDates(input.issuedDate, input.dueDate);
  await mustExist(ctx.db.company.findUnique({ where: { id: input.companyId }, select: { id: true } }), 'companyId', 'company');
  const [customFields] = await Promise.all([checkCustomFields(ctx, 'invoice', input.customFields), mustBelongToCompany(ctx.db, input.companyId, input)]);
  const taxRate = input.taxRate ?? '0';
  const lines = pricedLines(input.lineItems ?? []);
  const amounts = invoiceAmounts(lines.map((line) => line.total), taxRate);
  const id = await ctx.db.$transaction(
    async (tx) => {
      // Numbered last, so the sequence row stays locked for as little of the transaction as possible.
      const invoice = await tx.invoice.create({
        data: {
          tenantId,
          invoiceNumber: await nextInvoiceNumber(tx),
          companyId: input.companyId,
          contactId: input.contactId ?? null,
          quoteId: input.quoteId ?? null,
          issuedDate: input.issuedDate ?? null,
          dueDate: input.dueDate ?? null,
          taxRate,
          ...amounts,
          notes: input.notes ?? null,
          customerNotes: input.customerNotes ?? null,
          customFields,
          lineItems: { createMany: { data: lines.map((line) => ({ ...line, tenantId })) } },
        },
        select: { id: true },
      });
      await recordInvoiceEvent(tx, { invoiceId: invoice.id, userId, fromStatus: null, toStatus: 'draft' });
      await ctx.events.record(tx, 'invoice.created', invoice.id);
      return invoice.id;
    },
    // Concurrent creations queue for the tenant's number (see nextInvoiceNumber).
    { maxWait: 10_000, timeout: 15_000 },
  );
  return readInvoice(ctx, id, query);
}

export interface InvoicePatch {
  notes?: string | null;
  customerNotes?: string | null;
  dueDate?: Date | null;
  customFields?: Prisma.InputJsonObject | null;
}

/** Metadata only: never the status (it answers the status the invoice had), the amounts or the lines. */
export async function updateInvoice(ctx: Context, id: string, patch: InvoicePatch, query: InvoiceQuery = {}) {
  const { customFields, ...nullable } = sentFields(patch);
  const checked = customFields === undefined ? undefined : await checkCustomFields(ctx, 'invoice', customFields);
  return ctx.db.$transaction(async (tx) => {
    const invoice = await lockInvoice(tx, id, ctx);
    if (nullable.dueDate !== undefined) checkDates(invoice.issuedDate, nullable.dueDate);
    return tx.invoice.update({ ...query, where: { id }, data: { ...nullable, customFields: checked } });
  });
}

/** Replaces every line of a draft (and its tax rate, when given) and recomputes its amounts. */
export async function replaceInvoiceLineItems(ctx: Context, id: string, input: { lineItems: LineInput[]; taxRate?: string | null }, query: InvoiceQuery = {}) {
  const { tenantId } = principalOf(ctx);
  const lines = pricedLines(input.lineItems);
  return ctx.db.$transaction(async (tx) => {
    const invoice = await lockInvoice(tx, id, ctx);
    mustAllow(invoice.status, 'editLines');
    const taxRate = input.taxRate ?? invoice.taxRate;
    const amounts = invoiceAmounts(lines.map((line) => line.total), taxRate);
    await tx.invoiceLineItem.deleteMany({ where: { invoiceId: id } });
    await tx.invoiceLineItem.createMany({ data: lines.map((line) => ({ ...line, tenantId, invoiceId: id })) });
    return tx.invoice.update({ ...query, where: { id }, data: { ...amounts, taxRate } });
  });
}
