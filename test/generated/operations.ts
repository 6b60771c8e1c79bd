/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** How a checklist item is answered. Answers are strings: `pass_fail`: "pass" or "fail"; `yes_no`: "yes" or "no"; `text`: text of at most 10000 characters; `number`: a decimal number written as a string, such as "12.5"; `photo`: an http(s) URL of the photo. */
export type AnswerType =
  /** Answered with number. */
  | 'number'
  /** Answered with pass or fail. */
  | 'pass_fail'
  /** Answered with photo. */
  | 'photo'
  /** Answered with text. */
  | 'text'
  /** Answered with yes or no. */
  | 'yes_no';

/** The review outcome. */
export type ApproveInspectionInput = {
  /** The overall result. */
  overallResult: InspectionResult;
};

/** Where a booking stands. */
export type BookingStatus =
  /** Cancelled: its place is free again. The record is kept. */
  | 'cancelled'
  /** It took place (recorded once the slot started). */
  | 'completed'
  /** Booked: it holds a place in its slot. */
  | 'confirmed'
  /** The guest did not come (recorded once the slot started). */
  | 'no_show';

/** The answer to one checklist item. */
export type ChecklistResponseInput = {
  /** Id of an item of the inspection's template. */
  itemId: string;
  /** A note on it, at most 2000 characters. */
  note?: string | null | undefined;
  /** The answer, fitting the item's answer type: `pass_fail`: "pass" or "fail"; `yes_no`: "yes" or "no"; `text`: text of at most 10000 characters; `number`: a decimal number written as a string, such as "12.5"; `photo`: an http(s) URL of the photo. */
  value: string;
};

/** Conditions on companies; every given condition must hold. */
export type CompanyFilter = {
  /** Only companies created in this interval. */
  createdAt?: DateTimeRange | null | undefined;
  /** Text search: every word (at most 5) must appear, in any case, in name or email. */
  search?: string | null | undefined;
};

/** One sort key of companies. */
export type CompanyOrder = {
  /** The direction; `ASC` unless given. */
  direction?: OrderDirection;
  /** The field to sort by. */
  field: CompanyOrderField;
};

/** What companies can be sorted by; ties are broken by id in the same direction. */
export type CompanyOrderField =
  /** When the company was created. */
  | 'CREATED_AT'
  /** Company name, in the database collation. */
  | 'NAME'
  /** When the company last changed. */
  | 'UPDATED_AT';

/** Conditions on contacts; every given condition must hold. */
export type ContactFilter = {
  /** Only contacts of this company. */
  companyId?: string | null | undefined;
  /** Only contacts created in this interval. */
  createdAt?: DateTimeRange | null | undefined;
  /** Text search: every word (at most 5) must appear, in any case, in first name, last name or email. */
  search?: string | null | undefined;
};

/** One sort key of contacts. */
export type ContactOrder = {
  /** The direction; `ASC` unless given. */
  direction?: OrderDirection;
  /** The field to sort by. */
  field: ContactOrderField;
};

/** What contacts can be sorted by; ties are broken by id in the same direction. */
export type ContactOrderField =
  /** When the contact was created. */
  | 'CREATED_AT'
  /** First name, in the database collation. */
  | 'FIRST_NAME'
  /** Last name, in the database collation. */
  | 'LAST_NAME'
  /** When the contact last changed. */
  | 'UPDATED_AT';

/** The slot to hold a seat of. */
export type CreateBookingHoldInput = {
  /** The exact `slotId` of an open slot from availability. */
  slotId: string;
};

/** A booking of an open slot by a guest. */
export type CreateBookingInput = {
  /** Guest's email, for the confirmation. */
  email: string;
  /** Guest's first name, at most 255 characters. */
  firstName: string;
  /** The caller's hold on this slot (`createBookingHold`): the booking takes its seat. A hold that expired, or is not the caller's, is ignored: the booking is then judged like any other. A hold of another slot is refused. */
  holdId?: string | null | undefined;
  /** What the guest is interested in, at most 1000 characters. */
  interest?: string | null | undefined;
  /** Guest's last name, at most 255 characters. */
  lastName: string;
  /** Notes from the guest, at most 10000 characters. */
  notes?: string | null | undefined;
  /** Guest's phone number, at most 50 characters. */
  phone?: string | null | undefined;
  /** The exact `slotId` of an open slot from availability. */
  slotId: string;
  /** Attribution of the booking, at most 100 characters. Default `api`. */
  source?: string | null | undefined;
};

/** A new company. */
export type CreateCompanyInput = {
  /** Street address, at most 500 characters. */
  address?: string | null | undefined;
  /** City, at most 100 characters. */
  city?: string | null | undefined;
  /** Custom field values by key: each value of its field's type (`text` up to 10000 characters; `number` a JSON number or decimal string, at most 30 digits before the point and 30 after; `boolean`; `date` YYYY-MM-DD in the years 1900 to 2200; `select` one of its options). A key the tenant has not defined is BAD_USER_INPUT (a misspelt key is never stored silently); required ones must be present. */
  customFields?: Record<string, unknown> | null | undefined;
  /** Main email address. */
  email?: string | null | undefined;
  /** Company name, at most 200 characters. */
  name: string;
  /** Main phone number, at most 50 characters. */
  phone?: string | null | undefined;
  /** Postal code, at most 20 characters. */
  postalCode?: string | null | undefined;
  /** State or region, at most 100 characters. */
  state?: string | null | undefined;
};

/** A new contact of a company. */
export type CreateContactInput = {
  /** Id of a company of the tenant. */
  companyId: string;
  /** Custom field values by key: each value of its field's type (`text` up to 10000 characters; `number` a JSON number or decimal string, at most 30 digits before the point and 30 after; `boolean`; `date` YYYY-MM-DD in the years 1900 to 2200; `select` one of its options). A key the tenant has not defined is BAD_USER_INPUT (a misspelt key is never stored silently); required ones must be present. */
  customFields?: Record<string, unknown> | null | undefined;
  /** Email address (validated). */
  email?: string | null | undefined;
  /** First name, at most 100 characters. */
  firstName: string;
  /** Make this the company's primary contact (the previous primary stops being one). */
  isPrimary?: boolean | null | undefined;
  /** Last name, at most 100 characters. */
  lastName: string;
  /** Internal notes. */
  notes?: string | null | undefined;
  /** Phone number, at most 50 characters. */
  phone?: string | null | undefined;
  /** Job title, at most 100 characters. */
  role?: string | null | undefined;
};

/** A new deal. It enters its stage as a move would: the stage's probability, and `open` in an open stage, `won` in a closed-won one and `lost` in a closed-lost one (both with `actualCloseDate` today, UTC), so a deal's status always agrees with its stage. */
export type CreateDealInput = {
  /** Id of a company of the tenant. */
  companyId: string;
  /** Id of a contact of the company (`companyId`); one of another company is BAD_USER_INPUT. */
  contactId?: string | null | undefined;
  /** Custom field values by key: each value of its field's type (`text` up to 10000 characters; `number` a JSON number or decimal string, at most 30 digits before the point and 30 after; `boolean`; `date` YYYY-MM-DD in the years 1900 to 2200; `select` one of its options). A key the tenant has not defined is BAD_USER_INPUT (a misspelt key is never stored silently); required ones must be present. */
  customFields?: Record<string, unknown> | null | undefined;
  /** Expected close date, YYYY-MM-DD. */
  expectedCloseDate?: string | null | undefined;
  /** Deal name, at most 200 characters. */
  name: string;
  /** Internal notes. */
  notes?: string | null | undefined;
  /** Id of a user of the tenant; nobody when null. When absent: the signed-in user for a dashboard session, and nobody for an API key (a key is an integration, not a salesperson: its deals are not credited to whoever created the key). */
  ownerId?: string | null | undefined;
  /** Product lines. */
  products?: Array<DealProductInput> | null | undefined;
  /** Id of a site of the company (`companyId`); one of another company is BAD_USER_INPUT. */
  siteId?: string | null | undefined;
  /** Id of a pipeline stage of the tenant. */
  stageId: string;
  /** Deal value. */
  value?: string | null | undefined;
};

/** A finding to record. An `imminent` one takes the equipment out of service. */
export type CreateFindingInput = {
  /** What was found, at most 10000 characters. */
  description: string;
  /** OSHA paragraph, at most 100 characters. */
  oshaReference?: string | null | undefined;
  /** Recommended action, at most 10000 characters. */
  recommendation?: string | null | undefined;
  /** How dangerous it is. */
  severity: FindingSeverity;
};

/** A new inspection, in `draft`. `technicianIds` (lead first) or `technicianId` assign the team only when the caller's role is `system_admin` or `field_coordinator`; otherwise, and when neither is given, the caller leads alone. Technicians named by another role are ignored (as the specification says), and the answer says so: a `Warning` header on REST, `extensions.warnings` on GraphQL. */
export type CreateInspectionInput = {
  /** Id of a checklist template of the tenant: one made for the equipment's type, or one made for no type in particular (a template for another type is BAD_USER_INPUT). */
  checklistTemplateId: string;
  /** Id of equipment of the tenant, standing at the site. */
  equipmentId: string;
  /** Date of the inspection, YYYY-MM-DD. */
  inspectionDate: string;
  /** Pre-inspection notes, at most 10000 characters. */
  notes?: string | null | undefined;
  /** Id of a site of the tenant. */
  siteId: string;
  /** Lead technician (a user of the tenant). Honoured only for the roles field_coordinator and system_admin; for any other, ignored with a warning (the caller leads). */
  technicianId?: string | null | undefined;
  /** The team, lead first: 1 to 20 users of the tenant, each once (an empty list or a repeated id is BAD_USER_INPUT); takes precedence over `technicianId`. Honoured only for the roles field_coordinator and system_admin; for any other, ignored with a warning (the caller leads alone). */
  technicianIds?: Array<string> | null | undefined;
};

/** A new invoice, in `draft`, numbered with the tenant's next number. Its amounts are computed from the lines and the tax rate. */
export type CreateInvoiceInput = {
  /** Id of the company billed (of the tenant). */
  companyId: string;
  /** Id of a contact of that company, the invoice's addressee; without one, it is sent to the company's primary contact. */
  contactId?: string | null | undefined;
  /** Custom field values by key: each value of its field's type (`text` up to 10000 characters; `number` a JSON number or decimal string, at most 30 digits before the point and 30 after; `boolean`; `date` YYYY-MM-DD in the years 1900 to 2200; `select` one of its options). A key the tenant has not defined is BAD_USER_INPUT (a misspelt key is never stored silently); required ones must be present. */
  customFields?: Record<string, unknown> | null | undefined;
  /** Notes for the customer, printed on the invoice, at most 2000 characters. */
  customerNotes?: string | null | undefined;
  /** Due date, YYYY-MM-DD, not before issuedDate; without one the invoice is never overdue. */
  dueDate?: string | null | undefined;
  /** Issue date, YYYY-MM-DD; the day of sending (UTC) when absent. */
  issuedDate?: string | null | undefined;
  /** The lines, at most 250. */
  lineItems?: Array<InvoiceLineItemInput> | null | undefined;
  /** Internal notes, at most 5000 characters. */
  notes?: string | null | undefined;
  /** Id of the originating quote, kept for reference. */
  quoteId?: string | null | undefined;
  /** Tax rate as a decimal fraction from 0 to 1 ("0.0825" is 8.25 %); "0" when absent. */
  taxRate?: string | null | undefined;
};

