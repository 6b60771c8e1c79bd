import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { getOperationAST, parse } from 'graphql';
import type { TenantDb } from '../db/tenant-scope.js';
import { Prisma, type PrismaClient } from '../generated/prisma/client.js';
import type { ErrorCode } from '../shared/errors.js';
import { errorReason } from '../shared/error-reason.js';
import { collectingDisclosures, type Disclosure } from '../shared/disclosures.js';
import { logger } from '../shared/logger.js';
import { canonicalPathname, isGraphqlPath, isMcpPath, refusal } from './request-boundary.js';

/** How long an answer is kept for replay (Stripe's 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a first request holds its key. Past it (well beyond the request time limit and every
 * transaction's), the process that ran it is taken to have died mid-request, whose transaction
 * PostgreSQL rolled back, and a retry may run.
 */
const RUNNING_LEASE_MS = 60_000;
/** Stripe's form: up to 255 characters; visible ASCII, so keys compare exactly. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Whether a value is an idempotency key REST would accept (a header can carry only such text). */
export const isIdempotencyKey = (value: unknown): value is string => typeof value === 'string' && KEY_PATTERN.test(value);
/** The same rule as JSON Schema, for the documents that publish it. */
export const idempotencyKeySchema = { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' } as const;
/** Answers' headers that belong to the answer (not to the request that got it: ids, rate limits). */
const REPLAYED_HEADERS = ['content-type', 'location', 'warning', 'allow', 'x-required-scope', 'www-authenticate'];
/** GraphQL refusals made before anything ran, which a corrected request with the same key may follow. */
const REFUSED_BEFORE_RUNNING = new Set<string>(['BAD_USER_INPUT', 'UNAUTHENTICATED', 'FORBIDDEN', 'QUERY_TOO_LARGE', 'QUERY_TOO_COSTLY', 'SERVICE_UNAVAILABLE', 'TIMEOUT'] satisfies ErrorCode[]);
/** The same refusals as REST statuses, and a database that could not be reached (nothing ran). */
const CHANGED_NOTHING_STATUSES = new Set([400, 401, 403, 413, 415, 429, 503]);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What the route of a streamed body read of it: the SHA-256 of the file it carried, once read to its end. */
interface StreamedDigest {
  sha256?: string;
}
const streamedDigests = new AsyncLocalStorage<StreamedDigest>();

/** Notes the digest of the file a request carried, read to its end (src/http/uploads.ts), for its Idempotency-Key. */
export function noteStreamedDigest(sha256: string): void {
  const slot = streamedDigests.getStore();
  if (slot) slot.sha256 = sha256;
}

type Claim = { kind: 'run' } | { kind: 'running' } | { kind: 'reused' } | { kind: 'replay'; status: number; headers: Record<string, string>; body: string };

/** Takes the key for this request, or says what holds it. Atomic: of two requests racing, one runs. */
async function claim(db: TenantDb, key: string, fingerprint: string, now: Date, settledFingerprint?: () => Promise<string>): Promise<Claim> {
  const fresh = {
    fingerprint,
    status: null,
    headers: Prisma.DbNull,
    body: null,
    createdAt: now,
    runningUntil: new Date(now.getTime() + RUNNING_LEASE_MS),
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
  };
  const created = await db.idempotentRequest.createMany({ data: [{ key, ...fresh }] as never, skipDuplicates: true });
  if (created.count === 1) return { kind: 'run' };
  // An expired entry not yet swept, or one whose first request was abandoned, is taken over.
  const takenOver = await db.idempotentRequest.updateMany({
    where: { key, OR: [{ expiresAt: { lte: now } }, { status: null, runningUntil: { lte: now } }] },
    data: fresh,
  });
  if (takenOver.count === 1) return { kind: 'run' };
  const held = await db.idempotentRequest.findFirst({ where: { key } });
  // Gone between the statements (swept, or released by a request that changed nothing): the client's retry will run.
  if (!held) return { kind: 'running' };
  if (held.status === null) return held.fingerprint === fingerprint ? { kind: 'running' } : { kind: 'reused' };
  // An upload's answer is kept under its file's fingerprint (`settledFingerprint`), known once its body is read.
  if (held.fingerprint !== fingerprint && held.fingerprint !== (await settledFingerprint?.())) return { kind: 'reused' };
  return { kind: 'replay', status: held.status, headers: (held.headers ?? {}) as Record<string, string>, body: held.body ?? '' };
}

function isMutation(bodyText: string): boolean {
  try {
    const { query, operationName } = JSON.parse(bodyText) as { query?: unknown; operationName?: unknown };
    if (typeof query !== 'string') return false;
    const document = parse(query, { maxTokens: 2_000 });
    return getOperationAST(document, typeof operationName === 'string' ? operationName : undefined)?.operation === 'mutation';
  } catch {
    return false; // Not a request GraphQL will run either: it refuses it in its own words.
  }
}

/** Whether an answer says the request was refused before it ran (or whole, in its payloads' `userErrors`), or could not reach the database. */
function changedNothing(request: Request, status: number, body: string): boolean {
  if (CHANGED_NOTHING_STATUSES.has(status)) return true;
  if (!isGraphqlPath(request.url)) return false;
  try {
    const { data, errors } = JSON.parse(body) as { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] };
    // A mutation payload listing `userErrors` was refused whole: its transaction changed nothing.
    const refused = (value: unknown) => value === null || ((value as { userErrors?: unknown[] }).userErrors?.length ?? 0) > 0;
    const values = Object.values(data ?? {});
    return (
      (Boolean(errors?.length) || values.length > 0) &&
      (errors ?? []).every((e) => REFUSED_BEFORE_RUNNING.has(e.extensions?.code ?? '')) &&
      values.every(refused)
    );
  } catch {
    return false;
  }
}

