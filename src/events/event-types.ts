/** The records events report on (record types of src/graphql/read-access.ts), each with the REST detail route (its GraphQL field and path, checked against the route map at start) whose answer an event's `data` is. */
export const eventRecords = {
  Lead: { detail: 'Query.lead', path: '/v1/leads/:id' },
  Contact: { detail: 'Query.contact', path: '/v1/contacts/contact/:id' },
  Company: { detail: 'Query.company', path: '/v1/companies/:id' },
  Deal: { detail: 'Query.deal', path: '/v1/pipeline/deals/:id' },
  Booking: { detail: 'Query.booking', path: '/bookings/:id' },
  Inspection: { detail: 'Query.inspection', path: '/inspections/:id' },
  Invoice: { detail: 'Query.invoice', path: '/invoices/:id' },
  ImportJob: { detail: 'Query.import', path: '/v1/imports/:id' },
} as const satisfies Record<string, { detail: string; path: string }>;

export type EventRecord = keyof typeof eventRecords;

/**
 * Every event type: the record it carries and when it happens. The catalog the events list,
 * webhooks, subscriptions and their published documentation all read.
 */
export const eventTypes = {
  'lead.created': { record: 'Lead', when: 'A lead was created.' },
  'lead.updated': { record: 'Lead', when: 'A lead was changed (its status included).' },
  'contact.created': { record: 'Contact', when: 'A contact was created.' },
  'contact.updated': { record: 'Contact', when: 'A contact was changed, or stopped being its company\'s primary contact because another one became it.' },
  'company.created': { record: 'Company', when: 'A company was created.' },
  'company.updated': { record: 'Company', when: 'A company was changed.' },
  'deal.created': { record: 'Deal', when: 'A deal was created.' },
  'deal.updated': { record: 'Deal', when: 'A deal was changed, whatever changed (a stage move also emits `deal.stage_changed`).' },
  'deal.stage_changed': { record: 'Deal', when: 'A deal moved to another stage; `data.previousStageId` is the stage it left.' },
  'deal.won': { record: 'Deal', when: "A deal's status became `won` (it entered a won stage)." },
  'deal.lost': { record: 'Deal', when: "A deal's status became `lost` (it entered a lost stage)." },
  'booking.created': { record: 'Booking', when: 'A booking was made (by a secret key, a session or the public widget).' },
  'booking.cancelled': { record: 'Booking', when: 'A booking was cancelled.' },
  'booking.completed': { record: 'Booking', when: 'A booking was marked completed.' },
  'booking.no_show': { record: 'Booking', when: 'A booking was marked as a no-show.' },
  'inspection.created': { record: 'Inspection', when: 'An inspection was created.' },
  'inspection.status_changed': { record: 'Inspection', when: 'An inspection moved in its workflow; `data.previousStatus` is the status it left.' },
  'inspection.report_delivered': { record: 'Inspection', when: "An inspection's report was delivered to the customer (it also emits `inspection.status_changed`)." },
  'invoice.created': { record: 'Invoice', when: 'An invoice was created (as a draft).' },
  'invoice.sent': { record: 'Invoice', when: 'An invoice was sent to its contact.' },
  'invoice.payment_recorded': { record: 'Invoice', when: 'A payment was recorded on an invoice; `data.payments` lists it.' },
  'invoice.paid': { record: 'Invoice', when: 'A payment settled the whole balance of an invoice (it also emits `invoice.payment_recorded`).' },
  'invoice.overdue': { record: 'Invoice', when: 'An unpaid invoice passed its due date.' },
  'invoice.voided': { record: 'Invoice', when: 'An invoice was voided.' },
  'import.completed': { record: 'ImportJob', when: 'An import processed every row of its file (see its counts; failed rows are in its rows).' },
  'import.failed': { record: 'ImportJob', when: 'An import stopped before the end of its file; `data.error` says why.' },
} as const satisfies Record<string, { record: EventRecord; when: string }>;

export type EventType = keyof typeof eventTypes;

export const allEventTypes = Object.keys(eventTypes) as EventType[];

export const isEventType = (value: string): value is EventType => Object.hasOwn(eventTypes, value);

/** What an event may add to its record: the state it left, for moves. */
export type EventExtras = { previousStageId?: string; previousStatus?: string };
