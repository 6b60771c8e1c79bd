/**
 * The bounds on what one operation may produce, which clients meet on both surfaces (enforced in
 * src/http/operation-guard.ts and src/http/answer-limits.ts, published in the schema's and the
 * OpenAPI document's descriptions).
 */

/** Rows of a list page when the client names no size, and the most it may ask for, on every list of both surfaces. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** Worst-case values one operation may produce (long text counted by its length, below). */
export const MAX_QUERY_COST = 150_000;
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

/**
 * Options of a list field without a size argument whose length has a ceiling the rules enforce
 * (an invoice's line items): the cost limit counts it at that ceiling rather than assuming a length.
 */
export const fixedList = (maxItems: number) => ({ extensions: { maxItems } });

/**
 * Options of a field whose rows depend on its arguments other than a page size (an availability
 * range's slots): the cost limit counts the list it is or holds at `rowsOf(arguments)`.
 */
export const rowsFromArguments = (rowsOf: (args: Record<string, unknown>) => number) => ({ extensions: { rowsOf } });

export const limitsGuide = `Every operation is bounded before it runs by its cost: the values its answer may hold, at most ${MAX_QUERY_COST.toLocaleString('en')}. Each selected field counts once per row it may be resolved on, so a list multiplies what is under it by the rows it may read, once per row of its parent: a connection its \`first\` or \`last\` (its default page size when neither is given), a short list that is part of a record (an invoice's line items) its ceiling, an availability range the most slots it can hold (288 a day), and other lists without a size 20. Long text (notes, descriptions) counts one more value per ${CHARACTERS_PER_COST_UNIT} characters it may hold, and introspection what it really produces (one \`__schema\` per operation). So a deals board of 25 pipelines of 20 stages with 20 deals each (10,000 deals, a dozen values each) runs, and \`first: 100\` costs ten times \`first: 10\`. Every GraphQL answer says its cost in \`extensions.cost\` as \`{requested, limit}\`; past the limit the operation is refused as QUERY_TOO_COSTLY (HTTP 400) with the same numbers in \`extensions.cost\` (also as \`estimate\` and \`budget\`). A query whose answer would exceed ${MAX_ANSWER_BYTES / 1024 / 1024} MiB of JSON is refused as RESPONSE_TOO_LARGE (HTTP 422 on both surfaces): ask for fewer items. A request that never runs (no query, a document that does not parse or validate) answers HTTP 400.`;
