import type { PothosOutputFieldConfig, SchemaTypes } from '@pothos/core';
import SchemaBuilder, { BasePlugin, isThenable } from '@pothos/core';
import type { GraphQLFieldResolver } from 'graphql';

/**
 * What one request may read whatever its scopes, keyed by object identity so a grant never
 * reaches past the object itself: its own relations are checked again.
 * - A mutation's own result, whole, with the write scope that ran it.
 * - The part of a record that an embedding relation returns (an invoice's company: its name and
 *   address) to a caller without the record's own read scope: that part alone
 *   (src/graphql/embedded-parts.ts).
 */
export class ReadGrants {
  readonly #records = new WeakSet<object>();
  readonly #parts = new WeakMap<object, Set<string>>();

  grantRecord(record: object): void {
    this.#records.add(record);
  }

  /** Limits what this request reads of `record` to `fields` (and whatever another embedding relation granted of it). */
  grantPart(record: object, fields: readonly string[]): void {
    const granted = this.#parts.get(record) ?? new Set<string>();
    for (const field of fields) granted.add(field);
    this.#parts.set(record, granted);
  }

  /** Whether the whole record was granted. */
  readsRecord(record: object): boolean {
    return this.#records.has(record);
  }

  /** The fields of a record this request reads only in part; undefined for a record it reads whole or was checked for at its field. */
  partOf(record: object): ReadonlySet<string> | undefined {
    return this.#parts.get(record);
  }
}

/**
 * Grants a mutation's result, whole, as its resolver returns it: the scope checks
 * (src/graphql/read-access.ts) let exactly that object through. (scope-auth's `$granted` does the
 * same by response path, at a cost on every field of every row.)
 */
export class ReadGrantsPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types['Context'], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types['Context'], object> {
    if (fieldConfig.kind !== 'Mutation') return resolver;
    return (parent, args, context, info) => {
      const grants = (context as { readGrants: ReadGrants }).readGrants;
      const grant = (value: unknown) => {
        if (value && typeof value === 'object') grants.grantRecord(value);
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
