/**
 * The bounds on what one operation may produce, which clients meet on both surfaces (enforced in
 * src/http/operation-guard.ts and src/http/answer-limits.ts, published in the schema's and the
 * OpenAPI document's descriptions).
 */

/** Worst-case values one operation may produce (long text counted by its length, below). */
export const MAX_QUERY_COST = 50_000;
/** A long text field counts one more unit per this many characters it may hold. */
export const CHARACTERS_PER_COST_UNIT = 100;
/** JSON values (custom fields, attribution) are weighed as text of this many characters. */
export const ASSUMED_JSON_CHARACTERS = 10_000;
/** Largest answer (bytes of JSON) a query may give. */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * Options of an output field whose text can be long (notes, descriptions): the cost limit weighs
 * each value by the length its input accepts, so a query cannot ask for many of them at once.
 */
export const longText = (maxCharacters: number) => ({ extensions: { maxCharacters } });

export const limitsGuide = `Every operation is bounded before it runs: its worst case may produce at most ${MAX_QUERY_COST.toLocaleString('en')} values, where a list counts as many items as its \`limit\`, \`first\` or \`last\` allows, long text (notes, descriptions) one more value per ${CHARACTERS_PER_COST_UNIT} characters it may hold, and introspection what it really produces (one \`__schema\` per operation); past it the operation is refused as QUERY_TOO_COSTLY (HTTP 400) with \`extensions.cost\`. A query whose answer would exceed ${MAX_ANSWER_BYTES / 1024 / 1024} MiB of JSON is refused as RESPONSE_TOO_LARGE (HTTP 422 on both surfaces): ask for fewer items. A request that never runs (no query, a document that does not parse or validate) answers HTTP 400.`;