/** A new lead. Its status starts as `new`. */
export type CreateLeadInput = {
  /** Id of a user of the tenant to assign the lead to. */
  assignedTo?: string | null | undefined;
  /** Free-text channel detail. */
  channelType?: string | null | undefined;
  /** Company name, at most 255 characters. */
  companyName?: string | null | undefined;
  /** Custom field values by key: each value of its field's type (`text` up to 10000 characters; `number` a JSON number or decimal string, at most 30 digits before the point and 30 after; `boolean`; `date` YYYY-MM-DD in the years 1900 to 2200; `select` one of its options). A key the tenant has not defined is BAD_USER_INPUT (a misspelt key is never stored silently); required ones must be present. */
  customFields?: Record<string, unknown> | null | undefined;
  /** Email address. */
  email?: string | null | undefined;
  /** First name, at most 255 characters. */
  firstName: string;
  /** What the lead wants. */
  intent?: string | null | undefined;
  /** Last name, at most 255 characters. */
  lastName: string;
  /** Internal notes. */
  notes?: string | null | undefined;
  /** Phone number, at most 50 characters. */
  phone?: string | null | undefined;
  /** Where the lead came from. Default `web_form`. */
  source?: LeadSource | null | undefined;
  /** Free-form attribution metadata (campaign parameters and the like). */
  sourceAttribution?: Record<string, unknown> | null | undefined;
};

/** A new webhook endpoint. Its secret is in the answer, and only there. */
export type CreateWebhookEndpointInput = {
  /** What the endpoint is for, at most 500 characters. */
  description?: string | null | undefined;
  /** Event types to receive: some of `lead.created`, `lead.updated`, `contact.created`, `contact.updated`, `company.created`, `company.updated`, `deal.created`, `deal.updated`, `deal.stage_changed`, `deal.won`, `deal.lost`, `booking.created`, `booking.cancelled`, `booking.completed`, `booking.no_show`, `inspection.created`, `inspection.status_changed`, `inspection.report_delivered`, `invoice.created`, `invoice.sent`, `invoice.payment_recorded`, `invoice.paid`, `invoice.overdue`, `invoice.voided`, `import.completed`, `import.failed`, or `["*"]` for every type the caller reads. A type the caller's key does not read is refused (403). */
  events: Array<string>;
  /** Where to POST events: an https URL (at most 2,048 characters) whose host resolves only to public addresses. */
  url: string;
};

/** A kind of record that takes custom fields (its `customFields` object). */
export type CustomFieldEntity =
  /** Companies (`createCompany`, `updateCompany`). */
  | 'company'
  /** Contacts (`createContact`, `updateContact`). */
  | 'contact'
  /** Deals (`createDeal`, `updateDeal`). */
  | 'deal'
  /** Invoices (`createInvoice`, `updateInvoice`). */
  | 'invoice'
  /** Leads (`createLead`, `updateLead`). */
  | 'lead';

/** What a custom field's value is, and so which form control fits it. */
export type CustomFieldType =
  /** true or false. */
  | 'boolean'
  /** A calendar date: a date YYYY-MM-DD in the years 1900 to 2200. */
  | 'date'
  /** A number, sent as a JSON number or a decimal string (at most 30 digits before the point and 30 after) and answered as a decimal string. */
  | 'number'
  /** One of the definition's `options`, exactly as written there. */
  | 'select'
  /** Text of up to 10000 characters; line breaks and tabs allowed. */
  | 'text';

/** An interval of calendar days, both ends included; either end may be left open; `to` before `from` is refused. A day is the record's local day where it has a time zone, the UTC day otherwise. A record without the date does not match. */
export type DateRange = {
  /** First day included (YYYY-MM-DD). */
  from?: string | null | undefined;
  /** Last day included (YYYY-MM-DD). */
  to?: string | null | undefined;
};

/** An interval of instants: from `from` (inclusive) to `to` (exclusive); either end may be left open; `to` before `from` is refused. */
export type DateTimeRange = {
  /** Earliest instant included (ISO 8601). */
  from?: string | null | undefined;
  /** First instant no longer included (ISO 8601). */
  to?: string | null | undefined;
};

/** Kind of a deal activity. */
export type DealActivityType =
  /** A phone call. */
  | 'call'
  /** An email. */
  | 'email'
  /** A meeting. */
  | 'meeting'
  /** A note. */
  | 'note'
  /** The deal moved between stages (recorded automatically). */
  | 'stage_change'
  /** A task. */
  | 'task';

/** Conditions on deals; every given condition must hold. */
export type DealFilter = {
  /** Only deals won or lost on a day of this range (open deals never match). */
  actualCloseDate?: DateRange | null | undefined;
  /** Only deals of this company. */
  companyId?: string | null | undefined;
  /** Only deals created in this interval. */
  createdAt?: DateTimeRange | null | undefined;
  /** Only deals expected to close on a day of this range (deals without an expected close date never match). */
  expectedCloseDate?: DateRange | null | undefined;
  /** Only deals owned by this user. */
  ownerId?: string | null | undefined;
  /** Only deals in a stage of this pipeline. */
  pipelineId?: string | null | undefined;
  /** Only deals whose win probability (percent) is in this range. */
  probability?: IntRange | null | undefined;
  /** Text search: every word (at most 5) must appear, in any case, in the deal name or notes. */
  search?: string | null | undefined;
  /** Only deals in this pipeline stage. */
  stageId?: string | null | undefined;
  /** Only deals with one of these statuses. */
  status?: Array<DealStatus> | null | undefined;
  /** Only deals whose value is in this range (deals without a value never match). */
  value?: MoneyRange | null | undefined;
};

/** One sort key of deals. */
export type DealOrder = {
  /** The direction; `ASC` unless given. */
  direction?: OrderDirection;
  /** The field to sort by. */
  field: DealOrderField;
};

/** What deals can be sorted by; ties are broken by id in the same direction. */
export type DealOrderField =
  /** Date the deal was won or lost. Deals without one come last in both directions. */
  | 'ACTUAL_CLOSE_DATE'
  /** When the deal was created. */
  | 'CREATED_AT'
  /** Expected close date. Deals without one come last in both directions. */
  | 'EXPECTED_CLOSE_DATE'
  /** Deal name, in the database collation. */
  | 'NAME'
  /** Win probability. */
  | 'PROBABILITY'
  /** When the deal last changed. */
  | 'UPDATED_AT'
  /** Deal value. Deals without one come last in both directions. */
  | 'VALUE';

/** A product line. Quantities and prices are decimal strings. */
export type DealProductInput = {
  /** Product name, at most 200 characters. */
  name: string;
  /** Quantity, e.g. "2" or "1.5". */
  quantity: string;
  /** Price per unit, e.g. "1250.00". */
  unitPrice: string;
};

/** A deal's outcome, set by the stage it is in. */
export type DealStatus =
  /** In a closed-lost stage. */
  | 'lost'
  /** Still being worked: its stage is neither closed-won nor closed-lost. */
  | 'open'
  /** In a closed-won stage. */
  | 'won';

/** Whether a piece of equipment may be used. */
export type EquipmentStatus =
  /** In use. */
  | 'in_service'
  /** Must not be used; set automatically by an `imminent` finding. */
  | 'out_of_service'
  /** No longer in use. */
  | 'retired';

/** How dangerous a finding is. */
export type FindingSeverity =
  /** Immediate action: the equipment is taken out of service (its status becomes `out_of_service`). */
  | 'imminent'
  /** Low risk: routine maintenance. */
  | 'minor'
  /** A significant deficiency needing prompt repair. */
  | 'serious';

/** The overall result a reviewer gives on approval. */
export type InspectionResult =
  /** Fit for service on conditions (see the findings). */
  | 'conditional'
  /** Not fit for service. */
  | 'fail'
  /** Fit for service. */
  | 'pass';

/** Where an inspection stands in the review workflow: `draft` → `submitted` → `in_review` → `approved` → `delivered`, or `in_review` → `rejected` → `submitted` again. */
export type InspectionStatus =
  /** Approved with an overall result; the report is not yet delivered. */
  | 'approved'
  /** The report was delivered to the customer (final). */
  | 'delivered'
  /** Being recorded by its team. */
  | 'draft'
  /** A reviewer is reviewing it. */
  | 'in_review'
  /** Returned to the team for corrections, with a reason. */
  | 'rejected'
  /** Submitted by the team, waiting for a reviewer. */
  | 'submitted';

/** An interval of whole numbers, both ends included; either end may be left open; `max` below `min` is refused. */
export type IntRange = {
  /** Largest number included. */
  max?: number | null | undefined;
  /** Smallest number included. */
  min?: number | null | undefined;
};

/** Conditions on invoices; every given condition must hold. */
export type InvoiceFilter = {
  /** Only invoices whose amount still owed is in this range. */
  balanceDue?: MoneyRange | null | undefined;
  /** Only invoices billing this company. */
  companyId?: string | null | undefined;
  /** Only invoices due on a day of this range (invoices without a due date never match). */
  dueDate?: DateRange | null | undefined;
  /** Only invoices issued on a day of this range, both ends included (calendar dates: invoices have no time zone); a last day before the first is refused. */
  issuedDate?: DateRange | null | undefined;
  /** Text search: every word (at most 5) must appear, in any case, in the invoice number or the company name. */
  search?: string | null | undefined;
  /** Only invoices with one of these statuses. `overdue` finds every invoice past its due date and unpaid (the move is applied before the list is read). */
  status?: Array<InvoiceStatus> | null | undefined;
  /** Only invoices whose total, tax included, is in this range. */
  totalAmount?: MoneyRange | null | undefined;
};

/** A line of an invoice. Its total (quantity × unitPrice, rounded half-up to cents) is computed. */
export type InvoiceLineItemInput = {
  /** What is billed, at most 1000 characters. */
  description: string;
  /** More than 0, at most 10 digits and 4 decimals, e.g. "2" or "1.5". */
  quantity: string;
  /** Position on the invoice; the line's index in the list when absent. */
  sortOrder?: number | null | undefined;
  /** Price per unit, 0 or more, at most 12 digits and 2 decimals, e.g. "1250.00". */
  unitPrice: string;
};

/** Where an invoice stands: `draft` → `sent` → (`viewed`) → `partially_paid` → `paid`; `overdue` by a scheduled move the day after the due date (UTC) while sent, viewed or partially paid; `voided` from any status without payments (final). */
export type InvoiceStatus =
  /** Being prepared; its line items can change. Not yet sent. */
  | 'draft'
  /** Was sent, viewed or partially paid when its due date passed: from 00:00 UTC the day after the due date, a scheduled move (recorded in the history, without a user) makes it overdue. It stays overdue through partial payments and changes of the due date, until it is paid in full or voided. */
  | 'overdue'
  /** Paid in full (final). */
  | 'paid'
  /** Some of the total has been paid. */
  | 'partially_paid'
  /** Sent to the customer; nothing paid yet. */
  | 'sent'
  /** The customer has opened it; nothing paid yet. */
  | 'viewed'
  /** Cancelled without payment (final). */
  | 'voided';

/** Conditions on leads; every given condition must hold. */
export type LeadFilter = {
  /** Only leads assigned to this user (the lead field of the same name). */
  assignedTo?: string | null | undefined;
  /** Only leads created in this interval. */
  createdAt?: DateTimeRange | null | undefined;
  /** Text search: every word (at most 5) must appear, in any case, in first name, last name, email or company name. */
  search?: string | null | undefined;
  /** Only leads from one of these sources. */
  source?: Array<LeadSource> | null | undefined;
  /** Only leads with one of these statuses. */
  status?: Array<LeadStatus> | null | undefined;
};

