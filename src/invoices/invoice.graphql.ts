import { Kind, type GraphQLResolveInfo } from 'graphql';
import { queryFromInfo } from '@pothos/plugin-prisma';
import { InvoiceStatus, PaymentMethod } from '../generated/prisma/enums.js';
import { aggregateOver } from '../graphql/aggregates.js';
import { builder } from '../graphql/builder.js';
import { MISSING_RECORD_NOTE, orNull } from '../graphql/missing-record.js';
import { Node, nodeLookup } from '../graphql/node.js';
import { defineList, nestedListNote, prismaOrderBy } from '../graphql/connection.js';
import { anyOfDescription, DateRange, MoneyRange, searchDescription } from '../graphql/list-filters.js';
import { embeds, listOf, refusedAloneUnless } from '../graphql/read-access.js';
import { searchText } from '../shared/validation.js';
import { invoicesRead } from './invoice-access.js';
import { invoicePdf } from './invoice-delivery.js';
import { invoiceHistory } from './invoice-lifecycle.js';
import { invoiceSettings } from './invoice-numbering.js';
import { getInvoice, type InvoiceFilter, invoiceOrder, invoiceSums, invoiceWhere, listInvoices } from './invoice.service.js';
import { moveTenantOverdueInvoices } from './invoice-overdue.js';
import { fixedList, longText } from '../graphql/limits.js';
import { MAX_DESCRIPTION, MAX_LINE_ITEMS, MAX_PAYMENTS } from './invoice-limits.js';

export const InvoiceStatusEnum = builder.enumType(InvoiceStatus, {
  name: 'InvoiceStatus',
  description:
    'Where an invoice stands: `draft` → `sent` → (`viewed`) → `partially_paid` → `paid`; `overdue` by a scheduled move the day after the due date (UTC) while sent, viewed or partially paid; `voided` from any status without payments (final).',
  values: {
    draft: { description: 'Being prepared; its line items can change. Not yet sent.' },
    sent: { description: 'Sent to the customer; nothing paid yet.' },
    viewed: { description: 'The customer has opened it; nothing paid yet.' },
    partially_paid: { description: 'Some of the total has been paid.' },
    paid: { description: 'Paid in full (final).' },
    overdue: { description: 'Was sent, viewed or partially paid when its due date passed: from 00:00 UTC the day after the due date, a scheduled move (recorded in the history, without a user) makes it overdue. It stays overdue through partial payments and changes of the due date, until it is paid in full or voided.' },
    voided: { description: 'Cancelled without payment (final).' },
  },
});

export const PaymentMethodEnum = builder.enumType(PaymentMethod, {
  name: 'PaymentMethod',
  description: 'How a payment was made.',
  values: {
    check: { description: 'By check.' },
    ach: { description: 'By ACH bank transfer.' },
    credit_card: { description: 'By credit card.' },
    cash: { description: 'In cash.' },
    other: { description: 'Any other way.' },
  },
});

builder.prismaObject('InvoiceLineItem', {
  interfaces: [Node],
  description: 'A line of an invoice.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Line item id.' }),
    description: t.exposeString('description', { description: 'What is billed.', ...longText(MAX_DESCRIPTION) }),
    quantity: t.expose('quantity', { type: 'Quantity', description: 'Quantity, a decimal string with up to four decimals.' }),
    unitPrice: t.expose('unitPrice', { type: 'Money', description: 'Price per unit.' }),
    total: t.expose('total', { type: 'Money', description: 'quantity × unitPrice, rounded half-up to cents.' }),
    sortOrder: t.exposeInt('sortOrder', { description: 'Position on the invoice; lines are listed by it.' }),
  }),
});

