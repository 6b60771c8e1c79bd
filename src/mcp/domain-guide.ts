import { isEnumType } from 'graphql';
import { MAX_AVAILABILITY_DAYS } from '../bookings/time-window.js';
import { EVENT_RETENTION_DAYS } from '../events/event-log.js';
import { eventTypes } from '../events/event-types.js';
import * as enums from '../generated/prisma/enums.js';
import { operations } from '../graphql/route-map.js';
import { schema } from '../graphql/schema.js';
import { QUOTE_MOVES } from '../inspections/finding.service.js';
import { DISPATCHER_ROLES, REVIEWER_ROLES } from '../inspections/inspection-access.js';
import { EDITABLE, MOVES, type Move } from '../inspections/workflow.js';
import { AWAITING_PAYMENT } from '../invoices/invoice-overdue.js';
import { ACTIONS, type InvoiceAction } from '../invoices/invoice-status.js';

// The domain guide AI agents read (an MCP resource). Every status, move and allowed status below is
// rendered from the tables the code enforces and the schema's enum descriptions, so it cannot drift
// from them; the prose around them states the services' rules.

const code = (value: string) => `\`${value}\``;
const codes = (values: readonly string[]) => values.map(code).join(', ');
const either = (values: readonly string[]) => values.map(code).join(' or ');

/** An operation of the route map: the tool of that name. Throws for one the route map does not serve, so a renamed operation fails at once. */
function tool(name: string): string {
  if (!operations.some((operation) => operation.field.name === name)) throw new Error(`The domain guide names an operation the route map does not serve: ${name}`);
  return code(name);
}

type EnumName = { [K in keyof typeof enums]: (typeof enums)[K] extends Record<string, string> ? K : never }[keyof typeof enums];

/** An enum's values, each with the schema's description of it, as a list item of their own. */
function statuses(name: EnumName): string {
  const type = schema.getType(name);
  if (!isEnumType(type)) throw new Error(`${name} is not an enum of the schema`);
  const values = Object.values(enums[name] as Record<string, string>).map((value) => `  - ${code(value)}: ${type.getValue(value)?.description ?? ''}`);
  return [`- ${code(name)}:`, ...values].join('\n');
}

/** What each inspection move is done with, and what else it requires. */
const INSPECTION_MOVES: Record<Move, { tool: string; note: string }> = {
  submit: {
    tool: 'submitInspection',
    note: `By its team, or a ${either(DISPATCHER_ROLES)}. Every required checklist item needs an answer (400 lists the missing ones). Clears ${code('rejectionReason')}.`,
  },
  startReview: { tool: 'startInspectionReview', note: 'By a reviewer.' },
  approve: { tool: 'approveInspection', note: `By a reviewer who did not lead it (403 otherwise), with ${code('overallResult')}: ${codes(Object.values(enums.InspectionResult))}.` },
  reject: { tool: 'rejectInspection', note: `By a reviewer, with ${code('rejectionReason')}; the team corrects and submits again.` },
  deliver: { tool: 'deliverInspection', note: `By a reviewer: renders the PDF report (${tool('inspectionReport')}) and emails it to the company's primary contact.` },
};

/** What each invoice action is done with, and what it leaves. */
const INVOICE_ACTIONS: Record<InvoiceAction, { tool: string; result: string }> = {
  editLines: { tool: 'replaceInvoiceLineItems', result: `Replaces every line (and ${code('taxRate')} if given); amounts recomputed.` },
  send: {
    tool: 'sendInvoice',
    result: `${code('sent')}; stamps ${code('sentAt')} (and ${code('issuedDate')}, today UTC, if unset) and emails the PDF. Needs a line item; a 0.00 total goes straight to ${code('paid')}.`,
  },
  view: { tool: 'markInvoiceViewed', result: `${code('sent')} → ${code('viewed')}; changes nothing in the other allowed statuses.` },
  pay: {
    tool: 'recordInvoicePayment',
    result: `${code('paid')} when the balance reaches 0.00, else ${code('partially_paid')} (an ${code('overdue')} one stays ${code('overdue')}). More than ${code('balanceDue')} is a 400.`,
  },
  void: { tool: 'voidInvoice', result: `${code('voided')} (final). 409 once any payment is recorded.` },
};

