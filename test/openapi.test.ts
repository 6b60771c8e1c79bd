import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { restRoutes } from '../src/http/routes.js';

type Operation = {
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: { 'application/json': { schema: Record<string, unknown> } } };
  responses: Record<string, { content?: { 'application/json': { schema: { properties?: Record<string, unknown> } } } }>;
  security?: unknown[];
};

const document = JSON.parse(readFileSync(new URL('../schema/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

describe('schema/openapi.json', () => {
  it('publishes exactly the REST routes, with their statuses, envelopes, errors and bearer auth', () => {
    const published = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    const routed = Object.values(restRoutes).map((r) => `${r.method} /api${r.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(published.sort()).toEqual(routed.sort());
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const route of Object.values(restRoutes)) {
      const operation = document.paths[`/api${route.path.replace(/:(\w+)/g, '{$1}')}`]?.[route.method.toLowerCase()];
      expect(operation?.security).toEqual([{ bearerAuth: [] }]);
      const success = operation?.responses[String(route.status ?? 200)];
      expect(success, `${route.method} ${route.path}`).toBeDefined();
      const properties = success?.content?.['application/json'].schema.properties ?? {};
      if (route.envelope) expect(Object.keys(properties)).toEqual(['data']);
      for (const status of ['400', '401', '403']) expect(operation?.responses[status]).toBeDefined();
      expect(operation?.parameters?.some((p) => p.name === 'input')).toBe(false);
    }
  });

  it('documents the spec shapes: the deal list carries summaries, the detail more', () => {
    const list = document.paths['/api/v1/pipeline/deals']?.get?.responses['200']?.content?.['application/json'].schema.properties as Record<string, { items?: { properties: Record<string, { properties?: Record<string, unknown> }> } }>;
    const item = list.data?.items?.properties ?? {};
    expect(Object.keys(item.company?.properties ?? {}).sort()).toEqual(['id', 'name']);
    const limit = document.paths['/api/v1/pipeline/deals']?.get?.parameters?.find((p) => p.name === 'limit');
    expect(limit).toMatchObject({ in: 'query', required: false });
    const created = document.paths['/api/v1/pipeline/deals']?.post;
    expect(created?.requestBody?.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CreateDealInput', description: 'The deal to create.' });
  });
});
