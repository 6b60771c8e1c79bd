import { printSchema } from 'graphql';
import type { Plugin, YogaServerInstance } from 'graphql-yoga';
import { createYoga } from 'graphql-yoga';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import type { KeyRecord } from '../auth/api-keys.js';
import { authenticateRequest, loadCredential } from '../auth/authenticate.js';
import type { KeyLookup } from '../auth/key-cache.js';
import { useDashboard } from '../dashboard/dashboard.plugin.js';
import { isDashboardUpload } from '../dashboard/posted-form.js';
import { tenantDb } from '../db/tenant-scope.js';
import { serverEventLog } from '../events/event-rendering.js';
import type { EventStream } from '../events/live-events.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Context } from '../graphql/context.js';
import { ReadGrants } from '../graphql/read-grants-plugin.js';
import { operations, restAreas } from '../graphql/route-map.js';
import { compilationSchemaFor, schema } from '../graphql/schema.js';
import { domainGuide } from '../mcp/domain-guide.js';
import { llmsTxt } from '../mcp/llms-txt.js';
import { agentDocuments } from '../mcp/mcp-resources.js';
import { useMcp } from '../mcp/mcp.plugin.js';
import { operationTools } from '../mcp/tool-catalog.js';
import { useOAuth } from './oauth.js';
import { resourcesOf } from '../oauth/resources.js';
import { logger } from '../shared/logger.js';
import { useAccessGate } from './access-gate.js';
import { admittedClientAddress, authenticationOf, createAdmission, type PageCall, pageCallContext, resourceCheckFor } from './admission.js';
import { useCompiledExecution } from './compiled-execution.js';
import { corsPolicy } from './cors.js';
import { useCompression } from './compression.js';
import { useEmbed } from './embed.js';
import { useApiDocs } from './docs.js';
import { boundedDocumentCaches, documentShapeLimits, useDocumentLimits } from '../graphql/document-limits.js';
import { isHandledError, maskError, useErrorMapping } from './error-mapping.js';
import { graphiqlPage } from './graphiql.js';
import { LIVENESS_PATH, useReadiness } from './health.js';
import { useMutationBudget } from './mutation-budget.js';
import { buildOpenApi } from './openapi.js';
import { useArgumentProblems } from './argument-problems.js';
import { useOperationGuard } from './operation-guard.js';
import type { RateLimits } from './rate-limits.js';
import { useRequestBoundary } from './request-boundary.js';
import { uploadRequests, useRest } from './rest.js';
import { DOCUMENT_ID_PARAM, useTrustedDocuments } from './trusted-documents.js';

/** The route map's operations as MCP tools, built once per process. */
const mcpTools = operationTools(schema, operations);

/** Tenant id of no tenant: an unauthenticated request's database sees nothing. */
const NO_TENANT = '00000000-0000-0000-0000-000000000000';

export interface AppOptions {
  prisma: PrismaClient;
  /** How API keys are found: `cachedKeys` (src/auth/api-keys.ts) in a server; by default one query per request. */
  keyLookup?: KeyLookup<KeyRecord>;
  /** Clock used for key expiry and idempotency; tests inject one they can move. */
  now?: () => Date;
  /** Longest a request may take before it is answered 503 (default 10 s). */
  requestTimeoutMs?: number;
  /** The time limit of a file upload (its body streams to its route as it arrives): the server's limit for receiving a request. */
  uploadTimeoutMs?: number;
  /** Request budgets per key and per client address; none when omitted. */
  rateLimits?: RateLimits;
  /** Proxies in front whose `X-Forwarded-For` names the client. */
  trustProxyHops?: number;
  /** Origins whose pages may call the API (the public booking operations allow any). */
  corsOrigins?: readonly string[];
  /** Serves Prometheus metrics at /metrics and records them (`useMetrics` in src/http/metrics.ts). */
  metrics?: Plugin;
  /** True once the process is shutting down: readiness then answers 503. */
  draining?: () => boolean;
  /** Where users reach this server, for links in emails and the OpenAPI document's `servers` (default http://localhost). */
  publicUrl?: string;
  /** This process's live events (src/events/event-stream.ts): subscriptions are served only with it. */
  eventStream?: EventStream;
  /** `OAUTH_ALLOW_PRIVATE_NETWORKS`: apps' client ID metadata documents may be fetched from private addresses. */
  oauthAllowPrivateNetworks?: boolean;
}

/**
 * The whole HTTP surface: GraphQL at /graphql and the REST routes under /api, one pipeline,
 * inside one request boundary (src/http/request-boundary.ts) that admits each request
 * (src/http/admission.ts) before it runs; health, metrics, the API reference and the dashboard beside them.
 */