builder.prismaObject('Payment', {
  interfaces: [Node],
  description: 'A payment recorded against an invoice.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Payment id.' }),
    amount: t.expose('amount', { type: 'Money', description: 'Amount paid.' }),
    paymentDate: t.expose('paymentDate', { type: 'Date', description: 'Date of payment, YYYY-MM-DD.' }),
    paymentMethod: t.expose('paymentMethod', { type: PaymentMethodEnum, description: 'How it was paid.' }),
    referenceNumber: t.exposeString('referenceNumber', { nullable: true, description: 'Check number, transfer reference or similar.' }),
    notes: t.exposeString('notes', { nullable: true, description: 'Notes on the payment.', ...longText(10_000) }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was recorded (ISO 8601, UTC).' }),
  }),
});

export const Invoice = builder.prismaObject('Invoice', {
  interfaces: [Node],
  // As `invoice(id:)` does: an invoice past its due date is answered overdue.
  ...nodeLookup({ before: (ctx) => moveTenantOverdueInvoices(ctx) }),
  // Select mode: a page reads only the columns its fields need (the list item is a fifth of them).
  select: { id: true },
  description: 'A bill to a company: numbered line items, tax, payments and the balance due, through its lifecycle. Amounts are decimal strings with two decimals.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Invoice id.' }),
    invoiceNumber: t.exposeString('invoiceNumber', { description: "Human-readable number, sequential per tenant without gaps: the tenant's prefix and six digits (`INV-000123`)." }),
    status: t.expose('status', { type: InvoiceStatusEnum, description: 'Where it stands; only its lifecycle moves change it (a PATCH never does).' }),
    companyId: t.expose('companyId', { type: 'UUID', description: 'The company billed.' }),
    contactId: t.expose('contactId', { type: 'UUID', nullable: true, description: 'The contact addressed, if any.' }),
    quoteId: t.expose('quoteId', { type: 'UUID', nullable: true, description: 'The originating quote, if any.' }),
    issuedDate: t.expose('issuedDate', { type: 'Date', nullable: true, description: 'Issue date, YYYY-MM-DD; set to the day of sending (UTC) when unset.' }),
    dueDate: t.expose('dueDate', { type: 'Date', nullable: true, description: 'Due date, YYYY-MM-DD; without one an invoice is never overdue.' }),
    subtotal: t.expose('subtotal', { type: 'Money', description: 'Sum of the line totals, before tax.' }),
    taxRate: t.expose('taxRate', { type: 'Rate', description: 'Tax rate as a decimal fraction ("0.0825" is 8.25 %).' }),
    taxAmount: t.expose('taxAmount', { type: 'Money', description: 'subtotal × taxRate, rounded half-up to cents.' }),
    totalAmount: t.expose('totalAmount', { type: 'Money', description: 'subtotal + taxAmount.' }),
    amountPaid: t.expose('amountPaid', { type: 'Money', description: 'Sum of the payments.' }),
    balanceDue: t.expose('balanceDue', { type: 'Money', description: 'totalAmount − amountPaid.' }),
    notes: t.exposeString('notes', { nullable: true, description: 'Internal notes, never shown to the customer.', ...longText(10_000) }),
    customerNotes: t.exposeString('customerNotes', { nullable: true, description: 'Notes for the customer, printed on the invoice and in its email.', ...longText(10_000) }),
    customFields: t.expose('customFields', { type: 'JSONObject', description: "Values of the tenant's custom fields for invoices, by key." }),
    sentAt: t.expose('sentAt', { type: 'DateTime', nullable: true, description: 'When it was sent (ISO 8601, UTC).' }),
    paidAt: t.expose('paidAt', { type: 'DateTime', nullable: true, description: 'When it was paid in full (ISO 8601, UTC).' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created (ISO 8601, UTC).' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed (ISO 8601, UTC).' }),
    companyName: t.string({ description: 'Name of the company billed.', select: { company: { select: { name: true } } }, resolve: (invoice) => invoice.company.name }),
    // The billed company and the contact are the same types as everywhere (one cache entry per record); the invoice grants the part it prints.
    company: t.relation('company', { ...embeds('id', 'name', 'fullAddress'), description: 'The company billed: name and one-line address.' }),
    contact: t.relation('contact', { ...embeds('id', 'firstName', 'lastName', 'email'), nullable: true, description: 'The contact addressed, if any.' }),
    lineItems: t.relation('lineItems', { ...listOf('InvoiceLineItem'), ...fixedList(MAX_LINE_ITEMS), description: 'The lines, by `sortOrder`.', query: { orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] } }),
    payments: t.relation('payments', { ...listOf('Payment'), ...fixedList(MAX_PAYMENTS), description: 'Payments, by payment date.', query: { orderBy: [{ paymentDate: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] } }),
  }),
});

