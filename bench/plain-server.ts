// The ceiling the product is compared with: `GET /api/v1/leads`, `GET /api/v1/contacts/contact`,
// `GET /api/v1/companies`, `GET /api/v1/pipeline/deals`, `GET /api/bookings`,
// `GET /api/bookings/resources/{id}/availability`, `GET /api/inspections`, `GET /api/invoices` and
// `POST /api/v1/leads` (bench/plain-lead-insert.ts) written by hand on
// node:http + pg, doing the same work as the product (key lookup by SHA-256 joined to pair, user and
// tenant, revocation/expiry/scope/module checks, the queries, the same JSON) and nothing else.
// Env: DATABASE_URL, PORT. Run: node --import tsx bench/plain-server.ts
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import { availability, readSlotIdKey } from './plain-availability.js';
import { dealPage } from './plain-deals.js';
import { inspectionPage } from './plain-inspections.js';
import { invoicePage } from './plain-invoices.js';
import { insertLead } from './plain-lead-insert.js';
import { bookingPage, companyPage, contactPage } from './plain-records.js';

const databaseUrl = process.env.DATABASE_URL;
const port = Number(process.env.PORT ?? 4100);
if (!databaseUrl) throw new Error('DATABASE_URL is required');

const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const slotIdKey = await readSlotIdKey(pool);

const keyPattern = /^(pk|sk)_live_[A-Za-z0-9_-]{43}$/;
const LEADS_SCOPE = 'leads.lead.read';
const LEADS_WRITE_SCOPE = 'leads.lead.write';
const PIPELINE_SCOPE = 'pipeline';
const BOOKINGS_SCOPE = 'bookings.read';
const COMPANIES_SCOPE = 'companies.read';
const CONTACTS_SCOPE = 'contacts.read';
const INSPECTIONS_SCOPE = 'inspections.read';
const INVOICES_SCOPE = 'invoices.read';

interface KeyRow {
  id: string;
  kind: 'publishable' | 'secret';
  revokedAt: Date | null;
  tenantId: string;
  scopes: string[] | null;
  expiresAt: Date | null;
  userId: string;
  role: string;
  modules: string[] | null;
}

const keySql = `
SELECT k.id, k.kind, k."revokedAt", k."tenantId", p.scopes, p."expiresAt", u.id AS "userId", u.role, t.modules::text[] AS modules
FROM "ApiKey" k
JOIN "ApiKeyPair" p ON p.id = k."pairId"
JOIN "User" u ON u.id = p."userId"
JOIN "Tenant" t ON t.id = u."tenantId"
WHERE k."keyHash" = $1`;

/** Columns in the order the product's Lead type lists its fields. */
interface LeadRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  companyName: string | null;
  status: string;
  source: string;
  channelType: string | null;
  intent: string | null;
  notes: string | null;
  assignedTo: string | null;
  sourceAttribution: Record<string, unknown> | null;
  customFields: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

const pageSql = `
SELECT id, "firstName", "lastName", email, phone, "companyName", status, source, "channelType", intent, notes,
       "assignedTo", "sourceAttribution", "customFields", "createdAt", "updatedAt"
FROM "Lead"
WHERE "tenantId" = $1
ORDER BY "createdAt" DESC, id DESC
LIMIT $2`;

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** The tenant of a secret key carrying `scope` (and of a tenant with `module`), or the HTTP status refusing the request. */
async function authorize(header: string | undefined, scope: string, module?: string): Promise<{ tenantId: string } | { status: 401 | 403 }> {
  const token = header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  if (!token || !keyPattern.test(token)) return { status: 401 };
  const keyHash = createHash('sha256').update(token).digest('hex');
  const { rows } = await pool.query<KeyRow>(keySql, [keyHash]);
  const key = rows[0];
  const now = new Date();
  if (!key || (key.revokedAt && key.revokedAt <= now) || (key.expiresAt && key.expiresAt <= now)) return { status: 401 };
  const scopes = new Set(key.scopes ?? []);
  if (key.kind !== 'secret' || !scopes.has(scope) || (module && !key.modules?.includes(module))) return { status: 403 };
  return { tenantId: key.tenantId };
}

interface PageQuery {
  limit: number;
  page: number;
  offset: number;
  search: string | null;
}

/** `limit` (1-100, default 25) and, where allowed, `page` (1-based) or `offset`, and `search`; null for anything else. */
function parseQuery(url: URL, paging: Route['paging'], allowSearch = false): PageQuery | null {
  const allowed = ['limit', ...(paging === 'keyset' ? [] : [paging]), ...(allowSearch ? ['search'] : [])];
  for (const name of url.searchParams.keys()) if (!allowed.includes(name)) return null;
  const search = url.searchParams.get('search');
  if (search && search.length > 200) return null;
  const number = (name: string, fallback: number) => {
    const raw = url.searchParams.get(name);
    return raw === null ? fallback : /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  };
  const limit = number('limit', 25);
  const page = number('page', 1);
  const offset = number('offset', 0);
  return limit >= 1 && limit <= 100 && page >= 1 && offset >= 0 ? { limit, page, offset, search: search?.trim() || null } : null;
}

