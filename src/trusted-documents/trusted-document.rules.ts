import { createHash } from 'node:crypto';
import type { GraphQLSchema } from 'graphql';
import { parse, validate } from 'graphql';
import type { ApiKeyKind, TrustedDocumentsRule } from '../generated/prisma/enums.js';
import type { FieldProblem } from '../shared/errors.js';

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

/**
 * A manifest (`persisted-documents.json`: hash → document text) checked whole, every problem
 * named by its hash: each hash must be the SHA-256 of its text, and each text a document the
 * schema validates. The entries to store, or the problems.
 */
export function checkManifest(
  manifest: Record<string, unknown>,
  schema: GraphQLSchema,
): { documents: { hash: string; document: string }[] } | { problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const documents: { hash: string; document: string }[] = [];
  const entries = Object.entries(manifest);
  if (!entries.length) return { problems: [{ field: 'documents', message: 'must map at least one hash to its document' }] };
  for (const [key, document] of entries) {
    const field = `documents.${key}`;
    const hash = hashOfDocumentId(key);
    if (!hash) {
      problems.push({ field, message: 'is not a SHA-256 hash (64 lowercase hex characters, optionally after `sha256:`)' });
      continue;
    }
    if (typeof document !== 'string') {
      problems.push({ field, message: 'must be the document text' });
      continue;
    }
    const actual = documentHash(document);
    if (actual !== hash) {
      problems.push({ field, message: `is not the SHA-256 of its document (which is ${actual}): register the manifest as the client preset wrote it` });
      continue;
    }
    let errors: readonly { message: string }[];
    try {
      errors = validate(schema, parse(document));
    } catch (error) {
      errors = [error as Error];
    }
    if (errors.length) {
      problems.push({ field, message: `is not a valid document of this schema: ${errors.map((e) => e.message).join('; ')}` });
      continue;
    }
    documents.push({ hash, document });
  }
  return problems.length ? { problems } : { documents };
}
