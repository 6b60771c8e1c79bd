import type { PothosOutputFieldConfig, SchemaTypes } from '@pothos/core';
import SchemaBuilder, { BasePlugin, isThenable } from '@pothos/core';
import type { GraphQLFieldResolver } from 'graphql';

/**
 * Records a mutation's own result as readable with the write scope that ran it, whatever the
 * caller's read scopes. The type-level scope checks (src/graphql/read-access.ts) let exactly these
 * objects through. Keyed by object identity, one set per request, so a grant never reaches past
 * the object itself: its own relations are checked again.
 * (scope-auth's `$granted` does the same by response path, at a cost on every field of every row.)
 */
export class ReadGrantsPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types['Context'], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types['Context'], object> {
    if (fieldConfig.kind !== 'Mutation') return resolver;
    return (parent, args, context, info) => {
      const grant = (value: unknown) => {
        if (value && typeof value === 'object') (context as { readGrants: WeakSet<object> }).readGrants.add(value);
        return value;
      };
      const result = resolver(parent, args, context, info);
      return isThenable(result) ? result.then(grant) : grant(result);
    };
  }
}

declare global {
  export namespace PothosSchemaTypes {
    interface Plugins<Types extends SchemaTypes> {
      readGrants: ReadGrantsPlugin<Types>;
    }
  }
}

/** The plugin's name, for the builder's plugin list. */
export const readGrantsPlugin = 'readGrants' as const;

SchemaBuilder.registerPlugin(readGrantsPlugin, ReadGrantsPlugin);
