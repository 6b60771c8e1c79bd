import { type FieldNode, type GraphQLResolveInfo, type GraphQLSchema, getNamedType, isObjectType, Kind, type SelectionSetNode } from 'graphql';
import { AGGREGATE, AGGREGATE_OVER } from './aggregates.js';

/**
 * Set on a list field's arguments when its selection includes `totalCount`: the list's count then
 * runs alongside its page (`keysetPage`), two round trips at once as a plain handler makes them,
 * rather than one after the other; a list whose count is not selected never counts.
 */
export const TOTAL_SELECTED = Symbol('totalCount selected');

/** Whether a selection set (its fragments included) selects the field `name`. */
function selects(name: string, selectionSet: SelectionSetNode | undefined, info: GraphQLResolveInfo): boolean {
  return !!selectionSet?.selections.some((selection) => {
    if (selection.kind === Kind.FIELD) return selection.name.value === name;
    if (selection.kind === Kind.INLINE_FRAGMENT) return selects(name, selection.selectionSet, info);
    return selects(name, info.fragments[selection.name.value]?.selectionSet, info);
  });
}

/**
 * Marks the arguments of every field answering a list's connection (`defineList`) with whether
 * its selection counts, and, when it selects `aggregate`, gives them the totals to run (the
 * field's `aggregateOver`): its resolver starts them, after the field's access checks, beside its
 * page (`keysetPage`), or the connection's `aggregate` does (a nested list, read with its parent).
 * Decided once per field of a document (a directive that skips `totalCount` still counts it: an
 * unused count, never a missing one).
 */
export function markCountedLists(schema: GraphQLSchema): void {
  const verdicts = new WeakMap<FieldNode, { total: boolean; aggregate: boolean }>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve;
      const aggregateOver = field.extensions[AGGREGATE_OVER] as ((parent: unknown, args: unknown, ctx: unknown) => Promise<unknown>) | undefined;
      if (!resolve || !(getNamedType(field.type).extensions.keysetCursors || aggregateOver)) continue;
      field.resolve = (parent, args: Record<PropertyKey, unknown>, ctx, info) => {
        const node = info.fieldNodes[0]!;
        let selected = verdicts.get(node);
        if (selected === undefined) {
          const selecting = (name: string) => info.fieldNodes.some((fieldNode) => selects(name, fieldNode.selectionSet, info));
          selected = { total: selecting('totalCount'), aggregate: !!aggregateOver && selecting('aggregate') };
          verdicts.set(node, selected);
        }
        if (!selected.total && !selected.aggregate) return resolve(parent, args, ctx, info);
        const marked: Record<PropertyKey, unknown> = { ...args, [TOTAL_SELECTED]: selected.total };
        if (selected.aggregate) marked[AGGREGATE] = () => aggregateOver!(parent, args, ctx);
        return resolve(parent, marked, ctx, info);
      };
    }
  }
}