builder.prismaObject('InvoiceEvent', {
  interfaces: [Node],
  description: "One step in an invoice's life: its creation, sending, a view, a payment, voiding, the scheduled move to `overdue`.",
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Event id.' }),
    fromStatus: t.expose('fromStatus', { type: InvoiceStatusEnum, nullable: true, description: 'Status before; null for the creation.' }),
    toStatus: t.expose('toStatus', { type: InvoiceStatusEnum, description: 'Status after.' }),
    note: t.exposeString('note', { nullable: true, description: 'What else happened: where it was emailed, the payment recorded.' }),
    occurredAt: t.expose('occurredAt', { type: 'DateTime', description: 'When (ISO 8601, UTC).' }),
    user: t.relation('user', { nullable: true, description: "Who did it (the API key's user); null for the scheduled move to `overdue`." }),
  }),
});

const InvoicePdf = builder.objectRef<{ invoiceId: string; invoiceNumber: string; pdf: Buffer }>('InvoicePdf').implement({
  description: 'An invoice as a PDF, rendered as it stands now.',
  fields: (t) => ({
    invoiceId: t.expose('invoiceId', { type: 'UUID', description: 'Invoice id.' }),
    invoiceNumber: t.exposeString('invoiceNumber', { description: 'Invoice number.' }),
    pdfBase64: t.string({ description: 'The PDF, base64-encoded (REST serves it as `application/pdf`).', resolve: (p) => p.pdf.toString('base64') }),
  }),
});

export const InvoiceSettings = builder.objectRef<{ invoicePrefix: string; nextInvoiceNumber: string }>('InvoiceSettings').implement({
  description: "The tenant's invoice numbering.",
  fields: (t) => ({
    invoicePrefix: t.exposeString('invoicePrefix', { description: 'Put before the number of each new invoice; `INV-` unless changed.' }),
    nextInvoiceNumber: t.exposeString('nextInvoiceNumber', { description: 'The number the next invoice will get (if no other is created first).' }),
  }),
});

/** Whether a connection field selects `nodes` directly (else its rows are planned from `edges.node`). */
const selectsNodes = (info: GraphQLResolveInfo) =>
  info.fieldNodes.some((node) => node.selectionSet?.selections.some((s) => s.kind === Kind.FIELD && s.name.value === 'nodes'));

const invoiceList = defineList(Invoice, invoiceOrder, {
  plural: 'invoices',
  filterDescription: 'Conditions on invoices; every given condition must hold.',
  filter: (t) => ({
    search: t.string({ description: searchDescription('the invoice number or the company name'), validate: searchText }),
    status: t.field({
      type: [InvoiceStatusEnum],
      ...anyOfDescription('invoices with', 'status', 'statuses', ' `overdue` finds every invoice past its due date and unpaid (the move is applied before the list is read).'),
    }),
    companyId: t.field({ type: 'UUID', description: 'Only invoices billing this company.' }),
    issuedDate: t.field({
      type: DateRange,
      description: 'Only invoices issued on a day of this range, both ends included (calendar dates: invoices have no time zone); a last day before the first is refused.',
    }),
    dueDate: t.field({ type: DateRange, description: 'Only invoices due on a day of this range (invoices without a due date never match).' }),
    totalAmount: t.field({ type: MoneyRange, description: 'Only invoices whose total, tax included, is in this range.' }),
    balanceDue: t.field({ type: MoneyRange, description: 'Only invoices whose amount still owed is in this range.' }),
  }),
  sums: invoiceSums,
});

