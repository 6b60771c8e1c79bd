import { getNamedType, type GraphQLField, type GraphQLInputObjectType, type GraphQLInputType } from 'graphql';
import { createCompany } from '../companies/company.service.js';
import { type Definition, definitionsOf } from '../custom-fields/custom-field-definitions.js';
import { scopedTenantId } from '../db/tenant-scope.js';
import { Prisma } from '../generated/prisma/client.js';
import type { ImportMode } from '../generated/prisma/enums.js';
import type { Context } from '../graphql/context.js';
import { inputCheckProblems, inputProblems } from '../graphql/input-problems.js';
import { schema } from '../graphql/schema.js';
import { AppError, type FieldProblem } from '../shared/errors.js';
import { ERROR_COLUMN, type ImportObjectSpec } from './import-objects.js';
import { charsOf, MAX_ROW_CHARS, normalizedName, type SpreadsheetRow } from './spreadsheet.js';

/** What became of a row, as stored and reported. */
export interface RowOutcome {
  line: number;
  outcome: 'created' | 'updated' | 'unchanged' | 'failed';
  recordId: string | null;
  errors: { field: string; message: string }[];
  cells: Record<string, unknown>;
}

export interface ImportSettings {
  spec: ImportObjectSpec;
  mode: ImportMode;
  /** From the file's column names to field names (null or "" leaves a column out). */
  mapping: Record<string, string | null>;
  createCompanies: boolean;
}

const CUSTOM_PREFIX = 'customFields.';

/** Where a column's cells go: a field of the create input, a custom field, or nowhere. */
type Target = { field: string; type: GraphQLInputType } | { customField: Definition } | { lookup: string } | { ignored: true } | { unknown: string };

/** How one import reads its rows: built once per job from its settings, its input types and the tenant's custom fields. */
export interface RowReader {
  settings: ImportSettings;
  createField: GraphQLField<unknown, unknown>;
  createInput: GraphQLInputObjectType;
  updateInput: GraphQLInputObjectType;
  targetOf(column: string): Target;
  /** Whether a column holds the field an upsert matches rows on. */
  matchColumn(column: string): boolean;
}

export async function rowReader(ctx: Context, settings: ImportSettings): Promise<RowReader> {
  const { spec } = settings;
  const createField = schema.getMutationType()!.getFields()[spec.createField]!;
  const createInput = schema.getType(spec.createInput) as GraphQLInputObjectType;
  const updateInput = schema.getType(spec.updateInput) as GraphQLInputObjectType;
  const fields = new Map(Object.values(createInput.getFields()).map((field) => [normalizedName(field.name), field]));
  const definitions = new Map((await definitionsOf(ctx.prisma, ctx.db, spec.customFieldEntity)).map((d) => [normalizedName(d.key), d]));
  const lookups = new Map(Object.keys(spec.lookups ?? {}).map((name) => [normalizedName(name), name]));
  const mapping = new Map(Object.entries(settings.mapping).map(([column, field]) => [normalizedName(column), field]));
  const targets = new Map<string, Target>();
  const resolve = (column: string): Target => {
    const mapped = mapping.get(normalizedName(column));
    if (mapped === null || mapped === '') return { ignored: true };
    const name = mapped ?? column;
    if (mapped === undefined && name === ERROR_COLUMN) return { ignored: true };
    if (name.startsWith(CUSTOM_PREFIX)) {
      const definition = definitions.get(normalizedName(name.slice(CUSTOM_PREFIX.length)));
      if (definition) return { customField: definition };
    } else if (lookups.has(normalizedName(name))) {
      return { lookup: lookups.get(normalizedName(name))! };
    } else {
      const field = fields.get(normalizedName(name));
      if (field && field.name !== 'customFields') return { field: field.name, type: field.type };
    }
    return { unknown: name };
  };
  const targetOf = (column: string) => {
    let target = targets.get(column);
    if (!target) targets.set(column, (target = resolve(column)));
    return target;
  };
  return {
    settings,
    createField,
    createInput,
    updateInput,
    targetOf,
    matchColumn: (column) => {
      const target = targetOf(column);
      return 'field' in target && target.field === spec.matchOn;
    },
  };
}

const yes = new Set(['true', 'yes', 'y', '1']);
const no = new Set(['false', 'no', 'n', '0']);

