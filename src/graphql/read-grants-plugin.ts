import type { PothosOutputFieldConfig, SchemaTypes } from '@pothos/core';
import SchemaBuilder, { BasePlugin, isThenable } from '@pothos/core';
import type { GraphQLFieldResolver } from 'graphql';

/**
 * What one request may read whatever its scopes, keyed by object identity so a grant never
 * reaches past the object itself: its own relations are checked again.
 * - A mutation's own result, whole, with the write scope that ran it.
 * - The part of a record that an embedding relation returns (an invoice's company: its name and
 *   address), with the parent's read scope; the rest of that record needs its own scope.
 */
export class ReadGrants {
  readonly #records = new WeakSet<object>();
  readonly #fields = new WeakMap<object, Set<string>>();

  grantRecord(record: object): void {
    this.#records.add(record);
  }

  grantFields(record: object, fields: readonly string[]): void {
    const granted = this.#fields.get(record) ?? new Set<string>();
    for (const field of fields) granted.add(field);
    this.#fields.set(record, granted);
  }

  /** Whether the whole record was granted. */
  readsRecord(record: object): boolean {
    return this.#records.has(record);
  }

  /** Whether `field` of the record was granted, alone or with the whole record. */
  readsField(record: object, field: string): boolean {
    return this.#records.has(record) || (this.#fields.get(record)?.has(field) ?? false);
  }
}

/** The field extension naming the fields an embedding relation grants of the record it returns. */
export const EMBEDS = 'readGrants.embeds';

/**
 * Records read grants as resolvers return their values: a mutation's result, whole; the fields an
 * embedding relation declares (`embeds` in src/graphql/read-access.ts), of the record it returns.
 * The scope checks (src/graphql/read-access.ts) let exactly these objects and fields through.
 * (scope-auth's `$granted` does the same by response path, at a cost on every field of every row.)
 */
export class ReadGrantsPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types['Context'], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types['Context'], object> {
    const embeds = fieldConfig.extensions?.[EMBEDS] as readonly string[] | undefined;
    if (fieldConfig.kind !== 'Mutation' && !embeds) return resolver;
    return (parent, args, context, info) => {
      const grants = (context as { readGrants: ReadGrants }).readGrants;
      const grant = (value: unknown) => {
        if (value && typeof value === 'object') {
          if (embeds) grants.grantFields(value, embeds);
          else grants.grantRecord(value);
        }
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
