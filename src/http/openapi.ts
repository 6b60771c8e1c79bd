import type { GraphQLSchema } from 'graphql';
import { getNamedType, isNonNullType } from 'graphql';
import { authenticationGuide } from '../auth/authentication-guide.js';
import { accessSentence, scopesNamed } from '../graphql/access.js';
import { MAX_ANSWER_BYTES } from '../graphql/limits.js';
import { REST_BASE_PATH, type Operation, type RestArea } from '../graphql/operations.js';
import type { JsonSchema } from './json-schema.js';
import { idempotencyKeySchema } from './idempotency.js';
import { eventWebhooks } from './openapi-webhooks.js';
import { componentRef, componentSchemas, neverNullFields, routeResponseSchema, valueSchema } from './json-schema.js';

const errorSchema: JsonSchema = {
  type: 'object',
  description: 'What went wrong. `error` is the HTTP reason phrase; the other fields appear where they help.',
  required: ['error'],
  properties: {
    error: { type: 'string', description: 'HTTP reason phrase, such as "Bad Request" or "Not Found".', examples: ['Bad Request'] },
    message: { type: 'string', description: 'What went wrong, for people.' },
    details: {
      type: 'array',
      description: 'One entry per field that is wrong (400), or holds a value already used (409).',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: {
          field: { type: 'string', description: 'Path of the field in the body or the parameter name, such as `products.0.quantity`.' },
          message: { type: 'string', description: 'What is wrong with it.' },
        },
        additionalProperties: false,
      },
    },
    requestId: { type: 'string', description: 'Id of the request (also in `X-Request-Id`), for reporting an unexpected failure.' },
  },
  additionalProperties: false,
};

const errorContent = { 'application/json': { schema: componentRef('Error') } };
const header = (description: string) => ({ description, schema: { type: 'string' } });
const headerWith = (flags: { required: boolean }, description: string) => ({ ...header(description), ...flags });
const headerRef = (name: keyof typeof headers) => ({ $ref: `#/components/headers/${name}` });

/** Headers of every answer, success or error (src/http/request-boundary.ts, src/http/admission.ts). */
const headers = {
  RequestId: headerWith({ required: true }, 'The id of the request: the `X-Request-Id` the client sent when it is 1 to 128 letters, digits and `._:-`, otherwise a new UUID. It is in every log line of the request and in every 5xx body.'),
  RateLimitLimit: {
    description: 'Requests the key may make per window (a publishable key: each client address, within a ceiling for the whole key; without a valid key: the client address). The `RateLimit-*` headers are on every answer of a server that enforces limits, as `npm start` does.',
    schema: { type: 'integer' },
  },
  RateLimitRemaining: { description: 'Requests left in the current window.', schema: { type: 'integer' } },
  RateLimitReset: { description: 'Seconds until the window ends and the budget is whole again.', schema: { type: 'integer' } },
  RetryAfter: { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
  RetryAfterAlways: { description: 'Seconds to wait before retrying.', required: true, schema: { type: 'integer' } },
  Warning: header(
    'What the request asked for and was not done, though it succeeded, as `299 - "<what>"` (one per warning, comma-separated): technicians named for an inspection by a role that does not assign them, who are ignored as the specification says.',
  ),
  IdempotentReplayed: {
    description: '`true` when this is the stored answer to an earlier request with the same `Idempotency-Key` (absent on the first answer).',
    schema: { type: 'string', enum: ['true'] },
  },
} as const;

/** Headers every answer carries. */
const commonHeaders = {
  'X-Request-Id': headerRef('RequestId'),
  'RateLimit-Limit': headerRef('RateLimitLimit'),
  'RateLimit-Remaining': headerRef('RateLimitRemaining'),
  'RateLimit-Reset': headerRef('RateLimitReset'),
};

/** Parameters the server reads from headers (besides the key). */
const headerParameters = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Makes a POST safe to retry. The first request with a key runs and its answer is kept for 24 hours (per tenant and key); the same request again gets that answer replayed, with `Idempotent-Replayed: true`. The same key with another method, path or body is a 422 (an uploaded file is compared by its bytes, read before the replay); while the first request still runs, a 409 with `Retry-After`. Refusals that changed nothing (400, 401, 403, 413, 415, 429, 503) are not kept, so the key may be sent again. Use a new random key (a UUID) per intended write.',
    schema: idempotencyKeySchema,
  },
  RequestId: {
    name: 'X-Request-Id',
    in: 'header',
    required: false,
    description: 'An id for the request, to find it in the server logs (1 to 128 letters, digits and `._:-`); another value is replaced by a new UUID.',
    schema: { type: 'string', maxLength: 128, pattern: '^[A-Za-z0-9._:-]{1,128}$' },
  },
} as const;

