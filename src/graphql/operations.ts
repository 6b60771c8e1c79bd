import type { DocumentNode, GraphQLArgument, GraphQLField, GraphQLSchema } from 'graphql';
import { getNamedType, getNullableType, Kind, parse } from 'graphql';
import { z } from 'zod';
import type { FieldProblem } from '../shared/errors.js';
import type { Context } from './context.js';
import { declaredScopes, type ScopeMap } from './access.js';
import { MISSING_RECORD_NOTE, MISSING_RECORD_REST_NOTE } from './missing-record.js';
import { grouped, nestedListsReshape, type RestGroup } from './rest-shapes.js';
import { PAYLOAD_RESULT } from './user-errors-plugin.js';
import { restListAnswer, restListDocument, restListField, restListParameters, restListVariables, type RestList } from './rest-lists.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A file a client sent as a request's body (src/http/uploads.ts): its bytes as they arrive, and what the request says of them. */
export interface IncomingFile {
  bytes: AsyncIterable<Uint8Array>;
  /** The file's media type, with its parameters (`text/csv; charset=windows-1252`). */
  contentType: string;
  fileName?: string;
  /** The file's size as the request declares it (`Content-Length` of a body that is the file itself), before a byte is read. */
  declaredBytes?: number;
}

/** Whether REST reads a JSON body for a method (never for GET and DELETE). */
export const carriesBody = (method: HttpMethod) => method !== 'GET' && method !== 'DELETE';

/** Whether an operation's `input` comes from the route's JSON body: it has one, and its method carries a body. */
export const takesBody = ({ route, args }: Pick<Operation, 'route' | 'args'>) => Boolean(args.body) && carriesBody(route.method);

/** Where one GraphQL root field is served on REST. Domain folders declare these in their `x.rest.ts`. */
export interface RestRoute {
  method: HttpMethod;
  /** Path below `/api`, with `:name` parameters named like the field's arguments (or as `parameterNames` renames them). */
  path: string;
  /** What the route does, in a few words (the OpenAPI operation's summary). */
  summary: string;
  /** Success status; 200 unless given (202: accepted, to be done in the background). */
  status?: 200 | 201 | 202;
  /** Wrap the field's value under this key: `{data: value}` (the specification's single-record envelope), `{booking: value}`. */
  envelope?: 'data' | 'booking';
  /** The selection set answered: the JSON shape of the response, written as GraphQL (of one item, for a list route; of the record, for a mutation's payload). */
  select: string;
  /** Answer `{success: true}` once the operation succeeded (the specification's answer to a deletion or a cancellation); `select` is then empty. */
  acknowledge?: true;
  /** A list route: REST's paging and filter parameters over the field's connection (src/graphql/rest-lists.ts). */
  list?: RestList;
  /**
   * Parameters REST names otherwise than their arguments, by argument: `{ inspectionId: 'id' }`
   * serves `createFinding(inspectionId:)` at `/inspections/:id/findings`, the path the REST API
   * published before GraphQL named the parent by its type.
   */
  parameterNames?: Record<string, string>;
  /** Answer a file instead of JSON: the selected base64 field's bytes, as this content type. */
  download?: { contentType: string; base64Field: string };
  /** The record's own fields answered under one key beside what it embeds (src/graphql/rest-shapes.ts). */
  group?: RestGroup;
  /**
   * The body is a file (src/http/uploads.ts), streamed to `store` as it arrives, never held whole:
   * the stored file's id is given as `argument`. `store` is given the operation's other arguments,
   * so it refuses what the operation would refuse before it stores anything. The `replaces`
   * arguments (the file as text, for GraphQL and MCP) are not REST parameters.
   */
  upload?: { argument: string; replaces: string[]; store: (ctx: Context, file: IncomingFile, args: Record<string, unknown>) => Promise<string> };
  /**
   * Another representation of the route's answer, for a client whose `Accept` asks for it (an
   * import's rows as CSV): checked as the route is, then written as `answer` yields it, never held whole.
   */
  alternate?: { contentType: string; fileName: string; answer: (ctx: Context, params: Record<string, unknown>) => Promise<AsyncIterable<string>> };
}

/** Routes by GraphQL root field, written `Query.leads` / `Mutation.createLead`. */
export type RestRoutes = Record<string, RestRoute>;

/** An area of the REST surface: its routes, and the tag they are published under. */
export interface RestArea {
  tag: string;
  description: string;
  routes: RestRoutes;
}

export const REST_BASE_PATH = '/api';

/**
 * One operation of the API, as every consumer of the route map reads it (the REST handler, the
 * OpenAPI document, CORS, and later events and MCP): the GraphQL root field, where REST serves it,
 * who may call it, where its arguments come from, and the document that answers the route's shape.
 */
