import type { DocumentNode, ExecutionArgs, GraphQLField, GraphQLInputType, execute } from 'graphql';
import { GraphQLBoolean, GraphQLInt, coerceInputValue, getNamedType, getNullableType, isEnumType, type GraphQLSchema } from 'graphql';
import type { GetEnvelopedFn } from '@envelop/core';
import type { Plugin } from 'graphql-yoga';
import { useSofa } from 'sofa-api';
import type { FieldProblem } from '../shared/errors.js';
import { ErrorCodes } from '../shared/errors.js';
import { rootFieldRefusal } from '../graphql/access.js';
import type { Context } from '../graphql/context.js';
import { compileAlways } from './compiled-execution.js';
import { restError } from './error-mapping.js';
import { enumExpectation } from './input-errors.js';
import { noteRoute } from './route-label.js';
import { withinBoundary } from './request-boundary.js';
import { routeDocument, sofaOperationName } from './rest-documents.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Where one GraphQL root field is served on REST. Domain folders declare these. */
export interface RestRoute {
  method: HttpMethod;
  /** Path below `/api`, with `:name` parameters named like the field's arguments. */
  path: string;
  /** What the route does, in a few words (the OpenAPI operation's summary). */
  summary: string;
  /** Success status; 200 unless given. */
  status?: 200 | 201;
  /** Wrap the field's value under this key: `{data: value}` (the specification's single-record envelope), `{booking: value}`. */
  envelope?: 'data' | 'booking';
  /** The selection set answered: the JSON shape of the response, written as GraphQL. */
  select: string;
  /** Answer a file instead of JSON: the selected base64 field's bytes, as this content type. */
  download?: { contentType: string; base64Field: string };
}

/** Routes by GraphQL root field, written `Query.leads` / `Mutation.createLead`. */
export type RestRoutes = Record<string, RestRoute>;

export const REST_BASE_PATH = '/api';

/** The route map in SOFA's terms. */
export const sofaRoutes = (routes: RestRoutes) =>
  Object.fromEntries(
    Object.entries(routes).map(([key, r]) => [key, { method: r.method, path: r.path, responseStatus: r.status ?? 200 }]),
  );

/** The field a route serves, by its `Query.x` / `Mutation.y` key. */
export function routeField(schema: GraphQLSchema, key: string): GraphQLField<unknown, unknown> {
  const [typeName, fieldName] = key.split('.') as [string, string];
  const field = (typeName === 'Query' ? schema.getQueryType() : schema.getMutationType())?.getFields()[fieldName];
  if (!field) throw new Error(`REST route names unknown field ${key}`);
  return field;
}

/**
 * How a route takes its field's arguments: those named in the path from the path, `input` from
 * the JSON body, every other one from the query string. The server and its published document
 * both read them from here.
 */
export function routeArguments(route: RestRoute, field: GraphQLField<unknown, unknown>) {
  const inPath = new Set([...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]));
  return {
    path: field.args.filter((a) => inPath.has(a.name)),
    query: field.args.filter((a) => !inPath.has(a.name) && a.name !== 'input'),
    body: field.args.find((a) => a.name === 'input'),
  };
}

/** The URL paths a route answers (a trailing slash names the same resource), capturing its parameters. */
export const routePattern = (route: RestRoute) =>
  new RegExp(`^${REST_BASE_PATH}${route.path.replace(/\./g, '\\.').replace(/:(\w+)/g, '(?<$1>[^/]+)')}/?$`);

/** Where a route's first parameter starts: of two routes matching a path, the one with the longer literal prefix is meant. */
const literalPrefix = (route: RestRoute) => (route.path.includes(':') ? route.path.indexOf(':') : route.path.length);

interface CompiledRoute extends RestRoute {
  pattern: RegExp;
  field: GraphQLField<unknown, unknown>;
  /** Argument types by name: what path and query parameters may be. */
  pathArgs: Map<string, GraphQLInputType>;
  queryArgs: Map<string, GraphQLInputType>;
  hasInput: boolean;
  /** The name SOFA gives the route's operation, and the document run in its place. */
  operationName: string;
  document: DocumentNode;
}

function compile(schema: GraphQLSchema, routes: RestRoutes): CompiledRoute[] {
  return Object.entries(routes).map(([key, route]) => {
    const [typeName, fieldName] = key.split('.') as [string, string];
    const field = routeField(schema, key);
    const args = routeArguments(route, field);
    const pattern = routePattern(route);
    const document = routeDocument(typeName, field, route);
    compileAlways(document);
    return {
      ...route,
      pattern,
      field,
      pathArgs: new Map(args.path.map((a) => [a.name, a.type])),
      queryArgs: new Map(args.query.map((a) => [a.name, a.type])),
      hasInput: Boolean(args.body),
      operationName: sofaOperationName(typeName, fieldName),
      document,
    };
  });
}

