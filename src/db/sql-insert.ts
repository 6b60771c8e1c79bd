import { uuidv7 } from 'uuidv7';
import { Prisma } from '../generated/prisma/client.js';
import { type Column, modelColumns } from './datamodel.js';

/**
 * A new row built whole in this process, then written by a raw INSERT: a creation whose event is
 * rendered from its row can then write both in one statement (src/events/event-log.ts), one round
 * trip and no transaction, where Prisma's `create` needs the row back before the event is written.
 * The row is exactly what the database stores because nothing is left to the database: the id
 * (UUIDv7) and the timestamps are made here, as Prisma's client makes them for `create`, and
 * every other column is given by the caller or is null. A required column the caller leaves out
 * throws, even one with a database default, so that no default is stated twice.
 */

type Scalars<Model extends Prisma.ModelName> = Prisma.TypeMap['model'][Model]['payload']['scalars'];

/** The columns this process makes for every new row. */
type Made = 'id' | 'tenantId' | 'createdAt' | 'updatedAt';
type NullableKeys<Row> = { [Key in keyof Row]: null extends Row[Key] ? Key : never }[keyof Row];

/** A column's value as a caller gives it: JSON as Prisma takes it in. */
type Given<Value> = [Prisma.JsonValue] extends [Value] ? Prisma.InputJsonValue | Extract<Value, null> : Value;
type Givens<Row> = { [Key in keyof Row]: Given<Row[Key]> };

/** What a caller gives for a new row of `Model`: every required column but the made ones; nullable ones may be left out (null). */
export type RowInput<Model extends Prisma.ModelName> = Omit<Givens<Scalars<Model>>, Made | NullableKeys<Scalars<Model>>> &
  Partial<Pick<Givens<Scalars<Model>>, Exclude<NullableKeys<Scalars<Model>>, Made>>>;

/** Column types a row built here holds as the database returns them (Decimal, BigInt and Bytes would not be). */
const supportedTypes = new Set(['String', 'Int', 'Boolean', 'DateTime', 'Json']);

function madeValue(model: string, column: Column, tenantId: string, now: Date): unknown {
  if (column.name === 'tenantId') return tenantId;
  if (column.isId && column.hasDefaultValue && column.type === 'String') return uuidv7();
  if (column.isUpdatedAt || (column.name === 'createdAt' && column.hasDefaultValue)) return now;
  if (!column.isRequired) return null;
  throw new Error(`sql-insert: ${model}.${column.name} needs a value`);
}

/** The row `input` makes in `tenantId`, every column present, in the schema's order. */
export function newRow<Model extends Prisma.ModelName>(model: Model, tenantId: string, input: RowInput<Model>, now = new Date()): Scalars<Model> {
  const given = input as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const column of modelColumns.get(model)!) {
    if (column.kind === 'scalar' && !supportedTypes.has(column.type)) throw new Error(`sql-insert: ${model}.${column.name} is ${column.type}`);
    row[column.name] = given[column.name] !== undefined ? given[column.name] : madeValue(model, column, tenantId, now);
  }
  return row as Scalars<Model>;
}

/**
 * The INSERT of rows `newRow` built, one or many: the rows travel as ONE JSON parameter, read back
 * into the table's own row type by `jsonb_populate_recordset` (each value typed by its column).
 * One parameter, not one per value: a batch of 500 rows as thousands of parameters cost Prisma's
 * client an object per parameter to serialize, and its debug history keeps the last hundred
 * statements' parameters alive, which held a running import's heap 40 MB above its idle size;
 * and one statement text serves any number of rows, so it is prepared once.
 */
export function insertStatement(model: Prisma.ModelName, rows: object | readonly object[]): Prisma.Sql {
  const columns = modelColumns.get(model)!.map((column) => `"${column.name}"`).join(', ');
  return Prisma.sql`INSERT INTO ${Prisma.raw(`"${model}"`)} (${Prisma.raw(columns)})
    SELECT ${Prisma.raw(columns)} FROM jsonb_populate_recordset(NULL::${Prisma.raw(`"${model}"`)}, ${JSON.stringify(Array.isArray(rows) ? rows : [rows])}::jsonb)`;
}