/** The guide, as Markdown. */
export function domainGuide(): string {
  const inspectionRows = (Object.keys(MOVES) as Move[]).map((move) => {
    const { from, to } = MOVES[move];
    const { tool: name, note } = INSPECTION_MOVES[move];
    return `| ${tool(name)} | ${codes(from)} | ${code(to)} | ${note} |`;
  });

  const invoiceRows = (Object.keys(ACTIONS) as InvoiceAction[]).map((action) => {
    const { tool: name, result } = INVOICE_ACTIONS[action];
    return `| ${tool(name)} | ${codes(ACTIONS[action].allowed)} | ${result} |`;
  });

  const quoteMoves = Object.entries(QUOTE_MOVES)
    .filter(([, to]) => to.length)
    .map(([from, to]) => `${code(from)} → ${to.map(code).join(' or ')}`)
    .join('; ');

  const eventNames = Object.keys(eventTypes).map(code).join(', ');

  return `# Business platform: domain guide for agents

Every API key belongs to one tenant (a business) and acts as the user who created it; every record read or written is that tenant's. Each operation is one tool, named as its GraphQL root field (${tool('leads')}, ${tool('createLead')}, ...), and needs a scope; some also need a user role or a tenant module.

## Conventions
- Ids are UUIDs. Money (${code('value')}, ${code('unitPrice')}, ${code('totalAmount')}, ...) is a decimal string such as ${code('"1250.00"')}, never a JSON number; quantities are decimal strings, tax rates decimal fractions (${code('"0.0825"')} is 8.25 %).
- Instants are ISO 8601 in UTC (${code('2030-01-07T09:00:00Z')}; an input may carry an offset instead). Calendar dates (due dates, issue dates) are ${code('YYYY-MM-DD')}. Time zones are IANA names (${code('America/New_York')}).
- A patch changes only the fields it sends; ${code('null')} clears a field that may be empty.
- List tools page by cursor: ${code('limit')} (1 to 100) and ${code('cursor')}; while the answer's ${code('hasMore')} is true, call again with ${code('cursor')} set to its ${code('nextCursor')}. A list answering ${code('total')} counts every matching record there.
- Tools of POST routes (most creations and moves) take an ${code('idempotencyKey')} (a new UUID per intended change): a retry with the same key within 24 hours returns the first result instead of acting twice.

## Errors
- 400 ${code('BAD_USER_INPUT')}: the input is wrong; ${code('details')} names each field and what is wrong. Fix the input; do not retry as is.
- 401 ${code('UNAUTHENTICATED')}: no valid key. 403 ${code('FORBIDDEN')}: the key lacks the scope (named in the error), the user's role may not do this, or the tenant lacks the module.
- 404 ${code('NOT_FOUND')}: no such record for this tenant (another tenant's records are never visible), including an id given in the input.
- 409 ${code('CONFLICT')}: the record's current state forbids it (the message names the status, e.g. "Cannot send an invoice that is paid"), or a slot was taken meanwhile. Read the record again, then decide.
- 429: request budget spent; wait ${code('Retry-After')} seconds. 503: try again later.

## Sales: leads, companies, contacts, sites, pipelines, deals
- A **lead** is a prospect before qualification (${tool('createLead')} starts it ${code('new')}). Its status has no enforced order: qualify it by setting ${code('status')} with ${tool('updateLead')}, and ${code('converted')} once it became a company, contact or deal (creating those does not change the lead).
${statuses('LeadStatus')}
- A **company** is a customer organisation. **Contacts** are its people; at most one is its primary contact (documents are emailed to it). **Sites** are its locations, where equipment stands and work is done.
- A **pipeline** is an ordered list of **stages**; each stage has a win probability and may be closed-won or closed-lost (not both).
- A **deal** is an opportunity for a company (optionally a contact and a site of that company) in one stage. Move it with ${tool('updateDeal')} and a ${code('stageId')}: it takes the stage's probability, and its status follows the stage: a closed-won stage makes it ${code('won')}, closed-lost ${code('lost')} (with ${code('actualCloseDate')} today, UTC), any other stage ${code('open')} again. There is no separate win/lose call. Stage moves are logged as ${code('stage_change')} activities; log calls, emails, meetings, notes and tasks with ${tool('logDealActivity')}.
${statuses('DealStatus')}

## Bookings
- A **bookable resource** (${codes(Object.values(enums.ResourceType))}) has an IANA ${code('timezone')}, weekly opening hours local to it, closures (holidays, maintenance), a slot length (${code('defaultDurationMinutes')}) and ${code('maxConcurrent')} places per slot. Only ${code('published')} resources can be booked with a publishable key.
- ${tool('resourceAvailability')} lists open **slots** (default: the next 7 days, at most ${MAX_AVAILABILITY_DAYS}): each opening interval cut into consecutive slots of the resource's length; a slot is open when it has not started, overlaps no closure and has fewer confirmed bookings than ${code('maxConcurrent')} (${code('remaining')} is the places left).
- ${tool('createBooking')} books one by its ${code('slotId')} (opaque, from availability). The slot is judged again when booking: taken, closed or started meanwhile is a 409, so list again and pick another. The guest becomes a lead (the tenant's earliest lead with that email, else a new one) and is emailed a confirmation.
- Every booking starts ${code('confirmed')}; only a confirmed one moves: ${tool('cancelBooking')} (its place is free at once; cancelling again is a 404), ${tool('completeBooking')} or ${tool('markBookingNoShow')} (only once its slot has started; 409 otherwise).
${statuses('BookingStatus')}

## Inspections (tenants with the ${code(enums.TenantModule.inspections)} module)
- An **equipment type** (an overhead crane, with its OSHA standard) classifies **equipment**, a piece standing at a site, identified by serial number.
${statuses('EquipmentStatus')}
- A **checklist template** holds sections of items, each answered in a set way; a template for one equipment type serves only that type, one without a type serves any.
- An **inspection** examines one piece of equipment at its site with a template, by a team (its lead technician first). Its team records answers, notes, **findings** (${codes(Object.values(enums.FindingSeverity))}; an ${code('imminent')} finding takes the equipment out of service) and photos, only while it is ${either(EDITABLE)}.
- Reviewers are users with the role ${either(REVIEWER_ROLES)}. The workflow, move by move:

| Tool | From | To | Rules |
| --- | --- | --- | --- |
${inspectionRows.join('\n')}

${statuses('InspectionStatus')}
- A finding's repair quote moves separately, by reviewers, in any inspection status: ${quoteMoves}.

## Invoices
- An **invoice** bills a company (and optionally a contact). It gets the tenant's next gap-free number when created, as a ${code('draft')}. **Line items**: ${code('total')} = quantity × unit price rounded half-up to cents; ${code('subtotal')} = Σ totals; ${code('taxAmount')} = subtotal × ${code('taxRate')} rounded to cents; ${code('totalAmount')} = subtotal + tax; ${code('balanceDue')} = total − ${code('amountPaid')}.
- **Payments** (${codes(Object.values(enums.PaymentMethod))}) are recorded with ${tool('recordInvoicePayment')}, each at most the balance due. ${tool('updateInvoice')} changes only notes, due date and custom fields, never status or amounts.
- **Overdue** is by due date, never by a call: an invoice that is ${either(AWAITING_PAYMENT)} becomes ${code('overdue')} from 00:00 UTC the day after its ${code('dueDate')}, recorded in its history without a user; ${tool('invoiceHistory')} lists every move.
- Each action and the statuses it is allowed in (any other status is a 409):

| Tool | Allowed when status is | Result |
| --- | --- | --- |
${invoiceRows.join('\n')}

${statuses('InvoiceStatus')}

## Events and webhooks
- An **event** records a change: ${eventNames}. Its ${code('data')} is the record as its detail tool answers it after the change. ${tool('events')} lists them for ${EVENT_RETENTION_DAYS} days, for the record types the key may read.
- A **webhook endpoint** is a URL of the tenant sent chosen event types as signed POSTs (Standard Webhooks); a delivery that fails is retried with backoff for 3 days. ${tool('sendTestWebhookEvent')} sends a test, ${tool('retryWebhookDelivery')} retries one.
${statuses('WebhookEndpointStatus')}
${statuses('WebhookDeliveryStatus')}
`;
}
