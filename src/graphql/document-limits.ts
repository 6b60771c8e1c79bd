import { maxAliasesPlugin, maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin, maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import type { DocumentNode, ParseOptions, ValidationContext } from 'graphql';
import { GraphQLError, parse } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { LRUCache } from 'lru-cache';
import { AppError } from '../shared/errors.js';

/** Largest GraphQL document accepted (bytes of the query text). */
export const MAX_DOCUMENT_BYTES = 32 * 1024;
/** Most lexical tokens a GraphQL document may have (comments are not tokens; the byte limit bounds them). */
export const MAX_DOCUMENT_TOKENS = 2000;

/**
 * A parsed document keeps its tokens and locations, and its validation result: measured at about
 * 110 bytes of heap per byte of query text, counted at 200. (Its compiled form is held and
 * bounded apart: src/http/compiled-execution.ts.)
 */
export const HEAP_BYTES_PER_SOURCE_BYTE = 200;

/**
 * Yoga's parse and validation caches, bounded by the heap their entries hold rather than by a
 * count. (Validation results are cached by document, so they leave with it.)
 */
export function boundedDocumentCaches() {
  return {
    documentCache: new LRUCache<string, DocumentNode>({
      maxSize: 24 * 1024 * 1024,
      sizeCalculation: (_document, source) => Math.max(1, source.length * HEAP_BYTES_PER_SOURCE_BYTE),
    }),
    errorCache: new LRUCache<string, object>({
      maxSize: 2 * 1024 * 1024,
      sizeCalculation: (_error, source) => source.length + 1024,
    }),
    validationCache: true,
  };
}

/** Deepest selection and most aliases a document may have. */
export const MAX_DEPTH = 12;
export const MAX_ALIASES = 20;

/** graphql-armor refuses with a codeless "Syntax Error"; report it as QUERY_TOO_LARGE instead of throwing. */
const refuseAsTooLarge = {
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) =>
      context?.reportError(new GraphQLError(error.message.replace(/^Syntax Error: /, ''), { extensions: { code: 'QUERY_TOO_LARGE' } })),
  ],
};

const depthLimit = { n: MAX_DEPTH, flattenFragments: true, ...refuseAsTooLarge };
const aliasLimit = { n: MAX_ALIASES, ...refuseAsTooLarge };

/** Depth and alias limits, checked in validation: relations can be selected at any depth. */
export const documentShapeLimits = () => [maxDepthPlugin(depthLimit), maxAliasesPlugin(aliasLimit)];

/** The same limits as validation rules, for documents checked outside a request (trusted documents at registration). */
export const documentShapeRules = () => [maxDepthRule(depthLimit), maxAliasesRule(aliasLimit)];

/** The byte limit, refused before a document is parsed or cached. */
export function checkDocumentBytes(source: string): void {
  if (Buffer.byteLength(source) > MAX_DOCUMENT_BYTES) {
    throw new AppError('QUERY_TOO_LARGE', `GraphQL documents are limited to ${MAX_DOCUMENT_BYTES} bytes`);
  }
}

/** Parses within the token limit (graphql-js stops lexing at `maxTokens`); past it, QUERY_TOO_LARGE. */
export function parseWithinLimits(text: string, options?: ParseOptions): DocumentNode {
  try {
    return parse(text, { ...options, maxTokens: MAX_DOCUMENT_TOKENS });
  } catch (error) {
    // graphql-js words it "more that N tokens" (sic).
    if (error instanceof Error && /Document contains more th/.test(error.message)) {
      throw new AppError('QUERY_TOO_LARGE', `GraphQL documents are limited to ${MAX_DOCUMENT_TOKENS} tokens`);
    }
    throw error;
  }
}

/** Refuses oversized documents before they are parsed or cached: the byte limit before anything, the token limit inside the parser. */
export const useDocumentLimits = (): Plugin => ({
  onParse({ params, setParseFn }) {
    checkDocumentBytes(typeof params.source === 'string' ? params.source : params.source.body);
    setParseFn(parseWithinLimits);
  },
});