export interface Operation {
  /** `Query.leads`, `Mutation.createLead`. */
  key: string;
  /**
   * What the route does, as REST and MCP publish it: its field's description, less what only
   * GraphQL offers. A list route answers its list's default order and takes no `orderBy`, so the
   * field's "unless `orderBy` says otherwise" is not said of it, and a detail field's null for a
   * missing record is their 404.
   */
  description: string;
  kind: 'query' | 'mutation';
  field: GraphQLField<unknown, unknown>;
  route: RestRoute;
  /** The area's tag (the OpenAPI tag). */
  tag: string;
  /** The field's declared `authScopes`; null when it declares none (decided at run time, or open). */
  access: ScopeMap | null;
  /**
   * The field's arguments by where REST reads them: named in the path, `input` from the JSON body,
   * the rest from the query string, but for those an upload's body replaces (`file`: MCP's and
   * GraphQL's way to give the file).
   */
  args: { path: GraphQLArgument[]; query: GraphQLArgument[]; body: GraphQLArgument | undefined; file: GraphQLArgument[] };
  /** The query parameter an argument is read from: its own name unless the route renames it. */
  parameterName(arg: GraphQLArgument): string;
  /** The name SOFA gives the operation. */
  operationName: string;
  /** The root field with all its arguments as variables, selecting exactly the route's shape. */
  document: DocumentNode;
  /** For a mutation answering a payload (src/graphql/mutation-payload.ts): the payload's field holding its result, which REST answers. */
  payloadResult: string | undefined;
  /** The operation's variables from REST's parameters (path and query, by their REST names, checked and coerced) and body. */
  variables(params: Record<string, unknown>, body?: Record<string, unknown>): Record<string, unknown>;
  /** What the parameters' own rules (ranges, lengths) refuse in REST's values, by REST name. */
  parameterProblems(params: Record<string, unknown>): FieldProblem[];
  /** A problem's field (a path into the operation's variables) as REST and MCP name it. */
  restField(field: string): string;
  /** The root field's value in REST's shape: a payload's result, its nested connections that select `nodes` alone as arrays (src/graphql/rest-shapes.ts). */
  shape(value: unknown): unknown;
  /** REST's answer from the root field's value: `shape`d, in the route's envelope or its list envelope. */
  answer(value: unknown, params: Record<string, unknown>): unknown;
  /** The URL paths the route answers (a trailing slash names the same resource), capturing its parameters. */
  pattern: RegExp;
  /**
   * For a route answering 201 whose record has a path of its own (`createdPath`): that path, and
   * the `Location` it answers, from the request's path parameters (by their REST names) and the
   * created record.
   */
  location?: { path: string; of(params: Record<string, unknown>, record: unknown): string | undefined };
}

/**
 * Where a record created by a 201 route lives on REST: the route map's route one parameter below
 * the creating path (`POST /v1/leads` creates what `/v1/leads/:id` names), with the creating path's
 * parameters and, for the new one, the record's id. Undefined when no route names such a record (a
 * pipeline, a deal's activity, a payment, a test delivery): those answer 201 without `Location`.
 */
export function createdPath(route: RestRoute, routes: readonly RestRoute[]): string | undefined {
  if (route.status !== 201) return undefined;
  const below = new RegExp(`^${route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/:\\w+$`);
  return routes.find((r) => below.test(r.path))?.path;
}

/** `createdPath` filled: its parameters from the request's, the last one the record's id. */
function locationOf(path: string): NonNullable<Operation['location']> {
  const created = [...path.matchAll(/:(\w+)/g)].at(-1)![1]!;
  return {
    path,
    of: (params, record) => {
      const id = (record as { id?: unknown } | null)?.id;
      if (typeof id !== 'string') return undefined;
      const values: Record<string, unknown> = { ...params, [created]: id };
      return `${REST_BASE_PATH}${path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(values[name])))}`;
    },
  };
}

/** The message of an argument's validator (its range, its length) for a value, or null when it holds. */
function validatorProblem(arg: GraphQLArgument, value: unknown): string | null {
  const validator = (arg.extensions.pothosOptions as { validate?: unknown } | undefined)?.validate;
  if (!(validator instanceof z.ZodType)) return null;
  const result = validator.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'is not valid');
}

/** How a list field's description says its order can change (`Leads of the tenant, newest first unless \`orderBy\` says otherwise.`). */
const ORDER_CLAUSE = ' unless `orderBy` says otherwise';

/** SOFA names the operation it builds for a root field `<field>_<query|mutation>`. */
const sofaOperationName = (fieldName: string, kind: Operation['kind']) => `${fieldName}_${kind}`;

function rootField(schema: GraphQLSchema, key: string): GraphQLField<unknown, unknown> {
  const [typeName, fieldName] = key.split('.') as [string, string];
  const field = (typeName === 'Query' ? schema.getQueryType() : typeName === 'Mutation' ? schema.getMutationType() : undefined)?.getFields()[fieldName];
  if (!field) throw new Error(`REST route names unknown field ${key}`);
  return field;
}

/**
 * The operation a route runs instead of the one SOFA generates (which selects every field of
 * every nested type). An argument with a default is declared nullable and left to its default
 * when absent, which every executor (graphql-jit included) reads the same way.
 */
