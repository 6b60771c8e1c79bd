import { jsonProblem } from '../shared/json-limits.js';
import { Readable, pipeline } from 'node:stream';
import { analyse } from 'chardet';
import { CsvError, parse } from 'csv-parse';
import iconv from 'iconv-lite';

export type SpreadsheetFormat = 'csv' | 'ndjson';

export interface SpreadsheetRow {
  /** The row number a spreadsheet shows: the header is row 1 in CSV, so the first data row is 2; a cell holding a line break does not shift later rows; blank lines are skipped but still counted. In NDJSON, the line number (1-based) of the object. */
  line: number;
  /** The row's cells by the file's own (trimmed) column names, as text (CSV) or as the JSON values (NDJSON). Empty CSV cells are left out. */
  cells: Record<string, unknown>;
  /** Problems with the row itself (a CSV row with a value in a column that has no header; an NDJSON line that is not a JSON object), reported as the row's errors. */
  problems: { field: string; message: string }[];
}

/** The file as a whole cannot be read; the message is a sentence for the person who uploaded it. */
export class SpreadsheetError extends Error {
  override name = 'SpreadsheetError';
}

const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/plain']);
const NDJSON_TYPES = new Set(['application/x-ndjson', 'application/jsonl', 'application/json-lines', 'application/ndjson']);
/** Enough text to see the header line and to tell UTF-8 from a code page, without waiting for the whole file. */
const SAMPLE_BYTES = 64 * 1024;
/**
 * The longest CSV row or JSON line, counted in characters of the decoded text, as csv-parse counts
 * it: a reader never holds more of one. A CSV row this long is almost always a quote that is never
 * closed, so the file is refused before the row swallows it; a JSON line this long fails alone.
 */
const MAX_ROW_BYTES = 1024 * 1024;
/**
 * The most distinct columns a file may name (a CSV header's, or the keys JSON lines use between
 * them), and the longest name: far past any export of a CRM, and what keeps a 1 MB row of 60,000
 * one-letter columns from costing a problem per cell per row (one such 5 MB file grew a server by
 * 3.5 GB before these bounds).
 */
export const MAX_COLUMNS = 1_000;
export const MAX_COLUMN_NAME = 200;
/** About how many characters a row's cells hold (text as it is; JSON lines' other values as JSON). */
export function charsOf(row: SpreadsheetRow): number {
  let chars = 0;
  for (const value of Object.values(row.cells)) chars += typeof value === 'string' ? value.length : JSON.stringify(value ?? null).length;
  return chars;
}

/**
 * The most a row's cells may hold (characters), kept with its outcome for the rows' listing and
 * download: far past any record's fields (a lead's notes hold 10,000), and what a page of rows
 * may cost (`cells` is weighed as this much text). A longer row fails alone, its cells not kept.
 */
export const MAX_ROW_CHARS = 64 * 1024;

/** chardet's confidence (0–100) above which a non-Latin answer (Shift_JIS, GB18030, …) is believed. */
const CONFIDENT = 50;
/** Single-byte answers chardet gives for Western text; spreadsheet programs on Windows write these as windows-1252. */
const LATIN_CODE_PAGE = /^(iso-8859-\d+|windows-125\d)$/i;
/** Labels browsers decode as windows-1252 (WHATWG Encoding), so `€` saved as 0x80 is not lost. */
const WINDOWS_1252_LABELS = /^(iso[-_]?8859-1|latin-?1|l1|(us-)?ascii)$/i;

/** The format an upload's content type names, or null for one we do not read (e.g. an Excel workbook's). */
export function formatOf(contentType: string | null | undefined): SpreadsheetFormat | null {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (CSV_TYPES.has(type)) return 'csv';
  if (NDJSON_TYPES.has(type)) return 'ndjson';
  return null;
}

/** The charset parameter of a content type, if it has one. */
export function charsetOf(contentType: string | null | undefined): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '')?.[1];
}

/** The normalized form of a column name or field name, for matching headers that differ only in case, spaces, underscores or hyphens: `First Name` and `first_name` and `firstName` all give `firstname`. */
export function normalizedName(name: string): string {
  return name.normalize('NFC').toLowerCase().replace(/[\s_-]+/g, '');
}

/** Reads rows from the file's bytes, in order. `charset`: from the content type, if it named one. */
export async function* readSpreadsheet(
  bytes: AsyncIterable<Uint8Array>,
  options: { format: SpreadsheetFormat; charset?: string; onColumns?: (columns: string[]) => void },
): AsyncGenerator<SpreadsheetRow> {
  const source = bytes[Symbol.asyncIterator]();
  try {
    const chunks: Buffer[] = [];
    let next = await source.next();
    for (let size = 0; !next.done; next = await source.next()) {
      chunks.push(asBuffer(next.value));
      if ((size += next.value.byteLength) >= SAMPLE_BYTES) break;
    }
    const sample = Buffer.concat(chunks);
    const ended = next.done === true;
    // The decoder keeps a character cut between two chunks until its next bytes arrive; it also strips a BOM.
    const decoder = iconv.getDecoder(encodingOf(sample, ended, options.charset));
    const sampleText = decoder.write(sample);
    async function* text(): AsyncGenerator<string> {
      if (sampleText) yield sampleText;
      for (let rest = ended ? next : await source.next(); !rest.done; rest = await source.next()) {
        const decoded = decoder.write(asBuffer(rest.value));
        if (decoded) yield decoded;
      }
      const last = decoder.end();
      if (last) yield last;
    }
    yield* options.format === 'csv' ? csvRows(text(), separatorOf(sampleText), options.onColumns) : ndjsonRows(text());
  } finally {
    await source.return?.();
  }
}

