import { Readable } from 'node:stream';
import type { ExecutionArgs, ExecutionResult, GraphQLInputType, ObjectTypeDefinitionNode, execute } from 'graphql';
import { GraphQLBoolean, GraphQLInt, GraphQLObjectType, GraphQLSchema, coerceInputValue, getNamedType, getNullableType, isEnumType, isListType, parse, printType } from 'graphql';
import type { GetEnvelopedFn } from '@envelop/core';
import type { Plugin } from 'graphql-yoga';
import { useSofa } from 'sofa-api';
import type { FieldProblem } from '../shared/errors.js';
import { ErrorCodes } from '../shared/errors.js';
import { requestWarnings, warningHeader } from '../shared/request-scope.js';
import { rootFieldRefusal } from '../graphql/access.js';
import { enumExpectation, inApiWords, inputCheckProblems, inputProblems } from '../graphql/input-problems.js';
import type { Context } from '../graphql/context.js';
import { missingRecord } from '../graphql/missing-record.js';
import { carriesBody, REST_BASE_PATH, type Operation } from '../graphql/operations.js';
import { compileAlways } from './compiled-execution.js';
import { restError } from './error-mapping.js';
import { jsonResponse } from './json-response.js';
import { noteRoute } from './route-label.js';
import { canonicalPathname, withinBoundary } from './request-boundary.js';
import { discardRest, incomingFile, nodeRequestOf } from './uploads.js';

/** The route map in SOFA's terms: SOFA reads each path parameter as the argument of its name, so the path names them as the field's arguments. */
const sofaRoutes = (operations: readonly Operation[]) =>
  Object.fromEntries(
    operations.map(({ key, route, args, parameterName }) => {
      const argumentOf = new Map(args.path.map((arg) => [parameterName(arg), arg.name]));
      const path = route.path.replace(/:(\w+)/g, (_match, name: string) => `:${argumentOf.get(name) ?? name}`);
      return [key, { method: route.method, path, responseStatus: route.status ?? 200 }];
    }),
  );

/** Where a route's first parameter starts: of two routes matching a path, the one with the longer literal prefix is meant. */
const literalPrefix = ({ route }: Operation) => (route.path.includes(':') ? route.path.indexOf(':') : route.path.length);

interface CompiledRoute extends Operation {
  /** Argument types by name: what path and query parameters may be. */
  pathArgs: Map<string, GraphQLInputType>;
  /** By query parameter name: the argument it is read into, and its type. */
  queryArgs: Map<string, { name: string; type: GraphQLInputType }>;
}

const compile = (operations: readonly Operation[]): CompiledRoute[] =>
  operations.map((operation) => {
    compileAlways(operation.document);
    return {
      ...operation,
      pathArgs: new Map(operation.args.path.map((a) => [operation.parameterName(a), a.type])),
      queryArgs: new Map(operation.args.query.map((a) => [operation.parameterName(a), { name: a.name, type: a.type }])),
    };
  });

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
  for (const operation of compiled) {
    const path = `${REST_BASE_PATH}${operation.route.path}`;
    if (operation.pathArgs.size) parameterized.push(operation);
    else literal.set(path, [...(literal.get(path) ?? []), operation]);
  }
  return (pathname: string): { operation: CompiledRoute; params: Record<string, string> }[] => {
    const exact = literal.get(canonicalPathname(pathname));
    if (exact) return exact.map((operation) => ({ operation, params: {} }));
    const matching = parameterized.flatMap((operation) => {
      const match = operation.pattern.exec(pathname);
      return match ? [{ operation, params: { ...match.groups } }] : [];
    });
    const fewestParameters = Math.min(...matching.map((m) => m.operation.pathArgs.size));
    const fewest = matching.filter((m) => m.operation.pathArgs.size === fewestParameters);
    const longestPrefix = Math.max(...fewest.map((m) => literalPrefix(m.operation)));
    return fewest.filter((m) => literalPrefix(m.operation) === longestPrefix);
  };
}

const json = jsonResponse;

