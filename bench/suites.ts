// What is measured: per read, the product's REST route, the same data over GraphQL and the plain
// handler's equivalent route, with the share of the plain handler's requests/s each product
// surface should reach; and booking creation on its own.
import { bookingRoutes } from '../src/bookings/booking.rest.js';
import { companyRoutes } from '../src/companies/company.rest.js';
import { contactRoutes } from '../src/contacts/contact.rest.js';
import { dealRoutes } from '../src/deals/deal.rest.js';
import { inspectionRoutes } from '../src/inspections/inspection.rest.js';
import { invoiceRoutes } from '../src/invoices/invoice.rest.js';
import type { RestRoutes } from '../src/graphql/operations.js';
import type { Target } from './load.js';
import type { BenchData } from './scratch-db.js';
import { BOOKING_COUNT, measuredWeek } from './seed-bookings.js';
import { COMPANY_COUNT, CONTACT_COUNT, DEAL_COUNT } from './seed-deals.js';
import { INSPECTION_COUNT } from './seed-inspections.js';
import { INVOICE_SEARCH } from './seed-invoices.js';
import type { Json } from './verify.js';

export const PAGE = 25;

const LEADS_QUERY = `{ leads(limit: ${PAGE}) { data { id firstName lastName email phone companyName status source channelType intent notes assignedTo sourceAttribution customFields createdAt updatedAt } nextCursor hasMore } }`;

/** The REST route's own selection (`{ data { <item> } total ... }`) for `field` over GraphQL, so both surfaces select the same data. */
function queryOf(routes: RestRoutes, field: string, args: string): string {
  const selection = routes[`Query.${field}`]?.select;
  if (!selection) throw new Error(`no REST route serves Query.${field} any more`);
  return `{ ${field}(${args}) ${selection} }`;
}

const CONTACTS_QUERY = queryOf(contactRoutes, 'contacts', `limit: ${PAGE}`);
const COMPANIES_QUERY = queryOf(companyRoutes, 'companies', `limit: ${PAGE}`);
const DEALS_QUERY = queryOf(dealRoutes, 'deals', `limit: ${PAGE}`);
const BOOKINGS_QUERY = queryOf(bookingRoutes, 'bookings', `first: ${PAGE}`);
const INSPECTIONS_QUERY = queryOf(inspectionRoutes, 'inspections', `limit: ${PAGE}`);
const INVOICES_QUERY = queryOf(invoiceRoutes, 'invoices', `first: ${PAGE}, filter: { search: "${INVOICE_SEARCH}" }`);

const availabilitySelection = bookingRoutes['Query.resourceAvailability']?.select;
if (!availabilitySelection) throw new Error('src/bookings/booking.rest.ts no longer routes Query.resourceAvailability');

export interface Suite {
  name: Target['suite'];
  /** Root field of the GraphQL query; its value must equal the REST body. */
  field: string;
  rest: Target;
  graphql: Target;
  plain: Target;
  /** Minimum requests/s of each product surface as a share of the plain handler's (the median over rounds must clear it). */
  goals: { rest: number; graphql: number };
  /** Whether a REST body is the full first page of the seeded rows. */
  isFullPage(body: { [key: string]: Json }): boolean;
}