/** One sort key of leads. */
export type LeadOrder = {
  /** The direction; `ASC` unless given. */
  direction?: OrderDirection;
  /** The field to sort by. */
  field: LeadOrderField;
};

/** What leads can be sorted by; ties are broken by id in the same direction. */
export type LeadOrderField =
  /** When the lead was created. */
  | 'CREATED_AT'
  /** First name, in the database collation. */
  | 'FIRST_NAME'
  /** Last name, in the database collation. */
  | 'LAST_NAME'
  /** Status, in this order: new, contacted, qualifying, qualified, converted, disqualified, lost. */
  | 'STATUS'
  /** When the lead last changed. */
  | 'UPDATED_AT';

/** The channel a lead came from. */
export type LeadSource =
  /** A chat with an AI or human agent. */
  | 'agent_chat'
  /** Imported in bulk. */
  | 'import'
  /** An inbound phone call. */
  | 'inbound_call'
  /** Created by an AI agent through MCP. */
  | 'mcp'
  /** Referred by someone. */
  | 'referral'
  /** A form on a website. */
  | 'web_form';

/** Where a lead stands in qualification. */
export type LeadStatus =
  /** Initial outreach sent. */
  | 'contacted'
  /** Converted to a deal or contact. */
  | 'converted'
  /** Does not meet the criteria. */
  | 'disqualified'
  /** Previously engaged, now lost. */
  | 'lost'
  /** Just created and not actioned. */
  | 'new'
  /** Meets the criteria. */
  | 'qualified'
  /** Qualification in progress. */
  | 'qualifying';

/** An interval of amounts, both ends included; either end may be left open; `max` below `min` is refused. A record without the amount does not match. */
export type MoneyRange = {
  /** Largest amount included, a decimal string such as "5000.00". */
  max?: string | null | undefined;
  /** Smallest amount included, a decimal string such as "1000.00". */
  min?: string | null | undefined;
};

/** Sort direction. */
export type OrderDirection =
  /** Smallest first: A to Z, oldest first, lowest first. */
  | 'ASC'
  /** Largest first: Z to A, newest first, highest first. */
  | 'DESC';

/** How a payment was made. */
export type PaymentMethod =
  /** By ACH bank transfer. */
  | 'ach'
  /** In cash. */
  | 'cash'
  /** By check. */
  | 'check'
  /** By credit card. */
  | 'credit_card'
  /** Any other way. */
  | 'other';

/** What a photo shows. */
export type PhotoType =
  /** The defect found. */
  | 'defect'
  /** The nameplate. */
  | 'nameplate'
  /** The equipment as a whole. */
  | 'overview'
  /** The repair made. */
  | 'repair';

/** Where the repair quote for a finding stands: `unquoted` → `quoted` → `accepted` or `declined`; `accepted` → `completed`. */
export type QuoteStatus =
  /** The customer accepted the quote. */
  | 'accepted'
  /** The quoted repair was done (final). */
  | 'completed'
  /** The customer declined the quote (final). */
  | 'declined'
  /** A repair quote was sent to the customer. */
  | 'quoted'
  /** No quote sent yet. */
  | 'unquoted';

/** A payment received. */
export type RecordPaymentInput = {
  /** More than 0 and at most the balance due, e.g. "250.00". */
  amount: string;
  /** Notes on the payment, at most 10000 characters. */
  notes?: string | null | undefined;
  /** Date of payment, YYYY-MM-DD, at the latest tomorrow (UTC); today (UTC) when absent. */
  paymentDate?: string | null | undefined;
  /** How it was paid. */
  paymentMethod: PaymentMethod;
  /** Check number, transfer reference or similar, at most 100 characters. */
  referenceNumber?: string | null | undefined;
};

/** A draft's new lines, replacing all of them, and optionally its tax rate. */
export type ReplaceInvoiceLineItemsInput = {
  /** The lines, at most 250. */
  lineItems: Array<InvoiceLineItemInput>;
  /** New tax rate as a decimal fraction from 0 to 1; unchanged when absent. */
  taxRate?: string | null | undefined;
};

/** A technician's part in an inspection. */
export type TeamRole =
  /** The lead technician. */
  | 'lead'
  /** A team member. */
  | 'member';

/** Changes to a company. Absent fields do not change; `null` clears a nullable field. */
export type UpdateCompanyInput = {
  /** Street address, at most 500 characters; null clears. */
  address?: string | null | undefined;
  /** City, at most 100 characters; null clears. */
  city?: string | null | undefined;
  /** Replaces all custom field values by key: each value of its field's type (`text` up to 10000 characters; `number` a JSON number or decimal string, at most 30 digits before the point and 30 after; `boolean`; `date` YYYY-MM-DD in the years 1900 to 2200; `select` one of its options). A key the tenant has not defined is BAD_USER_INPUT (a misspelt key is never stored silently); required ones must be present. Cannot be null. */
  customFields?: Record<string, unknown> | null | undefined;
  /** Main email address; null clears. */
  email?: string | null | undefined;
  /** Company name, at most 200 characters. Cannot be null. */
  name?: string | null | undefined;
  /** Main phone number, at most 50 characters; null clears. */
  phone?: string | null | undefined;
  /** Postal code, at most 20 characters; null clears. */
  postalCode?: string | null | undefined;
  /** State or region, at most 100 characters; null clears. */
  state?: string | null | undefined;
};

/** Changes to a contact. Absent fields do not change; `null` clears a nullable field. */
export type UpdateContactInput = {
  /** Replaces all custom field values by key: each value of its field's type (`text` up to 10000 characters; `number` a JSON number or decimal string, at most 30 digits before the point and 30 after; `boolean`; `date` YYYY-MM-DD in the years 1900 to 2200; `select` one of its options). A key the tenant has not defined is BAD_USER_INPUT (a misspelt key is never stored silently); required ones must be present. Cannot be null. */
  customFields?: Record<string, unknown> | null | undefined;
  /** Email address; null clears. */
  email?: string | null | undefined;
  /** First name, at most 100 characters. Cannot be null. */
  firstName?: string | null | undefined;
  /** true makes this the company's primary contact (clearing the previous one); false unmarks it. Cannot be null. */
  isPrimary?: boolean | null | undefined;
  /** Last name, at most 100 characters. Cannot be null. */
  lastName?: string | null | undefined;
  /** Internal notes; null clears. */
  notes?: string | null | undefined;
  /** Phone number, at most 50 characters; null clears. */
  phone?: string | null | undefined;
  /** Job title, at most 100 characters; null clears. */
  role?: string | null | undefined;
};

/** Changes to a deal. Absent fields do not change; `null` clears a nullable field. A new `stageId` sets the probability, and the status: `won` in a closed-won stage, `lost` in a closed-lost one (both dated today), `open` again in an open stage (the close date is cleared). Each stage change is logged as an activity. */
export type UpdateDealInput = {
  /** Id of a company of the tenant. The deal's contact and site must be this company's: send them (or null) with it when they are not. */
  companyId?: string | null | undefined;
  /** Id of a contact of the deal's company (the new `companyId` when sent); null removes. */
  contactId?: string | null | undefined;
  /** Replaces all custom field values by key: each value of its field's type (`text` up to 10000 characters; `number` a JSON number or decimal string, at most 30 digits before the point and 30 after; `boolean`; `date` YYYY-MM-DD in the years 1900 to 2200; `select` one of its options). A key the tenant has not defined is BAD_USER_INPUT (a misspelt key is never stored silently); required ones must be present. Cannot be null. */
  customFields?: Record<string, unknown> | null | undefined;
  /** Expected close date, YYYY-MM-DD; null clears. */
  expectedCloseDate?: string | null | undefined;
  /** Why the deal was lost; null clears. A `stageId` that takes a lost deal out of `lost` clears it, whatever is sent here. */
  lostReason?: string | null | undefined;
  /** Deal name, at most 200 characters. */
  name?: string | null | undefined;
  /** Internal notes; null clears. */
  notes?: string | null | undefined;
  /** Id of a user of the tenant; null unassigns. */
  ownerId?: string | null | undefined;
  /** Replaces all product lines. */
  products?: Array<DealProductInput> | null | undefined;
  /** Id of a site of the deal's company (the new `companyId` when sent); null removes. */
  siteId?: string | null | undefined;
  /** Move the deal to this stage of the tenant. */
  stageId?: string | null | undefined;
  /** Deal value; null clears. */
  value?: string | null | undefined;
};

/** Changes to the technicians' record, while the inspection is `draft` or `rejected`. Absent fields do not change; `null` clears a nullable field. */
export type UpdateInspectionInput = {
  /** http(s) URL of the customer's signature image; null clears. */
  customerSignatureUrl?: string | null | undefined;
  /** Date of the inspection, YYYY-MM-DD. Cannot be null. */
  inspectionDate?: string | null | undefined;
  /** Notes, at most 10000 characters; null clears. */
  notes?: string | null | undefined;
  /** Every answer, replacing the recorded ones: each `itemId` once, an item of the template, with a value of its answer type. Cannot be null. */
  responses?: Array<ChecklistResponseInput> | null | undefined;
};

/** Changes to the metadata of an invoice, in any status. Absent fields do not change; `null` clears a nullable field. Status, amounts and lines change only through their own operations. */
export type UpdateInvoiceInput = {
  /** Replaces all custom field values by key: each value of its field's type (`text` up to 10000 characters; `number` a JSON number or decimal string, at most 30 digits before the point and 30 after; `boolean`; `date` YYYY-MM-DD in the years 1900 to 2200; `select` one of its options). A key the tenant has not defined is BAD_USER_INPUT (a misspelt key is never stored silently); required ones must be present. Cannot be null. */
  customFields?: Record<string, unknown> | null | undefined;
  /** Notes for the customer, printed on the invoice, at most 2000 characters; null clears. */
  customerNotes?: string | null | undefined;
  /** Due date, YYYY-MM-DD, not before the issue date; null clears. The status does not change: an overdue invoice stays overdue, and one whose new due date has passed becomes overdue by the scheduled move (in its history) before it is next read. */
  dueDate?: string | null | undefined;
  /** Internal notes, at most 5000 characters; null clears. */
  notes?: string | null | undefined;
};

/** Changes to a lead. Absent fields do not change; `null` clears a nullable field. */
export type UpdateLeadInput = {
  /** Id of a user of the tenant; null unassigns. */
  assignedTo?: string | null | undefined;
  /** Free-text channel detail; null clears. */
  channelType?: string | null | undefined;
  /** Company name, at most 255 characters; null clears. */
  companyName?: string | null | undefined;
  /** Replaces all custom field values by key: each value of its field's type (`text` up to 10000 characters; `number` a JSON number or decimal string, at most 30 digits before the point and 30 after; `boolean`; `date` YYYY-MM-DD in the years 1900 to 2200; `select` one of its options). A key the tenant has not defined is BAD_USER_INPUT (a misspelt key is never stored silently); required ones must be present. Cannot be null. */
  customFields?: Record<string, unknown> | null | undefined;
  /** Email address; null clears. */
  email?: string | null | undefined;
  /** First name, at most 255 characters. Cannot be null. */
  firstName?: string | null | undefined;
  /** What the lead wants; null clears. */
  intent?: string | null | undefined;
  /** Last name, at most 255 characters. Cannot be null. */
  lastName?: string | null | undefined;
  /** Internal notes; null clears. */
  notes?: string | null | undefined;
  /** Phone number, at most 50 characters; null clears. */
  phone?: string | null | undefined;
  /** Where the lead came from. Cannot be null. */
  source?: LeadSource | null | undefined;
  /** Attribution metadata; null clears. */
  sourceAttribution?: Record<string, unknown> | null | undefined;
  /** New qualification status. Cannot be null. */
  status?: LeadStatus | null | undefined;
};

