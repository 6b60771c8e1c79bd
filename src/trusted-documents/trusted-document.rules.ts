import { createHash } from 'node:crypto';
import type { GraphQLSchema } from 'graphql';
import { specifiedRules, validate } from 'graphql';
import type { ApiKeyKind, TrustedDocumentsRule } from '../generated/prisma/enums.js';
import type { FieldProblem } from '../shared/errors.js';
import { documentShapeRules, MAX_DOCUMENT_BYTES, parseWithinLimits } from '../graphql/document-limits.js';

/** Lowercase hex SHA-256 of a document's text, as GraphQL Code Generator's client preset writes it. */
export const documentHash = (document: string) => createHash('sha256').update(document, 'utf8').digest('hex');

const HASH = /^[0-9a-f]{64}$/;

/**
 * The hash a request names, without the `sha256:` prefix the client preset's `documentId` may
 * carry; null for anything that is not a SHA-256 hash (it can then name no registered document).
 */
export function hashOfDocumentId(id: string): string | null {
  const hash = id.startsWith('sha256:') ? id.slice('sha256:'.length) : id;
  return HASH.test(hash) ? hash : null;
}

/** Whether a key of `kind` in a pair with `rule` may run only trusted documents over GraphQL. */
export const limitedToTrustedDocuments = (rule: TrustedDocumentsRule, kind: ApiKeyKind) =>
  rule === 'all' || (rule === 'publishable' && kind === 'publishable');

/** Documents one registration may carry: a client build's operations, a few hundred at most. */
export const MAX_DOCUMENTS_PER_MANIFEST = 500;
/** Documents a tenant may have registered, and their bytes together: what its registrations may hold of the database and of each process's cache. */
export const MAX_DOCUMENTS_PER_TENANT = 2_000;
export const MAX_DOCUMENT_BYTES_PER_TENANT = 32 * 1024 * 1024;

export interface ManifestEntry {
  hash: string;
  document: string;
  /** Where a problem with it is named: `documents.` and its key in the manifest. */
  field: string;
}

/**
 * A manifest (`persisted-documents.json`: hash → document text) checked whole without parsing
 * anything, every problem named by its hash: at most MAX_DOCUMENTS_PER_MANIFEST entries, each hash
 * the SHA-256 of its text, each text within the byte limit a request's document has. The entries
 * that pass, and the problems of the others.
 */
export function checkManifest(manifest: Record<string, unknown>): { entries: ManifestEntry[]; problems: FieldProblem[] } {
  const keys = Object.keys(manifest);
  if (!keys.length) return { entries: [], problems: [{ field: 'documents', message: 'must map at least one hash to its document' }] };
  if (keys.length > MAX_DOCUMENTS_PER_MANIFEST) {
    return { entries: [], problems: [{ field: 'documents', message: `must hold at most ${MAX_DOCUMENTS_PER_MANIFEST} documents (it holds ${keys.length}); register a larger build in parts` }] };
  }
  const problems: FieldProblem[] = [];
  const entries: ManifestEntry[] = [];
  for (const key of keys) {
    const document = manifest[key];
    const field = `documents.${key}`;
    const hash = hashOfDocumentId(key);
    if (!hash) problems.push({ field, message: 'is not a SHA-256 hash (64 lowercase hex characters, optionally after `sha256:`)' });
    else if (typeof document !== 'string') problems.push({ field, message: 'must be the document text' });
    else if (Buffer.byteLength(document) > MAX_DOCUMENT_BYTES) problems.push({ field, message: `is longer than the ${MAX_DOCUMENT_BYTES} bytes a GraphQL document may have` });
    else if (documentHash(document) !== hash) {
      problems.push({ field, message: `is not the SHA-256 of its document (which is ${documentHash(document)}): register the manifest as the client preset wrote it` });
    } else entries.push({ hash, document, field });
  }
  return { entries, problems };
}

/** Time on the event loop one stretch of validation may take before it lets other requests run. */
const VALIDATION_SLICE_MS = 10;

/**
 * The problems of documents about to be trusted, each checked as a request's document is before
 * it runs (the token, depth and alias limits and the schema's rules): a registered document can
 * always run. Validation yields to other requests every few milliseconds.
 */
export async function documentProblems(entries: readonly ManifestEntry[], schema: GraphQLSchema): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  const rules = [...specifiedRules, ...documentShapeRules()];
  let sliceStart = performance.now();
  for (const { field, document } of entries) {
    if (performance.now() - sliceStart > VALIDATION_SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
    let errors: readonly { message: string }[];
    try {
      errors = validate(schema, parseWithinLimits(document), rules);
    } catch (error) {
      errors = [error as Error];
    }
    if (errors.length) problems.push({ field, message: `is not a valid document of this schema: ${errors.map((e) => e.message).join('; ')}` });
  }
  return problems;
}