/**
 * The routes a URL path names, built once from the route map: a path without parameters (every
 * list) is one map lookup; the others are matched by pattern. Of several routes matching a path,
 * the one with fewer parameters is meant (`/bookings/resources` is not `/bookings/:id`), then the
 * one with the longer literal prefix (`/inspections/equipment/:id` over `/inspections/:id/history`).
 * What is returned are that path's routes, one per method.
 */
function routeTable(compiled: CompiledRoute[]) {
  const literal = new Map<string, CompiledRoute[]>();
  const parameterized: CompiledRoute[] = [];
  for (const route of compiled) {
    const path = `${REST_BASE_PATH}${route.path}`;
    if (route.pathArgs.size) parameterized.push(route);
    else literal.set(path, [...(literal.get(path) ?? []), route]);
  }
  return (pathname: string): { route: CompiledRoute; params: Record<string, string> }[] => {
    // A trailing slash names the same resource.
    const exact = literal.get(pathname.endsWith('/') ? pathname.slice(0, -1) : pathname);
    if (exact) return exact.map((route) => ({ route, params: {} }));
    const matching = parameterized.flatMap((route) => {
      const match = route.pattern.exec(pathname);
      return match ? [{ route, params: { ...match.groups } }] : [];
    });
    const fewestParameters = Math.min(...matching.map((m) => m.route.pathArgs.size));
    const fewest = matching.filter((m) => m.route.pathArgs.size === fewestParameters);
    const longestPrefix = Math.max(...fewest.map((m) => literalPrefix(m.route)));
    return fewest.filter((m) => literalPrefix(m.route) === longestPrefix);
  };
}

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers });

/** The REST answer to a failed operation; an unexpected error is rethrown for the request boundary to answer. */
function errorAnswer(errors: readonly unknown[]): Response {
  const answer = restError(errors);
  if (!answer) throw errors[0];
  return json(answer.body, answer.status, answer.headers);
}

const badRequest = (message: string, details?: FieldProblem[]) =>
  json({ error: ErrorCodes.BAD_USER_INPUT.title, message, ...(details ? { details } : {}) }, 400);

/** Checks one query or path parameter against its GraphQL argument type. */
function checkParameter(name: string, raw: string, type: GraphQLInputType): FieldProblem | null {
  const nullable = getNullableType(type);
  let value: unknown = raw;
  if (nullable === GraphQLInt) {
    if (!/^-?\d{1,9}$/.test(raw)) return { field: name, message: 'must be an integer' };
    value = Number(raw);
  } else if (nullable === GraphQLBoolean) {
    if (raw !== 'true' && raw !== 'false') return { field: name, message: 'must be true or false' };
    value = raw === 'true';
  }
  let problem: FieldProblem | null = null;
  coerceInputValue(value, type, (_path, _invalid, error) => {
    const named = getNamedType(type);
    problem = { field: name, message: isEnumType(named) ? enumExpectation(named) : error.message.replace(/^Expected type "[^"]+"\.\s*/, '') };
  });
  return problem;
}

function decodePathSegment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

function checkParameters(route: CompiledRoute, url: URL, params: Record<string, string>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const [name, raw] of Object.entries(params)) {
    const type = route.pathArgs.get(name);
    const decoded = decodePathSegment(raw);
    const problem = decoded === null ? { field: name, message: 'is not a valid URL path segment' } : type && checkParameter(name, decoded, type);
    if (problem) problems.push(problem);
  }
  for (const name of new Set(url.searchParams.keys())) {
    const type = route.queryArgs.get(name);
    if (!type) {
      problems.push({ field: name, message: 'is not a parameter of this route' });
      continue;
    }
    const values = url.searchParams.getAll(name);
    if (values.length > 1) problems.push({ field: name, message: 'must be given once' });
    const problem = checkParameter(name, values[0] ?? '', type);
    if (problem) problems.push(problem);
  }
  return problems;
}

/** The JSON body of a write (already size-, depth- and Unicode-checked by the request boundary), or the answer that refuses it. */
async function readBody(request: Request): Promise<{ body: Record<string, unknown> } | { refusal: Response }> {
  const text = await request.text();
  if (!text.trim()) return { body: {} };
  if (!/^application\/(.+\+)?json\b/i.test(request.headers.get('content-type') ?? '')) {
    return { refusal: json({ error: ErrorCodes.UNSUPPORTED_MEDIA_TYPE.title, message: 'Send the body as application/json' }, 415) };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { refusal: badRequest('The body is not valid JSON') };
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return { refusal: badRequest('The body must be a JSON object', [{ field: 'body', message: 'must be a JSON object' }]) };
  }
  return { body: body as Record<string, unknown> };
}

