import type { GraphQLArgument, GraphQLInputObjectType, GraphQLSchema } from 'graphql';
import { getNamedType, isNonNullType } from 'graphql';
import type { Tool, ToolAnnotations } from '@modelcontextprotocol/server';
import { accessSentence } from '../graphql/access.js';
import { takesBody, type Operation } from '../graphql/operations.js';
import { type JsonSchema, componentSchemas, namedInputSchema, neverNullFields, routeResponseSchema, valueSchema } from '../http/json-schema.js';
import { idempotencyKeySchema } from '../http/idempotency.js';
import { listPaging, type ListPaging } from './list-paging.js';
import { compactInputSchema, firstClause } from './tool-schema.js';
import { toolsetOf } from './toolsets.js';

/** The argument every tool that creates something accepts, carrying REST's `Idempotency-Key` semantics. */
export const IDEMPOTENCY_ARGUMENT = 'idempotencyKey';

/** One operation of the route map as an MCP tool: what `tools/list` shows, and how a call's arguments become the operation's. */
export interface OperationTool {
  operation: Operation;
  /** The tool as `tools/list` shows it by default: compact (src/mcp/tool-schema.ts), without its output schema. */
  definition: Tool;
  /** What its structured result holds, for a client asking for output schemas (`?outputSchemas=1`); none for a download. */
  outputSchema: Tool['outputSchema'] | undefined;
  /** The toolset it belongs to: its REST area's. */
  toolset: string;
  /** Path and query parameters by the name the tool gives them (REST's, but for a list's paging). */
  parameters: ReadonlyMap<string, GraphQLArgument>;
  /** The fields of the route's JSON body, given as arguments of the tool beside the parameters. */
  bodyFields: ReadonlySet<string>;
  /** A paged list's `cursor` and `limit` mapped onto its route's paging. */
  paging: ListPaging | null;
}

/** Mutations whose effect cannot be taken back: MCP's `destructiveHint`. */
const DESTRUCTIVE = /^(cancel|void|delete)/;
/** Mutations that reach outside the API (an email to a guest or customer, a POST to a webhook receiver): MCP's `openWorldHint`. */
const OPEN_WORLD = /^(send\w+|createBooking|cancelBooking|deliverInspection|retryWebhookDelivery)$/;
/** POSTs answering 200 that act again on each call (a new secret, another test event, another attempt), unlike status moves. */
const ACTS_EACH_TIME = /^(rotateWebhookEndpointSecret|sendTestWebhookEvent|retryWebhookDelivery)$/;

/**
 * MCP's hints. Idempotent: PUT and PATCH set what they are given, DELETE removes, and a status move
 * (a POST answering 200, such as `submitInspection` or `voidInvoice`) refuses a repeat with a 409;
 * creations (201) and the POSTs that act each time are not, unless called with an `idempotencyKey`.
 */
function annotations({ kind, route, field }: Operation): ToolAnnotations {
  if (kind === 'query') return { readOnlyHint: true, openWorldHint: false };
  const idempotent = route.method !== 'POST' || ((route.status ?? 200) === 200 && !ACTS_EACH_TIME.test(field.name));
  const hints = { destructiveHint: DESTRUCTIVE.test(field.name), idempotentHint: idempotent, openWorldHint: OPEN_WORLD.test(field.name) };
  // Each hint is said when it differs from MCP's default (not read-only, destructive, not idempotent, open world).
  const defaults = { destructiveHint: true, idempotentHint: false, openWorldHint: true };
  return Object.fromEntries(Object.entries(hints).filter(([name, value]) => defaults[name as keyof typeof defaults] !== value));
}

/** What stays beside `anyOf` when a nullable schema is split: what describes the value, not what constrains it. */
const ANNOTATIONS = new Set(['description', 'default', 'examples', 'title']);

/**
 * A nullable schema written as `anyOf` of single types (`{"anyOf": [{"type": "string", ...}, {"type": "null"}]}`)
 * rather than as a type union (`"type": ["string", "null"]`): the same values, in the spelling every
 * tool-schema dialect reads (some model providers map tool schemas onto single-`type` dialects; the
 * MCP Inspector's `--strict` flags unions).
 */
function singleTypes(schema: Record<string, unknown>): Record<string, unknown> {
  const { type } = schema;
  if (!Array.isArray(type)) return schema;
  const kept = Object.entries(schema).filter(([key]) => key !== 'type');
  const annotations = Object.fromEntries(kept.filter(([key]) => ANNOTATIONS.has(key)));
  const constraints = Object.fromEntries(kept.filter(([key]) => !ANNOTATIONS.has(key)));
  return { anyOf: type.map((one) => (one === 'null' ? { type: 'null' } : { type: one, ...constraints })), ...annotations };
}

