import type { GraphQLSchema } from 'graphql';
import { LRUCache } from 'lru-cache';
import { lockTenant, scopedTenantId, type TenantDb } from '../db/tenant-scope.js';
import { pairOpenTo } from '../auth/key-pairs.js';
import type { PairCaller } from '../auth/key-pair.rules.js';
import { MAX_DOCUMENT_BYTES } from '../graphql/document-limits.js';
import { AppError, badInput } from '../shared/errors.js';
import { checkManifest, documentProblems, hashOfDocumentId, MAX_DOCUMENT_BYTES_PER_TENANT, MAX_DOCUMENTS_PER_TENANT } from './trusted-document.rules.js';

export interface Registration {
  /** Hashes the manifest held, in its order. */
  hashes: string[];
  /** How many of them were not registered before (the others already were: registering again changes nothing). */
  added: number;
  /** The key pair they are registered for; null for every key of the tenant. */
  pairId: string | null;
}

/**
 * Registers a manifest (`persisted-documents.json`: hash → document) for the tenant of `db`, or for
 * one of its key pairs, which `caller` must be allowed to update (the pair's own user or an
 * administrator: src/auth/key-pair.rules.ts; null for the command line). Every entry is checked
 * before anything is stored, the documents not registered yet as a request's document would be
 * (their limits and the schema): a manifest with a problem registers nothing (400 naming each
 * hash). Registering a document again changes nothing and validates nothing. The tenant's
 * documents are bounded in number and bytes (409 past them).
 */
export async function registerTrustedDocuments(
  db: TenantDb,
  schema: GraphQLSchema,
  args: { documents: Record<string, unknown>; pairId?: string | null },
  caller: PairCaller | null,
  now: Date,
): Promise<Registration> {
  const checked = checkManifest(args.documents);
  if (!checked.entries.length) throw badInput(checked.problems);
  const pairId = args.pairId ?? null;
  if (pairId) await db.$transaction((tx) => pairOpenTo(tx, pairId, 'update', caller, now));
  const hashes = checked.entries.map((entry) => entry.hash);
  const freshOf = (known: Set<string>) => checked.entries.filter((entry, i) => !known.has(entry.hash) && hashes.indexOf(entry.hash) === i);
  const registered = async (tx: Pick<TenantDb, 'trustedDocument'>) =>
    new Set((await tx.trustedDocument.findMany({ where: { pairId, hash: { in: hashes } }, select: { hash: true } })).map((d) => d.hash));
  // Every problem in one answer, in the manifest's order.
  const problems = [...checked.problems, ...(await documentProblems(freshOf(await registered(db)), schema))];
  const order = Object.keys(args.documents).map((key) => `documents.${key}`);
  if (problems.length) throw badInput(problems.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field)));
  return db.$transaction(async (tx) => {
    // One registration of the tenant at a time, so that two of the same manifest store each document once.
    await lockTenant(tx);
    const fresh = freshOf(await registered(tx));
    const [held] = await tx.$queryRaw<{ documents: number; bytes: number }[]>`
      SELECT count(*)::int AS documents, coalesce(sum(octet_length(document)), 0)::int AS bytes
      FROM "TrustedDocument" WHERE "tenantId" = ${scopedTenantId(tx)}::uuid`;
    const adding = fresh.reduce((bytes, entry) => bytes + Buffer.byteLength(entry.document), 0);
    if (held!.documents + fresh.length > MAX_DOCUMENTS_PER_TENANT || held!.bytes + adding > MAX_DOCUMENT_BYTES_PER_TENANT) {
      throw new AppError(
        'CONFLICT',
        `A tenant may hold at most ${MAX_DOCUMENTS_PER_TENANT} trusted documents of ${MAX_DOCUMENT_BYTES_PER_TENANT / 1024 / 1024} MiB together (it holds ${held!.documents}, ${held!.bytes} bytes; this manifest adds ${fresh.length}, ${adding} bytes): withdraw the documents of builds no longer in use first (\`withdrawTrustedDocuments\`)`,
        undefined,
        undefined,
        'LIMIT_REACHED',
      );
    }
    const { count } = await tx.trustedDocument.createMany({ data: fresh.map(({ hash, document }) => ({ hash, document, tenantId: scopedTenantId(tx), pairId })) });
    return { hashes, added: count, pairId };
  });
}

/**
 * Withdraws registered documents of the tenant of `db` (or of one of its key pairs, under the same
 * rule as registering); answers how many were withdrawn. Each process may run a withdrawn document
 * for up to FOUND_TTL_MS more, from its cache.
 */
export async function withdrawTrustedDocuments(db: TenantDb, args: { hashes: readonly string[]; pairId?: string | null }, caller: PairCaller | null, now: Date): Promise<number> {
  const pairId = args.pairId ?? null;
  const hashes = args.hashes.map((id) => hashOfDocumentId(id) ?? id);
  const withdrawn = await db.$transaction(async (tx) => {
    if (pairId) await pairOpenTo(tx, pairId, 'update', caller, now);
    return (await tx.trustedDocument.deleteMany({ where: { pairId, hash: { in: hashes } } })).count;
  });
  // This process forgets them at once (its cache keys name the caller's pair, not the document's).
  const tenant = `${scopedTenantId(db)}:`;
  const gone = new Set(hashes);
  for (const key of [...found.keys()]) if (key.startsWith(tenant) && gone.has(key.slice(key.lastIndexOf(':') + 1))) found.delete(key);
  return withdrawn;
}

/** How long a process keeps a document it found: a withdrawn one stops running everywhere within it. */
export const FOUND_TTL_MS = 60_000;

/**
 * Registered documents found per process, bounded by the bytes they hold (every document can run,
 * so none is larger than a request's), and kept FOUND_TTL_MS: a hash's document never changes, and
 * a withdrawal reaches every process within that time.
 */
const found = new LRUCache<string, string>({ maxSize: 8 * 1024 * 1024, sizeCalculation: (document, key) => 2 * (document.length + key.length), ttl: FOUND_TTL_MS });

/**
 * The trusted document a request names by `documentId` (a hash, with or without `sha256:`), as
 * the caller may run it: registered for the tenant of `db`, either for every key or for the
 * caller's own key pair (`pairId`, null for a session). Null when there is none (not registered,
 * another tenant's, another pair's).
 */
export async function trustedDocumentFor(db: TenantDb, pairId: string | null, documentId: string): Promise<string | null> {
  const hash = hashOfDocumentId(documentId);
  if (!hash) return null;
  const cacheKey = `${scopedTenantId(db)}:${pairId ?? ''}:${hash}`;
  const cached = found.get(cacheKey);
  if (cached !== undefined) return cached;
  const row = await db.trustedDocument.findFirst({
    where: { hash, OR: [{ pairId: null }, ...(pairId ? [{ pairId }] : [])] },
    select: { document: true },
  });
  // A document stored before registration checked its size never enters the cache (the byte limit refuses it at once).
  if (row && Buffer.byteLength(row.document) <= MAX_DOCUMENT_BYTES) found.set(cacheKey, row.document);
  return row?.document ?? null;
}
