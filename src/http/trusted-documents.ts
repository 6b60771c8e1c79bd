import type { GraphQLParams, Plugin } from 'graphql-yoga';
import { createGraphQLError } from 'graphql-yoga';
import { defaultExtractPersistedOperationId, usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import { tenantDb } from '../db/tenant-scope.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { unauthenticated } from '../graphql/access.js';
import { AppError } from '../shared/errors.js';
import { trustedDocumentFor } from '../trusted-documents/trusted-document.service.js';
import { authenticationOf } from './admission.js';

/** The body field naming a trusted document, as GraphQL Code Generator's client preset sends it. */
export const DOCUMENT_ID_PARAM = 'documentId';

/** The hash a request names: `documentId` (the client preset's), else Automatic Persisted Queries' `extensions.persistedQuery.sha256Hash`. */
function documentIdOf(params: GraphQLParams): string | null {
  const documentId = (params as GraphQLParams & { documentId?: unknown })[DOCUMENT_ID_PARAM];
  return typeof documentId === 'string' ? documentId : defaultExtractPersistedOperationId(params, undefined as never, {});
}

const principalOf = (serverContext: object) => {
  const authentication = authenticationOf(serverContext);
  return 'principal' in authentication ? authentication.principal : null;
};

/**
 * Trusted documents over GraphQL: a request may name a document the tenant registered
 * (src/trusted-documents/) by its hash instead of sending its text, and a key limited to trusted
 * documents (its pair's `trustedDocuments` rule; publishable keys by default) is refused a
 * free-text `query` (403 PERSISTED_QUERY_ONLY). REST routes and MCP tools run the server's own
 * documents without passing here. A hash without a key is UNAUTHENTICATED; a hash the caller's
 * tenant (or key pair) has not registered is PERSISTED_QUERY_NOT_FOUND, as Automatic Persisted Queries clients expect; nothing is registered
 * from requests.
 */
export function useTrustedDocuments(prisma: PrismaClient): Plugin[] {
  const refuseFreeText: Plugin = {
    onParams({ params, context }) {
      if (params.query === undefined || !principalOf(context)?.pair?.trustedDocumentsOnly) return;
      throw new AppError(
        'PERSISTED_QUERY_ONLY',
        'This key runs only trusted documents: send `documentId` (or `extensions.persistedQuery.sha256Hash`) with the hash of a document registered with the `registerTrustedDocuments` mutation or `npm run cli -- documents register`, not a `query`. REST routes are open to it as they are.',
      );
    },
  };
  const persisted = usePersistedOperations({
    allowArbitraryOperations: true,
    extractPersistedOperationId: documentIdOf,
    getPersistedOperation: (documentId, _request, serverContext) => {
      const authentication = authenticationOf(serverContext);
      // Documents are the tenant's: without a key there is nothing to look in (401, as for any operation).
      if (!('principal' in authentication)) throw unauthenticated({ authFailure: authentication.failure });
      const { principal } = authentication;
      return trustedDocumentFor(tenantDb(prisma, principal.tenantId), principal.pair?.id ?? null, documentId);
    },
    customErrors: {
      notFound: () =>
        new AppError('PERSISTED_QUERY_NOT_FOUND', 'No trusted document with this hash is registered for your key: register the client build\'s persisted-documents.json (`registerTrustedDocuments`) and send its hash.'),
      // Neither a query nor a hash: Yoga's own refusal, unchanged.
      keyNotFound: () => createGraphQLError('Must provide query string.', { extensions: { http: { status: 400 }, code: 'BAD_REQUEST' } }),
    },
  });
  return [refuseFreeText, persisted];
}
