import type { DocumentNode, FieldNode, FragmentDefinitionNode, GraphQLObjectType, GraphQLSchema, SelectionNode, SelectionSetNode } from 'graphql';
import { Kind, getNamedType, getOperationAST, getVariableValues, isAbstractType, isObjectType, locatedError, valueFromASTUntyped } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Context } from '../graphql/context.js';
import { argumentProblems } from '../graphql/input-problems.js';
import { PAYLOAD_RESULT, asTopLevel, selectsUserErrors, userErrorsOf, type UserErrorValue } from '../graphql/user-errors-plugin.js';
import { badInput, type FieldProblem } from '../shared/errors.js';

type Values = Record<string, unknown>;

/** What a selection runs in: the document's fragments and the raw variables (which is all there is when they do not coerce). */
interface Scope {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Values;
}

/** Whether `@skip` and `@include` keep a selection, their `if` read from the raw variables. */
function kept(node: SelectionNode, scope: Scope): boolean {
  const flag = (directive: string) => {
    const condition = node.directives?.find((d) => d.name.value === directive)?.arguments?.find((a) => a.name.value === 'if');
    return condition ? valueFromASTUntyped(condition.value, scope.variables) : undefined;
  };
  return flag('skip') !== true && flag('include') !== false;
}

/** The fields a selection asks of an object type, by response key (aliases), through its fragments, as the executor groups them. */
function fieldsOf(selectionSets: readonly SelectionSetNode[], type: GraphQLObjectType, scope: Scope, into = new Map<string, FieldNode[]>()) {
  const applies = (condition?: { name: { value: string } }) => {
    const named = condition && scope.schema.getType(condition.name.value);
    return !condition || named === type || (!!named && isAbstractType(named) && scope.schema.isSubType(named, type));
  };
  for (const selection of selectionSets.flatMap((set) => set.selections)) {
    if (!kept(selection, scope)) continue;
    if (selection.kind === Kind.FIELD) {
      const key = selection.alias?.value ?? selection.name.value;
      into.set(key, [...(into.get(key) ?? []), selection]);
    } else {
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : scope.fragments[selection.name.value];
      if (fragment && applies(fragment.typeCondition)) fieldsOf([fragment.selectionSet], type, scope, into);
    }
  }
  return into;
}

/** Plain values (a payload and its user errors) answered as a selection asks for them: its aliases, fragments and `__typename`. */
function selected(type: GraphQLObjectType, nodes: readonly FieldNode[], value: Values, scope: Scope): Values {
  const answer: Values = {};
  for (const [key, fieldNodes] of fieldsOf(nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : [])), type, scope)) {
    const name = fieldNodes[0]!.name.value;
    if (name === '__typename') {
      answer[key] = type.name;
      continue;
    }
    const fieldType = getNamedType(type.getFields()[name]!.type);
    const of = (item: unknown) => (item != null && isObjectType(fieldType) ? selected(fieldType, fieldNodes, item as Values, scope) : (item ?? null));
    const fieldValue = value[name];
    answer[key] = Array.isArray(fieldValue) ? fieldValue.map(of) : of(fieldValue);
  }
  return answer;
}

/** The raw values of a root field's arguments: its literals with the raw variables in them (a variable not sent takes its declared default). */
function rawArguments(node: FieldNode, scope: Scope): Values {
  return Object.fromEntries((node.arguments ?? []).map((argument) => [argument.name.value, valueFromASTUntyped(argument.value, scope.variables)]));
}

const NOT_RUN: UserErrorValue = { field: null, message: 'Not run: another mutation of this operation has invalid arguments, and nothing was written.', code: 'INVALID' };

/** A root mutation field of the operation, and what is wrong with its arguments. */
interface RootField {
  key: string;
  nodes: FieldNode[];
  payload: GraphQLObjectType;
  /** Named from its arguments (`input.email`). */
  problems: FieldProblem[];
  /** The same, as its payload lists them. */
  userErrors: UserErrorValue[];
}

/**
 * Every problem of a mutation's arguments in one answer, when its variables do not coerce.
 * graphql-js would refuse the operation with its first bad value alone, before any validation
 * rule or input check runs; instead this finds every problem of each root field's arguments from
 * the raw variables and literals, with the function REST's bodies use
 * (src/graphql/input-problems.ts): formats, enum values, unknown and missing fields, blanks,
 * lengths, and the input checks (references) on the fields that hold. Nothing runs. When every
 * root field selects `userErrors`, `data` holds each field's payload as selected: its result null
 * and its own problems (paths from its arguments: `["input", "email"]`); a field whose own
 * arguments hold says it did not run. Otherwise `data` is null and each root field with problems
 * has one BAD_USER_INPUT error (`path` its response key) whose `details` list them with the same
 * paths and codes. Variables that fail only outside the root fields' arguments (a directive, a
 * nested field's argument) keep graphql-js' refusal, and so do queries.
 */
export const useArgumentProblems = (): Plugin<Context> => ({
  async onExecute({ args, setResultAndStopExecution }) {
    const schema = args.schema as GraphQLSchema;
    const operation = getOperationAST(args.document, args.operationName);
    const mutation = schema.getMutationType();
    if (operation?.operation !== 'mutation' || !mutation) return;
    const sent = (args.variableValues ?? {}) as Values;
    if (!('errors' in getVariableValues(schema, operation.variableDefinitions ?? [], sent))) return;
    const variables = { ...sent };
    for (const definition of operation.variableDefinitions ?? []) {
      if (variables[definition.variable.name.value] === undefined && definition.defaultValue) variables[definition.variable.name.value] = valueFromASTUntyped(definition.defaultValue);
    }
    const scope: Scope = { schema, fragments: fragmentsOf(args.document), variables };
    const roots: RootField[] = [];
    for (const [key, nodes] of fieldsOf([operation.selectionSet], mutation, scope)) {
      const field = mutation.getFields()[nodes[0]!.name.value];
      if (!field) continue; // `__typename`
      const payload = getNamedType(field.type);
      if (!isObjectType(payload) || !payload.extensions[PAYLOAD_RESULT]) return;
      const problems = await argumentProblems(field, args.contextValue as unknown as Context, rawArguments(nodes[0]!, scope));
      roots.push({ key, nodes, payload, problems, userErrors: problems.length ? userErrorsOf(badInput(problems), field.args.map((a) => a.name))! : [] });
    }
    if (!roots.some((root) => root.userErrors.length)) return; // graphql-js names what is wrong
    if (roots.every((root) => selectsUserErrors(root.nodes, scope.fragments))) {
      const data = Object.fromEntries(
        [...fieldsOf([operation.selectionSet], mutation, scope)].map(([key, nodes]) => {
          const root = roots.find((r) => r.key === key);
          if (!root) return [key, mutation.name];
          const value = { [root.payload.extensions[PAYLOAD_RESULT] as string]: null, userErrors: root.userErrors.length ? root.userErrors : [NOT_RUN] };
          return [key, selected(root.payload, nodes, value, scope)];
        }),
      );
      return setResultAndStopExecution({ data });
    }
    const errors = roots
      .filter((root) => root.userErrors.length)
      .map((root) => locatedError(asTopLevel(badInput(root.problems), root.userErrors), root.nodes, [root.key]));
    return setResultAndStopExecution({ data: null, errors });
  },
});

const fragmentsOf = (document: DocumentNode): Record<string, FragmentDefinitionNode> =>
  Object.fromEntries(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d]] : [])));
