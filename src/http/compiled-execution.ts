import { makeExecute } from '@envelop/core';
import type { DocumentNode, ExecutionArgs, GraphQLSchema, SelectionSetNode } from 'graphql';
import { Kind } from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import type { Plugin } from 'graphql-yoga';
import { LRUCache } from 'lru-cache';
import type { Principal } from '../auth/api-keys.js';
import type { Context } from '../graphql/context.js';
import { HEAP_BYTES_PER_SOURCE_BYTE } from '../graphql/document-limits.js';

/** A document sent over /graphql is compiled once it has run this many times: a one-off is not worth the cost of compiling it. */
export const JIT_AFTER_EXECUTIONS = 5;
/** Heap the compiled forms of client documents may hold, measured (below); the least recently used leave first. */
export const JIT_CACHE_BYTES = 16 * 1024 * 1024;
/**
 * A compiled query's heap, per character of the JavaScript graphql-jit generated for it (the
 * function's source is kept by V8, its closures hold the compilation context): measured at 0.6 to
 * 2.6 on this schema, so counted at 3.
 */
const HEAP_BYTES_PER_GENERATED_CHARACTER = 3;

/** The schema a document is compiled against for a caller (`compilationSchemaFor` in src/graphql/schema.ts). */
type SchemaFor = (document: DocumentNode, principal: Principal | null) => GraphQLSchema;

interface Compiled {
  operationName: string | undefined;
  query: CompiledQuery['query'];
  bytes: number;
}

/** Whether a selection reaches the schema's introspection (`__typename` is a plain field). */
const selectsIntrospection = (selectionSet: SelectionSetNode | undefined): boolean =>
  !!selectionSet?.selections.some((s) =>
    s.kind === Kind.FIELD ? (s.name.value.startsWith('__') && s.name.value !== '__typename') || selectsIntrospection(s.selectionSet) : selectsIntrospection(s.kind === Kind.INLINE_FRAGMENT ? s.selectionSet : undefined),
  );

const verdicts = new WeakMap<DocumentNode, boolean>();

/**
 * Reads (the hot path) run on graphql-jit. Mutations stay on graphql-js, whose reports of bad
 * input objects name the exact field (graphql-jit's do not), and so do operations declaring a
 * non-null variable with a default (`$limit: Int! = 25`), which graphql-jit wrongly rejects, and
 * introspection, which is rare and whose compiled form is megabytes.
 */
function canCompile(document: DocumentNode): boolean {
  let verdict = verdicts.get(document);
  if (verdict === undefined) {
    verdict = document.definitions.every((d) =>
      d.kind === Kind.OPERATION_DEFINITION
        ? d.operation === 'query' && !d.variableDefinitions?.some((v) => v.type.kind === Kind.NON_NULL_TYPE && v.defaultValue) && !selectsIntrospection(d.selectionSet)
        : d.kind !== Kind.FRAGMENT_DEFINITION || !selectsIntrospection(d.selectionSet),
    );
    verdicts.set(document, verdict);
  }
  return verdict;
}

function compile(args: ExecutionArgs, schema: GraphQLSchema): Compiled | null {
  const operationName = args.operationName ?? undefined;
  // `debug` keeps the generated source on the result, which is how its size is measured (and then dropped).
  const result = compileQuery(schema, args.document, operationName, { debug: true } as never);
  if (!isCompiledQuery(result)) return null;
  const generated = result as CompiledQuery & { __DO_NOT_USE_THIS_OR_YOU_WILL_BE_FIRED_compilation?: string };
  const generatedLength = generated.__DO_NOT_USE_THIS_OR_YOU_WILL_BE_FIRED_compilation?.length ?? 0;
  delete generated.__DO_NOT_USE_THIS_OR_YOU_WILL_BE_FIRED_compilation;
  const sourceLength = args.document.loc?.source.body.length ?? 0;
  return {
    operationName,
    query: result.query,
    bytes: generatedLength * HEAP_BYTES_PER_GENERATED_CHARACTER + sourceLength * HEAP_BYTES_PER_SOURCE_BYTE,
  };
}

/** The REST routes' documents: a fixed set, compiled at their first run and kept. */
const fixedDocuments = new WeakSet<DocumentNode>();

/** Marks a document the server itself runs on every request of a route, so it is always compiled. */
export const compileAlways = (document: DocumentNode) => fixedDocuments.add(document);

/**
 * graphql-jit compiles an operation into a function: most of the execution CPU saved, at the cost
 * of compiling it (milliseconds) and of keeping the function (kilobytes to megabytes). So only
 * what is worth it is compiled: the REST routes' documents always, a client's document once it has
 * run `JIT_AFTER_EXECUTIONS` times, and the compiled client documents are held in an LRU bounded
 * by their measured heap: distinct documents, with or without a key, cannot fill memory this way.
 * Each is compiled against the schema `schemaFor` gives for it and its caller, and kept per schema
 * (there are two: src/graphql/read-guards.ts), the heap bound shared between them.
 */
export function useCompiledExecution(schemaFor: SchemaFor): Plugin {
  const bySchema = new Map<GraphQLSchema, { pinned: WeakMap<DocumentNode, Compiled>; cached: LRUCache<DocumentNode, Compiled> }>();
  const compilationsFor = (schema: GraphQLSchema) => {
    let compilations = bySchema.get(schema);
    if (!compilations) {
      compilations = { pinned: new WeakMap(), cached: new LRUCache({ maxSize: JIT_CACHE_BYTES / 2, sizeCalculation: (c) => Math.max(1, c.bytes) }) };
      bySchema.set(schema, compilations);
    }
    return compilations;
  };
  const runs = new WeakMap<DocumentNode, number>();
  const failed = new WeakSet<DocumentNode>();

  function compiledFor(args: ExecutionArgs): Compiled | undefined {
    const { document } = args;
    const schema = schemaFor(document, (args.contextValue as Partial<Context> | undefined)?.principal ?? null);
    const { pinned, cached } = compilationsFor(schema);
    const fixed = fixedDocuments.has(document);
    const known = fixed ? pinned.get(document) : cached.get(document);
    if (known || failed.has(document) || !canCompile(document)) return known;
    if (!fixed) {
      const count = (runs.get(document) ?? 0) + 1;
      runs.set(document, count);
      if (count < JIT_AFTER_EXECUTIONS) return undefined;
    }
    const compiled = compile(args, schema);
    if (!compiled) {
      failed.add(document); // graphql-js reports what is wrong with it
      return undefined;
    }
    if (fixed) pinned.set(document, compiled);
    else cached.set(document, compiled);
    return compiled;
  }

  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      const compiled = compiledFor(args);
      if (!compiled || compiled.operationName !== (args.operationName ?? undefined)) return;
      setExecuteFn(
        makeExecute(async (a) => {
          const result = await compiled.query(a.rootValue, a.contextValue, a.variableValues);
          // Refused variables (no `data`: nothing ran) are named by graphql-jit by their innermost
          // field only (`$from`); graphql-js refuses them as cheaply and names their path (`filter.issuedDate.from`).
          return 'data' in result ? result : executeFn(a);
        }),
      );
    },
  };
}
