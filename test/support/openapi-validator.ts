import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

type Json = Record<string, any>;

/** The published document, as integrators download it. */
export const openApi = JSON.parse(readFileSync(new URL('../../schema/openapi.json', import.meta.url), 'utf8')) as Json;

/** Every documented operation: method, path template and the operation object. */
export const documentedOperations = Object.entries(openApi.paths as Json).flatMap(([path, methods]) =>
  Object.entries(methods as Json).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation: operation as Json })),
);

/**
 * Stricter than the document on purpose: every object accepts only the properties it lists, so a
 * response carrying an undocumented key fails.
 */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === 'properties' ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, closed(v)])) : closed(value)]));
  if ('properties' in copy && !('additionalProperties' in copy)) copy.additionalProperties = false;
  if (typeof copy.$ref === 'string') copy.$ref = copy.$ref.replace(/^#/, 'openapi.json#');
  return copy;
}

const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
addFormats.default(ajv);
ajv.addKeyword('components'); // The document's components, addressed by `openapi.json#/components/...`.
ajv.addSchema({ $id: 'openapi.json', components: closed(openApi.components) });
const validators = new Map<string, ValidateFunction>();

/** Which documented operation a concrete request is: the path template whose pattern its path matches. */
function operationOf(method: string, pathname: string) {
  const canonical = pathname.replace(/\/+$/, '');
  return documentedOperations.find((o) => o.method === method && new RegExp(`^${o.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(canonical));
}

/**
 * Checks a real response against the document: its status must be documented for the operation,
 * its headers present, and its JSON body valid against that status's schema (closed, see above).
 * Returns the problems, none when it conforms.
 */
export function responseProblems(method: string, url: string, status: number, headers: Headers, body: unknown): string[] {
  const found = operationOf(method, new URL(url).pathname);
  if (!found) return [`${method} ${url} is not a documented operation`];
  let response = found.operation.responses[String(status)] as Json | undefined;
  if (!response) return [`${method} ${found.path} answered ${status}, which is not documented`];
  if (response.$ref) response = openApi.components.responses[String(response.$ref).split('/').pop() ?? ''] as Json;
  // Headers documented as required are on every such answer; the others appear when they apply.
  const header = (value: Json): Json => (value.$ref ? (openApi.components.headers[String(value.$ref).split('/').pop() ?? ''] as Json) : value);
  const problems = Object.entries((response.headers ?? {}) as Record<string, Json>)
    .filter(([name, value]) => header(value).required === true && !headers.has(name))
    .map(([name]) => name)
    .map((name) => `${method} ${found.path} ${status} lacks the documented header ${name}`);
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return problems;
  const key = `${found.method} ${found.path} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(closed(schema) as Json);
    validators.set(key, validate);
  }
  if (!validate(body)) problems.push(`${key}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 300)}`);
  return problems;
}