/** The error answers operations share, by status. */
const errorResponses = {
  BadRequest: {
    description:
      "Invalid input: `details` names each field or parameter and what is wrong with it, every problem of the request in one answer: wrong kinds of value (a single value where an array belongs included), formats, allowed values, lengths, blank text and unknown fields, in the parameters and the body together; for a new lead, contact or deal also the records it names that the tenant lacks. Fields of a body are named by their path in it (`products.0.quantity`).",
    content: errorContent,
  },
  Unauthorized: {
    description: 'Missing, malformed, unknown, revoked or expired API key. The body is exactly `{"error":"Unauthorized"}`.',
    headers: { 'WWW-Authenticate': headerWith({ required: true }, '`Bearer realm="api", resource_metadata="…/.well-known/oauth-protected-resource"` (where an OAuth client finds the authorization server, RFC 9728), with `error="invalid_token"` when a key or token was sent.') },
    content: errorContent,
  },
  Forbidden: {
    description:
      'The key may not use this operation. When the key lacks a scope, the body is exactly `{"error":"Forbidden"}` (the scope is in `X-Required-Scope`). Any other refusal says why in `message`: the tenant does not have the module the operation belongs to (inspections), the user\'s role may not do it, or the user is not on the inspection\'s team.',
    headers: { 'X-Required-Scope': header('The scope the key lacks, when a scope is what it lacks (a publishable key on a secret-key operation gets none).') },
    content: errorContent,
  },
  NotFound: { description: 'No such record in the tenant of the key (records of other tenants are answered the same way).', content: errorContent },
  Conflict: {
    description:
      'The write conflicts with the current state: a move its record\'s status does not allow (the message names the status), a booking slot taken meanwhile, a unique value (such as a slug or serial number) already used, or a request with the same `Idempotency-Key` still running (then with `Retry-After`).',
    headers: { 'Retry-After': headerRef('RetryAfter') },
    content: errorContent,
  },
  UnprocessableEntity: { description: 'The `Idempotency-Key` was used before with another request (method, path or body).', content: errorContent },
  ResponseTooLarge: {
    description: `The answer would be larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB of JSON (long notes and descriptions on many rows): ask for a smaller \`limit\`. The same request may succeed on other data, so this is not a 400.`,
    content: errorContent,
  },
  TooManyRequests: {
    description: 'The key (a publishable key: the client address, or the whole key; without a valid key: the client address) spent its request budget for this window, or a client address its bookings for the hour through a publishable key: `{"error":"Too Many Requests", "message": ...}`. Retry after `Retry-After` seconds.',
    headers: { 'Retry-After': headerRef('RetryAfterAlways') },
    content: errorContent,
  },
  PayloadTooLarge: { description: 'The body is larger than 1 MiB.', content: errorContent },
  UnsupportedMediaType: { description: 'The body is not `application/json`.', content: errorContent },
  InternalServerError: { description: 'An unexpected failure, logged with `requestId`.', content: errorContent },
  ServiceUnavailable: {
    description: 'The database is unavailable or has no connection free in time, the server is busy with costly operations, or the request took longer than the time limit; nothing was changed by the refusal itself. Retry after `Retry-After` seconds.',
    headers: { 'Retry-After': headerRef('RetryAfterAlways') },
    content: errorContent,
  },
} as const;

/** The body of an upload route (src/http/uploads.ts): the file itself, or a form's `file` part. */
const uploadBody = {
  required: true,
  description:
    'The file, streamed: CSV (`text/csv`; UTF-8 with or without a byte-order mark, UTF-16, or Windows-1252, detected or named by `charset`; `,` `;` or tab separated, detected) or JSON lines (`application/x-ndjson`), as the body itself or as the `file` part of a `multipart/form-data` form. Larger than `IMPORT_MAX_BYTES` (50 MiB unless configured) is a 413.',
  content: {
    'text/csv': { schema: { type: 'string' } },
    'application/x-ndjson': { schema: { type: 'string' } },
    'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: ['file'] } },
  },
};

const ref = (name: keyof typeof errorResponses) => ({ $ref: `#/components/responses/${name}` });

