import type { GetEnvelopedFn } from '@envelop/core';
import type { CallToolResult, McpRequestContext } from '@modelcontextprotocol/server';
import { createMcpHandler, McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { ExecutionArgs, ExecutionResult, GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { Response as ServerResponse } from '@whatwg-node/fetch';
import type { Principal } from '../auth/api-keys.js';
import { mayAccess, unauthenticated } from '../graphql/access.js';
import type { Context } from '../graphql/context.js';
import { bodyTextOf, canonicalPathname, failureOf, MAX_BODY_BYTES, MCP_PATH, withinBoundary } from '../http/request-boundary.js';
import { noteRoute } from '../http/route-label.js';
import { ErrorCodes } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { requestScope } from '../shared/request-scope.js';
import { metadataUrlOf, resourcesOf } from '../oauth/resources.js';
import { callGraphqlTool, GRAPHQL_TOOL, graphqlOutputSchema, graphqlTool } from './graphql-tool.js';
import { stepUpChallenge } from './mcp-authorization.js';
import type { agentDocuments } from './mcp-resources.js';
import { callOperationTool, errorResult } from './tool-calls.js';
import type { OperationTool } from './tool-catalog.js';
import { type ToolListing, toolListing } from './toolsets.js';

const SERVER_INFO = { name: 'business-platform-api', title: 'Business Platform API', version: '1.0.0' };

const INSTRUCTIONS = [
  "Each tool is one operation of this API, named as its GraphQL field (`leads`, `createLead`, `resourceAvailability`, `createBooking`, ...), taking the REST route's parameters and body fields as arguments and answering the REST route's JSON. You see the tools your key's scopes allow, grouped in toolsets by area: a URL such as `/mcp?toolsets=leads,deals` lists only those.",
  'Read the resource `platform://guide.md` first: what each record is, which moves each status allows, and the rules each tool follows. Every argument and answer is described in full in `platform://openapi.json`.',
  'List tools page one way: `limit` (1 to 100) and `cursor`; while the answer\'s `hasMore` is true, call again with `cursor` set to its `nextCursor` and the other arguments unchanged. Money amounts are decimal strings ("1250.00"); times are ISO 8601 in UTC; time zones are IANA names. Text takes no control characters (multi-line text takes line breaks and tabs). `customFields` holds the tenant\'s own fields by key (their definitions: `customFieldDefinitions`). In an update, `null` clears a field that may be empty.',
  'A refused call answers `isError` with the HTTP status REST would give and the reason (400 names each wrong or unknown argument; 403 the scope the key lacks; 404 no such record in this tenant; 409 a move the record\'s status does not allow). Tools that create something take an optional `idempotencyKey`: a new UUID per intended change; retried with the same key within 24 hours, the change happens once and the first result comes back.',
  'For reads across related records, the `graphql` tool runs a read-only GraphQL query.',
  'A lead you create for someone who reached the business through you is best recorded with `source: "mcp"` (the default is `web_form`).',
].join('\n\n');

/** How long a client may reuse a list: a tool list depends on the key, so it is never shared between callers. */
const cacheHints = {
  'tools/list': { ttlMs: 5 * 60_000, cacheScope: 'private' },
  'resources/list': { ttlMs: 60 * 60_000, cacheScope: 'public' },
  'resources/read': { ttlMs: 60 * 60_000, cacheScope: 'public' },
  'server/discover': { ttlMs: 60 * 60_000, cacheScope: 'public' },
} as const;

/** What one /mcp request's MCP server works with: its caller, its context and the pipeline's executor. */
interface McpCall {
  principal: Principal;
  context: Context;
  execute: (args: ExecutionArgs) => Promise<ExecutionResult> | ExecutionResult;
  request: Request;
  /** What the URL asks of `tools/list` (src/mcp/toolsets.ts). */
  listing: ToolListing;
}

export interface McpOptions {
  schema: GraphQLSchema;
  tools: ReadonlyMap<string, OperationTool>;
  documents: ReturnType<typeof agentDocuments>;
  /** Origins whose pages may call the API (`CORS_ORIGINS`); the public URL's own origin is always allowed. */
  allowedOrigins: readonly string[];
  publicUrl: string;
  /** Runs a request through the whole pipeline without spending the budget again (the `graphql` tool's queries). */
  handle: (request: Request) => Promise<Response>;
  now: () => Date;
}

/** The body the request boundary read, parsed once (left to the SDK to refuse when it is not JSON). */
function parsedJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The SDK answers with Node's global `Response`, whose body the node:http adapter would read back
 * through a web stream chunk by chunk; a JSON answer (every one but a stream of server-sent events)
 * is handed over as the server's own, whose string body is written in one call (src/http/json-response.ts).
 */
async function asServerResponse(answer: Response): Promise<Response> {
  if (!answer.body || !answer.headers.get('content-type')?.startsWith('application/json')) return answer;
  return new ServerResponse(await answer.text(), { status: answer.status, headers: answer.headers }) as Response;
}

/**
 * JSON-RPC batches are refused, whatever revision the client names. The 2025-06-18 revision removed
 * them and 2026-07-28 has none; no SDK's client sends them. One message a request is the unit every
 * bound of the API holds for (its budget, its cost in flight, its answer's bytes, its time): a batch
 * would run a hundred operations, writes included, for one request and build their answers together.
 */
const batchRefused = () =>
  Response.json(
    { jsonrpc: '2.0', id: null, error: { code: ProtocolErrorCode.InvalidRequest, message: 'Invalid Request: JSON-RPC batches are not accepted; send one message per request' } },
    { status: 400 },
  );

/** A failure no tool expected (a database gone away mid-call): the answer REST would give, as a tool result. */
function unexpectedResult(error: unknown): CallToolResult {
  const { code, message } = failureOf(error);
  const { status, title } = ErrorCodes[code];
  const requestId = requestScope.getStore()?.requestId;
  return errorResult({ status, body: { error: title, ...(message !== title ? { message } : {}), ...(requestId ? { requestId } : {}) } });
}

/**
 * The Model Context Protocol at /mcp (Streamable HTTP): revision 2026-07-28, stateless, and the
 * 2025 revisions' clients (which initialize first) answered statelessly too, so any process
 * answers any request. Every request passes the request boundary like the API's (its id, body
 * limit, time limit, key and rate limit); without a valid key it is answered 401 before any MCP
 * message is read. The tools are the route map's operations (src/mcp/tool-catalog.ts), run
 * through this request's own executor; a fresh MCP server per request lists only those the key may use.
 */
export function useMcp(options: McpOptions): Plugin {
  const { schema, tools, documents, publicUrl, now } = options;
  const allowedOrigins = new Set([...options.allowedOrigins, new URL(publicUrl).origin]);
  const resourceMetadata = metadataUrlOf(resourcesOf(publicUrl).mcp);
  /** The operation tool a `tools/call` message names, if it is one. */
  const calledTool = (message: unknown) => {
    const { method, params } = (message ?? {}) as { method?: unknown; params?: { name?: unknown } };
    return method === 'tools/call' && typeof params?.name === 'string' ? tools.get(params.name) : undefined;
  };
  const toolsets = [...new Set([...tools.values()].map((tool) => tool.toolset))];
  let getEnveloped: GetEnvelopedFn<Record<string, unknown>>;

  /** The tools a call lists: those its key may use, of the toolsets its URL names (the `graphql` tool, across areas, in any). */
  function listedTools({ principal, listing }: McpCall) {
    const withOutput = <T extends { outputSchema?: unknown }>(definition: T, outputSchema: T['outputSchema']) => (listing.outputSchemas && outputSchema ? { ...definition, outputSchema } : definition);
    return [
      ...[...tools.values()]
        .filter((tool) => tool.operation.access && mayAccess(tool.operation.access, principal) && (!listing.toolsets || listing.toolsets.has(tool.toolset)))
        .map((tool) => withOutput(tool.definition, tool.outputSchema)),
      ...(principal.kind === 'secret' ? [withOutput(graphqlTool, graphqlOutputSchema)] : []),
    ];
  }

  function serverFor(call: McpCall, era: McpRequestContext['era']): McpServer {
    const mcp = new McpServer(SERVER_INFO, { capabilities: { tools: { listChanged: false }, resources: { listChanged: false } }, instructions: INSTRUCTIONS, cacheHints });
    mcp.server.setRequestHandler('tools/list', () => ({ tools: listedTools(call) }));
    mcp.server.setRequestHandler('tools/call', async ({ params }) => {
      const args = (params.arguments ?? {}) as Record<string, unknown>;
      const tool = tools.get(params.name);
      if (!tool && params.name !== GRAPHQL_TOOL) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${params.name}`);
      try {
        const result = tool
          ? await callOperationTool(tool, args, { schema, context: call.context, execute: call.execute, request: call.request, now: now(), legacy: era === 'legacy' })
          : await callGraphqlTool(args, call.principal, { fetch: options.handle, request: call.request, legacy: era === 'legacy' });
        return mcp.server.projectCallToolResult(result, tool ? tool.outputSchema : graphqlOutputSchema);
      } catch (error) {
        return unexpectedResult(error);
      }
    });
    // The guide and the published contract are for agents holding secret keys: a publishable key sits
    // in every visitor's page, and half a megabyte per read would be theirs to spend.
    const readsDocuments = call.principal.kind === 'secret';
    mcp.server.setRequestHandler('resources/list', () => ({ resources: readsDocuments ? documents.list() : [] }));
    mcp.server.setRequestHandler('resources/read', ({ params }) => {
      if (!readsDocuments) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Resources are read with a secret key; a publishable key calls its tools only');
      return documents.read(params.uri);
    });
    return mcp;
  }

  const handler = createMcpHandler(({ authInfo, era }: McpRequestContext) => serverFor(authInfo?.extra?.call as McpCall, era), {
    legacy: 'stateless',
    maxRequestBodySize: MAX_BODY_BYTES,
    onerror: (error) => logger.debug({ reason: error.message }, 'mcp request refused'),
  });

  return {
    onYogaInit({ yoga }) {
      getEnveloped = yoga.getEnveloped;
    },
    async onRequest({ request, url, endResponse, serverContext }) {
      // Every request passes here: the path Yoga parsed already is compared, not parsed again.
      if (canonicalPathname(url.pathname) !== MCP_PATH) return;
      noteRoute(serverContext, `${request.method} ${MCP_PATH}`);
      const answer = await withinBoundary(serverContext, request, async () => {
        // A page of another site must not reach a server on the user's machine (DNS rebinding).
        const origin = request.headers.get('origin');
        if (origin && !allowedOrigins.has(origin)) {
          return Response.json({ error: ErrorCodes.FORBIDDEN.title, message: `Origin ${origin} may not call this server` }, { status: 403 });
        }
        const listing = toolListing(url.searchParams, toolsets);
        if (listing instanceof Response) return listing;
        const mcpContext = Object.assign(serverContext, { request });
        const enveloped = getEnveloped(mcpContext);
        const context = (await enveloped.contextFactory(mcpContext)) as unknown as Context;
        const { principal } = context;
        // Agents hold API keys or OAuth tokens; a dashboard session (cookie and CSRF header) is for the dashboard's own pages.
        if (!principal || principal.via === 'session') {
          const message = principal ? 'Unauthorized: /mcp takes an API key or an OAuth access token, as `Authorization: Bearer <token>`' : unauthenticated(context).message;
          // The request boundary adds `WWW-Authenticate` naming /mcp's resource metadata, as on every 401.
          return Response.json({ error: ErrorCodes.UNAUTHENTICATED.title, message }, { status: 401 });
        }
        const parsedBody = parsedJson(bodyTextOf(serverContext));
        if (Array.isArray(parsedBody)) return batchRefused();
        const stepUp = stepUpChallenge(calledTool(parsedBody)?.operation.access ?? null, principal, resourceMetadata);
        if (stepUp) return stepUp;
        const call: McpCall = { principal, context, execute: enveloped.execute as McpCall['execute'], request, listing };
        const authInfo = { token: '', clientId: principal.credentialId, scopes: [...principal.scopes], extra: { call } };
        return asServerResponse(await handler.fetch(request, { authInfo, parsedBody }));
      });
      return endResponse(answer);
    },
  };
}