/** The REST answer to a failed operation; an unexpected error is rethrown for the request boundary to answer. */
function errorAnswer(errors: readonly unknown[], operation?: Operation): Response {
  const answer = restError(errors, operation?.restField);
  if (!answer) throw errors[0];
  return json(answer.body, answer.status, answer.headers);
}

const badRequest = (message: string, details?: FieldProblem[]) =>
  json({ error: ErrorCodes.BAD_USER_INPUT.title, message, ...(details ? { details: details.map(({ field, message }) => ({ field, message })) } : {}) }, 400);

/** One query or path parameter checked against its GraphQL argument type: its JSON value, or the problem with it. */
function readParameter(name: string, raw: string, type: GraphQLInputType): { value: unknown } | { problem: FieldProblem } {
  const nullable = getNullableType(type);
  let value: unknown = raw;
  if (nullable === GraphQLInt) {
    if (!/^-?\d{1,9}$/.test(raw)) return { problem: { field: name, message: 'must be an integer' } };
    value = Number(raw);
  } else if (nullable === GraphQLBoolean) {
    if (raw !== 'true' && raw !== 'false') return { problem: { field: name, message: 'must be true or false' } };
    value = raw === 'true';
  } else if (getNamedType(type).name === 'JSONObject') {
    // A JSON object in a query parameter is written as JSON (URL-encoded): `?mapping={"E-mail":"email"}`.
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      return { problem: { field: name, message: 'must be a JSON object' } };
    }
  }
  let problem: FieldProblem | null = null;
  coerceInputValue(value, type, (_path, _invalid, error) => {
    const named = getNamedType(type);
    problem = { field: name, message: isEnumType(named) ? enumExpectation(named) : inApiWords(error.message.replace(/^Expected type "[^"]+"\.\s*/, '')) };
  });
  // The value as JSON carries it (a variable's form): GraphQL coerces it again when it runs.
  return problem ? { problem } : { value };
}

function decodePathSegment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The route's path and query parameters by their REST names, read as their arguments' types; or every problem with them. */
function readParameters(operation: CompiledRoute, url: URL, params: Record<string, string>): { values: Record<string, unknown>; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const values: Record<string, unknown> = {};
  const take = (name: string, read: { value: unknown } | { problem: FieldProblem }) => {
    if ('problem' in read) problems.push(read.problem);
    return 'value' in read ? read.value : undefined;
  };
  for (const [name, raw] of Object.entries(params)) {
    const type = operation.pathArgs.get(name);
    const decoded = decodePathSegment(raw);
    if (decoded === null) problems.push({ field: name, message: 'is not a valid URL path segment' });
    else values[name] = type ? take(name, readParameter(name, decoded, type)) : decoded;
  }
  for (const name of new Set(url.searchParams.keys())) {
    const arg = operation.queryArgs.get(name);
    if (!arg) {
      problems.push({ field: name, message: 'is not a parameter of this route' });
      continue;
    }
    const raws = url.searchParams.getAll(name);
    // A list argument is given by repeating its parameter (`?type=a&type=b`); any other, once.
    const list = getNullableType(arg.type);
    if (!isListType(list) && raws.length > 1) problems.push({ field: name, message: 'must be given once' });
    const read = (isListType(list) ? raws : raws.slice(0, 1)).map((raw) => take(name, readParameter(name, raw, isListType(list) ? list.ofType : arg.type)));
    values[name] = isListType(list) ? read : read[0];
  }
  // The rules of the parameters that coerced (a refused one is left out of `values`), in the same answer.
  problems.push(...operation.parameterProblems(values));
  return { values, problems };
}

/** A list route: its document over the field's connection, with REST's parameters as its variables, answered in REST's envelope. */
async function runList(operation: CompiledRoute, values: Record<string, unknown>, enveloped: ReturnType<GetEnvelopedFn<Record<string, unknown>>>, contextValue: Context) {
  const result = (await enveloped.execute({
    schema: enveloped.schema,
    document: operation.document,
    operationName: operation.operationName,
    variableValues: operation.variables(values),
    contextValue,
  })) as ExecutionResult;
  if (result.errors?.length) return errorAnswer(result.errors, operation);
  return json(operation.answer(result.data?.[operation.field.name], values), 200);
}

/**
 * Every problem of a route's JSON body: its input's own and, when it has some, what the
 * mutation's declared input checks find among the fields that hold (src/graphql/input-problems.ts,
 * shared with GraphQL's answer to variables that do not coerce). Empty when the body holds: the
 * operation then runs and its service checks the rest, as on GraphQL.
 */
async function bodyProblems(operation: CompiledRoute, body: Record<string, unknown>, ctx: Context): Promise<FieldProblem[]> {
  const { value, problems } = await inputProblems(operation.args.body!.type, body);
  return problems.length ? [...problems, ...(await inputCheckProblems(operation.field, ctx, value, problems))] : problems;
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
 * Whether a request is an upload to a route whose body is a file (`upload`): its body is streamed
 * to the route's store as it arrives, so the request boundary leaves it unread.
 */
export function uploadRequests(operations: readonly Operation[]): (request: Request) => boolean {
  const uploads = operations.filter((operation) => operation.route.upload);
  return (request) => request.method === 'POST' && uploads.some((operation) => operation.pattern.test(new URL(request.url).pathname));
}

/**
 * An upload route's file, stored by the route as it arrives, until `signal` (the request's time
 * limit, its client gone) stops it: its id, as the argument the route names; or the refusal, whose
 * client may still be sending (its rest is read and thrown away, so the answer reaches it).
 */
async function storedUpload(operation: CompiledRoute, request: Request, serverContext: object, contextValue: Context, values: Record<string, unknown>, signal: AbortSignal): Promise<{ fileId: string } | { refusal: Response }> {
  const nodeRequest = nodeRequestOf(serverContext);
  try {
    return { fileId: await operation.route.upload!.store(contextValue, await incomingFile(request, nodeRequest, signal), operation.variables(values)) };
  } catch (error) {
    if (nodeRequest) discardRest(nodeRequest);
    return { refusal: errorAnswer([error], operation) };
  }
}

/** Whether a request's `Accept` names a media type (exactly, with or without parameters). */
const asksFor = (request: Request, contentType: string) =>
  (request.headers.get('accept') ?? '').split(',').some((range) => range.split(';')[0]!.trim().toLowerCase() === contentType);

/** A route's other representation (`alternate`), streamed as the route's domain writes it; a refusal before the first byte is REST's error. */
async function alternateAnswer(operation: CompiledRoute, contextValue: Context, values: Record<string, unknown>): Promise<Response> {
  const { contentType, fileName, answer } = operation.route.alternate!;
  let chunks: AsyncIterable<string>;
  try {
    chunks = await answer(contextValue, values);
  } catch (error) {
    return errorAnswer([error], operation);
  }
  const body = Readable.toWeb(Readable.from(chunks, { objectMode: false })) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers: { 'Content-Type': `${contentType}; charset=utf-8`, 'Content-Disposition': `attachment; filename="${fileName}"` } });
}