/** What kind of problem a `UserError` reports. */
export type UserErrorCode =
  /** Text that must say something is empty or only white space. */
  | 'BLANK'
  /** The record changed meanwhile, or other records depend on it; read it again, then decide. */
  | 'CONFLICT'
  /** A value is malformed or not one the field takes. */
  | 'INVALID'
  /** The record's current status does not allow this change (the message names the status). */
  | 'INVALID_STATE'
  /** The tenant already has as many of these records as it may. */
  | 'LIMIT_REACHED'
  /** The record named (by this field, or the mutation itself) does not exist in the tenant. */
  | 'NOT_FOUND'
  /** A number or date is outside its allowed range. */
  | 'OUT_OF_RANGE'
  /** A required value is missing, or null where it cannot be. */
  | 'REQUIRED'
  /** The value is already used by another record, and must be unique. */
  | 'TAKEN'
  /** Text or a list is longer than its limit. */
  | 'TOO_LONG'
  /** Text or a list is shorter than its minimum. */
  | 'TOO_SHORT'
  /** The slot asked for is closed or already taken. */
  | 'UNAVAILABLE';

/** What a user does in the business. A dashboard session acts with the scopes of its user's role (see the schema description); some operations also depend on the role itself. */
export type UserRole =
  /** Schedules field work: companies, contacts, bookings and inspections; may assign inspections to others. */
  | 'field_coordinator'
  /** Manages the team and reviews work: every scope, API keys included. */
  | 'manager'
  /** Works leads and deals: leads, pipeline, companies, contacts, bookings, and reads invoices. */
  | 'sales'
  /** Administers the tenant: every scope, and users and modules; may assign inspections to others. */
  | 'system_admin'
  /** Performs field inspections: reads companies, contacts and bookings, reads and writes inspections. */
  | 'technician';

/** Where a delivery stands. */
export type WebhookDeliveryStatus =
  /** The endpoint answered 2xx. */
  | 'delivered'
  /** Every attempt failed for 3 days; retried only by `retryWebhookDelivery`. */
  | 'failed'
  /** Not yet answered 2xx: waiting for its first attempt or for its next retry (`nextAttemptAt`). */
  | 'pending';

export type ResourcesWithAvailabilityQueryVariables = Exact<{
  from?: string | null | undefined;
  to?: string | null | undefined;
}>;


export type ResourcesWithAvailabilityQuery = { bookableResources: { nodes: Array<{ id: string, name: string, availability: Array<{ slotId: string, startsAt: string, endsAt: string, remaining: number }> }> } };

export type ResourceAvailabilityQueryVariables = Exact<{
  id: string;
  from?: string | null | undefined;
  to?: string | null | undefined;
}>;


export type ResourceAvailabilityQuery = { resourceAvailability: { resourceId: string, slots: Array<{ slotId: string, startsAt: string, remaining: number }> } };

export type BookSlotMutationVariables = Exact<{
  input: CreateBookingInput;
}>;


export type BookSlotMutation = { createBooking: { booking: { id: string, status: BookingStatus, slotId: string, startsAt: string, endsAt: string, leadId: string | null, resource: { id: string, name: string } } | null } };

export type BookingWithLeadQueryVariables = Exact<{
  id: string;
}>;


export type BookingWithLeadQuery = { booking: { id: string, status: BookingStatus, resource: { id: string, name: string, timezone: string }, lead: { id: string, email: string | null, status: LeadStatus, bookings: { totalCount: number, edges: Array<{ node: { id: string, status: BookingStatus } }> } | null } | null } | null };

export type CancelBookingGqlMutationVariables = Exact<{
  id: string;
}>;


export type CancelBookingGqlMutation = { cancelBooking: { booking: { id: string, status: BookingStatus, cancelledAt: string | null } | null } };

export type BookSlotWithLeadMutationVariables = Exact<{
  input: CreateBookingInput;
}>;


export type BookSlotWithLeadMutation = { createBooking: { booking: { id: string, lead: { id: string, email: string | null } | null } | null } };

export type HoldSeatMutationVariables = Exact<{
  input: CreateBookingHoldInput;
}>;


export type HoldSeatMutation = { createBookingHold: { bookingHold: { id: string, slotId: string, resourceId: string, startsAt: string, endsAt: string, expiresAt: string } | null, userErrors: Array<{ code: UserErrorCode, message: string, field: Array<string> | null }> } };

export type ReleaseSeatMutationVariables = Exact<{
  id: string;
}>;


export type ReleaseSeatMutation = { releaseBookingHold: { bookingHold: { id: string } | null, userErrors: Array<{ code: UserErrorCode, message: string, field: Array<string> | null }> } };

export type BookHeldSlotMutationVariables = Exact<{
  input: CreateBookingInput;
}>;


export type BookHeldSlotMutation = { createBooking: { booking: { id: string, status: BookingStatus, startsAt: string } | null, userErrors: Array<{ code: UserErrorCode, message: string, field: Array<string> | null }> } };

export type CompaniesQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  last?: number | null | undefined;
  before?: string | null | undefined;
  orderBy?: Array<CompanyOrder> | CompanyOrder | null | undefined;
  filter?: CompanyFilter | null | undefined;
}>;


export type CompaniesQuery = { companies: { totalCount: number, nodes: Array<{ id: string, name: string, phone: string | null, email: string | null, address: string | null, city: string | null, state: string | null, postalCode: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string }>, pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean, startCursor: string | null, endCursor: string | null } } };

export type CompanyQueryVariables = Exact<{
  id: string;
}>;


export type CompanyQuery = { company: { id: string, name: string, phone: string | null, email: string | null, address: string | null, city: string | null, state: string | null, postalCode: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string } | null };

export type CreateCompanyMutationVariables = Exact<{
  input: CreateCompanyInput;
}>;


export type CreateCompanyMutation = { createCompany: { company: { id: string, name: string, phone: string | null, email: string | null, address: string | null, city: string | null, state: string | null, postalCode: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string } | null } };

export type UpdateCompanyMutationVariables = Exact<{
  id: string;
  input: UpdateCompanyInput;
}>;


export type UpdateCompanyMutation = { updateCompany: { company: { id: string, name: string, phone: string | null, email: string | null, address: string | null, city: string | null, state: string | null, postalCode: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string } | null } };

export type ContactsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  last?: number | null | undefined;
  before?: string | null | undefined;
  orderBy?: Array<ContactOrder> | ContactOrder | null | undefined;
  filter?: ContactFilter | null | undefined;
}>;


export type ContactsQuery = { contacts: { totalCount: number, nodes: Array<{ id: string, companyId: string, firstName: string, lastName: string, email: string | null, phone: string | null, role: string | null, isPrimary: boolean, notes: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string }>, pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean, startCursor: string | null, endCursor: string | null } } };

export type ContactQueryVariables = Exact<{
  id: string;
}>;


export type ContactQuery = { contact: { id: string, companyId: string, firstName: string, lastName: string, email: string | null, phone: string | null, role: string | null, isPrimary: boolean, notes: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string } | null };

export type CreateContactMutationVariables = Exact<{
  input: CreateContactInput;
}>;


export type CreateContactMutation = { createContact: { contact: { id: string, companyId: string, firstName: string, lastName: string, email: string | null, phone: string | null, role: string | null, isPrimary: boolean, notes: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string } | null } };

export type UpdateContactMutationVariables = Exact<{
  id: string;
  input: UpdateContactInput;
}>;


export type UpdateContactMutation = { updateContact: { contact: { id: string, companyId: string, firstName: string, lastName: string, email: string | null, phone: string | null, role: string | null, isPrimary: boolean, notes: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string } | null } };

export type CompanyFieldsFragment = { id: string, name: string, phone: string | null, email: string | null, address: string | null, city: string | null, state: string | null, postalCode: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string };

export type ContactFieldsFragment = { id: string, companyId: string, firstName: string, lastName: string, email: string | null, phone: string | null, role: string | null, isPrimary: boolean, notes: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string };

export type CompanyGraphQueryVariables = Exact<{
  id: string;
}>;


export type CompanyGraphQuery = { company: { id: string, contacts: { totalCount: number, edges: Array<{ node: { id: string, firstName: string, isPrimary: boolean, company: { id: string, name: string } | null } }> } | null, sites: { totalCount: number, edges: Array<{ node: { id: string, name: string } }> }, deals: { totalCount: number } | null } | null };

export type CustomFieldDefinitionsQueryVariables = Exact<{
  entity: CustomFieldEntity;
}>;


export type CustomFieldDefinitionsQuery = { customFieldDefinitions: Array<{ key: string, label: string, type: CustomFieldType, required: boolean, options: Array<string>, order: number }> };

export type DealsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  last?: number | null | undefined;
  before?: string | null | undefined;
  orderBy?: Array<DealOrder> | DealOrder | null | undefined;
  filter?: DealFilter | null | undefined;
}>;


export type DealsQuery = { deals: { totalCount: number, nodes: Array<{ id: string, name: string, value: string | null, probability: number, expectedCloseDate: string | null, actualCloseDate: string | null, status: DealStatus, lostReason: string | null, notes: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string, products: Array<{ name: string, quantity: string, unitPrice: string }>, company: { id: string, name: string, phone: string | null, email: string | null }, contact: { id: string, firstName: string, lastName: string, email: string | null, phone: string | null, role: string | null } | null, stage: { id: string, name: string, color: string | null, probability: number, isClosedWon: boolean, isClosedLost: boolean }, site: { id: string, name: string, address: string | null, city: string | null, state: string | null } | null, owner: { id: string, name: string, email: string } | null, activities: { nodes: Array<{ id: string, type: DealActivityType, description: string, activityDate: string, user: { id: string, name: string, email: string, role: UserRole } | null }> } }>, pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean, startCursor: string | null, endCursor: string | null } } };

export type DealQueryVariables = Exact<{
  id: string;
}>;


export type DealQuery = { deal: { id: string, name: string, value: string | null, probability: number, expectedCloseDate: string | null, actualCloseDate: string | null, status: DealStatus, lostReason: string | null, notes: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string, products: Array<{ name: string, quantity: string, unitPrice: string }>, company: { id: string, name: string, phone: string | null, email: string | null }, contact: { id: string, firstName: string, lastName: string, email: string | null, phone: string | null, role: string | null } | null, stage: { id: string, name: string, color: string | null, probability: number, isClosedWon: boolean, isClosedLost: boolean }, site: { id: string, name: string, address: string | null, city: string | null, state: string | null } | null, owner: { id: string, name: string, email: string } | null, activities: { nodes: Array<{ id: string, type: DealActivityType, description: string, activityDate: string, user: { id: string, name: string, email: string, role: UserRole } | null }> } } | null };

export type DealsDeepQueryVariables = Exact<{
  first?: number | null | undefined;
}>;


export type DealsDeepQuery = { deals: { totalCount: number, nodes: Array<{ id: string, company: { id: string, name: string }, stage: { id: string, name: string, pipeline: { id: string, name: string, stages: Array<{ id: string, name: string }> }, deals: { totalCount: number } }, owner: { id: string, name: string, email: string, role: UserRole } | null, contact: { id: string, firstName: string } | null, site: { id: string, name: string } | null, activities: { nodes: Array<{ id: string, type: DealActivityType, user: { id: string, name: string } | null }> } }> } };