/** A cell as the value its field takes: spreadsheets hold text, so booleans and JSON are read from it; NDJSON values pass as they are. */
function cellValue(value: unknown, kind: string): unknown {
  if (typeof value !== 'string') return value;
  if (kind === 'Boolean' || kind === 'boolean') return yes.has(value.toLowerCase()) ? true : no.has(value.toLowerCase()) ? false : value;
  if (kind === 'JSONObject') {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

/** A cell the failed-rows download protected from formula injection (`'=1+2`, `'+1 555`): read without its quote, so the file imports as it was. */
const unprotected = (value: unknown) => (typeof value === 'string' && /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/** A row's cells as the create input's fields, with every problem of its columns. */
export function rowInput(reader: RowReader, row: SpreadsheetRow): { input: Record<string, unknown>; problems: FieldProblem[] } {
  const input: Record<string, unknown> = { ...reader.settings.spec.defaults };
  const customFields: Record<string, unknown> = {};
  const problems: FieldProblem[] = [...row.problems];
  for (const [column, cell] of Object.entries(row.cells)) {
    const value = unprotected(cell);
    if (value === undefined || value === '') continue;
    if (column === 'customFields' && value && typeof value === 'object' && !Array.isArray(value)) {
      Object.assign(customFields, value);
      continue;
    }
    const target = reader.targetOf(column);
    if ('ignored' in target) continue;
    if ('unknown' in target) problems.push({ field: column, message: `is not a field of ${reader.settings.spec.table.toLowerCase()}s; name the column after one, or give a mapping` });
    else if ('lookup' in target) input[target.lookup] = value;
    else if ('customField' in target) customFields[target.customField.key] = cellValue(value, target.customField.type);
    else input[target.field] = cellValue(value, getNamedType(target.type).name);
  }
  if (Object.keys(customFields).length) input.customFields = customFields;
  return { input, problems };
}

/** Whether an update would change nothing: each value sent equals the record's (custom fields merged). */
function changesNothing(existing: Record<string, unknown>, patch: Record<string, unknown>): boolean {
  const same = (a: unknown, b: unknown) => JSON.stringify(a instanceof Date ? a.toISOString() : a ?? null) === JSON.stringify(b instanceof Date ? b.toISOString() : b ?? null);
  return Object.entries(patch).every(([key, value]) => {
    if (key !== 'customFields') return same(existing[key], value);
    const current = (existing.customFields ?? {}) as Record<string, unknown>;
    return Object.entries(value as Record<string, unknown>).every(([field, v]) => same(current[field], v));
  });
}

/**
 * The most problems kept of one row, the rest counted in a last one: enough to fix a row by, and
 * what bounds a row's stored errors (a row may name a thousand unknown custom fields).
 */
export const MAX_ROW_ERRORS = 20;

function keptErrors(errors: FieldProblem[]): RowOutcome['errors'] {
  const kept = errors.slice(0, MAX_ROW_ERRORS).map(({ field, message }) => ({ field, message }));
  if (errors.length > MAX_ROW_ERRORS) kept.push({ field: 'row', message: `has ${errors.length - MAX_ROW_ERRORS} more problems; fix these first` });
  return kept;
}

/** A well-formed id standing for a reference not looked up yet, so a row's other values are checked first. */
const STAND_IN_ID = '00000000-0000-4000-8000-000000000000';

/** The refusal of a service as the row's errors: its field problems, or its message. */
const refusalOf = (error: AppError): FieldProblem[] => error.details?.length ? error.details : [{ field: 'row', message: error.message }];

/** A row longer than `MAX_ROW_CHARS` fails alone, its cells not kept; null for any other. */
export const tooLong = (row: SpreadsheetRow): RowOutcome | null =>
  charsOf(row) > MAX_ROW_CHARS
    ? { line: row.line, outcome: 'failed', recordId: null, cells: {}, errors: [{ field: 'row', message: `holds more than ${MAX_ROW_CHARS} characters, the most a row may hold` }] }
    : null;

/**
 * One row through the same rules as a single create or update: its values as the mutation's input
 * type takes them (formats, lengths, blanks, enums), then the service, whose checks (references,
 * custom fields) and events are those of the API. `existing`: the record an upsert matched.
 */
export async function importRow(ctx: Context, reader: RowReader, row: SpreadsheetRow, existing: Record<string, unknown> | null): Promise<RowOutcome> {
  const { spec, createCompanies } = reader.settings;
  const report = (outcome: RowOutcome['outcome'], recordId: string | null, errors: FieldProblem[] = []): RowOutcome => ({
    line: row.line,
    outcome,
    recordId,
    errors: keptErrors(errors),
    cells: row.cells,
  });
  // A line that is no row at all (JSON lines: not an object) is that, not a row missing every field.
  if (row.problems.length && !Object.keys(row.cells).length) return report('failed', null, row.problems);
  const { input, problems } = rowInput(reader, row);
  try {
    if (existing) {
      // What the row gives, but the value it was matched by (which names the record, whatever its case) and the creation defaults.
      const patch = Object.fromEntries(Object.entries(input).filter(([field]) => field in reader.updateInput.getFields() && field !== spec.matchOn && !(field in spec.defaults)));
      // A row that gives nothing besides its match value leaves the record as it is.
      if (!problems.length && !Object.keys(patch).length) return report('unchanged', existing.id as string);
      const checked = await inputProblems(reader.updateInput, patch);
      if (problems.length || checked.problems.length) return report('failed', null, [...problems, ...checked.problems]);
      const value = checked.value as Record<string, unknown>;
      if (value.customFields) value.customFields = { ...(existing.customFields as object), ...(value.customFields as object) };
      if (changesNothing(existing, value)) return report('unchanged', existing.id as string);
      await spec.update(ctx, existing.id as string, value as never);
      return report('updated', existing.id as string);
    }
    if (spec.lookups) {
      // A company is created for a row only once the row's own values hold (its reference stands in for now).
      const standIn = Object.fromEntries(Object.values(spec.lookups).map(({ field }) => [field, input[field] ?? STAND_IN_ID]));
      const early = await inputProblems(reader.createInput, { ...Object.fromEntries(Object.entries(input).filter(([name]) => !(name in spec.lookups!))), ...standIn });
      await lookUp(ctx, spec, input, problems, createCompanies && !problems.length && !early.problems.length);
    }
    const checked = await inputProblems(reader.createInput, input);
    // A reference named by a name that was not found is that problem alone, not also a missing id.
    const unfound = new Set(Object.entries(spec.lookups ?? {}).filter(([name]) => problems.some((p) => p.field === name)).map(([, { field }]) => field));
    const all = [...problems, ...checked.problems.filter((p) => !unfound.has(p.field))];
    // References and custom fields are checked with the formats, so a row lists every problem at
    // once; a row whose formats hold has them checked by the service, once.
    if (all.length) return report('failed', null, [...all, ...(await inputCheckProblems(reader.createField, ctx, checked.value, all))]);
    const record = await spec.create(ctx, checked.value as never);
    return report('created', record.id);
  } catch (error) {
    if (error instanceof AppError && error.code !== 'SERVICE_UNAVAILABLE' && error.code !== 'INTERNAL_SERVER_ERROR') return report('failed', null, refusalOf(error));
    throw error;
  }
}

/** Names a row's references by a name (a contact's `companyName`): the record's id, found or (when asked) created. */
async function lookUp(ctx: Context, spec: ImportObjectSpec, input: Record<string, unknown>, problems: FieldProblem[], create: boolean) {
  for (const [name, lookup] of Object.entries(spec.lookups ?? {})) {
    const given = input[name];
    delete input[name];
    if (typeof given !== 'string' || input[lookup.field] !== undefined) continue;
    const [match] = await ctx.db.$queryRaw<{ id: string }[]>`
      SELECT id FROM "Company" WHERE "tenantId" = ${scopedTenantId(ctx.db)}::uuid AND lower(name) = lower(${given.trim()}) ORDER BY "createdAt" LIMIT 1`;
    if (match) input[lookup.field] = match.id;
    else if (create) input[lookup.field] = (await createCompany(ctx, { name: given.trim() })).id;
    else problems.push({ field: name, message: `no company is named "${given}"; create it first, name it by companyId, or import with createCompanies=true` });
  }
}

/** The records of the tenant an upsert's rows match, by their match field's value lower-cased. */
export async function matchingRecords(ctx: Context, spec: ImportObjectSpec, values: readonly string[]): Promise<Map<string, Record<string, unknown>[]>> {
  const keys = [...new Set(values.map((v) => v.trim().toLowerCase()))];
  if (!keys.length) return new Map();
  const rows = await ctx.db.$queryRaw<Record<string, unknown>[]>`
    SELECT * FROM ${Prisma.raw(`"${spec.table}"`)}
    WHERE "tenantId" = ${scopedTenantId(ctx.db)}::uuid AND lower(${Prisma.raw(`"${spec.matchOn}"`)}) = ANY(${keys}::text[])
    ORDER BY "createdAt"`;
  const matches = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const key = String(row[spec.matchOn]).trim().toLowerCase();
    matches.set(key, [...(matches.get(key) ?? []), row]);
  }
  return matches;
}
