import type { GraphQLSchema } from 'graphql';
import { LRUCache } from 'lru-cache';
import { lockTenant, scopedTenantId, type TenantDb } from '../db/tenant-scope.js';
import { badInput, notFound } from '../shared/errors.js';
import { checkManifest, hashOfDocumentId } from './trusted-document.rules.js';

export interface Registration {
  /** Hashes the manifest held, in its order. */
  hashes: string[];
  /** How many of them were not registered before (the others already were: registering again changes nothing). */
  added: number;
  /** The key pair they are registered for; null for every key of the tenant. */
  pairId: string | null;
}

/**
 * Registers a manifest (`persisted-documents.json`: hash → document) for the tenant of `db`, or
 * for one of its key pairs. Every hash is checked against its document and every document
 * against the schema before anything is stored: a manifest with a problem registers nothing (400
 * naming each hash). Registering a document again is harmless.
 */
export async function registerTrustedDocuments(
  db: TenantDb,
  schema: GraphQLSchema,
  args: { documents: Record<string, unknown>; pairId?: string | null },
): Promise<Registration> {
  const checked = checkManifest(args.documents, schema);
  if ('problems' in checked) throw badInput(checked.problems);
  const pairId = args.pairId ?? null;
  if (pairId && !(await db.apiKeyPair.findUnique({ where: { id: pairId }, select: { id: true } }))) throw notFound('API key pair');
  const hashes = checked.documents.map((d) => d.hash);
  return db.$transaction(async (tx) => {
    // One registration of the tenant at a time, so that two of the same manifest store each document once.
    await lockTenant(tx);
    const known = new Set((await tx.trustedDocument.findMany({ where: { pairId, hash: { in: hashes } }, select: { hash: true } })).map((d) => d.hash));
    const fresh = checked.documents.filter((d, i) => !known.has(d.hash) && hashes.indexOf(d.hash) === i);
    const { count } = await tx.trustedDocument.createMany({ data: fresh.map((d) => ({ ...d, tenantId: scopedTenantId(tx), pairId })) });
    return { hashes, added: count, pairId };
  });
}

/** Registered documents found per process: a hash's document never changes and registrations are never withdrawn, so a found one stays right. */
const found = new LRUCache<string, string>({ max: 10_000 });

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
  if (row) found.set(cacheKey, row.document);
  return row?.document ?? null;
}
