// The ceiling the product is compared with: `GET /api/v1/leads` written by hand on node:http + pg,
// doing the same work as the product (key lookup by SHA-256 joined to pair, user and tenant,
// revocation/expiry/scope checks, one keyset page query, the same JSON) and nothing else.
// Env: DATABASE_URL, PORT. Run: node --import tsx bench/plain-server.ts
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';

const databaseUrl = process.env.DATABASE_URL;
const port = Number(process.env.PORT ?? 4100);
if (!databaseUrl) throw new Error('DATABASE_URL is required');

const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });

const keyPattern = /^(pk|sk)_live_[A-Za-z0-9_-]{43}$/;
const READ_SCOPE = 'leads.lead.read';

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

/** The tenant of a secret key allowed to read leads, or the HTTP status refusing the request. */
async function authorize(header: string | undefined): Promise<{ tenantId: string } | { status: 401 | 403 }> {
  const token = header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  if (!token || !keyPattern.test(token)) return { status: 401 };
  const keyHash = createHash('sha256').update(token).digest('hex');
  const { rows } = await pool.query<KeyRow>(keySql, [keyHash]);
  const key = rows[0];
  const now = new Date();
  if (!key || (key.revokedAt && key.revokedAt <= now) || (key.expiresAt && key.expiresAt <= now)) return { status: 401 };
  const scopes = new Set(key.scopes ?? []);
  if (key.kind !== 'secret' || !scopes.has(READ_SCOPE)) return { status: 403 };
  return { tenantId: key.tenantId };
}

function parseLimit(url: URL): number | null {
  for (const name of url.searchParams.keys()) if (name !== 'limit') return null;
  const raw = url.searchParams.get('limit');
  if (raw === null) return 25;
  if (!/^\d{1,3}$/.test(raw)) return null;
  const limit = Number(raw);
  return limit >= 1 && limit <= 100 ? limit : null;
}

async function listLeads(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method !== 'GET' || url.pathname !== '/api/v1/leads') {
    return send(res, 404, { error: 'Not Found', message: `No route ${url.pathname}` });
  }
  const auth = await authorize(req.headers.authorization);
  if ('status' in auth) return send(res, auth.status, { error: auth.status === 401 ? 'Unauthorized' : 'Forbidden' });
  const limit = parseLimit(url);
  if (limit === null) return send(res, 400, { error: 'Bad Request', message: 'limit: must be between 1 and 100' });
  const { rows } = await pool.query<LeadRow>(pageSql, [auth.tenantId, limit + 1]);
  const hasMore = rows.length > limit;
  const data = hasMore ? rows.slice(0, limit) : rows;
  const last = data.at(-1);
  const nextCursor =
    hasMore && last ? Buffer.from(JSON.stringify([last.createdAt.toISOString(), last.id])).toString('base64url') : null;
  // Dates serialize as ISO 8601 (toJSON), like the DateTime scalar.
  send(res, 200, { data, nextCursor, hasMore });
}

const server = createServer((req, res) => {
  listLeads(req, res).catch((error: unknown) => {
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