/**
 * Gives the root types the definition node a schema parsed from SDL would have: SOFA reads each
 * route's argument descriptions from it, and for a code-first schema (no nodes) prints and parses
 * the whole root type again for every argument of every route (seconds of every start).
 */
function withDefinitionNodes(schema: GraphQLSchema) {
  for (const type of [schema.getQueryType(), schema.getMutationType()]) {
    if (type && !type.astNode) type.astNode = parse(printType(type)).definitions[0] as ObjectTypeDefinitionNode;
  }
  return schema;
}

/**
 * The schema as SOFA is given it: root types holding only the fields SOFA serves (routes that are
 * not lists; `runList` runs those), every other type the schema's own. SOFA builds a route, with
 * an operation selecting the field's whole answer, for every root field it sees: for all ~240 that
 * was a seventh of a server's start. Execution runs on the schema itself (`execute` below).
 */
function sofaView(schema: GraphQLSchema, operations: readonly Operation[]): GraphQLSchema {
  const served = new Set(operations.filter((operation) => !operation.route.list).map((operation) => operation.key));
  const roots = [schema.getQueryType(), schema.getMutationType()];
  const only = (type: GraphQLObjectType | null | undefined) => {
    if (!type) return undefined;
    const config = type.toConfig();
    return new GraphQLObjectType({ ...config, fields: Object.fromEntries(Object.entries(config.fields).filter(([name]) => served.has(`${type.name}.${name}`))) });
  };
  const { types, ...config } = schema.toConfig();
  return new GraphQLSchema({
    ...config,
    query: only(roots[0]),
    mutation: only(roots[1]),
    subscription: undefined,
    types: types.filter((type) => !roots.includes(type as GraphQLObjectType) && type !== schema.getSubscriptionType()),
  });
}