/**
 * A schema of the OpenAPI document made to stand alone for a tool: references to the document's
 * components point at its own `$defs`, and nullable types are spelt portably (`singleTypes`).
 */
function standalone(root: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!value || typeof value !== 'object') return value;
    const rewritten = Object.fromEntries(
      Object.entries(value).map(([key, child]) => [key, key === '$ref' && typeof child === 'string' ? child.replace('#/components/schemas/', '#/$defs/') : rewrite(child)]),
    );
    return singleTypes(rewritten);
  };
  return rewrite(Object.keys(defs).length ? { ...root, $defs: defs } : root) as JsonSchema;
}

/**
 * The tool's arguments as one object: the route's path and query parameters (by their REST
 * names) and its body's fields, with the same schemas, limits and required fields the OpenAPI
 * document publishes for the route; plus `idempotencyKey` where REST takes an `Idempotency-Key`.
 */
function inputSchemaOf(schema: GraphQLSchema, operation: Operation, parameters: ReadonlyMap<string, GraphQLArgument>) {
  const reached = new Set<string>();
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, arg] of parameters) {
    properties[name] = valueSchema(arg, reached, false);
    const inPath = operation.args.path.includes(arg);
    if (inPath || (isNonNullType(arg.type) && arg.defaultValue === undefined)) required.push(name);
  }
  let bodyFields: string[] = [];
  if (takesBody(operation) && operation.args.body) {
    const inputType = getNamedType(operation.args.body.type) as GraphQLInputObjectType;
    const body = namedInputSchema(inputType, reached, neverNullFields(operation.field)) as { properties: Record<string, JsonSchema>; required: string[] };
    bodyFields = Object.keys(body.properties);
    const clash = bodyFields.find((name) => name in properties);
    if (clash) throw new Error(`${operation.key}: body field ${clash} has the name of a parameter`);
    Object.assign(properties, body.properties);
    required.push(...body.required);
  }
  if (operation.route.method === 'POST') properties[IDEMPOTENCY_ARGUMENT] = idempotencyKeySchema;
  const defs = componentSchemas(schema, reached, new Map());
  const inputSchema = standalone({ type: 'object', properties, required, additionalProperties: false }, defs);
  return { inputSchema, bodyFields };
}

function outputSchemaOf(schema: GraphQLSchema, operation: Operation, paging: ListPaging | null): JsonSchema | undefined {
  if (operation.route.download) return undefined;
  const reached = new Set<string>();
  const response = routeResponseSchema(operation, reached);
  // MCP's structured results are objects; every route answers one (checked here, at start).
  if (response.type !== 'object') throw new Error(`${operation.key} answers REST with something other than an object`);
  return standalone(paging ? paging.outputSchema(response) : response, componentSchemas(schema, reached, new Map()));
}

/**
 * The tool for one operation of the route map, named exactly as its GraphQL root field. Its
 * description is the first clause of the operation's: who may call it goes without saying (a key
 * lists only what it may call), and the rules after it are the guide's (`platform://guide.md`).
 */
function operationTool(schema: GraphQLSchema, operation: Operation): OperationTool {
  const { field, route } = operation;
  const paging = listPaging(operation);
  // An upload route's file is given as text to a tool (`args.file`): an agent has no body to send.
  const routeParameters = [...operation.args.path, ...operation.args.query, ...operation.args.file].map((arg) => [operation.parameterName(arg), arg] as const);
  const parameters = new Map(paging ? [...routeParameters.filter(([name]) => !paging.routeParameters.includes(name)), [paging.cursor.name, paging.cursor] as const] : routeParameters);
  const { inputSchema, bodyFields } = inputSchemaOf(schema, operation, parameters);
  const outputSchema = outputSchemaOf(schema, operation, paging);
  const description = firstClause(operation.description.replace(` ${accessSentence(field)}`, ''));
  return {
    operation,
    parameters,
    bodyFields: new Set(bodyFields),
    paging,
    toolset: toolsetOf(operation.tag),
    outputSchema: outputSchema as Tool['outputSchema'],
    definition: {
      name: field.name,
      description: route.download ? `${description} Answers the file as an embedded resource.` : description,
      inputSchema: compactInputSchema(inputSchema, field.name, route.status === 201) as Tool['inputSchema'],
      annotations: annotations(operation),
    },
  };
}

/** Every operation REST serves as a tool, built once at start from the schema and the route map. */
export function operationTools(schema: GraphQLSchema, operations: readonly Operation[]): Map<string, OperationTool> {
  return new Map(operations.map((operation) => [operation.field.name, operationTool(schema, operation)]));
}
