import { z } from 'zod';
import { customFieldsInputDescription } from '../custom-fields/custom-field.rules.js';
import { builder } from '../graphql/builder.js';
import { fraction, money, moneyOfDigits, optionalText, patchInput, positiveQuantity, requiredText } from '../shared/validation.js';
import { invoiceSettingsManage, invoicesWrite } from './invoice-access.js';
import { MAX_CUSTOMER_NOTES, MAX_DESCRIPTION, MAX_LINE_ITEMS, MAX_NOTES, MAX_PAYMENTS } from './invoice-limits.js';
import { Invoice, InvoiceSettings, PaymentMethodEnum } from './invoice.graphql.js';
import { markInvoiceViewed, recordPayment, sendInvoice, voidInvoice } from './invoice-lifecycle.js';
import { updateInvoiceSettings } from './invoice-numbering.js';
import { createInvoice, replaceInvoiceLineItems, updateInvoice } from './invoice.service.js';
import { recordPayload, resultQuery } from '../graphql/mutation-payload.js';


const LineItemInput = builder.inputType('InvoiceLineItemInput', {
  description: 'A line of an invoice. Its total (quantity × unitPrice, rounded half-up to cents) is computed.',
  fields: (t) => ({
    description: t.string({ required: true, description: `What is billed, at most ${MAX_DESCRIPTION} characters.`, validate: requiredText(MAX_DESCRIPTION, 'multiline') }),
    quantity: t.field({ type: 'Quantity', required: true, description: 'More than 0, at most 10 digits and 4 decimals, e.g. "2" or "1.5".', validate: positiveQuantity }),
    unitPrice: t.field({ type: 'Money', required: true, description: 'Price per unit, 0 or more, at most 12 digits and 2 decimals, e.g. "1250.00".', validate: money }),
    sortOrder: t.int({ description: 'Position on the invoice; the line\'s index in the list when absent.', validate: z.number().int().min(0, 'must be 0 or more').max(100_000, 'must be at most 100000') }),
  }),
});

const lineItems = {
  type: [LineItemInput] as [typeof LineItemInput],
  description: `The lines, at most ${MAX_LINE_ITEMS}.`,
  validate: z.array(z.unknown()).max(MAX_LINE_ITEMS, `must hold at most ${MAX_LINE_ITEMS} lines`),
};

const CreateInvoiceInput = builder.inputType('CreateInvoiceInput', {
  description: "A new invoice, in `draft`, numbered with the tenant's next number. Its amounts are computed from the lines and the tax rate.",
  fields: (t) => ({
    companyId: t.field({ type: 'UUID', required: true, description: 'Id of the company billed (of the tenant).' }),
    contactId: t.field({ type: 'UUID', description: "Id of a contact of that company, the invoice's addressee; without one, it is sent to the company's primary contact." }),
    quoteId: t.field({ type: 'UUID', description: 'Id of the originating quote, kept for reference.' }),
    issuedDate: t.field({ type: 'Date', description: 'Issue date, YYYY-MM-DD; the day of sending (UTC) when absent.' }),
    dueDate: t.field({ type: 'Date', description: 'Due date, YYYY-MM-DD, not before issuedDate; without one the invoice is never overdue.' }),
    taxRate: t.field({ type: 'Rate', description: 'Tax rate as a decimal fraction from 0 to 1 ("0.0825" is 8.25 %); "0" when absent.', validate: fraction }),
    notes: t.string({ description: `Internal notes, at most ${MAX_NOTES} characters.`, validate: optionalText(MAX_NOTES, 'multiline') }),
    customerNotes: t.string({ description: `Notes for the customer, printed on the invoice, at most ${MAX_CUSTOMER_NOTES} characters.`, validate: optionalText(MAX_CUSTOMER_NOTES, 'multiline') }),
    customFields: t.field({ type: 'JSONObject', description: customFieldsInputDescription(false) }),
    lineItems: t.field(lineItems),
  }),
});

