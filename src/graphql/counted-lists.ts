import { type FieldNode, type GraphQLResolveInfo, type GraphQLSchema, getNamedType, isObjectType, Kind, type SelectionSetNode } from 'graphql';

/**
 * Set on a list field's arguments when its selection includes `totalCount`: the list's count then
 * runs alongside its page (`keysetPage`), two round trips at once as a plain handler makes them,
 * rather than one after the other; a list whose count is not selected never counts.
 */
export const TOTAL_SELECTED = Symbol('totalCount selected');

/** Whether a selection set (its fragments included) selects `totalCount`. */
function selectsTotal(selectionSet: SelectionSetNode | undefined, info: GraphQLResolveInfo): boolean {
  return !!selectionSet?.selections.some((selection) => {
    if (selection.kind === Kind.FIELD) return selection.name.value === 'totalCount';
    if (selection.kind === Kind.INLINE_FRAGMENT) return selectsTotal(selection.selectionSet, info);
    return selectsTotal(info.fragments[selection.name.value]?.selectionSet, info);
  });
}

/**
 * Marks the arguments of every field answering a list's connection (`defineList`) with whether
 * its selection counts. Decided once per field of a document (a directive that skips `totalCount`
 * still counts it: an unused count, never a missing one).
 */
export function markCountedLists(schema: GraphQLSchema): void {
  const verdicts = new WeakMap<FieldNode, boolean>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve;
      if (!resolve || !getNamedType(field.type).extensions.keysetCursors) continue;
      field.resolve = (parent, args: Record<PropertyKey, unknown>, ctx, info) => {
        const node = info.fieldNodes[0]!;
        let selected = verdicts.get(node);
        if (selected === undefined) {
          selected = info.fieldNodes.some((fieldNode) => selectsTotal(fieldNode.selectionSet, info));
          verdicts.set(node, selected);
        }
        return resolve(parent, selected ? { ...args, [TOTAL_SELECTED]: true } : args, ctx, info);
      };
    }
  }
}