/**
 * Serves the chosen GraphQL operations on the specification's REST paths with SOFA, inside Yoga's
 * envelop: a REST call runs the same operation with the same context, auth, limits and error
 * mapping as a GraphQL request. Around SOFA it adds what an integrator expects from a REST API:
 * JSON 404/405 answers, strict query parameters, the JSON body as the operation's `input`
 * (SOFA would otherwise drop `null`s and coerce wrong JSON types), `{data}` envelopes and the
 * specification's error bodies.
 */
export function useRest(routes: RestRoutes): Plugin {
  let getEnveloped: GetEnvelopedFn<Record<string, unknown>>;
  let sofa: ReturnType<typeof useSofa>;
  let matchRoutes: ReturnType<typeof routeTable> = () => [];
  // The context is built before SOFA runs (access is checked first); SOFA is handed the same one,
  // through the server context it passes on (SOFA's router copies that object, so not by identity).
  const executions = new WeakMap<object, ReturnType<GetEnvelopedFn<Record<string, unknown>>>>();

  return {
    onYogaInit({ yoga }) {
      getEnveloped = yoga.getEnveloped;
    },
    onSchemaChange({ schema }) {
      const compiled = compile(schema, routes);
      matchRoutes = routeTable(compiled);
      const documents = new Map(compiled.map((route) => [route.operationName, route.document]));
      sofa = useSofa({
        basePath: REST_BASE_PATH,
        schema,
        routes: sofaRoutes(routes),
        context: (serverContext) => {
          const { restContext } = serverContext as { restContext?: Context };
          if (!restContext) throw new TypeError('REST execution without a context');
          return restContext;
        },
        execute: ((args: ExecutionArgs) => {
          const enveloped = executions.get(args.contextValue as object);
          if (!enveloped) throw new TypeError('REST execution without a context');
          const document = args.operationName ? documents.get(args.operationName) : undefined;
          return enveloped.execute(document ? { ...args, document } : args);
        }) as typeof execute,
        // SOFA types its handler with its own fetch implementation's Response; the runtime objects are the same.
        errorHandler: ((errors: readonly unknown[]) => errorAnswer(errors)) as never,
      });
    },
    async onRequest({ request, url, endResponse, serverContext, fetchAPI }) {
      if (url.pathname === '/graphql') return;
      const specific = matchRoutes(url.pathname);
      const found = specific.find((m) => m.route.method === request.method);
      if (found) noteRoute(serverContext, `${found.route.method} ${REST_BASE_PATH}${found.route.path}`);
      // Inside the boundary, so that a 404 or 405 is admitted (and counted) like any other request.
      const answer = await withinBoundary(serverContext, request, async () => {
        if (!found) {
          if (!specific.length) return json({ error: ErrorCodes.NOT_FOUND.title, message: `No route ${url.pathname}` }, 404);
          const allow = [...new Set(specific.map((m) => m.route.method))].join(', ');
          return json({ error: ErrorCodes.METHOD_NOT_ALLOWED.title, message: `Use ${allow}` }, 405, { Allow: allow });
        }
        const { route } = found;
        // Authentication, then authorization, then validation (as GraphQL's access gate does).
        const sofaContext = Object.assign(serverContext, { request });
        const envelopedRequest = getEnveloped(sofaContext);
        const contextValue = (await envelopedRequest.contextFactory(sofaContext)) as unknown as Context;
        const refusal = rootFieldRefusal(route.field, contextValue);
        if (refusal) return errorAnswer([refusal]);
        const problems = checkParameters(route, url, found.params);
        if (problems.length) return badRequest(problems.map((p) => `${p.field}: ${p.message}`).join('; '), problems);
        // SOFA routes the canonical path: a trailing slash names the same resource.
        const canonical = new URL(url);
        canonical.pathname = url.pathname.replace(/\/+$/, '');
        let body: string | undefined;
        if (route.method !== 'GET' && route.method !== 'DELETE') {
          const read = await readBody(request);
          if ('refusal' in read) return read.refusal;
          const unexpected = route.hasInput ? [] : Object.keys(read.body).map((field) => ({ field, message: 'is not a field of this route, which takes no body' }));
          if (unexpected.length) return badRequest(unexpected.map((p) => `${p.field}: ${p.message}`).join('; '), unexpected);
          body = JSON.stringify(route.hasInput ? { input: read.body } : {});
        }
        const forwarded = new fetchAPI.Request(canonical, { method: request.method, headers: request.headers, body });
        executions.set(contextValue, envelopedRequest);
        const response = await sofa.handle(forwarded, Object.assign(sofaContext, { restContext: contextValue }) as never);
        if (!response.ok) return response;
        if (route.download) {
          const value = (await response.json()) as Record<string, string>;
          return new fetchAPI.Response(Buffer.from(value[route.download.base64Field] ?? '', 'base64'), { status: 200, headers: { 'Content-Type': route.download.contentType } });
        }
        if (!route.envelope) return response;
        return json({ [route.envelope]: await response.json() }, response.status);
      });
      return endResponse(answer);
    },
  };
}