const UpdateInvoiceInput = builder.inputType('UpdateInvoiceInput', {
  description: 'Changes to the metadata of an invoice, in any status. Absent fields do not change; `null` clears a nullable field. Status, amounts and lines change only through their own operations.',
  validate: patchInput('customFields'),
  fields: (t) => ({
    notes: t.string({ description: `Internal notes, at most ${MAX_NOTES} characters; null clears.`, validate: optionalText(MAX_NOTES, 'multiline') }),
    customerNotes: t.string({ description: `Notes for the customer, printed on the invoice, at most ${MAX_CUSTOMER_NOTES} characters; null clears.`, validate: optionalText(MAX_CUSTOMER_NOTES, 'multiline') }),
    dueDate: t.field({ type: 'Date', description: 'Due date, YYYY-MM-DD, not before the issue date; null clears. The status does not change: an overdue invoice stays overdue, and one whose new due date has passed becomes overdue by the scheduled move (in its history) before it is next read.' }),
    customFields: t.field({ type: 'JSONObject', description: customFieldsInputDescription(true) }),
  }),
});

const ReplaceLineItemsInput = builder.inputType('ReplaceInvoiceLineItemsInput', {
  description: "A draft's new lines, replacing all of them, and optionally its tax rate.",
  fields: (t) => ({
    lineItems: t.field({ ...lineItems, required: true }),
    taxRate: t.field({ type: 'Rate', description: 'New tax rate as a decimal fraction from 0 to 1; unchanged when absent.', validate: fraction }),
  }),
});

const RecordPaymentInput = builder.inputType('RecordPaymentInput', {
  description: 'A payment received.',
  fields: (t) => ({
    amount: t.field({ type: 'Money', required: true, description: 'More than 0 and at most the balance due, e.g. "250.00".', validate: moneyOfDigits(16) }),
    paymentDate: t.field({ type: 'Date', description: 'Date of payment, YYYY-MM-DD, at the latest tomorrow (UTC); today (UTC) when absent.' }),
    paymentMethod: t.field({ type: PaymentMethodEnum, required: true, description: 'How it was paid.' }),
    referenceNumber: t.string({ description: 'Check number, transfer reference or similar, at most 100 characters.', validate: optionalText(100) }),
    notes: t.string({ description: 'Notes on the payment, at most 10000 characters.', validate: optionalText(10_000, 'multiline') }),
  }),
});

const UpdateInvoiceSettingsInput = builder.inputType('UpdateInvoiceSettingsInput', {
  description: "Changes to the tenant's invoice numbering.",
  fields: (t) => ({
    invoicePrefix: t.string({
      required: true,
      description: 'Put before the number of each new invoice: 1 to 20 letters, digits, `-`, `_`, `/` or `.`. Numbering continues where it was, so numbers never repeat.',
      validate: z.string().regex(/^[A-Za-z0-9_./-]{1,20}$/, 'must be 1 to 20 letters, digits, -, _, / or .'),
    }),
  }),
});

const invoiceId = builder.args((t) => ({ id: t.field({ type: 'UUID', required: true, description: 'Invoice id.' }) }));
const conflicts = 'CONFLICT naming the current status otherwise.';

const UpdateInvoiceSettingsPayload = recordPayload('updateInvoiceSettings', 'invoiceSettings', InvoiceSettings);

const CreateInvoicePayload = recordPayload('createInvoice', 'invoice', Invoice);
const UpdateInvoicePayload = recordPayload('updateInvoice', 'invoice', Invoice);
const ReplaceInvoiceLineItemsPayload = recordPayload('replaceInvoiceLineItems', 'invoice', Invoice);
const SendInvoicePayload = recordPayload('sendInvoice', 'invoice', Invoice);
const MarkInvoiceViewedPayload = recordPayload('markInvoiceViewed', 'invoice', Invoice);
const RecordInvoicePaymentPayload = recordPayload('recordInvoicePayment', 'invoice', Invoice);
const VoidInvoicePayload = recordPayload('voidInvoice', 'invoice', Invoice);

