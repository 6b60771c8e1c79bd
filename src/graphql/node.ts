import { brandWithType } from '@pothos/core';
import { queryFromInfo } from '@pothos/plugin-prisma';
import { type GraphQLObjectType, type GraphQLResolveInfo, type GraphQLSchema, isInterfaceType } from 'graphql';
import { z } from 'zod';
import { getDatamodel } from '../generated/pothos-prisma-types.js';
import { builder } from './builder.js';
import type { Context } from './context.js';
import { rowsFromArguments } from './limits.js';
import { isRecordType, mayRead, readsSomeRecord } from './read-access.js';

/** The most ids one `nodes` call looks up (a page's worth). */
export const MAX_NODE_IDS = 100;

export const Node = builder.interfaceRef<{ id: string }>('Node').implement({
  description:
    'A record with its own id, found by `node(id:)` and `nodes(ids:)` without knowing its type. Ids are UUIDs, unique across every type of record, and the same on REST and MCP; a normalized cache (urql\'s Graphcache, Apollo Client) keys a record by `__typename` and `id`. Objects that are part of a record (a checklist item, a deal\'s product line, an availability slot) are values of that record, not Nodes.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'The record\'s id: a UUID, unique across all types.' }),
  }),
});

/**
 * How `node` searches the records of a type beyond the access table (src/graphql/read-access.ts):
 * - `model`: the Prisma model, for a type that is not a Prisma object (an event);
 * - `where`: what the caller sees of the model, as the type's own detail field narrows it (a
 *   publishable key's bookable resources, the events of the records a key reads); null when the
 *   caller sees none. A type outside the access table must give it: it is its read rule.
 * - `before`: what the type's detail field does before reading (due invoices become overdue).
 */
export interface NodeLookup {
  model?: string;
  where?: (ctx: Context) => object | null;
  before?: (ctx: Context) => Promise<unknown>;
}

const NODE_LOOKUP = 'node.lookup';

/** Type options declaring how `node` finds the type's records (`NodeLookup`). */
export const nodeLookup = (lookup: NodeLookup) => ({ extensions: { [NODE_LOOKUP]: lookup } });

interface NodeType {
  name: string;
  model: string;
  /** Whether the model is a Prisma object's, so the selection under the type can be planned into the query. */
  planned: boolean;
  lookup: NodeLookup;
}

const tenantOwned = new Set(Object.entries(getDatamodel().datamodel.models).filter(([, model]) => model.fields.some((f) => f.name === 'tenantId')).map(([name]) => name));

function describeNodeType(type: GraphQLObjectType): NodeType {
  const lookup = (type.extensions[NODE_LOOKUP] ?? {}) as NodeLookup;
  const prismaModel = type.extensions.pothosPrismaModel as string | undefined;
  const model = lookup.model ?? prismaModel;
  if (!model) throw new Error(`Node type ${type.name} names no Prisma model: give nodeLookup({ model })`);
  if (!isRecordType(type.name) && !lookup.where) throw new Error(`Node type ${type.name} is not in the read access table: give nodeLookup({ where }) as its read rule`);
  // The tenant-scoped client confines only tenant-owned models: any other must be narrowed by its lookup.
  if (!tenantOwned.has(model) && !lookup.where) throw new Error(`Node type ${type.name}: model ${model} has no tenantId, so nodeLookup({ where }) must confine it to the caller's tenant`);
  return { name: type.name, model, planned: Boolean(prismaModel), lookup };
}

const nodeTypesOfSchema = new WeakMap<GraphQLSchema, NodeType[]>();

/** The types implementing Node in a built schema, with how each is searched; throws for a type `node` could not search safely. */
export function nodeTypes(schema: GraphQLSchema): NodeType[] {
  let types = nodeTypesOfSchema.get(schema);
  if (!types) {
    const node = schema.getType('Node');
    types = isInterfaceType(node) ? schema.getImplementations(node).objects.map(describeNodeType) : [];
    nodeTypesOfSchema.set(schema, types);
  }
  return types;
}

type Delegate = { findMany(args: object): Promise<Array<{ id: string }>> };

/**
 * The records of these ids, in their order, null where the caller sees none: only the types the
 * caller reads are searched (another type's record answers null, exactly as a missing one, so
 * `node` never tells that it exists), through the tenant-scoped client (another tenant's too),
 * one query per type for all ids, in parallel, each planned with what the document selects of
 * that type so its relations load with it. The records still pass the read guards of the field
 * and of their own fields (src/graphql/read-guards.ts).
 */
async function findNodes(ctx: Context, info: GraphQLResolveInfo, ids: readonly string[]): Promise<Array<{ id: string } | null>> {
  const found = new Map<string, { id: string }>();
  const asked = [...new Set(ids)];
  await Promise.all(
    nodeTypes(info.schema).map(async (type) => {
      if (isRecordType(type.name) && !mayRead(type.name, ctx.principal)) return;
      const where = type.lookup.where ? type.lookup.where(ctx) : {};
      if (!where) return;
      await type.lookup.before?.(ctx);
      const query = type.planned ? queryFromInfo({ context: ctx, info, typeName: type.name }) : {};
      const delegate = (ctx.db as unknown as Record<string, Delegate>)[type.model.charAt(0).toLowerCase() + type.model.slice(1)]!;
      const rows = await delegate.findMany({ ...query, where: { AND: [{ id: { in: asked } }, where] } });
      for (const row of rows) {
        brandWithType(row, type.name as never);
        found.set(row.id, row);
      }
    }),
  );
  return ids.map((id) => found.get(id) ?? null);
}

builder.queryFields((t) => ({
  node: t.field({
    type: Node,
    nullable: true,
    description:
      'The record with this id, whatever its type (select its fields with `... on Deal { ... }`): null when the tenant has no record with this id that the caller may read. A record of a type the caller may not read answers null too, never FORBIDDEN, so an id tells nothing of what the caller cannot see.',
    authScopes: readsSomeRecord,
    args: { id: t.arg({ type: 'UUID', required: true, description: 'The record\'s id.' }) },
    resolve: async (_root, { id }, ctx, info) => (await findNodes(ctx, info, [id]))[0] ?? null,
  }),
  nodes: t.field({
    type: [Node],
    nullable: { list: false, items: true },
    description: `The records with these ids, whatever their types, in the order asked: null in place of an id the tenant has no readable record for (as \`node\` answers it). At most ${MAX_NODE_IDS} ids.`,
    authScopes: readsSomeRecord,
    args: {
      ids: t.arg({
        type: ['UUID'] as const,
        required: true,
        description: `The records' ids, at most ${MAX_NODE_IDS}.`,
        validate: z.array(z.string()).max(MAX_NODE_IDS, `at most ${MAX_NODE_IDS} ids`),
      }),
    },
    // The cost limit counts the list at the ids asked.
    ...rowsFromArguments((args) => (args.ids as unknown[] | undefined)?.length ?? MAX_NODE_IDS),
    resolve: (_root, { ids }, ctx, info) => findNodes(ctx, info, ids),
  }),
}));