function asBuffer(chunk: Uint8Array): Buffer {
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** A BOM wins (the file says what it is), then the caller's charset, then a guess from the sample. */
function encodingOf(sample: Buffer, complete: boolean, charset: string | undefined): string {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return 'utf-8';
  if (sample[0] === 0xff && sample[1] === 0xfe) return 'utf-16le';
  if (sample[0] === 0xfe && sample[1] === 0xff) return 'utf-16be';
  // .xlsx is a zip, .xls an OLE file: a common mistake, and no decoding would make either readable.
  const magic = sample.subarray(0, 4).toString('hex');
  if (magic === '504b0304' || magic === 'd0cf11e0') {
    throw new SpreadsheetError('The file is an Excel workbook, not CSV; save it as CSV (File › Save As) and upload that.');
  }
  if (charset !== undefined) {
    if (!iconv.encodingExists(charset)) throw new SpreadsheetError(`The file's character set "${charset}" is not one we can read; save it as UTF-8 and upload it again.`);
    return WINDOWS_1252_LABELS.test(charset) ? 'windows-1252' : charset;
  }
  if (isUtf8(sample, complete)) return 'utf-8';
  const guess = analyse(sample)[0];
  if (guess && !LATIN_CODE_PAGE.test(guess.name) && guess.confidence >= CONFIDENT && iconv.encodingExists(guess.name)) return guess.name;
  return 'windows-1252';
}

function isUtf8(sample: Buffer, complete: boolean): boolean {
  try {
    // `stream` lets a sample that ends inside a multi-byte character still count as valid.
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: !complete });
    return true;
  } catch {
    return false;
  }
}

/** The separator used most often, outside quotes, on the header line (the first line with text); comma when none is. */
function separatorOf(text: string): string {
  const counts = new Map([[',', 0], [';', 0], ['\t', 0]]);
  let quoted = false;
  let hasText = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
    else if (char === '\n' || char === '\r') {
      if (hasText) break;
      for (const separator of counts.keys()) counts.set(separator, 0);
    }
    if (char.trim() !== '' && !counts.has(char)) hasText = true;
  }
  let best = ',';
  for (const [separator, count] of counts) if (count > (counts.get(best) ?? 0)) best = separator;
  return best;
}

/** `onColumns` hears the header's column names, in the file's order, once it is read. */
async function* csvRows(text: AsyncIterable<string>, separator: string, onColumns?: (columns: string[]) => void): AsyncGenerator<SpreadsheetRow> {
  const parser = parse({
    delimiter: separator,
    record_delimiter: ['\r\n', '\n', '\r'], // any mix, not just the first one seen
    relax_column_count: true, // short and long rows are handled below, not rejected
    relax_quotes: true, // `5" screen` unquoted is text, as a spreadsheet reads it
    skip_empty_lines: false, // blank lines still count toward row numbers
    trim: true, // also allows `a, "b, c"`
    max_record_size: MAX_ROW_BYTES,
  });
  pipeline(Readable.from(text), parser, () => {}); // a failure reaches the loop below through the parser
  let line = 0;
  let header: (string | null)[] | undefined;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line++; // one record is one spreadsheet row, however many line breaks its cells hold
      const values = record.map((value) => value.trim());
      if (values.every((value) => value === '')) continue;
      if (header) yield rowOf(line, values, header);
      else {
        header = headerOf(values);
        onColumns?.(header.filter((name): name is string => name !== null));
      }
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // The parser drops rows it had queued when it fails, so its own count says which row broke.
    const row = (typeof error.records === 'number' ? error.records : line) + 1;
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') throw new SpreadsheetError(`Row ${row} has a quote (") that is never closed.`);
    if (error.code === 'CSV_MAX_RECORD_SIZE') throw new SpreadsheetError(`Row ${row} is longer than 1 MB; a quote (") in it is probably never closed.`);
    throw new SpreadsheetError(`Row ${row} cannot be read: check its quotes (").`);
  }
  if (!header) throw new SpreadsheetError('The file has no header row: its first row must name the columns.');
}

