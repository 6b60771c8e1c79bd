import { builder } from '../graphql/builder.js';
import type { Registration } from './trusted-document.service.js';
import { z } from 'zod';
import { principalOf } from '../graphql/context.js';
import { FOUND_TTL_MS, registerTrustedDocuments, withdrawTrustedDocuments } from './trusted-document.service.js';
import { MAX_DOCUMENTS_PER_MANIFEST, MAX_DOCUMENTS_PER_TENANT } from './trusted-document.rules.js';
import { recordPayload } from '../graphql/mutation-payload.js';

const RegisterTrustedDocumentsInput = builder.inputType('RegisterTrustedDocumentsInput', {
  description: 'A client build\'s documents to trust: GraphQL Code Generator\'s `persisted-documents.json` as it is.',
  fields: (t) => ({
    documents: t.field({
      type: 'JSONObject',
      required: true,
      description:
        `Hash → document text, as the client preset writes it with \`persistedDocuments: true\`: each hash the lowercase hex SHA-256 of its text (a \`sha256:\` prefix is accepted), each text a valid document of this schema. One wrong entry registers nothing (400 naming its hash). Each document must be one a request could run (32 KiB, 2,000 tokens, depth 12, 20 aliases); at most ${MAX_DOCUMENTS_PER_MANIFEST} a manifest and ${MAX_DOCUMENTS_PER_TENANT} a tenant (32 MiB together).`,
    }),
    keyPairId: t.field({
      type: 'UUID',
      required: false,
      description: "Register them for this key pair's keys only; omitted, for every key of the tenant.",
    }),
  }),
});

const TrustedDocumentRegistration = builder.objectRef<Registration>('TrustedDocumentRegistration').implement({
  description: 'What a registration stored.',
  fields: (t) => ({
    hashes: t.exposeStringList('hashes', { description: 'The hashes of the manifest (without `sha256:`), now runnable as `documentId` or `extensions.persistedQuery.sha256Hash`.' }),
    added: t.exposeInt('added', { description: 'How many were not registered before; registering a document again changes nothing.' }),
    keyPairId: t.expose('pairId', { type: 'UUID', nullable: true, description: 'The key pair they are registered for; null for every key of the tenant.' }),
  }),
});

const RegisterTrustedDocumentsPayload = recordPayload('registerTrustedDocuments', 'trustedDocumentRegistration', TrustedDocumentRegistration);

const WithdrawTrustedDocumentsInput = builder.inputType('WithdrawTrustedDocumentsInput', {
  description: 'Trusted documents to withdraw, by hash.',
  fields: (t) => ({
    hashes: t.stringList({ required: true, description: `The hashes (with or without \`sha256:\`), at most ${MAX_DOCUMENTS_PER_MANIFEST}.`, validate: z.array(z.string().max(71)).min(1).max(MAX_DOCUMENTS_PER_MANIFEST) }),
    keyPairId: t.field({ type: 'UUID', required: false, description: 'The key pair they were registered for; omitted, those registered for every key of the tenant.' }),
  }),
});

const TrustedDocumentWithdrawal = builder.objectRef<{ withdrawn: number }>('TrustedDocumentWithdrawal').implement({
  description: 'What a withdrawal removed.',
  fields: (t) => ({ withdrawn: t.exposeInt('withdrawn', { description: 'How many registered documents were withdrawn.' }) }),
});

const WithdrawTrustedDocumentsPayload = recordPayload('withdrawTrustedDocuments', 'trustedDocumentWithdrawal', TrustedDocumentWithdrawal);

builder.mutationFields((t) => ({
  registerTrustedDocuments: t.field({
    type: RegisterTrustedDocumentsPayload,
    description:
      'Registers trusted GraphQL documents for the tenant (or one key pair): a client then sends `{"documentId": "<hash>", "variables": ...}` or `{"extensions": {"persistedQuery": {"version": 1, "sha256Hash": "<hash>"}}}` instead of the text. Keys limited to trusted documents (publishable keys by default; see `ApiKeyPair.trustedDocuments`) run nothing else over GraphQL. Run it from the client\'s build, or use the command line: `npm run cli -- documents register --tenant <id> --file persisted-documents.json`.',
    authScopes: { scope: 'settings.manage' },
    args: { input: t.arg({ type: RegisterTrustedDocumentsInput, required: true, description: 'The manifest and, optionally, the key pair.' }) },
    resolve: (_root, { input }, ctx, info) =>
      registerTrustedDocuments(ctx.db, info.schema, { documents: input.documents as Record<string, unknown>, pairId: input.keyPairId }, principalOf(ctx), ctx.now()),
  }),
  withdrawTrustedDocuments: t.field({
    type: WithdrawTrustedDocumentsPayload,
    description: `Withdraws registered trusted documents (those of builds no longer in use), for the tenant or one key pair under the same rule as registering. A withdrawn document stops running on every server within ${FOUND_TTL_MS / 1000} seconds; hashes that are not registered are ignored.`,
    authScopes: { scope: 'settings.manage' },
    args: { input: t.arg({ type: WithdrawTrustedDocumentsInput, required: true, description: 'The hashes and, optionally, the key pair.' }) },
    resolve: async (_root, { input }, ctx) => ({ withdrawn: await withdrawTrustedDocuments(ctx.db, { hashes: input.hashes, pairId: input.keyPairId }, principalOf(ctx), ctx.now()) }),
  }),
}));