export type CreateDealMutationVariables = Exact<{
  input: CreateDealInput;
}>;


export type CreateDealMutation = { createDeal: { deal: { id: string, name: string, value: string | null, probability: number, expectedCloseDate: string | null, actualCloseDate: string | null, status: DealStatus, lostReason: string | null, notes: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string, products: Array<{ name: string, quantity: string, unitPrice: string }>, company: { id: string, name: string, phone: string | null, email: string | null }, contact: { id: string, firstName: string, lastName: string, email: string | null, phone: string | null, role: string | null } | null, stage: { id: string, name: string, color: string | null, probability: number, isClosedWon: boolean, isClosedLost: boolean }, site: { id: string, name: string, address: string | null, city: string | null, state: string | null } | null, owner: { id: string, name: string, email: string } | null, activities: { nodes: Array<{ id: string, type: DealActivityType, description: string, activityDate: string, user: { id: string, name: string, email: string, role: UserRole } | null }> } } | null } };

export type UpdateDealMutationVariables = Exact<{
  id: string;
  input: UpdateDealInput;
}>;


export type UpdateDealMutation = { updateDeal: { deal: { id: string, name: string, value: string | null, probability: number, expectedCloseDate: string | null, actualCloseDate: string | null, status: DealStatus, lostReason: string | null, notes: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string, products: Array<{ name: string, quantity: string, unitPrice: string }>, company: { id: string, name: string, phone: string | null, email: string | null }, contact: { id: string, firstName: string, lastName: string, email: string | null, phone: string | null, role: string | null } | null, stage: { id: string, name: string, color: string | null, probability: number, isClosedWon: boolean, isClosedLost: boolean }, site: { id: string, name: string, address: string | null, city: string | null, state: string | null } | null, owner: { id: string, name: string, email: string } | null, activities: { nodes: Array<{ id: string, type: DealActivityType, description: string, activityDate: string, user: { id: string, name: string, email: string, role: UserRole } | null }> } } | null } };

export type DealEverythingFragment = { id: string, name: string, value: string | null, probability: number, expectedCloseDate: string | null, actualCloseDate: string | null, status: DealStatus, lostReason: string | null, notes: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string, products: Array<{ name: string, quantity: string, unitPrice: string }>, company: { id: string, name: string, phone: string | null, email: string | null }, contact: { id: string, firstName: string, lastName: string, email: string | null, phone: string | null, role: string | null } | null, stage: { id: string, name: string, color: string | null, probability: number, isClosedWon: boolean, isClosedLost: boolean }, site: { id: string, name: string, address: string | null, city: string | null, state: string | null } | null, owner: { id: string, name: string, email: string } | null, activities: { nodes: Array<{ id: string, type: DealActivityType, description: string, activityDate: string, user: { id: string, name: string, email: string, role: UserRole } | null }> } };

export type InspectionListQueryVariables = Exact<{
  search?: string | null | undefined;
  technicianId?: string | null | undefined;
}>;


export type InspectionListQuery = { inspections: { totalCount: number, nodes: Array<{ id: string, status: InspectionStatus, findingCount: number, equipment: { serialNumber: string, status: EquipmentStatus }, equipmentType: { name: string }, customer: { name: string }, technician: { name: string } }> } };

export type InspectionWithEverythingQueryVariables = Exact<{
  id: string;
}>;


export type InspectionWithEverythingQuery = { inspection: { id: string, status: InspectionStatus, responses: Array<{ itemId: string, value: string }>, template: { sections: Array<{ id: string, items: Array<{ id: string, answerType: AnswerType, required: boolean }> }> }, findings: Array<{ severity: FindingSeverity, quoteStatus: QuoteStatus, photos: Array<{ caption: string | null, photoType: PhotoType }> }>, teamMembers: Array<{ name: string, role: TeamRole }> } | null, inspectionHistory: Array<{ fromStatus: InspectionStatus | null, toStatus: InspectionStatus, note: string | null, user: { name: string } }> | null };

export type CreateInspectionGqlMutationVariables = Exact<{
  input: CreateInspectionInput;
}>;


export type CreateInspectionGqlMutation = { createInspection: { inspection: { id: string, status: InspectionStatus, findingCount: number } | null } };

export type AnswerInspectionMutationVariables = Exact<{
  id: string;
  input: UpdateInspectionInput;
}>;


export type AnswerInspectionMutation = { updateInspection: { inspection: { id: string, responses: Array<{ itemId: string, value: string, note: string | null }> } | null } };

export type SubmitInspectionGqlMutationVariables = Exact<{
  id: string;
}>;


export type SubmitInspectionGqlMutation = { submitInspection: { inspection: { id: string, status: InspectionStatus } | null } };

export type StartInspectionReviewGqlMutationVariables = Exact<{
  id: string;
}>;


export type StartInspectionReviewGqlMutation = { startInspectionReview: { inspection: { id: string, status: InspectionStatus } | null } };

export type ApproveInspectionGqlMutationVariables = Exact<{
  id: string;
  input: ApproveInspectionInput;
}>;


export type ApproveInspectionGqlMutation = { approveInspection: { inspection: { id: string, status: InspectionStatus, overallResult: InspectionResult | null } | null } };

export type DeliverInspectionGqlMutationVariables = Exact<{
  id: string;
}>;


export type DeliverInspectionGqlMutation = { deliverInspection: { inspection: { id: string, status: InspectionStatus } | null } };

export type RecordFindingMutationVariables = Exact<{
  inspectionId: string;
  input: CreateFindingInput;
}>;


export type RecordFindingMutation = { createFinding: { finding: { id: string, severity: FindingSeverity, photos: Array<{ id: string }> } | null } };

export type InspectionReportGqlQueryVariables = Exact<{
  id: string;
}>;


export type InspectionReportGqlQuery = { inspectionReport: { emailedTo: string | null, pdfBase64: string } | null };

export type InvoiceEverythingFragment = { id: string, invoiceNumber: string, status: InvoiceStatus, companyId: string, contactId: string | null, issuedDate: string | null, dueDate: string | null, subtotal: string, taxRate: string, taxAmount: string, totalAmount: string, amountPaid: string, balanceDue: string, customerNotes: string | null, sentAt: string | null, paidAt: string | null, companyName: string, company: { id: string, name: string, fullAddress: string | null }, contact: { firstName: string, lastName: string, email: string | null } | null, lineItems: Array<{ description: string, quantity: string, unitPrice: string, total: string, sortOrder: number }>, payments: Array<{ amount: string, paymentDate: string, paymentMethod: PaymentMethod, referenceNumber: string | null }> };

export type CreateInvoiceGqlMutationVariables = Exact<{
  input: CreateInvoiceInput;
}>;


export type CreateInvoiceGqlMutation = { createInvoice: { invoice: { id: string, invoiceNumber: string, status: InvoiceStatus, companyId: string, contactId: string | null, issuedDate: string | null, dueDate: string | null, subtotal: string, taxRate: string, taxAmount: string, totalAmount: string, amountPaid: string, balanceDue: string, customerNotes: string | null, sentAt: string | null, paidAt: string | null, companyName: string, company: { id: string, name: string, fullAddress: string | null }, contact: { firstName: string, lastName: string, email: string | null } | null, lineItems: Array<{ description: string, quantity: string, unitPrice: string, total: string, sortOrder: number }>, payments: Array<{ amount: string, paymentDate: string, paymentMethod: PaymentMethod, referenceNumber: string | null }> } | null } };

export type InvoiceGqlQueryVariables = Exact<{
  id: string;
}>;


export type InvoiceGqlQuery = { invoice: { id: string, invoiceNumber: string, status: InvoiceStatus, companyId: string, contactId: string | null, issuedDate: string | null, dueDate: string | null, subtotal: string, taxRate: string, taxAmount: string, totalAmount: string, amountPaid: string, balanceDue: string, customerNotes: string | null, sentAt: string | null, paidAt: string | null, companyName: string, company: { id: string, name: string, fullAddress: string | null }, contact: { firstName: string, lastName: string, email: string | null } | null, lineItems: Array<{ description: string, quantity: string, unitPrice: string, total: string, sortOrder: number }>, payments: Array<{ amount: string, paymentDate: string, paymentMethod: PaymentMethod, referenceNumber: string | null }> } | null };

export type InvoiceListGqlQueryVariables = Exact<{
  filter?: InvoiceFilter | null | undefined;
  first?: number | null | undefined;
}>;


export type InvoiceListGqlQuery = { invoices: { totalCount: number, nodes: Array<{ id: string, invoiceNumber: string, status: InvoiceStatus, companyName: string, totalAmount: string, balanceDue: string }> } };

export type UpdateInvoiceGqlMutationVariables = Exact<{
  id: string;
  input: UpdateInvoiceInput;
}>;


export type UpdateInvoiceGqlMutation = { updateInvoice: { invoice: { id: string, dueDate: string | null, customerNotes: string | null, status: InvoiceStatus } | null } };

export type ReplaceInvoiceLinesGqlMutationVariables = Exact<{
  id: string;
  input: ReplaceInvoiceLineItemsInput;
}>;


export type ReplaceInvoiceLinesGqlMutation = { replaceInvoiceLineItems: { invoice: { id: string, invoiceNumber: string, status: InvoiceStatus, companyId: string, contactId: string | null, issuedDate: string | null, dueDate: string | null, subtotal: string, taxRate: string, taxAmount: string, totalAmount: string, amountPaid: string, balanceDue: string, customerNotes: string | null, sentAt: string | null, paidAt: string | null, companyName: string, company: { id: string, name: string, fullAddress: string | null }, contact: { firstName: string, lastName: string, email: string | null } | null, lineItems: Array<{ description: string, quantity: string, unitPrice: string, total: string, sortOrder: number }>, payments: Array<{ amount: string, paymentDate: string, paymentMethod: PaymentMethod, referenceNumber: string | null }> } | null } };

export type SendInvoiceGqlMutationVariables = Exact<{
  id: string;
}>;


export type SendInvoiceGqlMutation = { sendInvoice: { invoice: { id: string, status: InvoiceStatus, sentAt: string | null, issuedDate: string | null } | null } };

export type MarkInvoiceViewedGqlMutationVariables = Exact<{
  id: string;
}>;


export type MarkInvoiceViewedGqlMutation = { markInvoiceViewed: { invoice: { id: string, status: InvoiceStatus } | null } };

export type RecordInvoicePaymentGqlMutationVariables = Exact<{
  id: string;
  input: RecordPaymentInput;
}>;


export type RecordInvoicePaymentGqlMutation = { recordInvoicePayment: { invoice: { id: string, invoiceNumber: string, status: InvoiceStatus, companyId: string, contactId: string | null, issuedDate: string | null, dueDate: string | null, subtotal: string, taxRate: string, taxAmount: string, totalAmount: string, amountPaid: string, balanceDue: string, customerNotes: string | null, sentAt: string | null, paidAt: string | null, companyName: string, company: { id: string, name: string, fullAddress: string | null }, contact: { firstName: string, lastName: string, email: string | null } | null, lineItems: Array<{ description: string, quantity: string, unitPrice: string, total: string, sortOrder: number }>, payments: Array<{ amount: string, paymentDate: string, paymentMethod: PaymentMethod, referenceNumber: string | null }> } | null } };

export type VoidInvoiceGqlMutationVariables = Exact<{
  id: string;
}>;


export type VoidInvoiceGqlMutation = { voidInvoice: { invoice: { id: string, status: InvoiceStatus } | null } };

