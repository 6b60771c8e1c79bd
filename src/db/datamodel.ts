import { getDatamodel } from '../generated/pothos-prisma-types.js';

/** A model's column as Prisma's datamodel describes it (the schema maps no names: field name = column name). */
export interface Column {
  name: string;
  kind: 'scalar' | 'enum';
  /** `String`, `Int`, `Boolean`, `DateTime`, `Json`, `Decimal`, ... or the enum's name. */
  type: string;
  isRequired: boolean;
  isId: boolean;
  hasDefaultValue: boolean;
  isUpdatedAt: boolean;
}

/** Each model's columns (its scalar and enum fields), in the schema's order, read from the datamodel once. */
export const modelColumns: ReadonlyMap<string, readonly Column[]> = new Map(
  Object.entries(getDatamodel().datamodel.models).map(([model, { fields }]) => [
    model,
    fields.filter((field) => field.kind !== 'object').map((field) => field as unknown as Column),
  ]),
);

/** Each model's relation fields and the model each one reaches. */
export const modelRelations: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map(
  Object.entries(getDatamodel().datamodel.models).map(([model, { fields }]) => [
    model,
    new Map(fields.filter((field) => field.kind === 'object').map((field) => [field.name, field.type])),
  ]),
);

/** A to-one relation whose row is found by one foreign-key column of its own model (`Deal.company` by `companyId`). */
export interface ToOneRelation {
  model: string;
  column: string;
}

/** Each model's to-one relations held by a column of its own (the side with `@relation(fields: [...])`). */
export const modelToOneRelations: ReadonlyMap<string, ReadonlyMap<string, ToOneRelation>> = new Map(
  Object.entries(getDatamodel().datamodel.models).map(([model, { fields }]) => [
    model,
    new Map(
      fields.flatMap((field) => {
        const { relationFromFields: from, isList } = field as { relationFromFields?: string[]; isList?: boolean };
        return field.kind === 'object' && !isList && from?.length === 1 ? [[field.name, { model: field.type, column: from[0]! }] as const] : [];
      }),
    ),
  ]),
);