function routeDocument(kind: Operation['kind'], field: GraphQLField<unknown, unknown>, route: RestRoute, payloadResult: string | undefined): DocumentNode {
  const variables = field.args
    .map((a) => `$${a.name}: ${(a.defaultValue !== undefined ? getNullableType(a.type) : a.type).toString()}`)
    .join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  return parse(
    `${kind} ${sofaOperationName(field.name, kind)}${variables ? `(${variables})` : ''} { ${field.name}${args ? `(${args})` : ''} ${payloadResult ? `{ ${payloadResult} ${route.select} }` : route.select} }`,
  );
}

/** Every operation the areas' route maps serve, described against the schema (an unknown field is an error at start). */
export function describeOperations(schema: GraphQLSchema, areas: readonly RestArea[]): Operation[] {
  const allRoutes = areas.flatMap((area) => Object.values(area.routes));
  return areas.flatMap((area) =>
    Object.entries(area.routes).map(([key, route]): Operation => {
      const field = rootField(schema, key);
      const kind = key.startsWith('Query.') ? 'query' : 'mutation';
      const parameterName = (arg: GraphQLArgument) => route.parameterNames?.[arg.name] ?? arg.name;
      const inPath = new Set([...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]));
      const path = field.args.filter((a) => inPath.has(parameterName(a)));
      const file = field.args.filter((a) => route.upload?.replaces.includes(a.name));
      const query = route.list ? restListParameters(field, route.list) : field.args.filter((a) => !inPath.has(parameterName(a)) && a.name !== 'input' && !file.includes(a));
      const operationName = sofaOperationName(field.name, kind);
      const { list, envelope, acknowledge } = route;
      const payloadResult = getNamedType(field.type).extensions[PAYLOAD_RESULT] as string | undefined;
      const document = list ? parse(restListDocument(field, list, route.select, operationName)) : routeDocument(kind, field, route, payloadResult);
      const definition = document.definitions[0];
      const root = definition?.kind === Kind.OPERATION_DEFINITION ? definition.selectionSet.selections[0] : undefined;
      const nestedLists = (root?.kind === Kind.FIELD ? nestedListsReshape(field.type, root.selectionSet) : null) ?? ((value: unknown) => value);
      const { group } = route;
      const regroup = (record: unknown) => (group && record != null ? grouped(group, record as Record<string, unknown>, (inner) => inner) : record);
      // A list's group applies to each of its items.
      const reshape = !group
        ? nestedLists
        : list
          ? (value: unknown) => {
              const page = nestedLists(value) as { nodes?: unknown[] } | null;
              return page && { ...page, nodes: page.nodes?.map(regroup) };
            }
          : (value: unknown) => regroup(nestedLists(value));
      // A mutation's payload answers its result (src/graphql/mutation-payload.ts).
      const shape = payloadResult ? (value: unknown) => (reshape(value) as Record<string, unknown> | null)?.[payloadResult] : reshape;
      const created = createdPath(route, allRoutes);
      const described = field.description ?? route.summary;
      return {
        key,
        description: (list ? described.replaceAll(ORDER_CLAUSE, '') : described).replaceAll(MISSING_RECORD_NOTE, MISSING_RECORD_REST_NOTE),
        kind,
        field,
        route,
        tag: area.tag,
        access: declaredScopes(field),
        args: { path, query, body: field.args.find((a) => a.name === 'input'), file },
        parameterName,
        operationName,
        document,
        payloadResult,
        shape,
        variables: list
          ? // A path parameter REST names otherwise than its argument (`:id` for `importId`) is given by its argument's name.
            (params) => restListVariables(list, Object.fromEntries(Object.entries(params).map(([name, value]) => [path.find((a) => parameterName(a) === name)?.name ?? name, value])))
          : (params, body) => ({
              ...Object.fromEntries([...path, ...query, ...file].filter((a) => params[parameterName(a)] != null).map((a) => [a.name, params[parameterName(a)]])),
              ...(body ? { input: body } : {}),
            }),
        parameterProblems: (params) =>
          [...path, ...query, ...file].flatMap((arg) => {
            const value = params[parameterName(arg)];
            const problem = value === undefined || value === null ? null : validatorProblem(arg, value);
            return problem ? [{ field: parameterName(arg), message: problem }] : [];
          }),
        restField: (problem) => (list ? restListField(list, field.name, problem) : problem).replace(/^\w+/, (head) => route.parameterNames?.[head] ?? head),
        answer: list
          ? (value, params) => restListAnswer(list, shape(value) as never, params)
          : acknowledge
            ? () => ({ success: true })
            : (value) => (envelope ? { [envelope]: shape(value) } : shape(value)),
        pattern: new RegExp(`^${REST_BASE_PATH}${route.path.replace(/\./g, '\\.').replace(/:(\w+)/g, '(?<$1>[^/]+)')}/?$`),
        ...(created ? { location: locationOf(created) } : {}),
      };
    }),
  );
}