export type InvoiceHistoryGqlQueryVariables = Exact<{
  id: string;
}>;


export type InvoiceHistoryGqlQuery = { invoiceHistory: Array<{ fromStatus: InvoiceStatus | null, toStatus: InvoiceStatus, note: string | null, user: { name: string } | null }> | null };

export type InvoicePdfGqlQueryVariables = Exact<{
  id: string;
}>;


export type InvoicePdfGqlQuery = { invoicePdf: { invoiceNumber: string, pdfBase64: string } | null };

export type CompanyInvoicesGqlQueryVariables = Exact<{
  id: string;
  first?: number | null | undefined;
}>;


export type CompanyInvoicesGqlQuery = { company: { name: string, invoices: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { invoiceNumber: string, status: InvoiceStatus, totalAmount: string, lineItems: Array<{ total: string }> } }> } | null } | null };

export type LeadsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  last?: number | null | undefined;
  before?: string | null | undefined;
  orderBy?: Array<LeadOrder> | LeadOrder | null | undefined;
  filter?: LeadFilter | null | undefined;
}>;


export type LeadsQuery = { leads: { totalCount: number, nodes: Array<{ id: string, firstName: string, lastName: string, email: string | null, phone: string | null, companyName: string | null, status: LeadStatus, source: LeadSource, channelType: string | null, intent: string | null, notes: string | null, assignedTo: string | null, sourceAttribution: Record<string, unknown> | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string }>, pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean, startCursor: string | null, endCursor: string | null } } };

export type LeadQueryVariables = Exact<{
  id: string;
}>;


export type LeadQuery = { lead: { id: string, firstName: string, lastName: string, email: string | null, phone: string | null, companyName: string | null, status: LeadStatus, source: LeadSource, channelType: string | null, intent: string | null, notes: string | null, assignedTo: string | null, sourceAttribution: Record<string, unknown> | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string } | null };

export type CreateLeadMutationVariables = Exact<{
  input: CreateLeadInput;
}>;


export type CreateLeadMutation = { createLead: { lead: { id: string, firstName: string, lastName: string, email: string | null, phone: string | null, companyName: string | null, status: LeadStatus, source: LeadSource, channelType: string | null, intent: string | null, notes: string | null, assignedTo: string | null, sourceAttribution: Record<string, unknown> | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string } | null } };

export type UpdateLeadMutationVariables = Exact<{
  id: string;
  input: UpdateLeadInput;
}>;


export type UpdateLeadMutation = { updateLead: { lead: { id: string, firstName: string, lastName: string, email: string | null, phone: string | null, companyName: string | null, status: LeadStatus, source: LeadSource, channelType: string | null, intent: string | null, notes: string | null, assignedTo: string | null, sourceAttribution: Record<string, unknown> | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string } | null } };

export type LeadFieldsFragment = { id: string, firstName: string, lastName: string, email: string | null, phone: string | null, companyName: string | null, status: LeadStatus, source: LeadSource, channelType: string | null, intent: string | null, notes: string | null, assignedTo: string | null, sourceAttribution: Record<string, unknown> | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string };

export type ProblemsFragment = { field: Array<string> | null, message: string, code: UserErrorCode };

export type CreateLeadFormMutationVariables = Exact<{
  input: CreateLeadInput;
}>;


export type CreateLeadFormMutation = { createLead: { lead: { id: string, firstName: string } | null, userErrors: Array<{ field: Array<string> | null, message: string, code: UserErrorCode }> } };

export type UpdateLeadFormMutationVariables = Exact<{
  id: string;
  input: UpdateLeadInput;
}>;


export type UpdateLeadFormMutation = { updateLead: { lead: { id: string } | null, userErrors: Array<{ field: Array<string> | null, message: string, code: UserErrorCode }> } };

export type ReplaceLinesFormMutationVariables = Exact<{
  id: string;
  input: ReplaceInvoiceLineItemsInput;
}>;


export type ReplaceLinesFormMutation = { replaceInvoiceLineItems: { invoice: { id: string, totalAmount: string } | null, userErrors: Array<{ field: Array<string> | null, message: string, code: UserErrorCode }> } };

export type VoidInvoiceFormMutationVariables = Exact<{
  id: string;
}>;


export type VoidInvoiceFormMutation = { voidInvoice: { invoice: { id: string, status: InvoiceStatus } | null, userErrors: Array<{ field: Array<string> | null, message: string, code: UserErrorCode }> } };

export type BookSlotFormMutationVariables = Exact<{
  input: CreateBookingInput;
}>;


export type BookSlotFormMutation = { createBooking: { booking: { id: string } | null, userErrors: Array<{ field: Array<string> | null, message: string, code: UserErrorCode }> } };

export type DeleteEndpointFormMutationVariables = Exact<{
  id: string;
}>;


export type DeleteEndpointFormMutation = { deleteWebhookEndpoint: { deletedId: string | null, userErrors: Array<{ field: Array<string> | null, message: string, code: UserErrorCode }> } };

export type CreateLeadNoErrorsMutationVariables = Exact<{
  input: CreateLeadInput;
}>;


export type CreateLeadNoErrorsMutation = { createLead: { lead: { id: string } | null } };

export type WebhookDeliveriesQueryVariables = Exact<{
  id: string;
}>;


export type WebhookDeliveriesQuery = { webhookDeliveries: { nodes: Array<{ id: string, eventId: string, eventType: string, status: WebhookDeliveryStatus, attempts: number, lastStatusCode: number | null, deliveredAt: string | null, log: Array<{ startedAt: string, durationMs: number, statusCode: number | null, error: string | null }> }>, pageInfo: { hasNextPage: boolean } } };

export type RetryWebhookDeliveryMutationVariables = Exact<{
  endpointId: string;
  deliveryId: string;
}>;


export type RetryWebhookDeliveryMutation = { retryWebhookDelivery: { webhookDelivery: { id: string, status: WebhookDeliveryStatus } | null } };

export type CreateWebhookEndpointMutationVariables = Exact<{
  input: CreateWebhookEndpointInput;
}>;


export type CreateWebhookEndpointMutation = { createWebhookEndpoint: { webhookEndpoint: { id: string, url: string, secret: string | null } | null } };

