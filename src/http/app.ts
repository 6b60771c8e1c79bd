import { randomUUID } from 'node:crypto';
import { useGraphQlJit } from '@envelop/graphql-jit';
import { createServerAdapter } from '@whatwg-node/server';
import type { DocumentNode } from 'graphql';
import { Kind } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { authenticate } from '../auth/api-keys.js';
import { tenantDb } from '../db/tenant-scope.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Context } from '../graphql/context.js';
import { schema } from '../graphql/schema.js';
import { logger, requestScope } from '../shared/logger.js';
import { boundedDocumentCaches, documentShapeLimits, useDocumentLimits } from './document-limits.js';
import { isHandledError, maskError, useInputErrorCodes } from './error-mapping.js';
import { useOperationGuard } from './operation-guard.js';
import { guardRequest, refusal } from './request-guard.js';
import { useRest } from './rest.js';
import { restRoutes } from './routes.js';

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
 * inside one boundary that every request passes: an id for its log lines and answers, the body
 * limits, a time limit, and a JSON 500 without internals for anything unexpected.
 */
export function createApp({ prisma, now = () => new Date(), requestTimeoutMs = 10_000 }: AppOptions) {
  const yoga = createGraphqlApp(prisma, now);
  return createServerAdapter<Record<string, unknown>>((request, serverContext) => {
    const requestId = randomUUID();
    return requestScope.run({ requestId }, async () => {
      const headers = { 'x-request-id': requestId };
      let timer: NodeJS.Timeout | undefined;
      try {
        const guarded = await guardRequest(request);
        if (guarded instanceof Response) return withHeaders(guarded, headers);
        const timeout = new Promise<Response>((resolve) => {
          timer = setTimeout(() => resolve(refusal(request, 'TIMEOUT', `The request took longer than ${requestTimeoutMs} ms`)), requestTimeoutMs);
        });
        return withHeaders(await Promise.race([yoga.fetch(guarded, serverContext), timeout]), headers);
      } catch (error) {
        logger.error({ err: error }, 'unexpected error');
        return Response.json({ error: 'Internal Server Error', requestId }, { status: 500, headers });
      } finally {
        clearTimeout(timer);
      }
    });
  });
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

function createGraphqlApp(prisma: PrismaClient, now: () => Date) {
  return createYoga<Record<string, unknown>, Context>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    parserAndValidationCache: boundedDocumentCaches(),
    maskedErrors: { maskError },
    // Yoga's own messages go to the process logger (JSON on stderr), not to the console.
    logging: {
      debug: (...args: unknown[]) => logger.debug({ args }, 'graphql-yoga'),
      info: (...args: unknown[]) => logger.info({ args }, 'graphql-yoga'),
      warn: (...args: unknown[]) => logger.warn({ args }, 'graphql-yoga'),
      // Yoga reports each error it masks; `maskError` has logged the unexpected ones already.
      error: (...args: unknown[]) => (args.length === 1 && isHandledError(args[0]) ? undefined : logger.error({ args }, 'graphql-yoga')),
    },
    context: async ({ request }): Promise<Context> => {
      const auth = await authenticate(prisma, request.headers.get('authorization'), now());
      const principal = 'principal' in auth ? auth.principal : null;
      return {
        principal,
        authFailure: 'failure' in auth ? auth.failure : null,
        db: tenantDb(prisma, principal?.tenantId ?? NO_TENANT),
        prisma,
        now,
      };
    },
    plugins: [
      useDocumentLimits(),
      // graphql-jit compiles each operation once into a function: most of the execution CPU.
      useGraphQlJit({}, { enableIf: ({ document }) => jitCanRun(document) }),
      ...documentShapeLimits(),
      useOperationGuard(),
      useInputErrorCodes(),
      useRest(restRoutes),
    ],
  });
}

export type App = ReturnType<typeof createApp>;
