// What is measured: per read, the product's REST route, the same data over GraphQL and the plain
// handler's equivalent route, with the share of the plain handler's requests/s each product
// surface should reach; and booking creation on its own.
import { bookingRoutes } from '../src/bookings/booking.rest.js';
import { companyRoutes } from '../src/companies/company.rest.js';
import { contactRoutes } from '../src/contacts/contact.rest.js';
import { dealRoutes } from '../src/deals/deal.rest.js';
import { inspectionRoutes } from '../src/inspections/inspection.rest.js';
import { grouped } from '../src/graphql/rest-shapes.js';
import { invoiceRoutes } from '../src/invoices/invoice.rest.js';
import { leadRoutes } from '../src/leads/lead.rest.js';
import { DEFAULT_PAGE_SIZE } from '../src/graphql/limits.js';
import { restListAnswer } from '../src/graphql/rest-lists.js';
import type { RestRoutes } from '../src/graphql/operations.js';
import type { Target } from './load.js';
import type { BenchData } from './scratch-db.js';
import { BOOKING_COUNT, measuredWeek } from './seed-bookings.js';
import { COMPANY_COUNT, CONTACT_COUNT, DEAL_COUNT } from './seed-deals.js';
import { INSPECTION_COUNT } from './seed-inspections.js';
import { INVOICE_SEARCH } from './seed-invoices.js';
import type { Json } from './verify.js';

export const PAGE = 25;

/** A read over GraphQL beside its REST route: the query, and REST's body from the root field's value. */
export interface GraphqlRead {
  query: string;
  asRest: (value: Json) => Json;
}

const literal = (value: string | number) => JSON.stringify(value);

/**
 * The REST route of `Query.<field>` read over GraphQL, selecting the same data; `params` are the
 * route's query parameters. A list route (`list` in its route map) becomes
 * `{ field(first: <limit>, filter: {...}) { nodes <item> ... } }`, the filter set as REST sets it (so
 * cursors match), and its answer becomes REST's envelope (src/graphql/rest-lists.ts); any other
 * route takes `params` as arguments and answers its own selection.
 */
function readOf(routes: RestRoutes, field: string, params: Record<string, string | number>): GraphqlRead {
  const route = routes[`Query.${field}`];
  if (!route) throw new Error(`no REST route serves Query.${field} any more`);
  const { list } = route;
  if (!list) {
    const args = Object.entries(params).map(([name, value]) => `${name}: ${literal(value)}`);
    return { query: `{ ${field}(${args.join(', ')}) ${route.select} }`, asRest: (value) => value };
  }
  const filters = list.filters ?? {};
  const unknown = Object.keys(params).filter((name) => name !== 'limit' && !(name in filters));
  if (unknown.length) throw new Error(`Query.${field}: the bench reads first pages; ${unknown.join(', ')} is not a filter parameter`);
  const filter = Object.entries(filters).flatMap(([name, target]) => (name in params ? [`${target}: ${literal(params[name]!)}`] : []));
  const members = list.paging === 'cursor' ? 'pageInfo { hasNextPage endCursor }' : 'totalCount';
  return {
    query: `{ ${field}(first: ${params.limit ?? DEFAULT_PAGE_SIZE}, filter: { ${filter.join(', ')} }) { nodes ${route.select} ${members} } }`,
    asRest: (value) => {
      const page = value as unknown as Parameters<typeof restListAnswer>[1] & { nodes: Record<string, unknown>[] };
      // REST groups a record's own fields under one key where the specification does (an inspection).
      const { group } = route;
      const nodes = group ? page.nodes.map((node) => grouped<unknown>(group, node as Record<string, unknown>, (inner) => inner)) : page.nodes;
      return restListAnswer(list, { ...page, nodes }, params) as unknown as Json;
    },
  };
}