function headerOf(names: string[]): (string | null)[] {
  const named = names.filter((name) => name !== '');
  if (named.length > MAX_COLUMNS) throw new SpreadsheetError(`The file has ${named.length} columns; at most ${MAX_COLUMNS} can be imported. Remove the columns you do not need.`);
  const long = named.find((name) => name.length > MAX_COLUMN_NAME);
  if (long) throw new SpreadsheetError(`The column "${long.slice(0, 40)}…" has a name longer than ${MAX_COLUMN_NAME} characters; shorten it.`);
  const seen = new Map<string, string>();
  return names.map((name) => {
    if (name === '') return null; // spreadsheet programs save trailing empty columns
    const earlier = seen.get(normalizedName(name));
    if (earlier === name) throw new SpreadsheetError(`Two columns are named "${name}"; rename or remove one of them.`);
    if (earlier !== undefined) throw new SpreadsheetError(`The columns "${earlier}" and "${name}" have the same name; rename or remove one of them.`);
    seen.set(normalizedName(name), name);
    return name;
  });
}

function rowOf(line: number, values: string[], header: (string | null)[]): SpreadsheetRow {
  const cells: [string, string][] = [];
  const headless: number[] = [];
  values.forEach((value, index) => {
    const name = header[index];
    if (value === '') return;
    if (name) cells.push([name, value]);
    else headless.push(index + 1);
  });
  // One problem for all of a row's values without a header, however many there are.
  const more = headless.length > 1 ? ` (and ${headless.length - 1} more columns without a header)` : '';
  const problems = headless.length ? [{ field: `(column ${headless[0]})`, message: `has a value in a column without a header${more}` }] : [];
  // fromEntries defines own properties, so a column named `__proto__` is kept, not swallowed.
  return { line, cells: Object.fromEntries(cells), problems };
}

async function* ndjsonRows(text: AsyncIterable<string>): AsyncGenerator<SpreadsheetRow> {
  let line = 0;
  let seenLine = false;
  // The columns of JSON lines are the keys they use between them, bounded as a CSV header is.
  const columns = new Set<string>();
  const beyondBounds = (cells: Record<string, unknown>) => {
    const added = Object.keys(cells).filter((key) => !columns.has(key));
    if (added.some((key) => key.length > MAX_COLUMN_NAME)) return `has a field name longer than ${MAX_COLUMN_NAME} characters`;
    if (columns.size + added.length > MAX_COLUMNS) return `names more fields than the ${MAX_COLUMNS} a file may have between its lines`;
    for (const key of added) columns.add(key);
    return undefined;
  };
  for await (const { kept, tooLong } of linesOf(text)) {
    line++;
    const trimmed = kept.trim();
    if (trimmed === '' && !tooLong) continue;
    if (!seenLine && (trimmed.startsWith('[') || trimmed === '{')) {
      throw new SpreadsheetError('The file is one JSON document, not NDJSON: put one JSON object on each line.');
    }
    seenLine = true;
    if (tooLong) {
      yield { line, cells: {}, problems: [{ field: 'line', message: 'is longer than 1 MB, the most a line may hold' }] };
      continue;
    }
    const cells = jsonObjectOf(trimmed);
    // What the API refuses in any JSON body (too deep, lone surrogates) it refuses in a line too.
    const refused = cells && (jsonProblem(cells) ?? beyondBounds(cells));
    if (!cells) yield { line, cells: {}, problems: [{ field: 'line', message: 'is not a JSON object' }] };
    else if (refused) yield { line, cells: {}, problems: [{ field: 'line', message: refused }] };
    else yield { line, cells, problems: [] };
  }
  if (!seenLine) throw new SpreadsheetError('The file is empty: it has no JSON objects.');
}

/**
 * The text's lines, split on \n, \r\n or \r as readline splits them, holding at most
 * `MAX_ROW_BYTES` characters of one: a longer line is given as soon as it passes the limit
 * (`tooLong`, with its beginning) and the rest of it is dropped as it arrives. readline cannot cap
 * a line: it held a 50 MB line without a break whole.
 */
async function* linesOf(text: AsyncIterable<string>): AsyncGenerator<{ kept: string; tooLong: boolean }> {
  let kept = '';
  let dropping = false;
  // A \r that ended the last chunk was a break already: a \n opening this one belongs to it.
  let afterCarriageReturn = false;
  for await (const chunk of text) {
    let start = afterCarriageReturn && chunk.startsWith('\n') ? 1 : 0;
    const lineBreak = /\r\n?|\n/g;
    lineBreak.lastIndex = start;
    for (;;) {
      const found = lineBreak.exec(chunk);
      const end = found ? found.index : chunk.length;
      if (!dropping && kept.length + end - start > MAX_ROW_BYTES) {
        yield { kept: kept + chunk.slice(start, start + MAX_ROW_BYTES - kept.length), tooLong: true };
        kept = '';
        dropping = true;
      } else if (!dropping) kept += chunk.slice(start, end);
      if (!found) break;
      if (!dropping) yield { kept, tooLong: false };
      kept = '';
      dropping = false;
      start = lineBreak.lastIndex;
    }
    afterCarriageReturn = chunk.endsWith('\r');
  }
  if (kept) yield { kept, tooLong: false };
}

function jsonObjectOf(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