async function listLeads(tenantId: string, { limit }: PageQuery): Promise<object> {
  const { rows } = await pool.query<LeadRow>(pageSql, [tenantId, limit + 1]);
  const hasMore = rows.length > limit;
  const data = hasMore ? rows.slice(0, limit) : rows;
  const last = data.at(-1);
  // The product's opaque keyset cursor: the position, bound to the list, the tenant, its order and filter (none here).
  const binding = createHash('sha256').update(JSON.stringify(['Lead', tenantId, null, []])).digest('base64url').slice(0, 12);
  const nextCursor =
    hasMore && last ? Buffer.from(JSON.stringify(['k', binding, [last.createdAt.toISOString(), last.id]])).toString('base64url') : null;
  // Dates serialize as ISO 8601 (toJSON), like the DateTime scalar.
  return { data, nextCursor, hasMore };
}

interface Route {
  scope: string;
  /** Page-based lists take `page`, offset-based ones `offset`; keyset ones only `limit`. */
  paging: 'page' | 'offset' | 'keyset';
  /** The tenant module the route belongs to, if any. */
  module?: string;
  /** Whether the route takes `search`. */
  allowSearch?: boolean;
  list(tenantId: string, query: PageQuery): Promise<object>;
}

const routes: Record<string, Route> = {
  '/api/v1/leads': { scope: LEADS_SCOPE, paging: 'keyset', list: listLeads },
  '/api/v1/contacts/contact': { scope: CONTACTS_SCOPE, paging: 'page', list: (tenantId, { page, limit }) => contactPage(pool, tenantId, page, limit) },
  '/api/v1/companies': { scope: COMPANIES_SCOPE, paging: 'page', list: (tenantId, { page, limit }) => companyPage(pool, tenantId, page, limit) },
  '/api/bookings': { scope: BOOKINGS_SCOPE, paging: 'offset', list: (tenantId, { offset, limit }) => bookingPage(pool, tenantId, offset, limit) },
  '/api/v1/pipeline/deals': { scope: PIPELINE_SCOPE, paging: 'page', list: (tenantId, { page, limit }) => dealPage(pool, tenantId, page, limit) },
  '/api/inspections': {
    scope: INSPECTIONS_SCOPE,
    paging: 'page',
    module: 'inspections',
    list: (tenantId, { page, limit }) => inspectionPage(pool, tenantId, page, limit),
  },
  '/api/invoices': {
    scope: INVOICES_SCOPE,
    paging: 'page',
    allowSearch: true,
    list: (tenantId, { page, limit, search }) => invoicePage(pool, tenantId, page, limit, search),
  },
};

const availabilityPath = /^\/api\/bookings\/resources\/([0-9a-f-]{36})\/availability$/;

/** `GET /api/bookings/resources/{id}/availability?from&to`. */
async function resourceAvailability(req: IncomingMessage, res: ServerResponse, url: URL, resourceId: string): Promise<void> {
  const auth = await authorize(req.headers.authorization, BOOKINGS_SCOPE);
  if ('status' in auth) return send(res, auth.status, { error: auth.status === 401 ? 'Unauthorized' : 'Forbidden' });
  for (const name of url.searchParams.keys()) if (name !== 'from' && name !== 'to') return send(res, 400, { error: 'Bad Request', message: `${name}: is not a parameter of this route` });
  let answer: object | null;
  try {
    answer = await availability(pool, slotIdKey, auth.tenantId, resourceId, { from: url.searchParams.get('from'), to: url.searchParams.get('to') });
  } catch (error) {
    return send(res, 400, { error: 'Bad Request', message: error instanceof Error ? error.message : String(error) });
  }
  return answer ? send(res, 200, answer) : send(res, 404, { error: 'Not Found', message: 'Bookable resource not found' });
}

/** `POST /api/v1/leads`: the lead and its `lead.created` event written by one INSERT statement. */
async function createLead(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const auth = await authorize(req.headers.authorization, LEADS_WRITE_SCOPE);
  if ('status' in auth) return send(res, auth.status, { error: auth.status === 401 ? 'Unauthorized' : 'Forbidden' });
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const answer = await insertLead(pool, auth.tenantId, Buffer.concat(chunks).toString('utf8'));
  return 'problem' in answer ? send(res, 400, { error: 'Bad Request', message: answer.problem }) : send(res, 201, { data: answer.lead });
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method === 'POST' && url.pathname === '/api/v1/leads') return createLead(req, res);
  const availabilityOf = req.method === 'GET' ? availabilityPath.exec(url.pathname)?.[1] : undefined;
  if (availabilityOf) return resourceAvailability(req, res, url, availabilityOf);
  const route = req.method === 'GET' ? routes[url.pathname] : undefined;
  if (!route) return send(res, 404, { error: 'Not Found', message: `No route ${url.pathname}` });
  const auth = await authorize(req.headers.authorization, route.scope, route.module);
  if ('status' in auth) return send(res, auth.status, { error: auth.status === 401 ? 'Unauthorized' : 'Forbidden' });
  const query = parseQuery(url, route.paging, route.allowSearch);
  if (query === null) return send(res, 400, { error: 'Bad Request', message: 'limit: must be between 1 and 100; page: must be 1 or more' });
  send(res, 200, await route.list(auth.tenantId, query));
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    console.error(error);
    if (!res.headersSent) send(res, 500, { error: 'Internal Server Error' });
  });
});

server.listen(port, '127.0.0.1');

async function shutdown(): Promise<void> {
  server.close();
  await pool.end();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());