export const CompanyFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CompanyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Company"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CompanyFieldsFragment, unknown>;
export const ContactFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ContactFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Contact"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"companyId"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"isPrimary"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<ContactFieldsFragment, unknown>;
export const DealEverythingFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DealEverything"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Deal"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"probability"}},{"kind":"Field","name":{"kind":"Name","value":"expectedCloseDate"}},{"kind":"Field","name":{"kind":"Name","value":"actualCloseDate"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"lostReason"}},{"kind":"Field","name":{"kind":"Name","value":"products"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitPrice"}}]}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"company"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"contact"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}},{"kind":"Field","name":{"kind":"Name","value":"probability"}},{"kind":"Field","name":{"kind":"Name","value":"isClosedWon"}},{"kind":"Field","name":{"kind":"Name","value":"isClosedLost"}}]}},{"kind":"Field","name":{"kind":"Name","value":"site"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"Field","name":{"kind":"Name","value":"owner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"activities"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"activityDate"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}}]}}]}}]}}]} as unknown as DocumentNode<DealEverythingFragment, unknown>;
export const InvoiceEverythingFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InvoiceEverything"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Invoice"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"invoiceNumber"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"companyId"}},{"kind":"Field","name":{"kind":"Name","value":"contactId"}},{"kind":"Field","name":{"kind":"Name","value":"issuedDate"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"subtotal"}},{"kind":"Field","name":{"kind":"Name","value":"taxRate"}},{"kind":"Field","name":{"kind":"Name","value":"taxAmount"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"amountPaid"}},{"kind":"Field","name":{"kind":"Name","value":"balanceDue"}},{"kind":"Field","name":{"kind":"Name","value":"customerNotes"}},{"kind":"Field","name":{"kind":"Name","value":"sentAt"}},{"kind":"Field","name":{"kind":"Name","value":"paidAt"}},{"kind":"Field","name":{"kind":"Name","value":"companyName"}},{"kind":"Field","name":{"kind":"Name","value":"company"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"fullAddress"}}]}},{"kind":"Field","name":{"kind":"Name","value":"contact"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lineItems"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitPrice"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"sortOrder"}}]}},{"kind":"Field","name":{"kind":"Name","value":"payments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"paymentDate"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethod"}},{"kind":"Field","name":{"kind":"Name","value":"referenceNumber"}}]}}]}}]} as unknown as DocumentNode<InvoiceEverythingFragment, unknown>;
export const LeadFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LeadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Lead"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"companyName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"channelType"}},{"kind":"Field","name":{"kind":"Name","value":"intent"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"assignedTo"}},{"kind":"Field","name":{"kind":"Name","value":"sourceAttribution"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<LeadFieldsFragment, unknown>;
export const ProblemsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Problems"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]} as unknown as DocumentNode<ProblemsFragment, unknown>;
export const ResourcesWithAvailabilityDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ResourcesWithAvailability"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"from"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DateOrDateTime"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"to"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DateOrDateTime"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bookableResources"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"25"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"availability"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"from"}}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"to"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slotId"}},{"kind":"Field","name":{"kind":"Name","value":"startsAt"}},{"kind":"Field","name":{"kind":"Name","value":"endsAt"}},{"kind":"Field","name":{"kind":"Name","value":"remaining"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ResourcesWithAvailabilityQuery, ResourcesWithAvailabilityQueryVariables>;
export const ResourceAvailabilityDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ResourceAvailability"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"from"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DateOrDateTime"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"to"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DateOrDateTime"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resourceAvailability"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"from"}}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"to"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resourceId"}},{"kind":"Field","name":{"kind":"Name","value":"slots"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slotId"}},{"kind":"Field","name":{"kind":"Name","value":"startsAt"}},{"kind":"Field","name":{"kind":"Name","value":"remaining"}}]}}]}}]}}]} as unknown as DocumentNode<ResourceAvailabilityQuery, ResourceAvailabilityQueryVariables>;
export const BookSlotDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"BookSlot"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateBookingInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createBooking"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"booking"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"slotId"}},{"kind":"Field","name":{"kind":"Name","value":"startsAt"}},{"kind":"Field","name":{"kind":"Name","value":"endsAt"}},{"kind":"Field","name":{"kind":"Name","value":"leadId"}},{"kind":"Field","name":{"kind":"Name","value":"resource"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]} as unknown as DocumentNode<BookSlotMutation, BookSlotMutationVariables>;
export const BookingWithLeadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BookingWithLead"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"booking"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"resource"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lead"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"bookings"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"10"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<BookingWithLeadQuery, BookingWithLeadQueryVariables>;
export const CancelBookingGqlDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CancelBookingGql"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancelBooking"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"booking"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"cancelledAt"}}]}}]}}]}}]} as unknown as DocumentNode<CancelBookingGqlMutation, CancelBookingGqlMutationVariables>;
export const BookSlotWithLeadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"BookSlotWithLead"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateBookingInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createBooking"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"booking"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"lead"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]}}]}}]} as unknown as DocumentNode<BookSlotWithLeadMutation, BookSlotWithLeadMutationVariables>;
export const HoldSeatDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"HoldSeat"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateBookingHoldInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createBookingHold"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bookingHold"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slotId"}},{"kind":"Field","name":{"kind":"Name","value":"resourceId"}},{"kind":"Field","name":{"kind":"Name","value":"startsAt"}},{"kind":"Field","name":{"kind":"Name","value":"endsAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"field"}}]}}]}}]}}]} as unknown as DocumentNode<HoldSeatMutation, HoldSeatMutationVariables>;
export const ReleaseSeatDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReleaseSeat"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"releaseBookingHold"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bookingHold"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"field"}}]}}]}}]}}]} as unknown as DocumentNode<ReleaseSeatMutation, ReleaseSeatMutationVariables>;
export const BookHeldSlotDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"BookHeldSlot"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateBookingInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createBooking"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"booking"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"startsAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"field"}}]}}]}}]}}]} as unknown as DocumentNode<BookHeldSlotMutation, BookHeldSlotMutationVariables>;
export const CompaniesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Companies"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"last"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"before"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CompanyOrder"}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"CompanyFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"companies"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"last"},"value":{"kind":"Variable","name":{"kind":"Name","value":"last"}}},{"kind":"Argument","name":{"kind":"Name","value":"before"},"value":{"kind":"Variable","name":{"kind":"Name","value":"before"}}},{"kind":"Argument","name":{"kind":"Name","value":"orderBy"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CompanyFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CompanyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Company"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CompaniesQuery, CompaniesQueryVariables>;
export const CompanyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Company"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"company"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CompanyFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CompanyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Company"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CompanyQuery, CompanyQueryVariables>;
export const CreateCompanyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateCompany"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCompanyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createCompany"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"company"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CompanyFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CompanyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Company"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CreateCompanyMutation, CreateCompanyMutationVariables>;
export const UpdateCompanyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateCompany"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateCompanyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateCompany"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"company"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CompanyFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CompanyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Company"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<UpdateCompanyMutation, UpdateCompanyMutationVariables>;
export const ContactsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Contacts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"last"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"before"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ContactOrder"}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ContactFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contacts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"last"},"value":{"kind":"Variable","name":{"kind":"Name","value":"last"}}},{"kind":"Argument","name":{"kind":"Name","value":"before"},"value":{"kind":"Variable","name":{"kind":"Name","value":"before"}}},{"kind":"Argument","name":{"kind":"Name","value":"orderBy"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ContactFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ContactFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Contact"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"companyId"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"isPrimary"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<ContactsQuery, ContactsQueryVariables>;
export const ContactDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Contact"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contact"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ContactFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ContactFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Contact"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"companyId"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"isPrimary"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<ContactQuery, ContactQueryVariables>;
export const CreateContactDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateContact"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateContactInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createContact"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contact"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ContactFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ContactFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Contact"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"companyId"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"isPrimary"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CreateContactMutation, CreateContactMutationVariables>;
export const UpdateContactDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateContact"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateContactInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateContact"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contact"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ContactFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ContactFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Contact"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"companyId"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"isPrimary"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<UpdateContactMutation, UpdateContactMutationVariables>;
export const CompanyGraphDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CompanyGraph"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"company"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"contacts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"10"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"isPrimary"}},{"kind":"Field","name":{"kind":"Name","value":"company"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"sites"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"10"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"deals"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"10"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}}]}}]}}]} as unknown as DocumentNode<CompanyGraphQuery, CompanyGraphQueryVariables>;
export const CustomFieldDefinitionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CustomFieldDefinitions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entity"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CustomFieldEntity"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customFieldDefinitions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"entity"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entity"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"required"}},{"kind":"Field","name":{"kind":"Name","value":"options"}},{"kind":"Field","name":{"kind":"Name","value":"order"}}]}}]}}]} as unknown as DocumentNode<CustomFieldDefinitionsQuery, CustomFieldDefinitionsQueryVariables>;
export const DealsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Deals"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"last"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"before"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DealOrder"}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DealFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deals"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"last"},"value":{"kind":"Variable","name":{"kind":"Name","value":"last"}}},{"kind":"Argument","name":{"kind":"Name","value":"before"},"value":{"kind":"Variable","name":{"kind":"Name","value":"before"}}},{"kind":"Argument","name":{"kind":"Name","value":"orderBy"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DealEverything"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DealEverything"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Deal"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"probability"}},{"kind":"Field","name":{"kind":"Name","value":"expectedCloseDate"}},{"kind":"Field","name":{"kind":"Name","value":"actualCloseDate"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"lostReason"}},{"kind":"Field","name":{"kind":"Name","value":"products"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitPrice"}}]}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"company"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"contact"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}},{"kind":"Field","name":{"kind":"Name","value":"probability"}},{"kind":"Field","name":{"kind":"Name","value":"isClosedWon"}},{"kind":"Field","name":{"kind":"Name","value":"isClosedLost"}}]}},{"kind":"Field","name":{"kind":"Name","value":"site"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"Field","name":{"kind":"Name","value":"owner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"activities"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"activityDate"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}}]}}]}}]}}]} as unknown as DocumentNode<DealsQuery, DealsQueryVariables>;
export const DealDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Deal"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DealEverything"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DealEverything"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Deal"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"probability"}},{"kind":"Field","name":{"kind":"Name","value":"expectedCloseDate"}},{"kind":"Field","name":{"kind":"Name","value":"actualCloseDate"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"lostReason"}},{"kind":"Field","name":{"kind":"Name","value":"products"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitPrice"}}]}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"company"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"contact"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}},{"kind":"Field","name":{"kind":"Name","value":"probability"}},{"kind":"Field","name":{"kind":"Name","value":"isClosedWon"}},{"kind":"Field","name":{"kind":"Name","value":"isClosedLost"}}]}},{"kind":"Field","name":{"kind":"Name","value":"site"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"Field","name":{"kind":"Name","value":"owner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"activities"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"activityDate"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}}]}}]}}]}}]} as unknown as DocumentNode<DealQuery, DealQueryVariables>;
export const DealsDeepDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DealsDeep"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deals"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"company"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"pipeline"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"stages"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"deals"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"3"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"owner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}},{"kind":"Field","name":{"kind":"Name","value":"contact"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"site"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"activities"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}}]}}]} as unknown as DocumentNode<DealsDeepQuery, DealsDeepQueryVariables>;
export const CreateDealDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateDeal"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateDealInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createDeal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deal"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DealEverything"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DealEverything"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Deal"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"probability"}},{"kind":"Field","name":{"kind":"Name","value":"expectedCloseDate"}},{"kind":"Field","name":{"kind":"Name","value":"actualCloseDate"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"lostReason"}},{"kind":"Field","name":{"kind":"Name","value":"products"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitPrice"}}]}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"company"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"contact"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}},{"kind":"Field","name":{"kind":"Name","value":"probability"}},{"kind":"Field","name":{"kind":"Name","value":"isClosedWon"}},{"kind":"Field","name":{"kind":"Name","value":"isClosedLost"}}]}},{"kind":"Field","name":{"kind":"Name","value":"site"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"Field","name":{"kind":"Name","value":"owner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"activities"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"activityDate"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}}]}}]}}]}}]} as unknown as DocumentNode<CreateDealMutation, CreateDealMutationVariables>;
export const UpdateDealDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateDeal"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateDealInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateDeal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deal"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DealEverything"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DealEverything"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Deal"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"probability"}},{"kind":"Field","name":{"kind":"Name","value":"expectedCloseDate"}},{"kind":"Field","name":{"kind":"Name","value":"actualCloseDate"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"lostReason"}},{"kind":"Field","name":{"kind":"Name","value":"products"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitPrice"}}]}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"company"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"contact"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}},{"kind":"Field","name":{"kind":"Name","value":"probability"}},{"kind":"Field","name":{"kind":"Name","value":"isClosedWon"}},{"kind":"Field","name":{"kind":"Name","value":"isClosedLost"}}]}},{"kind":"Field","name":{"kind":"Name","value":"site"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"Field","name":{"kind":"Name","value":"owner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"activities"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"activityDate"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}}]}}]}}]}}]} as unknown as DocumentNode<UpdateDealMutation, UpdateDealMutationVariables>;
export const InspectionListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InspectionList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"technicianId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inspections"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}},{"kind":"ObjectField","name":{"kind":"Name","value":"technicianId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"technicianId"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"equipment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serialNumber"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"equipmentType"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"technician"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"findingCount"}}]}}]}}]}}]} as unknown as DocumentNode<InspectionListQuery, InspectionListQueryVariables>;
export const InspectionWithEverythingDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InspectionWithEverything"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inspection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"responses"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"itemId"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"template"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sections"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"answerType"}},{"kind":"Field","name":{"kind":"Name","value":"required"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"findings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"severity"}},{"kind":"Field","name":{"kind":"Name","value":"quoteStatus"}},{"kind":"Field","name":{"kind":"Name","value":"photos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"caption"}},{"kind":"Field","name":{"kind":"Name","value":"photoType"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"teamMembers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"inspectionHistory"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fromStatus"}},{"kind":"Field","name":{"kind":"Name","value":"toStatus"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<InspectionWithEverythingQuery, InspectionWithEverythingQueryVariables>;
export const CreateInspectionGqlDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateInspectionGql"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateInspectionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createInspection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inspection"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"findingCount"}}]}}]}}]}}]} as unknown as DocumentNode<CreateInspectionGqlMutation, CreateInspectionGqlMutationVariables>;
export const AnswerInspectionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AnswerInspection"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateInspectionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateInspection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inspection"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"responses"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"itemId"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"note"}}]}}]}}]}}]}}]} as unknown as DocumentNode<AnswerInspectionMutation, AnswerInspectionMutationVariables>;
export const SubmitInspectionGqlDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SubmitInspectionGql"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"submitInspection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inspection"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<SubmitInspectionGqlMutation, SubmitInspectionGqlMutationVariables>;
export const StartInspectionReviewGqlDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"StartInspectionReviewGql"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"startInspectionReview"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inspection"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<StartInspectionReviewGqlMutation, StartInspectionReviewGqlMutationVariables>;
export const ApproveInspectionGqlDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ApproveInspectionGql"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ApproveInspectionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"approveInspection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inspection"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"overallResult"}}]}}]}}]}}]} as unknown as DocumentNode<ApproveInspectionGqlMutation, ApproveInspectionGqlMutationVariables>;
export const DeliverInspectionGqlDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeliverInspectionGql"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deliverInspection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inspection"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<DeliverInspectionGqlMutation, DeliverInspectionGqlMutationVariables>;
export const RecordFindingDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RecordFinding"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"inspectionId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateFindingInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createFinding"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"inspectionId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"inspectionId"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"finding"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"severity"}},{"kind":"Field","name":{"kind":"Name","value":"photos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]}}]} as unknown as DocumentNode<RecordFindingMutation, RecordFindingMutationVariables>;
export const InspectionReportGqlDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InspectionReportGql"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inspectionReport"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"emailedTo"}},{"kind":"Field","name":{"kind":"Name","value":"pdfBase64"}}]}}]}}]} as unknown as DocumentNode<InspectionReportGqlQuery, InspectionReportGqlQueryVariables>;
export const CreateInvoiceGqlDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateInvoiceGql"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateInvoiceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createInvoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InvoiceEverything"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InvoiceEverything"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Invoice"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"invoiceNumber"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"companyId"}},{"kind":"Field","name":{"kind":"Name","value":"contactId"}},{"kind":"Field","name":{"kind":"Name","value":"issuedDate"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"subtotal"}},{"kind":"Field","name":{"kind":"Name","value":"taxRate"}},{"kind":"Field","name":{"kind":"Name","value":"taxAmount"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"amountPaid"}},{"kind":"Field","name":{"kind":"Name","value":"balanceDue"}},{"kind":"Field","name":{"kind":"Name","value":"customerNotes"}},{"kind":"Field","name":{"kind":"Name","value":"sentAt"}},{"kind":"Field","name":{"kind":"Name","value":"paidAt"}},{"kind":"Field","name":{"kind":"Name","value":"companyName"}},{"kind":"Field","name":{"kind":"Name","value":"company"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"fullAddress"}}]}},{"kind":"Field","name":{"kind":"Name","value":"contact"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lineItems"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitPrice"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"sortOrder"}}]}},{"kind":"Field","name":{"kind":"Name","value":"payments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"paymentDate"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethod"}},{"kind":"Field","name":{"kind":"Name","value":"referenceNumber"}}]}}]}}]} as unknown as DocumentNode<CreateInvoiceGqlMutation, CreateInvoiceGqlMutationVariables>;
export const InvoiceGqlDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InvoiceGql"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InvoiceEverything"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InvoiceEverything"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Invoice"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"invoiceNumber"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"companyId"}},{"kind":"Field","name":{"kind":"Name","value":"contactId"}},{"kind":"Field","name":{"kind":"Name","value":"issuedDate"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"subtotal"}},{"kind":"Field","name":{"kind":"Name","value":"taxRate"}},{"kind":"Field","name":{"kind":"Name","value":"taxAmount"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"amountPaid"}},{"kind":"Field","name":{"kind":"Name","value":"balanceDue"}},{"kind":"Field","name":{"kind":"Name","value":"customerNotes"}},{"kind":"Field","name":{"kind":"Name","value":"sentAt"}},{"kind":"Field","name":{"kind":"Name","value":"paidAt"}},{"kind":"Field","name":{"kind":"Name","value":"companyName"}},{"kind":"Field","name":{"kind":"Name","value":"company"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"fullAddress"}}]}},{"kind":"Field","name":{"kind":"Name","value":"contact"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lineItems"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitPrice"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"sortOrder"}}]}},{"kind":"Field","name":{"kind":"Name","value":"payments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"paymentDate"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethod"}},{"kind":"Field","name":{"kind":"Name","value":"referenceNumber"}}]}}]}}]} as unknown as DocumentNode<InvoiceGqlQuery, InvoiceGqlQueryVariables>;
export const InvoiceListGqlDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InvoiceListGql"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"InvoiceFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoices"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"invoiceNumber"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"companyName"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"balanceDue"}}]}}]}}]}}]} as unknown as DocumentNode<InvoiceListGqlQuery, InvoiceListGqlQueryVariables>;
export const UpdateInvoiceGqlDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateInvoiceGql"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateInvoiceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateInvoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"customerNotes"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<UpdateInvoiceGqlMutation, UpdateInvoiceGqlMutationVariables>;
export const ReplaceInvoiceLinesGqlDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReplaceInvoiceLinesGql"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ReplaceInvoiceLineItemsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"replaceInvoiceLineItems"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InvoiceEverything"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InvoiceEverything"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Invoice"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"invoiceNumber"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"companyId"}},{"kind":"Field","name":{"kind":"Name","value":"contactId"}},{"kind":"Field","name":{"kind":"Name","value":"issuedDate"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"subtotal"}},{"kind":"Field","name":{"kind":"Name","value":"taxRate"}},{"kind":"Field","name":{"kind":"Name","value":"taxAmount"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"amountPaid"}},{"kind":"Field","name":{"kind":"Name","value":"balanceDue"}},{"kind":"Field","name":{"kind":"Name","value":"customerNotes"}},{"kind":"Field","name":{"kind":"Name","value":"sentAt"}},{"kind":"Field","name":{"kind":"Name","value":"paidAt"}},{"kind":"Field","name":{"kind":"Name","value":"companyName"}},{"kind":"Field","name":{"kind":"Name","value":"company"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"fullAddress"}}]}},{"kind":"Field","name":{"kind":"Name","value":"contact"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lineItems"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitPrice"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"sortOrder"}}]}},{"kind":"Field","name":{"kind":"Name","value":"payments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"paymentDate"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethod"}},{"kind":"Field","name":{"kind":"Name","value":"referenceNumber"}}]}}]}}]} as unknown as DocumentNode<ReplaceInvoiceLinesGqlMutation, ReplaceInvoiceLinesGqlMutationVariables>;
export const SendInvoiceGqlDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SendInvoiceGql"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendInvoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"sentAt"}},{"kind":"Field","name":{"kind":"Name","value":"issuedDate"}}]}}]}}]}}]} as unknown as DocumentNode<SendInvoiceGqlMutation, SendInvoiceGqlMutationVariables>;
export const MarkInvoiceViewedGqlDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"MarkInvoiceViewedGql"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"markInvoiceViewed"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<MarkInvoiceViewedGqlMutation, MarkInvoiceViewedGqlMutationVariables>;
export const RecordInvoicePaymentGqlDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RecordInvoicePaymentGql"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RecordPaymentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recordInvoicePayment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InvoiceEverything"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InvoiceEverything"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Invoice"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"invoiceNumber"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"companyId"}},{"kind":"Field","name":{"kind":"Name","value":"contactId"}},{"kind":"Field","name":{"kind":"Name","value":"issuedDate"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"subtotal"}},{"kind":"Field","name":{"kind":"Name","value":"taxRate"}},{"kind":"Field","name":{"kind":"Name","value":"taxAmount"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"amountPaid"}},{"kind":"Field","name":{"kind":"Name","value":"balanceDue"}},{"kind":"Field","name":{"kind":"Name","value":"customerNotes"}},{"kind":"Field","name":{"kind":"Name","value":"sentAt"}},{"kind":"Field","name":{"kind":"Name","value":"paidAt"}},{"kind":"Field","name":{"kind":"Name","value":"companyName"}},{"kind":"Field","name":{"kind":"Name","value":"company"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"fullAddress"}}]}},{"kind":"Field","name":{"kind":"Name","value":"contact"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lineItems"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitPrice"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"sortOrder"}}]}},{"kind":"Field","name":{"kind":"Name","value":"payments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"paymentDate"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethod"}},{"kind":"Field","name":{"kind":"Name","value":"referenceNumber"}}]}}]}}]} as unknown as DocumentNode<RecordInvoicePaymentGqlMutation, RecordInvoicePaymentGqlMutationVariables>;
export const VoidInvoiceGqlDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"VoidInvoiceGql"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voidInvoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<VoidInvoiceGqlMutation, VoidInvoiceGqlMutationVariables>;
export const InvoiceHistoryGqlDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InvoiceHistoryGql"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoiceHistory"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fromStatus"}},{"kind":"Field","name":{"kind":"Name","value":"toStatus"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<InvoiceHistoryGqlQuery, InvoiceHistoryGqlQueryVariables>;
export const InvoicePdfGqlDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InvoicePdfGql"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoicePdf"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoiceNumber"}},{"kind":"Field","name":{"kind":"Name","value":"pdfBase64"}}]}}]}}]} as unknown as DocumentNode<InvoicePdfGqlQuery, InvoicePdfGqlQueryVariables>;
export const CompanyInvoicesGqlDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CompanyInvoicesGql"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"company"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"invoices"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoiceNumber"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"lineItems"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<CompanyInvoicesGqlQuery, CompanyInvoicesGqlQueryVariables>;
export const LeadsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Leads"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"last"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"before"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"LeadOrder"}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"LeadFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"leads"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"last"},"value":{"kind":"Variable","name":{"kind":"Name","value":"last"}}},{"kind":"Argument","name":{"kind":"Name","value":"before"},"value":{"kind":"Variable","name":{"kind":"Name","value":"before"}}},{"kind":"Argument","name":{"kind":"Name","value":"orderBy"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LeadFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LeadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Lead"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"companyName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"channelType"}},{"kind":"Field","name":{"kind":"Name","value":"intent"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"assignedTo"}},{"kind":"Field","name":{"kind":"Name","value":"sourceAttribution"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<LeadsQuery, LeadsQueryVariables>;
export const LeadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Lead"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lead"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LeadFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LeadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Lead"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"companyName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"channelType"}},{"kind":"Field","name":{"kind":"Name","value":"intent"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"assignedTo"}},{"kind":"Field","name":{"kind":"Name","value":"sourceAttribution"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<LeadQuery, LeadQueryVariables>;
export const CreateLeadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateLead"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateLeadInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createLead"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lead"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LeadFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LeadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Lead"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"companyName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"channelType"}},{"kind":"Field","name":{"kind":"Name","value":"intent"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"assignedTo"}},{"kind":"Field","name":{"kind":"Name","value":"sourceAttribution"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CreateLeadMutation, CreateLeadMutationVariables>;
export const UpdateLeadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateLead"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateLeadInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateLead"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lead"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LeadFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LeadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Lead"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"companyName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"channelType"}},{"kind":"Field","name":{"kind":"Name","value":"intent"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"assignedTo"}},{"kind":"Field","name":{"kind":"Name","value":"sourceAttribution"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<UpdateLeadMutation, UpdateLeadMutationVariables>;
export const CreateLeadFormDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateLeadForm"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateLeadInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createLead"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lead"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Problems"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Problems"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]} as unknown as DocumentNode<CreateLeadFormMutation, CreateLeadFormMutationVariables>;
export const UpdateLeadFormDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateLeadForm"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateLeadInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateLead"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lead"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Problems"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Problems"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]} as unknown as DocumentNode<UpdateLeadFormMutation, UpdateLeadFormMutationVariables>;
export const ReplaceLinesFormDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReplaceLinesForm"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ReplaceInvoiceLineItemsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"replaceInvoiceLineItems"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Problems"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Problems"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]} as unknown as DocumentNode<ReplaceLinesFormMutation, ReplaceLinesFormMutationVariables>;
export const VoidInvoiceFormDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"VoidInvoiceForm"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voidInvoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Problems"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Problems"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]} as unknown as DocumentNode<VoidInvoiceFormMutation, VoidInvoiceFormMutationVariables>;
export const BookSlotFormDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"BookSlotForm"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateBookingInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createBooking"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"booking"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Problems"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Problems"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]} as unknown as DocumentNode<BookSlotFormMutation, BookSlotFormMutationVariables>;
export const DeleteEndpointFormDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteEndpointForm"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteWebhookEndpoint"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deletedId"}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Problems"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Problems"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]} as unknown as DocumentNode<DeleteEndpointFormMutation, DeleteEndpointFormMutationVariables>;
export const CreateLeadNoErrorsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateLeadNoErrors"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateLeadInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createLead"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lead"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<CreateLeadNoErrorsMutation, CreateLeadNoErrorsMutationVariables>;
export const WebhookDeliveriesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhookDeliveries"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookDeliveries"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"lastStatusCode"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}},{"kind":"Field","name":{"kind":"Name","value":"log"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"statusCode"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}}]}}]}}]} as unknown as DocumentNode<WebhookDeliveriesQuery, WebhookDeliveriesQueryVariables>;
export const RetryWebhookDeliveryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RetryWebhookDelivery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"endpointId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"deliveryId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryWebhookDelivery"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"endpointId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"endpointId"}}},{"kind":"Argument","name":{"kind":"Name","value":"deliveryId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"deliveryId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookDelivery"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<RetryWebhookDeliveryMutation, RetryWebhookDeliveryMutationVariables>;
export const CreateWebhookEndpointDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateWebhookEndpoint"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateWebhookEndpointInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createWebhookEndpoint"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookEndpoint"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"secret"}}]}}]}}]}}]} as unknown as DocumentNode<CreateWebhookEndpointMutation, CreateWebhookEndpointMutationVariables>;