const LEADS_READ = readOf(leadRoutes, 'leads', { limit: PAGE });
const CONTACTS_READ = readOf(contactRoutes, 'contacts', { limit: PAGE });
const COMPANIES_READ = readOf(companyRoutes, 'companies', { limit: PAGE });
const DEALS_READ = readOf(dealRoutes, 'deals', { limit: PAGE });
const BOOKINGS_READ = readOf(bookingRoutes, 'bookings', { limit: PAGE });
const INSPECTIONS_READ = readOf(inspectionRoutes, 'inspections', { limit: PAGE });
const INVOICES_READ = readOf(invoiceRoutes, 'invoices', { limit: PAGE, search: INVOICE_SEARCH });

export interface Suite {
  name: Target['suite'];
  /** Root field of the GraphQL query; its value, as `asRest` turns it into a REST body, must equal the REST body. */
  field: string;
  asRest: GraphqlRead['asRest'];
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
  const suite = (name: Suite['name'], restPath: string, { query, asRest }: GraphqlRead) => ({
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
    asRest,
  }) satisfies Pick<Suite, 'rest' | 'graphql' | 'plain' | 'asRest'>;
  const fullData = (body: { [key: string]: Json }) => Array.isArray(body.data) && body.data.length === PAGE;
  return [
    {
      name: 'leads',
      field: 'leads',
      ...suite('leads', `/api/v1/leads?limit=${PAGE}`, LEADS_READ),
      goals: { rest: 0.6, graphql: 0.5 },
      isFullPage: (body) => fullData(body) && body.hasMore === true,
    },
    {
      name: 'contacts',
      field: 'contacts',
      ...suite('contacts', `/api/v1/contacts/contact?limit=${PAGE}`, CONTACTS_READ),
      goals: { rest: 0.6, graphql: 0.5 },
      isFullPage: (body) => fullData(body) && body.total === CONTACT_COUNT && body.page === 1,
    },
    {
      name: 'companies',
      field: 'companies',
      ...suite('companies', `/api/v1/companies?limit=${PAGE}`, COMPANIES_READ),
      goals: { rest: 0.6, graphql: 0.5 },
      isFullPage: (body) => fullData(body) && typeof body.total === 'number' && body.total >= COMPANY_COUNT && body.page === 1,
    },
    {
      name: 'deals',
      field: 'deals',
      ...suite('deals', `/api/v1/pipeline/deals?limit=${PAGE}`, DEALS_READ),
      goals: { rest: 0.4, graphql: 0.4 },
      isFullPage: (body) => fullData(body) && body.total === DEAL_COUNT && body.page === 1 && body.pageSize === PAGE,
    },
    {
      // The first bookings by start, of the 500 on the measured resource and those booked before.
      name: 'bookings',
      field: 'bookings',
      ...suite('bookings', `/api/bookings?limit=${PAGE}`, BOOKINGS_READ),
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
        readOf(bookingRoutes, 'resourceAvailability', { id: resourceId, from: week.from, to: week.to }),
      ),
      goals: { rest: 0.5, graphql: 0.5 },
      isFullPage: (body) => Array.isArray(body.slots) && body.slots.length >= 150,
    },
    {
      // Inspections with their equipment, type, site, customer, lead technician and finding count.
      name: 'inspections',
      field: 'inspections',
      ...suite('inspections', `/api/inspections?limit=${PAGE}`, INSPECTIONS_READ),
      goals: { rest: 0.4, graphql: 0.4 },
      isFullPage: (body) => fullData(body) && body.total === INSPECTION_COUNT && body.page === 1 && body.pageSize === PAGE,
    },
    {
      // The invoices of the companies whose name holds the search word (a fifth of 10,000), newest first.
      name: 'invoices',
      field: 'invoices',
      ...suite('invoices', `/api/invoices?limit=${PAGE}&search=${INVOICE_SEARCH}`, INVOICES_READ),
      goals: { rest: 0.6, graphql: 0.5 },
      isFullPage: (body) => fullData(body) && typeof body.total === 'number' && body.total > PAGE,
    },
  ];
}

/** Bookings per second `POST /api/bookings` should reach, spread over ten resources. */
export const BOOKINGS_PER_SECOND_GOAL = 150;

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
