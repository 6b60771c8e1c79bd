// Checks before measuring that the three targets answer the same thing.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Schema {
  /** JSON types seen at this position, 'null' included. */
  types: Set<string>;
  /** Object members; a member missing from some objects is marked optional. */
  members?: Map<string, { schema: Schema; optional: boolean }>;
  /** Array elements, merged. */
  items?: Schema;
}

function schemaOf(value: Json, into: Schema = { types: new Set() }): Schema {
  if (value === null) into.types.add('null');
  else if (Array.isArray(value)) {
    into.types.add('array');
    into.items ??= { types: new Set() };
    for (const item of value) schemaOf(item, into.items);
  } else if (typeof value === 'object') {
    const first = !into.types.has('object');
    into.types.add('object');
    into.members ??= new Map();
    for (const [key, member] of into.members) if (!(key in value)) member.optional = true;
    for (const [key, v] of Object.entries(value)) {
      const member = into.members.get(key) ?? { schema: { types: new Set<string>() }, optional: !first };
      into.members.set(key, member);
      schemaOf(v, member.schema);
    }
  } else into.types.add(typeof value);
  return into;
}

function render(schema: Schema): string {
  const types = [...schema.types].filter((t) => t !== 'null').sort();
  const parts = types.map((t) => {
    if (t === 'array') return `${schema.items ? render(schema.items) : 'unknown'}[]`;
    if (t === 'object') {
      const members = [...(schema.members ?? [])].sort(([a], [b]) => a.localeCompare(b));
      return `{${members.map(([k, m]) => `${k}${m.optional ? '?' : ''}: ${render(m.schema)}`).join(', ')}}`;
    }
    return t;
  });
  const text = parts.join(' | ') || 'null';
  return schema.types.has('null') && parts.length ? `${text} | null` : text;
}

/**
 * A structural signature of a JSON value: member names (in any order) with their types, array
 * elements merged, `| null` where a value is null somewhere. Bodies holding different rows of the
 * same type can still differ in which members were null or which keys free-form JSON had.
 */
export function shapeOf(value: Json): string {
  return render(schemaOf(value));
}

/** Member names of the top-level object and of the first element of its `data`, in order. */
export function memberOrder(value: Json): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return '';
  const first = Array.isArray(value.data) ? value.data[0] : undefined;
  const inner = first && typeof first === 'object' && !Array.isArray(first) ? ` / ${Object.keys(first).join(', ')}` : '';
  return `${Object.keys(value).join(', ')}${inner}`;
}

/** Keys of every object in the value, by path (array elements merged), for a readable diff. */
function keysByPath(value: Json, path = '$', into = new Map<string, Set<string>>()): Map<string, Set<string>> {
  if (Array.isArray(value)) for (const item of value) keysByPath(item, `${path}[]`, into);
  else if (value !== null && typeof value === 'object') {
    const keys = into.get(path) ?? new Set<string>();
    into.set(path, keys);
    for (const [k, v] of Object.entries(value)) {
      keys.add(k);
      keysByPath(v, `${path}.${k}`, into);
    }
  }
  return into;
}

/** Human-readable key differences between two bodies ('' when the key sets agree). */
export function keyDifferences(expected: Json, actual: Json): string {
  const a = keysByPath(expected);
  const b = keysByPath(actual);
  const lines: string[] = [];
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    const missing = [...(a.get(path) ?? [])].filter((k) => !b.get(path)?.has(k));
    const extra = [...(b.get(path) ?? [])].filter((k) => !a.get(path)?.has(k));
    if (missing.length) lines.push(`${path}: missing ${missing.join(', ')}`);
    if (extra.length) lines.push(`${path}: extra ${extra.join(', ')}`);
  }
  return lines.join('\n');
}

/** Path of the first value that differs between two JSON values, or null when they are equal. */
export function firstDifference(a: Json, b: Json, path = '$'): string | null {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${path}: ${a.length} vs ${b.length} items`;
    for (const [i, item] of a.entries()) {
      const diff = firstDifference(item, b[i] ?? null, `${path}[${i}]`);
      if (diff) return diff;
    }
    return null;
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const diff = firstDifference(a[key] ?? null, b[key] ?? null, `${path}.${key}`);
      if (diff) return diff;
    }
    return null;
  }
  return a === b ? null : `${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
}

export interface Fetched {
  status: number;
  text: string;
  json: Json;
}

export async function fetchJson(url: string, init: RequestInit): Promise<Fetched> {
  const response = await fetch(url, init);
  const text = await response.text();
  let json: Json;
  try {
    json = JSON.parse(text) as Json;
  } catch {
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status} with a body that is not JSON: ${text.slice(0, 300)}`);
  }
  return { status: response.status, text, json };
}

export type { Json };
