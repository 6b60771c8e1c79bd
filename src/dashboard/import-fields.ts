import type { GraphQLInputObjectType } from 'graphql';
import { schema } from '../graphql/schema.js';
import { ERROR_COLUMN, importObjectNames, importObjects } from '../imports/import-objects.js';
import { normalizedName } from '../imports/spreadsheet.js';
import type { ApiError } from './api-client.js';
import type { ImportMode, ImportObject } from './generated/operations.js';

/** The objects a user may import: those whose create scope they hold, as the API decides (`createImport`). */
export const importableObjects = (scopes: readonly string[]): ImportObject[] => importObjectNames.filter((object) => scopes.includes(importObjects[object].scope));

/** The API's `mapping`: from the file's column names to field names; null leaves a column out. */
export type Mapping = Record<string, string | null>;

/** A field a column can fill, as the select offers it. */
export interface FieldChoice {
  value: string;
  label: string;
  custom: boolean;
}

/**
 * What a column can fill when importing `object`, as the import reads rows
 * (src/imports/import-rows.ts): the fields of its create mutation's input (from the published
 * schema, as a client's code generator reads them), the references it finds by name (a contact's
 * `companyName`), and the tenant's custom fields as `customFields.KEY`.
 */
export function fieldChoices(object: ImportObject, customFields: readonly { key: string; label: string }[]): FieldChoice[] {
  const spec = importObjects[object];
  const input = schema.getType(spec.createInput) as GraphQLInputObjectType;
  return [
    ...Object.keys(input.getFields())
      .filter((name) => name !== 'customFields')
      .map((name) => ({ value: name, label: name, custom: false })),
    ...Object.keys(spec.lookups ?? {}).map((name) => ({ value: name, label: `${name} (found by its name)`, custom: false })),
    ...customFields.map(({ key, label }) => ({ value: `customFields.${key}`, label: `${label} (customFields.${key})`, custom: true })),
  ];
}

/**
 * The field a column fills under `mapping`, as the import decides it: the mapping's choice (null:
 * left out), else the field its name names ("First Name" fills `firstName`), else undefined (it
 * names no field, and a row with a value in it fails).
 */
export function fieldOf(column: string, mapping: Mapping, choices: readonly FieldChoice[]): string | null | undefined {
  if (Object.hasOwn(mapping, column)) return mapping[column] || null;
  if (column === ERROR_COLUMN) return null;
  return choices.find((choice) => normalizedName(choice.value) === normalizedName(column))?.value;
}

/** The columns a page shows: the file's, but for the `error` column of a failed-rows download, which the import leaves out. */
export const shownColumns = (columns: readonly string[]) => columns.filter((column) => column !== ERROR_COLUMN);

/** Whether an import of `object` may create the companies its rows name (contacts'). */
export const mayCreateCompanies = (object: ImportObject) => Boolean(importObjects[object].lookups);

/**
 * The options an upload or mapping form chose, as the API takes them: an upsert matches on the one
 * field the object has (said on the form, and sent so the API holds the dashboard to it), and
 * companies are created for contacts only (the upload form offers the box beside other objects).
 */
export function importOptions(form: URLSearchParams, object: ImportObject) {
  const mode = (form.get('mode') || 'create') as ImportMode;
  return { mode, matchOn: mode === 'upsert' ? importObjects[object].matchOn : null, createCompanies: mayCreateCompanies(object) && form.get('createCompanies') === 'true' };
}

/** The mapping chosen in the mapping form: each column (hidden) with the field of its select ("" leaves it out). */
export function mappingOfForm(form: URLSearchParams): Mapping {
  const fields = form.getAll('field');
  return Object.fromEntries(form.getAll('column').map((column, index) => [column, fields[index] || null]));
}

/**
 * A mapping to a field the object does not have, refused before anything is sent: the API would
 * take it and fail every row with a value in that column.
 */
export function mappingErrors(mapping: Mapping, choices: readonly FieldChoice[], object: ImportObject): ApiError[] {
  const known = new Set(choices.map((choice) => choice.value));
  const details = Object.entries(mapping)
    .filter(([, field]) => field !== null && !known.has(field))
    .map(([column, field]) => ({ field: ['mapping', column], message: `“${field}” is not a field of ${object}` }));
  return details.length ? [{ message: 'The mapping names a field that does not exist', extensions: { code: 'BAD_USER_INPUT', details } }] : [];
}