builder.mutationFields((t) => ({
  createInvoice: t.field({
    type: CreateInvoicePayload,
    description: "Creates a draft invoice with the tenant's next number, its line items and computed amounts.",
    authScopes: invoicesWrite,
    args: { input: t.arg({ type: CreateInvoiceInput, required: true, description: 'The invoice.' }) },
    resolve: (_root, { input }, ctx, info) => createInvoice(ctx, input, resultQuery(ctx, info)),
  }),
  updateInvoice: t.field({
    type: UpdateInvoicePayload,
    description: 'Changes the metadata of an invoice: notes, customer notes, due date, custom fields. Never its status or amounts.',
    authScopes: invoicesWrite,
    args: { ...invoiceId, input: t.arg({ type: UpdateInvoiceInput, required: true, description: 'The changes.' }) },
    resolve: (_root, { id, input }, ctx, info) => updateInvoice(ctx, id, input, resultQuery(ctx, info)),
  }),
  replaceInvoiceLineItems: t.field({
    type: ReplaceInvoiceLineItemsPayload,
    description: `Replaces every line item of a \`draft\` (and its tax rate, when given) and recomputes its amounts. ${conflicts}`,
    authScopes: invoicesWrite,
    args: { ...invoiceId, input: t.arg({ type: ReplaceLineItemsInput, required: true, description: 'The new lines.' }) },
    resolve: (_root, { id, input }, ctx, info) => replaceInvoiceLineItems(ctx, id, input, resultQuery(ctx, info)),
  }),
  sendInvoice: t.field({
    type: SendInvoicePayload,
    description: `\`draft\` → \`sent\`: sets \`sentAt\`, and \`issuedDate\` to today (UTC) when unset, and emails the PDF to the invoice's contact, else the company's primary contact (the history says where it went). A draft without line items is BAD_USER_INPUT; one whose total is 0.00 is settled by sending: it becomes \`paid\`. ${conflicts}`,
    authScopes: invoicesWrite,
    args: invoiceId,
    resolve: (_root, { id }, ctx, info) => sendInvoice(ctx, id, resultQuery(ctx, info)),
  }),
  markInvoiceViewed: t.field({
    type: MarkInvoiceViewedPayload,
    description: `\`sent\` → \`viewed\`, for a customer portal or tracking link; changes nothing once viewed, partially paid, paid or overdue. ${conflicts}`,
    authScopes: invoicesWrite,
    args: invoiceId,
    resolve: (_root, { id }, ctx, info) => markInvoiceViewed(ctx, id, resultQuery(ctx, info)),
  }),
  recordInvoicePayment: t.field({
    type: RecordInvoicePaymentPayload,
    description: `Records a payment on a \`sent\`, \`viewed\`, \`partially_paid\` or \`overdue\` invoice: it becomes \`partially_paid\` (an overdue one stays \`overdue\`), or \`paid\` (with \`paidAt\`) when the balance reaches 0. An amount above the balance due, or a payment past the ${MAX_PAYMENTS}th of the invoice, is BAD_USER_INPUT. Answers the invoice. ${conflicts}`,
    authScopes: invoicesWrite,
    args: { ...invoiceId, input: t.arg({ type: RecordPaymentInput, required: true, description: 'The payment.' }) },
    resolve: (_root, { id, input }, ctx, info) => recordPayment(ctx, id, input, resultQuery(ctx, info)),
  }),
  voidInvoice: t.field({
    type: VoidInvoicePayload,
    description: `Any unpaid status (\`draft\`, \`sent\`, \`viewed\`, \`overdue\`, with no payment recorded) → \`voided\`, which is final. With payments recorded, or when paid or voided already: CONFLICT.`,
    authScopes: invoicesWrite,
    args: invoiceId,
    resolve: (_root, { id }, ctx, info) => voidInvoice(ctx, id, resultQuery(ctx, info)),
  }),
  updateInvoiceSettings: t.field({
    type: UpdateInvoiceSettingsPayload,
    description: "Changes the tenant's invoice number prefix; numbering continues where it was.",
    authScopes: invoiceSettingsManage,
    args: { input: t.arg({ type: UpdateInvoiceSettingsInput, required: true, description: 'The settings.' }) },
    resolve: (_root, { input }, ctx) => updateInvoiceSettings(ctx.db, input),
  }),
}));
