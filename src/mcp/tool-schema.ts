import { z } from 'zod';
import type { JsonSchema } from '../http/json-schema.js';
import { boundedText } from '../shared/validation.js';

// A tool list is read into an agent's context whole, before its first call: the widest key's list
// must stay under 64 KiB (test/mcp-tool-list-size.test.ts). So a tool carries what a call needs
// (its arguments' types, enums, formats, required ones, the limits that bind, and what a name does
// not say), and leaves the rest to what is read once: the server's instructions, the guide
// resource and the OpenAPI document (which keeps every schema in full).

/** The patterns every text argument carries (no control characters, ...): a value breaking one is refused naming its field. */
const TEXT_PATTERNS = new Set((['line', 'multiline'] as const).map((kind) => (z.toJSONSchema(boundedText(1, kind)) as JsonSchema).pattern));

/** Text limits this long never bind what an agent writes (a name, a note); shorter ones (a phone, a postal code) do. */
const LONG_TEXT = 200;

/** Arguments many tools take alike, which the server's instructions explain once: their schemas keep only their type and range. */
export const EXPLAINED_ONCE = new Set(['limit', 'cursor', 'idempotencyKey', 'customFields']);
const RANGE = new Set(['type', 'minimum', 'maximum', 'default']);

/** A word without its plural's `s`, so `leads` and `lead` compare equal. */
const stem = (word: string) => word.replace(/s$/, '');

const wordsOf = (text: string) => (text.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().match(/[a-z]+/g) ?? []).map(stem);

/** Words that name nothing a property or tool name does not: "Id of the lead", "Only leads with this status", "Street address". */
const FILLER = new Set(
  ['a', 'address', 'an', 'and', 'at', 'by', 'for', 'id', 'in', 'internal', 'is', 'it', 'its', 'main', 'new', 'number', 'of', 'one', 'only', 'or', 'street', 'tenant', 'the', 'this', 'to', 'with'].map(stem),
);

/** Whether a description says no more than the names around it ("Deal name." of `name` in `createDeal`). */
const restates = (description: string, names: string[]) => {
  const named = new Set(names.flatMap(wordsOf));
  return wordsOf(description).every((word) => named.has(word) || FILLER.has(word));
};

/** A description's first sentence: the rest (exceptions, examples, history) is in the guide and the OpenAPI document. */
export const firstSentence = (text: string) => text.split(/(?<=\.)\s+(?=[A-Z`(])/)[0] ?? text;

/** Past this, a clause keeps only what comes before its first colon. */
const LONG_CLAUSE = 120;

/**
 * What a description says that the schema and the names do not, in one clause: its first sentence
 * without parentheses, up to a semicolon (what follows is an exception or a default), up to a colon
 * when still long, without examples and what the schema says (a length limit, a date's format).
 */
export function firstClause(description: string): string {
  const sentence = firstSentence(description).replace(/\s\([^()]*\)/g, '');
  // A colon before the first semicolon opens a list, whose items the semicolons separate.
  const listed = /^[^;]*:\s/.test(sentence) && sentence.includes('; ');
  const clause = (listed ? sentence.split(/:\s/)[0]! : sentence.split(/;\s/)[0]!)
    .replace(/,?\s*at most [\d,]+ characters|,\s*YYYY-MM-DD|,\s*(e\.g\.|such as)\s.*$/g, '')
    .replace(/[\s.,:;]+$/, '');
  return `${clause.length > LONG_CLAUSE ? clause.split(/:\s/)[0] : clause}.`;
}

interface Compaction {
  defs: Record<string, JsonSchema>;
  tool: string;
  /** A creation's optional arguments: null and leaving one out are the same there, so the schema offers no null (the server still takes it). */
  nullMeansAbsent: boolean;
}

/** Keywords a tool's list entry leaves out. Unknown arguments are still refused by name; the instructions say so. */
function leftOut(key: string, value: unknown): boolean {
  if (key === 'examples' || key === '$defs') return true;
  // `true` is the default; `false` goes without saying (an unknown argument is refused by name).
  if (key === 'additionalProperties') return typeof value === 'boolean';
  if (key === 'pattern') return TEXT_PATTERNS.has(value);
  if (key === 'format') return value === 'int32';
  if (key === 'maxLength') return Number(value) >= LONG_TEXT;
  if (key === 'required') return Array.isArray(value) && !value.length;
  return false;
}

/** A named type in place of its reference (each tool has few, most used once), without the type's own description. */
function resolved(node: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  const { $ref, allOf, ...rest } = node;
  if (typeof $ref === 'string') {
    const { description: _description, ...named } = defs[$ref.replace('#/$defs/', '')] ?? {};
    return resolved({ ...named, ...rest }, defs);
  }
  // A reference with constraints of its own is written `allOf: [ref]` beside them.
  if (Array.isArray(allOf) && allOf.length === 1) return resolved({ ...(allOf[0] as JsonSchema), ...rest }, defs);
  return node;
}

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

function compact(node: unknown, context: Compaction, property?: string): unknown {
  if (Array.isArray(node)) return node.map((child) => compact(child, context));
  if (!isSchema(node)) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(resolved(node, context.defs))) {
    if (leftOut(key, value)) continue;
    if (key === 'description') {
      const text = property && EXPLAINED_ONCE.has(property) ? '' : firstClause(String(value));
      if (text && !(property && restates(text, [property, context.tool]))) out.description = text;
    } else if (property && EXPLAINED_ONCE.has(property) && !RANGE.has(key)) {
      continue;
    } else if (key === 'properties' && isSchema(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, compact(child, context, name)]));
    } else {
      out[key] = compact(value, context);
    }
  }
  const [value, alternative] = (out.anyOf as JsonSchema[] | undefined) ?? [];
  if (context.nullMeansAbsent && value && alternative?.type === 'null' && (out.anyOf as unknown[]).length === 2) {
    const { anyOf: _anyOf, ...annotations } = out;
    return { ...value, ...annotations };
  }
  return out;
}

/** A tool's input schema as its list entry carries it (see the top of this file). */
export function compactInputSchema(schema: JsonSchema, tool: string, nullMeansAbsent: boolean): JsonSchema {
  return compact(schema, { defs: (schema.$defs as Record<string, JsonSchema> | undefined) ?? {}, tool, nullMeansAbsent }) as JsonSchema;
}
