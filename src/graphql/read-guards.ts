import { mapSchema } from '@graphql-tools/utils';
import { isThenable } from '@pothos/core';
import {
  defaultFieldResolver,
  type DocumentNode,
  type GraphQLAbstractType,
  getNamedType,
  type GraphQLField,
  type GraphQLFieldResolver,
  type GraphQLObjectType,
  type GraphQLSchema,
  isAbstractType,
  isObjectType,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import { accessRefusal } from './access.js';
import type { Context } from './context.js';
import type { Principal } from '../auth/api-keys.js';
import { embeddedFields, isRecordType, mayRead, readAccessOf, type RecordType } from './read-access.js';

/**
 * The read scopes of the access table (src/graphql/read-access.ts) applied to the built schema:
 * each record type is checked once where its records enter an answer, and the fields of a record
 * that an embedding relation returns in part are checked one by one, only where a document can
 * reach such a part.
 */

/** Whether a type is a page of records (a connection) or one of its items with its cursor (an edge). */
const isConnectionPart = (type: GraphQLObjectType) => {
  const fields = type.getFields();
  return Boolean((fields.edges && fields.pageInfo) || (fields.node && fields.cursor));
};

/** The record type whose read scope guards what a field yields: its own type, or the items of the page it returns. */
export function yieldedRecordType(field: GraphQLField<unknown, unknown>): RecordType | undefined {
  const named = getNamedType(field.type);
  if (isRecordType(named.name)) return named.name;
  if (!isObjectType(named) || !isConnectionPart(named)) return undefined;
  const edge = getNamedType(named.getFields().edges!.type) as GraphQLObjectType;
  const item = getNamedType(edge.getFields().node!.type).name;
  return isRecordType(item) ? item : undefined;
}

/** Every object type's fields, introspection's aside. */
const objectFields = (schema: GraphQLSchema) =>
  Object.values(schema.getTypeMap())
    .filter((type): type is GraphQLObjectType => isObjectType(type) && !type.name.startsWith('__'))
    .flatMap((type) => Object.values(type.getFields()).map((field) => ({ type, field })));

/** Runs `check` on what a field's resolver answers, awaited or not. */
function afterResolving(field: GraphQLField<unknown, Context>, check: (value: unknown, ctx: Context) => unknown): void {
  const resolve: GraphQLFieldResolver<unknown, Context> = field.resolve ?? defaultFieldResolver;
  field.resolve = (parent, args, ctx, info) => {
    const value = resolve(parent, args, ctx, info);
    return isThenable(value) ? value.then((resolved) => check(resolved, ctx)) : check(value, ctx);
  };
}

/**
 * Enforces each record type's read scope where its records enter an answer: on every field that
 * yields records of the type (a root field, a relation, a connection, a mutation payload's result),
 * once per resolution of that field, so a page of 25 records is one check, not one per field of
 * each record (per-field checks also made graphql-jit build a resolve info for every field of every
 * record: half of a list request's allocations). A mutation's own result passes as its caller's
 * (`ReadGrants`). An embedding relation (`embeds`) answers a caller without the record's scope
 * with the record granted in part, whose other fields `guardEmbeddedParts` refuses. The fields of
 * a page (its edges and nodes) are reached only through the field that yields it.
 */
export function guardRecordReads(schema: GraphQLSchema): void {
  for (const { type, field } of objectFields(schema)) {
    const named = getNamedType(field.type);
    if (isAbstractType(named)) {
      guardAbstractReads(field, named);
      continue;
    }
    const record = isConnectionPart(type) ? undefined : yieldedRecordType(field);
    if (!record) continue;
    const scopes = readAccessOf(record);
    const part = embeddedFields(field.extensions);
    afterResolving(field, (value, ctx) => {
      if (value === null || value === undefined || (typeof value === 'object' && ctx.readGrants.readsRecord(value))) return value;
      const refusal = accessRefusal(scopes, ctx);
      if (!refusal) return value;
      if (!part || typeof value !== 'object') throw refusal;
      ctx.readGrants.grantPart(value, part);
      return value;
    });
  }
}

/**
 * The same check on a field whose type is an interface or union (`node`, `nodes`): each record
 * (of a list, each item) by the type it resolves to, so what a field of an abstract type yields
 * is refused exactly as it would be through the field of its own type.
 */
function guardAbstractReads(field: GraphQLField<unknown, Context>, abstract: GraphQLAbstractType): void {
  const resolve: GraphQLFieldResolver<unknown, Context> = field.resolve ?? defaultFieldResolver;
  field.resolve = async (parent, args, ctx, info) => {
    const value: unknown = await resolve(parent, args, ctx, info);
    for (const record of Array.isArray(value) ? value : [value]) {
      if (record === null || typeof record !== 'object' || ctx.readGrants.readsRecord(record)) continue;
      const typeName = await abstract.resolveType?.(record, ctx, info, abstract);
      if (typeof typeName !== 'string') throw new Error(`${info.parentType.name}.${info.fieldName}: a record of no known type`);
      const refusal = isRecordType(typeName) && accessRefusal(readAccessOf(typeName), ctx);
      if (refusal) throw refusal;
    }
    return value;
  };
}

/** The record types some relation embeds in part (`Invoice.company`: Company). */
const embeddedTypes = (schema: GraphQLSchema) =>
  new Set(objectFields(schema).flatMap(({ field }) => (embeddedFields(field.extensions) ? [getNamedType(field.type).name] : [])).filter(isRecordType));

/**
 * Refuses, field by field, what an embedding relation did not grant of the record it returned to a
 * caller without the record's scope (`guardRecordReads`): an invoice's company answers its name to
 * an invoice reader, and FORBIDDEN at `phone`. Those checks sit on every field of the embedded
 * types, where graphql-jit then calls a resolver (with its resolve info) for each field of each
 * record: on a page of companies they cost a third of the request. Only a document that selects an
 * embedding relation can reach a part, and only for a caller without the scope of a type some
 * relation embeds, so this returns the schema a document runs on: `schema`, checked, for such a
 * document and caller; for any other, a copy taken before the checks were added, whose records
 * are all checked at the field that yields them. (A copy rather than a second build: the same
 * resolvers, descriptions and access checks; only the part checks differ.)
 */
export function guardEmbeddedParts(schema: GraphQLSchema): (document: DocumentNode, principal: Principal | null) => GraphQLSchema {
  const withoutPartChecks = mapSchema(schema, {});
  for (const record of embeddedTypes(schema)) {
    const scopes = readAccessOf(record);
    for (const field of Object.values((schema.getType(record) as GraphQLObjectType).getFields())) {
      const resolve: GraphQLFieldResolver<unknown, Context> = field.resolve ?? defaultFieldResolver;
      field.resolve = (parent, args, ctx, info) => {
        const part = ctx.readGrants.partOf(parent as object);
        const refusal = part && !part.has(field.name) && accessRefusal(scopes, ctx);
        if (refusal) throw refusal;
        return resolve(parent, args, ctx, info);
      };
    }
  }
  const embedded = [...embeddedTypes(schema)];
  // A caller who reads every embedded type whole is never granted a part (`guardRecordReads`): nothing to check.
  const readsEveryPart = (principal: Principal | null) => embedded.every((record) => mayRead(record, principal));
  const verdicts = new WeakMap<DocumentNode, boolean>();
  return (document, principal) => {
    if (readsEveryPart(principal)) return withoutPartChecks;
    let reachesPart = verdicts.get(document);
    if (reachesPart === undefined) {
      reachesPart = selectsEmbeddingRelation(schema, document);
      verdicts.set(document, reachesPart);
    }
    return reachesPart ? schema : withoutPartChecks;
  };
}

/** Whether a document selects an embedding relation anywhere (an abstract type's field counts, unseen). */
function selectsEmbeddingRelation(schema: GraphQLSchema, document: DocumentNode): boolean {
  const typeInfo = new TypeInfo(schema);
  let found = false;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field() {
        const parent = typeInfo.getParentType();
        const field = typeInfo.getFieldDef();
        if ((parent && isAbstractType(parent)) || (field && embeddedFields(field.extensions))) found = true;
      },
    }),
  );
  return found;
}
