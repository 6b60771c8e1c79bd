import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { allEventTypes, eventTypes } from '../src/events/event-types.js';
import { operations } from '../src/graphql/route-map.js';
import { root } from './support/server-process.js';
import { documentedOperations, openApi, responseProblems } from './support/openapi-validator.js';
import { useHarness } from './support/harness.js';

const run = promisify(execFile);
const { h, tenant } = useHarness();
const documentPath = join(root, 'schema/openapi.json');

/** A value the server accepts for a parameter schema, as a query-string text. */
function sample(schema: Record<string, any>): string {
  if (schema.$ref) return openApi.components.schemas[String(schema.$ref).split('/').pop() ?? ''].enum[0];
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date') return '2026-01-15';
  if (schema.examples) return schema.examples[0];
  if (schema.type === 'integer') return String(schema.default ?? schema.minimum ?? 1);
  if (schema.type === 'boolean') return 'true';
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'array') return sample(schema.items);
  return 'x';
}

const concretePath = (path: string) => path.replace(/\{\w+\}/g, () => randomUUID());

async function call(method: string, path: string, options: { key?: string; body?: string; contentType?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  if (options.body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  const url = `http://localhost${path}`;
  const response = await h.app.fetch(url, { method, headers, body: options.body });
  const text = await response.text();
  const body = text ? JSON.parse(text) : undefined;
  return { status: response.status, body, problems: responseProblems(method, url, response.status, response.headers, body) };
}

describe('schema/openapi.json, the published REST contract', () => {
  it('passes spectral (spectral:oas) and redocly (recommended) with no errors and no warnings', async () => {
    const spectral = await run(join(root, 'node_modules/.bin/spectral'), ['lint', documentPath, '--ruleset', join(root, '.spectral.yaml'), '--format', 'json', '--quiet'], { cwd: root }).catch(
      (error: { stdout: string }) => error,
    );
    expect(JSON.parse(spectral.stdout || '[]')).toEqual([]);
    const redocly = await run(join(root, 'node_modules/.bin/redocly'), ['lint', documentPath, '--format', 'json'], { cwd: root }).catch((error: { stdout: string }) => error);
    expect(JSON.parse(redocly.stdout).totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);

  it('publishes exactly the REST routes, each with a unique operationId, a summary, its tag and the scope it needs', () => {
    const published = documentedOperations.map((o) => `${o.method} ${o.path}`);
    const routed = operations.map(({ route }) => `${route.method} /api${route.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(published.sort()).toEqual(routed.sort());
    const ids = documentedOperations.map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { operation } of documentedOperations) {
      expect(operation.summary).toBeTruthy();
      expect(operation.tags).toHaveLength(1);
      expect(operation.description).toMatch(/Requires( a secret key| any secret key| a key of either kind|, depending on `\w+`: for `\w+`, a secret key)/);
      for (const scope of operation['x-required-scopes']) expect(operation.description).toContain(`\`${scope}\``);
    }
    expect(openApi.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(openApi.info.description).toContain('Authorization: Bearer');
  });

  it('publishes every event type as a webhook (OpenAPI 3.1 `webhooks`) whose data is its record\'s detail schema, with the Standard Webhooks headers', () => {
    expect(Object.keys(openApi.webhooks).sort()).toEqual([...allEventTypes, 'webhook.test'].sort());
    for (const type of allEventTypes) {
      const post = openApi.webhooks[type].post;
      const data = post.requestBody.content['application/json'].schema.properties.data;
      const record = eventTypes[type].record;
      expect(JSON.stringify(data), type).toContain(`#/components/schemas/${record}EventData`);
      expect(post.parameters.map((p: { name: string }) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    }
    expect(openApi.components.schemas.DealEventData.properties).toHaveProperty('stage');
  });

  /** An upload route: its body is a file, documented by its media types (src/http/uploads.ts). */
  const isUpload = (operation: { requestBody?: { content?: Record<string, unknown> } }) => Boolean(operation.requestBody?.content?.['text/csv']);

  it('refuses every undocumented query parameter and accepts every documented one, on every operation', async () => {
    const t = await tenant({ modules: ['inspections'] });
    for (const { method, path, operation } of documentedOperations) {
      const where = `${method} ${path}`;
      const undocumented = await call(method, `${concretePath(path)}?undocumented=1`, { key: t.secret, body: method === 'GET' ? undefined : '{}' });
      expect(undocumented.status, where).toBe(400);
      expect(undocumented.body.details, where).toContainEqual({ field: 'undocumented', message: 'is not a parameter of this route' });
      expect(undocumented.problems, where).toEqual([]);
      const query = (operation.parameters ?? []).filter((p: { in: string }) => p.in === 'query');
      if (!query.length) continue;
      const documented = new URLSearchParams(query.map((p: { name: string; schema: Record<string, any> }) => [p.name, sample(p.schema)]));
      const answer = await call(method, `${concretePath(path)}?${documented}`, { key: t.secret });
      if (isUpload(operation)) {
        // Sample values of an upload's options (a made-up file id, `mapping=x`) are refused for their values, each named.
        expect([answer.status, answer.body.details?.every((d: { field: string }) => documented.has(d.field.split('.')[0]!))], `${where}?${documented}`).toEqual([400, true]);
        continue;
      }
      // A made-up cursor is refused for its value (a 400 naming it), never for being unknown.
      const unknown = (answer.body.details ?? []).filter((d: { message: string }) => d.message === 'is not a parameter of this route');
      const refusedForValue = answer.status === 400 && answer.body.details?.every((d: { field: string }) => ['cursor', 'after'].includes(d.field));
      const randomIdNotFound = answer.status === 404 && path.includes('{');
      expect([answer.status === 200 || refusedForValue || randomIdNotFound, unknown], `${where}?${documented}`).toEqual([true, []]);
      expect(answer.problems, where).toEqual([]);
    }
  });

  it('answers every operation\'s errors with the documented statuses, headers and bodies', async () => {
    const t = await tenant({ modules: ['inspections'] });
    for (const { method, path, operation } of documentedOperations) {
      const where = `${method} ${path}`;
      const writes = method !== 'GET' && method !== 'DELETE';
      const body = writes ? '{}' : undefined;
      const anonymous = await call(method, concretePath(path), { body });
      expect([anonymous.status, anonymous.problems], where).toEqual([401, []]);
      // Only the public operations (the booking widget's) take a publishable key.
      const publishable = await call(method, concretePath(path), { key: t.publishable, body });
      const forPublishableKeys = /a key of either kind/.test(operation.description);
      expect([forPublishableKeys ? ![401, 403].includes(publishable.status) : publishable.status === 403, publishable.problems], where).toEqual([true, []]);
      if (path.includes('{')) {
        const missing = await call(method, concretePath(path), { key: t.secret, body: writes ? '{"name":"x","description":"x","type":"call"}' : undefined });
        expect([missing.status === 404 || missing.status === 400, missing.problems], where).toEqual([true, []]);
      }
      if (!writes) continue;
      if (isUpload(operation)) {
        // Its body is a file (CSV or JSON lines, test/imports.test.ts), not JSON; its size limit is the import's (test/imports-processes.test.ts).
        const json = await call(method, `${concretePath(path)}?object=leads`, { key: t.secret, body: '{"name":"x"}' });
        expect([json.status, json.problems], where).toEqual([415, []]);
        continue;
      }
      const text = await call(method, concretePath(path), { key: t.secret, body: 'name=x', contentType: 'text/plain' });
      expect([text.status, text.problems], where).toEqual([415, []]);
      const large = await call(method, concretePath(path), { key: t.secret, body: JSON.stringify({ name: 'x'.repeat(1_100_000) }) });
      expect([large.status, large.problems], where).toEqual([413, []]);
      const invalid = await call(method, concretePath(path), { key: t.secret, body: '{"unknownField": 1}' });
      expect([invalid.status, invalid.problems], where).toEqual([path.includes('{') && method === 'PATCH' ? invalid.status : 400, []]);
    }
  });

  it('has a validator that notices an undocumented key or a wrong type in a response', () => {
    const error = { error: 'Not Found' };
    const headers = new Headers({ 'x-request-id': randomUUID() });
    expect(responseProblems('GET', `http://localhost/api/v1/leads/${randomUUID()}`, 404, headers, error)).toEqual([]);
    expect(responseProblems('GET', `http://localhost/api/v1/leads/${randomUUID()}`, 404, new Headers(), error)).toEqual([
      'GET /api/v1/leads/{id} 404 lacks the documented header X-Request-Id',
    ]);
    expect(responseProblems('GET', `http://localhost/api/v1/leads/${randomUUID()}`, 404, headers, { ...error, stack: 'at x' })).not.toEqual([]);
    expect(responseProblems('GET', 'http://localhost/api/v1/leads', 200, headers, { data: [], nextCursor: null, hasMore: 'no' })).not.toEqual([]);
    expect(responseProblems('GET', 'http://localhost/api/v1/leads', 200, headers, { data: [], nextCursor: null, hasMore: false, total: 0 })).not.toEqual([]);
    expect(responseProblems('GET', 'http://localhost/api/v1/leads', 418, headers, {})).not.toEqual([]);
  });
});

describe('what the contract says about nulls, times and ranges', () => {
  const served = async () => (await h.app.fetch('http://localhost/openapi.json')).json() as Promise<Record<string, any>>;

  it('publishes nextCursor and optional resource fields as "string or null"', async () => {
    const document = await served();
    const list = document.paths['/api/v1/leads'].get.responses['200'].content['application/json'].schema;
    expect(list.properties.nextCursor.type).toEqual(['string', 'null']);
    expect(list.properties.data.items.properties.email.type).toEqual(['string', 'null']);
    expect(list.properties.data.items.properties.firstName.type).toBe('string');
  });

  it('states the time and range rules where a client reads them', async () => {
    const document = await served();
    const availability = document.paths['/api/bookings/resources/{id}/availability'].get.parameters;
    const to = availability.find((p: { name: string }) => p.name === 'to');
    expect(to.description).toMatch(/at most 31 days/);
    expect(to.description).toMatch(/offset from -18:00 to \+18:00/);
    const bookings = document.paths['/api/bookings'].get.parameters;
    expect(bookings.find((p: { name: string }) => p.name === 'limit').description).toMatch(/default 25/);
    expect(document.components.schemas.CreateLeadInput.properties.customFields.description).toMatch(/not defined is BAD_USER_INPUT/);
  });
});