/** What an invoice list's `aggregate` sums over: its filter, within the company's invoices when nested. */
const invoiceTotals = (nested: boolean) =>
  aggregateOver('Invoice', invoiceSums, (company: { id: string } | undefined, args: { filter?: InvoiceFilter | null }, ctx) => ({
    model: ctx.db.invoice,
    where: { AND: [invoiceWhere(args.filter ?? {}), nested ? { companyId: company!.id } : {}] },
  }));

builder.prismaObjectFields('Company', (t) => ({
  invoices: t.relatedConnection('invoices', {
    ...refusedAloneUnless('Invoice'),
    extensions: { ...refusedAloneUnless('Invoice').extensions, ...invoiceTotals(true) },
    cursor: 'id',
    totalCount: true,
    description: `The company's invoices, newest first unless \`orderBy\` says otherwise. ${nestedListNote('companyId')} Statuses are as the last overdue sweep left them (\`Query.invoices\` moves due invoices to \`overdue\` before it reads).`,
    args: invoiceList.nestedArgs(),
    // Planned into the company's own statement, which cannot wait for the overdue move: statuses are as the last sweep (or a read of the invoice) left them.
    query: (args) => ({ where: invoiceWhere(args.filter ?? {}), orderBy: prismaOrderBy(invoiceOrder, args.orderBy) }),
  }, invoiceList.nestedConnection),
}));

const invoiceId = builder.args((t) => ({ id: t.field({ type: 'UUID', required: true, description: 'Invoice id.' }) }));

builder.queryFields((t) => ({
  invoices: t.field({
    type: invoiceList.connection,
    description: 'Invoices of the tenant, newest first unless `orderBy` says otherwise.',
    authScopes: invoicesRead,
    args: invoiceList.args(),
    extensions: invoiceTotals(false),
    resolve: (_root, args, ctx, info) => listInvoices(ctx, args, queryFromInfo({ context: ctx, info, path: selectsNodes(info) ? ['nodes'] : ['edges', 'node'] })),
  }),
  invoice: t.prismaField({
    type: Invoice,
    nullable: true,
    description: `One invoice with its company, contact, line items and payments; ${MISSING_RECORD_NOTE}.`,
    authScopes: invoicesRead,
    args: invoiceId,
    resolve: (query, _root, { id }, ctx) => orNull(ctx, getInvoice(ctx, id, query)),
  }),
  invoiceHistory: t.prismaField({
    type: ['InvoiceEvent'],
    nullable: true,
    description: `An invoice's history, oldest first: who created, sent, paid or voided it, and when; ${MISSING_RECORD_NOTE}. A plain list, not a connection: it is part of the one invoice (a few entries per step of its life) and is read whole.`,
    authScopes: invoicesRead,
    args: invoiceId,
    resolve: (query, _root, { id }, ctx) => orNull(ctx, invoiceHistory(ctx, id, query)),
  }),
  invoicePdf: t.field({
    type: InvoicePdf,
    nullable: true,
    description: 'An invoice as a PDF (number, dates, company, contact, lines, totals, payments, customer notes), rendered as it stands now; drafts and voided invoices are stamped so.',
    authScopes: invoicesRead,
    args: invoiceId,
    resolve: (_root, { id }, ctx) => invoicePdf(ctx, id),
  }),
  invoiceSettings: t.field({
    type: InvoiceSettings,
    description: "The tenant's invoice numbering: prefix and next number.",
    authScopes: invoicesRead,
    resolve: (_root, _args, ctx) => invoiceSettings(ctx.db),
  }),
}));