/**
 * Serves the chosen GraphQL operations on the specification's REST paths with SOFA, inside Yoga's
 * envelop: a REST call runs the same operation with the same context, auth, limits and error
 * mapping as a GraphQL request. Around SOFA it adds what an integrator expects from a REST API:
 * JSON 404/405 answers, strict query parameters, the JSON body as the operation's `input`
 * (SOFA would otherwise drop `null`s and coerce wrong JSON types), `{data}` envelopes and the
 * specification's error bodies.
 */
export function useRest(operations: readonly Operation[]): Plugin {
  let getEnveloped: GetEnvelopedFn<Record<string, unknown>>;
  let sofa: ReturnType<typeof useSofa>;
  const compiled = compile(operations);
  const matchRoutes = routeTable(compiled);
  const documents = new Map(compiled.map((operation) => [operation.operationName, operation.document]));
  // The context is built before SOFA runs (access is checked first); SOFA is handed the same one,
  // through the server context it passes on (SOFA's router copies that object, so not by identity).
  const executions = new WeakMap<object, ReturnType<GetEnvelopedFn<Record<string, unknown>>>>();

  return {
    onYogaInit({ yoga }) {
      getEnveloped = yoga.getEnveloped;
    },
    onSchemaChange({ schema }) {
      sofa = useSofa({
        basePath: REST_BASE_PATH,
        schema: withDefinitionNodes(sofaView(schema, operations)),
        routes: sofaRoutes(operations),
        context: (serverContext) => {
          const { restContext } = serverContext as { restContext?: Context };
          if (!restContext) throw new TypeError('REST execution without a context');
          return restContext;
        },
        execute: ((args: ExecutionArgs) => {
          const enveloped = executions.get(args.contextValue as object);
          if (!enveloped) throw new TypeError('REST execution without a context');
          const document = args.operationName ? documents.get(args.operationName) : undefined;
          return enveloped.execute({ ...args, schema, ...(document ? { document } : {}) });
        }) as typeof execute,
        // SOFA types its handler with its own fetch implementation's Response; the runtime objects are the same.
        errorHandler: ((errors: readonly unknown[]) => errorAnswer(errors)) as never,
      });
    },
    async onRequest({ request, url, endResponse, serverContext, fetchAPI }) {
      if (url.pathname === '/graphql') return;
      const specific = matchRoutes(url.pathname);
      // HEAD is GET without the body (RFC 9110): the same route, access, checks and headers.
      const head = request.method === 'HEAD';
      const found = specific.find((m) => m.operation.route.method === (head ? 'GET' : request.method));
      if (found) noteRoute(serverContext, `${found.operation.route.method} ${REST_BASE_PATH}${found.operation.route.path}`);
      // Inside the boundary, so that a 404 or 405 is admitted (and counted) like any other request.
      const answer = await withinBoundary(serverContext, request, async (abortSignal) => {
        if (!found) {
          if (!specific.length) return json({ error: ErrorCodes.NOT_FOUND.title, message: `No route ${url.pathname}` }, 404);
          const methods = specific.map((m) => m.operation.route.method);
          const allow = [...new Set(methods.includes('GET') ? [...methods, 'HEAD'] : methods)].join(', ');
          return json({ error: ErrorCodes.METHOD_NOT_ALLOWED.title, message: `Use ${allow}` }, 405, { Allow: allow });
        }
        const { operation } = found;
        const { route } = operation;
        // Authentication, then authorization, then validation (as GraphQL's access gate does).
        const sofaContext = Object.assign(serverContext, { request });
        const envelopedRequest = getEnveloped(sofaContext);
        const contextValue = (await envelopedRequest.contextFactory(sofaContext)) as unknown as Context;
        const refusal = rootFieldRefusal(operation.field, contextValue);
        if (refusal) return errorAnswer([refusal]);
        const { values, problems } = readParameters(operation, url, found.params);
        const refuse = (all: FieldProblem[]) => badRequest(all.map((p) => `${p.field}: ${p.message}`).join('; '), all);
        if (problems.length && !carriesBody(route.method)) return refuse(problems);
        if (route.alternate && asksFor(request, route.alternate.contentType)) return alternateAnswer(operation, contextValue, values);
        // A list route's parameters are not its field's arguments (src/graphql/rest-lists.ts): it runs its document itself.
        if (route.list) return runList(operation, values, envelopedRequest, contextValue);
        // SOFA routes the canonical path, and reads each argument under its own name.
        const canonical = new URL(url);
        canonical.pathname = canonicalPathname(url.pathname);
        for (const [parameter, arg] of operation.queryArgs) {
          if (parameter === arg.name || !url.searchParams.has(parameter)) continue;
          for (const value of url.searchParams.getAll(parameter)) canonical.searchParams.append(arg.name, value);
          canonical.searchParams.delete(parameter);
        }
        let body: string | undefined;
        if (route.upload) {
          if (problems.length) return refuse(problems);
          // A file stored before is named by its parameter (`?fileId=`), with no body; else the body is the file.
          const stored = values[route.upload.argument] === undefined ? await storedUpload(operation, request, serverContext, contextValue, values, abortSignal()) : { fileId: values[route.upload.argument] as string };
          if ('refusal' in stored) return stored.refusal;
          // Given to SOFA as a JSON body by argument name: a query string would carry JSON arguments (`mapping`) as text.
          body = JSON.stringify({ ...operation.variables(values), [route.upload.argument]: stored.fileId });
          canonical.search = '';
        } else if (carriesBody(route.method)) {
          const read = await readBody(request);
          if ('refusal' in read) return read.refusal;
          const unexpected = operation.args.body ? [] : Object.keys(read.body).map((field) => ({ field, message: 'is not a field of this route, which takes no body' }));
          // Every problem of the parameters and the body in one answer, before anything runs.
          const inBody = operation.args.body ? await bodyProblems(operation, read.body, contextValue) : unexpected;
          if (problems.length || inBody.length) return refuse([...problems, ...inBody]);
          body = JSON.stringify(operation.args.body ? { input: read.body } : {});
        }
        const forwarded = new fetchAPI.Request(canonical, { method: route.method, headers: request.headers, body });
        executions.set(contextValue, envelopedRequest);
        const response = await sofa.handle(forwarded, Object.assign(sofaContext, { restContext: contextValue }) as never);
        if (!response.ok) return response;
        if (route.download) {
          const value = (await response.json()) as Record<string, string>;
          return new fetchAPI.Response(Buffer.from(value[route.download.base64Field] ?? '', 'base64'), { status: 200, headers: { 'Content-Type': route.download.contentType } });
        }
        const value = await response.json();
        // A detail field answers null for a missing record (src/graphql/missing-record.ts): REST's 404, as the specification says.
        if (value === null && operation.kind === 'query') return errorAnswer([missingRecord(contextValue, operation.field)]);
        // A created record's REST path, as `Location` (only 201 routes have one); what was asked and not done, as `Warning`.
        const location = operation.location?.of(values, operation.shape(value));
        const warnings = requestWarnings();
        return json(operation.answer(value, values), response.status, {
          ...(location ? { Location: location } : {}),
          ...(warnings.length ? { Warning: warningHeader(warnings) } : {}),
        });
      });
      return endResponse(head ? new fetchAPI.Response(null, { status: answer.status, headers: answer.headers }) : answer);
    },
  };
}