export function suitesOf(productBase: string, plainBase: string, { secret, bookings }: BenchData): Suite[] {
  const auth = { authorization: `Bearer ${secret}` };
  const week = measuredWeek();
  const resourceId = bookings.availabilityResourceId;
  const graphqlHeaders = { ...auth, 'content-type': 'application/json', accept: 'application/json' };
  const suite = (name: Suite['name'], restPath: string, query: string) => ({
    rest: { name: `${name}: product REST`, suite: name, server: 'product', url: `${productBase}${restPath}`, method: 'GET', headers: auth },
    graphql: {
      name: `${name}: product GraphQL`,
      suite: name,
      server: 'product',
      url: `${productBase}/graphql`,
      method: 'POST',
      headers: graphqlHeaders,
      body: JSON.stringify({ query }),
    },
    plain: { name: `${name}: plain node:http + pg`, suite: name, server: 'plain', url: `${plainBase}${restPath}`, method: 'GET', headers: auth },
  }) satisfies Pick<Suite, 'rest' | 'graphql' | 'plain'>;
  const fullData = (body: { [key: string]: Json }) => Array.isArray(body.data) && body.data.length === PAGE;
  return [
    {
      name: 'leads',
      field: 'leads',
      ...suite('leads', `/api/v1/leads?limit=${PAGE}`, LEADS_QUERY),
      goals: { rest: 0.6, graphql: 0.5 },
      isFullPage: (body) => fullData(body) && body.hasMore === true,
    },
    {
      name: 'contacts',
      field: 'contacts',
      ...suite('contacts', `/api/v1/contacts/contact?limit=${PAGE}`, CONTACTS_QUERY),
      goals: { rest: 0.6, graphql: 0.5 },
      isFullPage: (body) => fullData(body) && body.total === CONTACT_COUNT && body.page === 1,
    },
    {
      name: 'companies',
      field: 'companies',
      ...suite('companies', `/api/v1/companies?limit=${PAGE}`, COMPANIES_QUERY),
      goals: { rest: 0.6, graphql: 0.5 },
      isFullPage: (body) => fullData(body) && typeof body.total === 'number' && body.total >= COMPANY_COUNT && body.page === 1,
    },
    {
      name: 'deals',
      field: 'deals',
      ...suite('deals', `/api/v1/pipeline/deals?limit=${PAGE}`, DEALS_QUERY),
      goals: { rest: 0.4, graphql: 0.4 },
      isFullPage: (body) => fullData(body) && body.total === DEAL_COUNT && body.page === 1 && body.pageSize === PAGE,
    },
    {
      // The first bookings by start, of the 500 on the measured resource and those booked before.
      name: 'bookings',
      field: 'bookings',
      ...suite('bookings', `/api/bookings?limit=${PAGE}`, BOOKINGS_QUERY),
      goals: { rest: 0.6, graphql: 0.5 },
      isFullPage: (body) => fullData(body) && typeof body.total === 'number' && body.total >= BOOKING_COUNT,
    },
    {
      // A week of 30-minute slots of a resource holding 500 confirmed bookings in it.
      name: 'availability',
      field: 'resourceAvailability',
      ...suite(
        'availability',
        `/api/bookings/resources/${resourceId}/availability?from=${week.from}&to=${week.to}`,
        `{ resourceAvailability(id: "${resourceId}", from: "${week.from}", to: "${week.to}") ${availabilitySelection} }`,
      ),
      goals: { rest: 0.5, graphql: 0.5 },
      isFullPage: (body) => Array.isArray(body.slots) && body.slots.length >= 150,
    },
    {
      // Inspections with their equipment, type, site, customer, lead technician and finding count.
      name: 'inspections',
      field: 'inspections',
      ...suite('inspections', `/api/inspections?limit=${PAGE}`, INSPECTIONS_QUERY),
      goals: { rest: 0.4, graphql: 0.4 },
      isFullPage: (body) => fullData(body) && body.total === INSPECTION_COUNT && body.page === 1 && body.pageSize === PAGE,
    },
    {
      // The invoices of the companies whose name holds the search word (a fifth of 10,000), newest first.
      name: 'invoices',
      field: 'invoices',
      ...suite('invoices', `/api/invoices?limit=${PAGE}&search=${INVOICE_SEARCH}`, INVOICES_QUERY),
      goals: { rest: 0.6, graphql: 0.5 },
      isFullPage: (body) => fullData(body) && typeof body.total === 'number' && body.total > PAGE,
    },
  ];
}

/** `POST /api/bookings`, each request booking the next of `slotIds` (distinct slots): all 201 Created. */
export function bookingCreation(productBase: string, secret: string, slotIds: string[]): Target {
  return {
    name: 'booking: product REST POST',
    suite: 'booking',
    server: 'product',
    url: `${productBase}/api/bookings`,
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    bodies: slotIds.map((slotId, i) => JSON.stringify({ slotId, firstName: 'Bench', lastName: 'Guest', email: `guest${i + 1}@bench.example` })),
    status: 201,
  };
}

/** The MCP tool call of `leads` (2026-07-28, stateless: one POST per call), the same page as the REST route. */
export function mcpLeadsCall(productBase: string, { secret }: BenchData): Target {
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
  return {
    name: 'leads: product MCP tool call',
    suite: 'leads',
    server: 'product',
    url: `${productBase}/mcp`,
    method: 'POST',
    headers: {
      authorization: `Bearer ${secret}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'leads',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'leads', arguments: { limit: PAGE }, _meta: meta } }),
  };
}