export interface IdempotentCall {
  request: Request;
  /** The request's body as received (the request boundary keeps it). */
  bodyText: string;
  /**
   * For a body that streams to its route unread (an upload): the SHA-256 of the file it carries,
   * read to its end. Its first run notes the same while it stores it (`noteStreamedDigest`).
   */
  streamedFileDigest?: () => Promise<string>;
  /** The caller's tenant, or null without a valid key (such a request is refused anyway and never stored). */
  db: TenantDb | null;
  /** The API key that sent it: a stored answer is replayed only to the key whose request produced it. */
  apiKeyId: string | null;
  now: Date;
  produce: () => Promise<Response>;
}

/**
 * `Idempotency-Key` on POST requests (REST writes and GraphQL mutations), as Stripe defines it:
 * the first request with a key runs and its answer is stored for 24 hours, per tenant and key; the
 * same request again gets that answer replayed (`Idempotent-Replayed: true`); the same key with
 * another request is a 422, and while the first still runs, a 409. Answers that changed nothing
 * (refused input, key or scope, an unreachable database) are not stored, so a corrected or later
 * request may use the key. Answers that show credentials (new API keys, a webhook endpoint's
 * signing secret) are never stored: a repeat gets a 409 `CREDENTIALS_NOT_REPLAYED` naming what
 * was shown and what to do if it was lost. Stored in the database, so every
 * server process sees the same keys.
 */
export async function idempotent({ request, bodyText, streamedFileDigest, db, apiKeyId, now, produce }: IdempotentCall): Promise<Response> {
  const key = request.headers.get('idempotency-key');
  // MCP calls carry theirs as the `idempotencyKey` argument (src/mcp/tool-calls.ts), claimed here
  // with the REST route's path; on /mcp itself the header would be one an MCP client's configuration
  // sends with every request, and would hold the first call's answer for all the others.
  if (key === null || request.method !== 'POST' || !db || !apiKeyId || isMcpPath(request.url)) return produce();
  if (!KEY_PATTERN.test(key)) return refusal(request, 'BAD_USER_INPUT', 'Idempotency-Key must be 1 to 255 visible ASCII characters');
  if (isGraphqlPath(request.url) && !isMutation(bodyText)) return produce();
  const { pathname, search } = new URL(request.url);
  // A path with or without its trailing slash is the same request. The sending key is part of it:
  // another key of the tenant (with other scopes) never gets an answer it did not produce itself;
  // it is told the key was used with another request.
  const requestLine = `${apiKeyId}\nPOST ${canonicalPathname(pathname)}${search}\n`;
  // An upload's body is not read before it runs: its key is held under its request line and media
  // type (a multipart boundary differs on every retry), and its answer kept under its file's digest.
  const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const fingerprint = sha256(`${requestLine}${streamedFileDigest ? `streamed ${mediaType}` : bodyText}`);
  const fileFingerprint = (digest: string) => sha256(`${requestLine}file ${digest}`);

  const claimed = await claim(db, key, fingerprint, now, streamedFileDigest && (async () => fileFingerprint(await streamedFileDigest())));
  if (claimed.kind === 'running') {
    return refusal(request, 'IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still running; retry after it ends', { 'Retry-After': '1' });
  }
  if (claimed.kind === 'reused') {
    return refusal(request, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with another request (method, path or body); use a new key for a new request');
  }
  if (claimed.kind === 'replay') {
    return new Response(claimed.body || null, { status: claimed.status, headers: { ...claimed.headers, 'Idempotent-Replayed': 'true' } });
  }

  const release = () => db.idempotentRequest.deleteMany({ where: { key, fingerprint, status: null } });
  let ran: { result: Response; disclosed: Disclosure[] };
  const streamed: StreamedDigest = {};
  try {
    ran = await streamedDigests.run(streamed, () => collectingDisclosures(produce));
  } catch (error) {
    await release().catch(() => {});
    throw error;
  }
  const response = ran.result;
  const body = await response.clone().text();
  // An answer showing credentials is never stored: a repeat is told what was shown, and what to do if it was lost, not shown them again.
  const stored = ran.disclosed.length
    ? refusal(
        request,
        'CREDENTIALS_NOT_REPLAYED',
        `This request already ran, and its answer showed secrets that are shown once and never replayed: ${ran.disclosed.map((d) => `${d.what} (${d.ifLost})`).join('; ')}.`,
      )
    : response;
  const settle = changedNothing(request, response.status, body)
    ? release()
    : db.idempotentRequest.updateMany({
        where: { key, fingerprint, status: null },
        data: {
          ...(streamed.sha256 ? { fingerprint: fileFingerprint(streamed.sha256) } : {}),
          status: stored.status,
          body: stored === response ? body : await stored.text(),
          headers: Object.fromEntries(REPLAYED_HEADERS.flatMap((name) => (stored.headers.has(name) ? [[name, stored.headers.get(name)]] : []))),
        },
      });
  // The answer stands even if it cannot be stored (the database went away meanwhile): the key
  // stays held until its lease ends, and a retry after that runs again.
  await settle.catch((error: unknown) => logger.warn({ reason: errorReason(error) }, 'idempotent answer not stored'));
  return response;
}

/** Deletes expired entries, across tenants (a maintenance job, like the mail worker's claims). */
export async function sweepIdempotencyKeys(prisma: PrismaClient, now: Date): Promise<number> {
  const { count } = await prisma.idempotentRequest.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}
