import { useGraphQlJit } from '@envelop/graphql-jit';
import type { DocumentNode } from 'graphql';
import { Kind } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { authenticate } from '../auth/api-keys.js';
import { tenantDb } from '../db/tenant-scope.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Context } from '../graphql/context.js';
import { schema } from '../graphql/schema.js';
import { logger } from '../shared/logger.js';
import { useAccessGate } from './access-gate.js';
import { corsPolicy } from './cors.js';
import { useApiDocs } from './docs.js';
import { boundedDocumentCaches, documentShapeLimits, useDocumentLimits } from './document-limits.js';
import { isHandledError, maskError, toClientError, useErrorMapping } from './error-mapping.js';
import { buildOpenApi } from './openapi.js';
import { useOperationGuard } from './operation-guard.js';
import { MAX_BODY_BYTES, useRequestBoundary } from './request-boundary.js';
import { useRest } from './rest.js';
import { restAreas, restRoutes } from './routes.js';

/** Tenant id of no tenant: an unauthenticated request's database sees nothing. */
const NO_TENANT = '00000000-0000-0000-0000-000000000000';

const jitVerdicts = new WeakMap<DocumentNode, boolean>();

/**
 * Reads (the hot path) run on graphql-jit. Mutations stay on graphql-js, whose reports of bad
 * input objects name the exact field (graphql-jit's do not), and so do operations declaring a
 * non-null variable with a default (`$limit: Int! = 25`), which graphql-jit wrongly rejects.
 */
function jitCanRun(document: DocumentNode): boolean {
  let verdict = jitVerdicts.get(document);
  if (verdict === undefined) {
    verdict = document.definitions.every(
      (d) =>
        d.kind !== Kind.OPERATION_DEFINITION ||
        (d.operation === 'query' && !d.variableDefinitions?.some((v) => v.type.kind === Kind.NON_NULL_TYPE && v.defaultValue)),
    );
    jitVerdicts.set(document, verdict);
  }
  return verdict;
}

export interface AppOptions {
  prisma: PrismaClient;
  /** Clock used for key expiry; tests inject one they can move. */
  now?: () => Date;
  /** Longest a request may take before it is answered 503 (default 10 s). */
  requestTimeoutMs?: number;
}

/**
 * The whole HTTP surface: GraphQL at /graphql and the REST routes under /api, one pipeline,
 * inside one request boundary (src/http/request-boundary.ts).
 */
export function createApp({ prisma, now = () => new Date(), requestTimeoutMs = 10_000 }: AppOptions) {
  return createYoga<{ requestId: string }, Context>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    cors: corsPolicy(schema, restRoutes),
    // GraphiQL with its bundle inlined (Yoga's default loads it from a CDN): works without internet
    // access. Loaded on first use: the bundle costs about 50 MB of memory a process that never
    // shows GraphiQL should not pay.
    renderGraphiQL: async (options) => (await import('@graphql-yoga/render-graphiql')).renderGraphiQL(options),
    graphiql: {
      title: 'Business Platform API',
      defaultQuery: '# Put your secret key in the Headers tab below, then run:\nquery {\n  leads(limit: 5) {\n    data { id firstName lastName status }\n    hasMore\n  }\n}\n',
      headers: '{"Authorization": "Bearer sk_live_..."}',
    },
    parserAndValidationCache: boundedDocumentCaches(),
    // The request boundary enforces the limit as bytes arrive; this is Yoga's own, kept in step.
    maxRequestBodySize: MAX_BODY_BYTES,
    maskedErrors: { maskError },
    // Yoga's own messages go to the process logger (JSON on stderr), not to the console.
    logging: {
      debug: (...args: unknown[]) => logger.debug({ args }, 'graphql-yoga'),
      info: (...args: unknown[]) => logger.info({ args }, 'graphql-yoga'),
      warn: (...args: unknown[]) => logger.warn({ args }, 'graphql-yoga'),
      // Yoga reports each error it masks; the error mapping has logged the unexpected ones already.
      error: (...args: unknown[]) => (args.length === 1 && isHandledError(args[0]) ? undefined : logger.error({ args }, 'graphql-yoga')),
    },
    context: async ({ request, requestId }): Promise<Context> => {
      // A failure here (the database unreachable) is hidden and logged like any execution error.
      const auth = await authenticate(prisma, request.headers.get('authorization'), now()).catch((error: unknown) => {
        throw toClientError(error, requestId);
      });
      const principal = 'principal' in auth ? auth.principal : null;
      return {
        principal,
        authFailure: 'failure' in auth ? auth.failure : null,
        db: tenantDb(prisma, principal?.tenantId ?? NO_TENANT),
        prisma,
        readGrants: new WeakSet(),
        requestId,
        now,
      };
    },
    plugins: [
      useRequestBoundary({ timeoutMs: requestTimeoutMs }),
      useApiDocs({ openApiDocument: () => buildOpenApi(schema, restAreas) }),
      useDocumentLimits(),
      // graphql-jit compiles each operation once into a function: most of the execution CPU.
      useGraphQlJit({}, { enableIf: ({ document }) => jitCanRun(document) }),
      ...documentShapeLimits(),
      useAccessGate(),
      useOperationGuard(),
      useErrorMapping(),
      useRest(restRoutes),
    ],
  });
}

export type App = ReturnType<typeof createApp>;
