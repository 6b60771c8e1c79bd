import type { DocumentNode, ExecutionArgs, FieldNode, SelectionSetNode } from 'graphql';
import { GraphQLError, GraphQLIncludeDirective, GraphQLSkipDirective, Kind, getDirectiveValues, getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { rootFieldRefusal } from '../graphql/access.js';
import type { Context } from '../graphql/context.js';
import { literalInputError } from './input-errors.js';

function included(node: FieldNode | { directives?: FieldNode['directives'] }, variables: Record<string, unknown>): boolean {
  if (!node.directives?.length) return true; // The usual case, on every request: nothing to evaluate.
  try {
    return getDirectiveValues(GraphQLSkipDirective, node, variables)?.if !== true && getDirectiveValues(GraphQLIncludeDirective, node, variables)?.if !== false;
  } catch {
    return true; // A bad `if` variable is reported by execution; until then the field counts.
  }
}

/** The root fields an operation selects, through fragments, honouring `@skip`/`@include`. */
export function rootFields(args: ExecutionArgs, selectionSet: SelectionSetNode, seen = new Set<string>()): FieldNode[] {
  const variables = (args.variableValues ?? {}) as Record<string, unknown>;
  return selectionSet.selections.flatMap((selection): FieldNode[] => {
    if (!included(selection, variables)) return [];
    if (selection.kind === Kind.FIELD) return [selection];
    if (selection.kind === Kind.INLINE_FRAGMENT) return rootFields(args, selection.selectionSet, seen);
    const name = selection.name.value;
    const fragment = args.document.definitions.find((d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === name);
    if (seen.has(name) || fragment?.kind !== Kind.FRAGMENT_DEFINITION) return [];
    seen.add(name);
    return rootFields(args, fragment.selectionSet, seen);
  });
}

/**
 * Errors for an operation none of whose root fields the caller may use: no key, or a key without
 * the scopes. Null when at least one root field is allowed (the others are then refused field by
 * field, with partial data, by scope-auth).
 */
export function operationRefusal(args: ExecutionArgs): GraphQLError[] | null {
  const operation = getOperationAST(args.document, args.operationName);
  const rootType = operation && args.schema.getRootType(operation.operation);
  if (!operation || !rootType) return null;
  const fields = rootFields(args, operation.selectionSet).filter((f) => !f.name.value.startsWith('__'));
  const refusals: GraphQLError[] = [];
  for (const node of fields) {
    const field = rootType.getFields()[node.name.value];
    const refusal = field && rootFieldRefusal(field, args.contextValue as Context);
    if (!refusal) return null;
    refusals.push(new GraphQLError(refusal.message, { path: [node.alias?.value ?? node.name.value], extensions: refusal.extensions }));
  }
  return refusals.length ? refusals : null;
}

/**
 * Authentication, then authorization, then validation: an operation whose root fields the caller
 * may not use is refused before its variables are coerced or any argument is checked, so a caller
 * without access learns nothing about the input it sent. (REST applies the same check per route.)
 * Bad literal arguments are found while the document is validated, before the key is known: they
 * are held back (as BAD_USER_INPUT) and reported only to a caller the gate lets through.
 */
export const useAccessGate = (): Plugin => {
  const heldInputErrors = new WeakMap<DocumentNode, GraphQLError[]>();
  const refused = (args: ExecutionArgs) => operationRefusal(args) ?? heldInputErrors.get(args.document);
  return {
    onValidate: ({ params }) => ({ result, setResult }) => {
      if (!result.length) return;
      const mapped = result.map((error) => literalInputError(error, params.documentAST, params.schema));
      if (!mapped.every((error) => error.extensions.code === 'BAD_USER_INPUT')) return setResult(mapped);
      heldInputErrors.set(params.documentAST, mapped);
      setResult([]);
    },
    // A caller without a valid credential (none, or one unknown, revoked, expired, of a deactivated
    // user, an ended session) is answered HTTP 401, as REST and /mcp answer it, with the body
    // GraphQL clients read (`data: null`, the reason in `errors`); the request boundary adds `WWW-Authenticate`.
    onExecute({ args, setResultAndStopExecution }) {
      const errors = refused(args);
      if (!errors) return;
      const unauthenticated = !(args.contextValue as unknown as Context).principal && errors.every((error) => error.extensions.code === 'UNAUTHENTICATED');
      setResultAndStopExecution({ data: null, errors, ...(unauthenticated ? { extensions: { http: { status: 401 } } } : {}) });
    },
    // A refused subscription never opens its stream: without `data`, it is answered with its error's HTTP status (src/http/error-mapping.ts).
    onSubscribe({ args, setResultAndStopExecution }) {
      const errors = refused(args);
      if (errors) setResultAndStopExecution({ errors });
    },
  };
};