function operationObject({ field, route, tag, args, access, document, payloadResult, parameterName, location, description }: Operation, reached: Set<string>, inputRules: Map<string, (name: string) => boolean>) {
  const parameters = [
    ...args.path.map((a) => ({ name: parameterName(a), in: 'path', required: true, description: a.description ?? undefined, schema: valueSchema(a, reached, false) })),
    ...args.query.map((a) => ({
      name: parameterName(a),
      in: 'query',
      required: isNonNullType(a.type) && a.defaultValue === undefined,
      description: a.description ?? undefined,
      schema: valueSchema(a, reached, false),
    })),
  ].map(({ schema: { description: _duplicate, ...schema }, ...parameter }): Record<string, unknown> => ({ ...parameter, schema }));
  parameters.push({ $ref: '#/components/parameters/RequestId' });
  if (route.method === 'POST') parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  const input = args.body && getNamedType(args.body.type).name;
  if (args.body && input) {
    reached.add(input);
    inputRules.set(input, neverNullFields(field));
  }

  const body = routeResponseSchema({ field, document, route, payloadResult }, reached);
  const status = route.status ?? 200;
  const writes = route.method !== 'GET';
  const scopes = scopesNamed(access ?? {});

  return {
    operationId: field.name,
    summary: route.summary,
    // The GraphQL description ends with the access sentence (src/graphql/schema.ts); here it stands apart.
    description: `${description.replace(` ${accessSentence(field)}`, '')}\n\n${accessSentence(field)}`,
    tags: [tag],
    security: [{ bearerAuth: [] }],
    // Bearer schemes carry no scopes in OpenAPI; the scopes the operation needs, for tools and agents.
    'x-required-scopes': scopes,
    parameters,
    ...(args.body && input
      ? { requestBody: { required: true, description: args.body.description ?? undefined, content: { 'application/json': { schema: componentRef(input) } } } }
      : {}),
    ...(route.upload ? { requestBody: uploadBody } : {}),
    responses: {
      [status]: {
        description: status === 201 ? 'Created.' : status === 202 ? 'Accepted: it runs in the background.' : 'OK.',
        headers: {
          ...commonHeaders,
          ...(route.method === 'POST' ? { 'Idempotent-Replayed': headerRef('IdempotentReplayed') } : {}),
          ...(writes ? { Warning: headerRef('Warning') } : {}),
          ...(location ? { Location: headerWith({ required: true }, `The created record's path, \`${REST_BASE_PATH}${location.path.replace(/:(\w+)/g, '{$1}')}\`: the route that reads or changes it.`) } : {}),
        },
        content: route.download
          ? { [route.download.contentType]: { schema: { type: 'string', contentMediaType: route.download.contentType } } }
          : { 'application/json': { schema: body } },
      },
      400: ref('BadRequest'),
      401: ref('Unauthorized'),
      403: ref('Forbidden'),
      ...(route.path.includes(':') || writes ? { 404: ref('NotFound') } : {}),
      ...(writes ? { 409: ref('Conflict'), 413: ref('PayloadTooLarge'), 415: ref('UnsupportedMediaType') } : {}),
      ...(route.method === 'POST' ? { 422: ref('UnprocessableEntity') } : {}),
      ...(route.method === 'GET' ? { 422: ref('ResponseTooLarge') } : {}),
      429: ref('TooManyRequests'),
      500: ref('InternalServerError'),
      503: ref('ServiceUnavailable'),
    },
  };
}

/**
 * The REST surface as an OpenAPI 3.1 document, built from the same route map and GraphQL schema
 * the server runs: paths, parameters (exactly those the server accepts), bodies (with the
 * validators' limits), the exact response shapes and the error answers.
 */
export function buildOpenApi(schema: GraphQLSchema, areas: readonly RestArea[], operations: readonly Operation[]): JsonSchema {
  const reached = new Set<string>();
  const inputRules = new Map<string, (name: string) => boolean>();
  const paths: Record<string, Record<string, unknown>> = {};
  const webhooks = eventWebhooks(operations, reached);
  for (const operation of operations) {
    const path = `${REST_BASE_PATH}${operation.route.path.replace(/:(\w+)/g, '{$1}')}`;
    (paths[path] ??= {})[operation.route.method.toLowerCase()] = operationObject(operation, reached, inputRules);
  }
  const schemas = componentSchemas(schema, reached, inputRules);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Business Platform API',
      version: '1.0.0',
      summary: 'Leads, pipeline deals, companies and contacts, bookings, field inspections and invoices for small service businesses.',
      description: authenticationGuide,
      contact: { name: 'Business Platform API reference, served by every server at /docs' },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    // Relative: the document describes whichever server serves it (`/openapi.json` names its `PUBLIC_URL`).
    servers: [{ url: '/', description: 'The server this document came from, such as http://localhost:4000 for `npm run demo`.' }],
    security: [{ bearerAuth: [] }],
    tags: areas.map((area) => ({ name: area.tag, description: area.description })),
    paths,
    webhooks: webhooks.operations,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'API key (sk_live_... or pk_live_...)', description: authenticationGuide },
      },
      schemas: { Error: errorSchema, ...webhooks.schemas, ...Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))) },
      // Error answers carry the request id and the budget too.
      responses: Object.fromEntries(
        Object.entries(errorResponses).map(([name, response]) => [name, { ...response, headers: { ...('headers' in response ? response.headers : {}), ...commonHeaders } }]),
      ),
      parameters: headerParameters,
      headers,
    },
  };
}