export function createApp({
  prisma,
  keyLookup = loadCredential(prisma),
  now = () => new Date(),
  requestTimeoutMs = 10_000,
  uploadTimeoutMs = requestTimeoutMs,
  rateLimits,
  trustProxyHops,
  corsOrigins = [],
  metrics,
  draining = () => false,
  publicUrl = 'http://localhost',
  eventStream,
  oauthAllowPrivateNetworks = false,
}: AppOptions) {
  const events = serverEventLog({ prisma, publicUrl, now });
  const openApiDocument = () => buildOpenApi(schema, restAreas, operations);
  // Runs an API call through the whole pipeline without spending the budget again (the page or /mcp request that makes it paid).
  const handleWithinRequest = (request: Request) => Promise.resolve(yoga.fetch(request, pageCallContext()));
  const handleForMcp = (request: Request) => Promise.resolve(yoga.fetch(request, pageCallContext('mcp')));
  // File uploads' bodies stream to their route: the API's, and the dashboard's import page, which passes its file on to it.
  const uploads = uploadRequests(operations);
  const resources = resourcesOf(publicUrl);
  const yoga: App = createYoga<ServerContext, Context>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    // Yoga answers liveness itself, before any other plugin.
    healthCheckEndpoint: LIVENESS_PATH,
    cors: corsPolicy(operations, corsOrigins),
    renderGraphiQL: graphiqlPage,
    graphiql: {
      title: 'Business Platform API',
      defaultQuery: '# Put your secret key in the Headers tab below, then run:\nquery {\n  leads(first: 5) {\n    nodes { id firstName lastName status }\n    pageInfo { hasNextPage endCursor }\n  }\n}\n',
      headers: '{"Authorization": "Bearer sk_live_..."}',
    },
    parserAndValidationCache: boundedDocumentCaches(),
    // The request boundary has read every body, within its byte limit, before Yoga sees it. Yoga's
    // own limit could never trip, and would wrap each buffered body in a web stream again (a
    // TransformStream, a pipeline and a new Request per request: 2 % of a GraphQL list's CPU).
    maxRequestBodySize: false,
    // A trusted document's hash, as GraphQL Code Generator's client preset sends it (src/http/trusted-documents.ts).
    extraParamNames: [DOCUMENT_ID_PARAM],
    maskedErrors: { maskError },
    // Yoga's own messages go to the process logger (JSON on stderr), not to the console.
    logging: {
      debug: (...args: unknown[]) => logger.debug({ args }, 'graphql-yoga'),
      info: (...args: unknown[]) => logger.info({ args }, 'graphql-yoga'),
      warn: (...args: unknown[]) => logger.warn({ args }, 'graphql-yoga'),
      // Yoga reports each error it masks; the error mapping has logged the unexpected ones already.
      error: (...args: unknown[]) => (args.length === 1 && isHandledError(args[0]) ? undefined : logger.error({ args }, 'graphql-yoga')),
    },
    context: (serverContext): Context => {
      const { requestId, request } = serverContext;
      const auth = authenticationOf(serverContext);
      const principal = 'principal' in auth ? auth.principal : null;
      return {
        principal,
        authFailure: 'failure' in auth ? auth.failure : null,
        db: tenantDb(prisma, principal?.tenantId ?? NO_TENANT),
        prisma,
        readGrants: new ReadGrants(),
        requestId,
        clientAddress: admittedClientAddress(serverContext),
        now,
        publicUrl,
        events,
        live: eventStream && {
          stream: eventStream,
          reauthenticate: () => authenticateRequest(keyLookup, prisma, request.headers, now(), resourceCheckFor(resources, request, serverContext)),
        },
      };
    },
    plugins: [
      ...(metrics ? [metrics] : []),
      useRequestBoundary({
        timeoutMs: requestTimeoutMs,
        streamedTimeoutMs: uploadTimeoutMs,
        resources,
        admission: createAdmission({ prisma, keys: keyLookup, now, rateLimits, trustProxyHops, resources }),
        streamed: (request) => uploads(request) || isDashboardUpload(request),
      }),
      useReadiness({ prisma, draining }),
      useApiDocs({ openApiDocument, llmsTxt: () => llmsTxt({ areas: restAreas, operations, publicUrl }), publicUrl }),
      useOAuth({ prisma, now, publicUrl, allowPrivateNetworks: oauthAllowPrivateNetworks }),
      useDashboard({ prisma, now, publicUrl, handle: handleWithinRequest }),
      useEmbed(),
      useMcp({
        schema,
        tools: mcpTools,
        documents: agentDocuments({ sdl: () => printSchema(schema), openApi: openApiDocument, guide: domainGuide }),
        allowedOrigins: corsOrigins,
        publicUrl,
        handle: handleForMcp,
        now,
      }),
      // A form or multipart POST is one a page on any site can send without a preflight: /graphql
      // runs it only with a header such a page cannot add (the key's `Authorization` is one).
      useCSRFPrevention({ requestHeaders: ['authorization', 'x-graphql-yoga-csrf', 'graphql-preflight', 'apollo-require-preflight'] }),
      ...useTrustedDocuments(prisma),
      useDocumentLimits(),
      useCompiledExecution(compilationSchemaFor),
      ...documentShapeLimits(),
      useAccessGate(),
      useMutationBudget(),
      useOperationGuard(),
      useArgumentProblems(),
      useErrorMapping(),
      useRest(operations),
      // Last: it compresses each answer as it leaves, with every other plugin's headers on it.
      useCompression(),
    ],
  });
  return yoga;
}

/** What the server knows of a request besides the request: its id, and whether a dashboard page makes it (`pageCallContext`). */
type ServerContext = { requestId: string } & PageCall;

export type App = YogaServerInstance<ServerContext, Context>;
