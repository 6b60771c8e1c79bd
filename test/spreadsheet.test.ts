import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import {
  charsetOf,
  formatOf,
  MAX_COLUMN_NAME,
  MAX_COLUMNS,
  normalizedName,
  readSpreadsheet,
  SpreadsheetError,
  type SpreadsheetFormat,
  type SpreadsheetRow,
} from '../src/imports/spreadsheet.js';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** The file's bytes as an upload delivers them: in chunks of `size` bytes. */
async function* chunksOf(bytes: Uint8Array, size = bytes.length): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

async function read(bytes: Uint8Array, options: { format?: SpreadsheetFormat; charset?: string; chunk?: number } = {}) {
  const rows: SpreadsheetRow[] = [];
  const { format = 'csv', charset, chunk } = options;
  for await (const row of readSpreadsheet(chunksOf(bytes, chunk), { format, charset })) rows.push(row);
  return rows;
}

const row = (line: number, cells: Record<string, unknown>, problems: SpreadsheetRow['problems'] = []) => ({ line, cells, problems });

async function failure(bytes: Uint8Array, options: { format?: SpreadsheetFormat; charset?: string } = {}) {
  const error = await read(bytes, options).then(() => undefined, (error: unknown) => error);
  expect(error).toBeInstanceOf(SpreadsheetError);
  return (error as SpreadsheetError).message;
}

describe('content types', () => {
  it('formatOf maps CSV and NDJSON media types, ignoring case and parameters', () => {
    for (const type of ['text/csv', 'TEXT/CSV; charset=utf-8', 'application/csv', 'text/plain']) expect(formatOf(type)).toBe('csv');
    for (const type of ['application/x-ndjson', 'application/jsonl', 'application/json-lines', 'application/ndjson; charset=utf-8']) {
      expect(formatOf(type)).toBe('ndjson');
    }
    for (const type of ['application/json', 'application/vnd.ms-excel', '', null, undefined]) expect(formatOf(type)).toBeNull();
  });

  it('charsetOf reads the charset parameter, quoted or not', () => {
    expect(charsetOf('text/csv; charset=windows-1252')).toBe('windows-1252');
    expect(charsetOf('text/csv;CHARSET="UTF-8"')).toBe('UTF-8');
    expect(charsetOf('text/csv; header=present; charset=iso-8859-1')).toBe('iso-8859-1');
    expect(charsetOf('text/csv')).toBeUndefined();
    expect(charsetOf(null)).toBeUndefined();
    expect(charsetOf(undefined)).toBeUndefined();
  });

  it('normalizedName ignores case, spaces, underscores and hyphens', () => {
    for (const name of ['First Name', 'first_name', 'firstName', 'FIRST-NAME', ' First  Name ']) expect(normalizedName(name)).toBe('firstname');
    expect(normalizedName('E-Mail')).toBe('email');
  });
});

describe('encodings', () => {
  it('strips a UTF-8 byte-order mark so the first column name is clean', async () => {
    expect(await read(utf8('\uFEFFEmail,Name\na@example.com,Zoë\n'))).toEqual([row(2, { Email: 'a@example.com', Name: 'Zoë' })]);
  });

  it('reads UTF-16 LE and BE with a BOM, even in 1-byte chunks', async () => {
    const text = 'Name\tPrice\r\nZoë\t€ 5\r\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf-16le')]);
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(text, 'utf-16be')]);
    for (const bytes of [le, be]) expect(await read(bytes, { chunk: 1 })).toEqual([row(2, { Name: 'Zoë', Price: '€ 5' })]);
  });

  it('detects Windows-1252 when the bytes are not UTF-8', async () => {
    const bytes = iconv.encode('Name;Stadt;Preis\r\nMüller;Köln;€ 5\r\ncafé;Zürich;10\r\n', 'windows-1252');
    expect(bytes.includes(0x80)).toBe(true);
    const expected = [row(2, { Name: 'Müller', Stadt: 'Köln', Preis: '€ 5' }), row(3, { Name: 'café', Stadt: 'Zürich', Preis: '10' })];
    expect(await read(bytes)).toEqual(expected);
    expect(await read(bytes, { chunk: 1 })).toEqual(expected);
    // chardet answers ISO-8859-2 with confidence 98 here; read as that, `À` would be `Ŕ`.
    expect(await read(iconv.encode('Nom\nÀ la carte\n', 'windows-1252'))).toEqual([row(2, { Nom: 'À la carte' })]);
  });

  it('believes chardet when it is confident of a non-Latin code page', async () => {
    const bytes = iconv.encode('이름,주소\n김철수,서울특별시\n이영희,부산광역시\n', 'euc-kr');
    expect(await read(bytes)).toEqual([row(2, { 이름: '김철수', 주소: '서울특별시' }), row(3, { 이름: '이영희', 주소: '부산광역시' })]);
  });

  it('decodes UTF-8 characters split across 1-byte chunks', async () => {
    expect(await read(utf8('Name,Note\nMüller,😀 ok\n'), { chunk: 1 })).toEqual([row(2, { Name: 'Müller', Note: '😀 ok' })]);
  });

  it('still detects UTF-8 when the 64 KiB sample ends inside a character', async () => {
    const long = 'a'.repeat(65_536 - 'Name\n'.length - 1) + 'é'; // `é` takes bytes 65535 and 65536
    const bytes = utf8(`Name\n${long}\nx\n`);
    expect(bytes[65_535]).toBe(0xc3);
    expect(await read(bytes, { chunk: 4096 })).toEqual([row(2, { Name: long }), row(3, { Name: 'x' })]);
  });

  it("lets the caller's charset win over detection", async () => {
    const bytes = iconv.encode('Όνομα\nΑθήνα\n', 'iso-8859-7');
    expect(await read(bytes, { charset: 'ISO-8859-7' })).toEqual([row(2, { Όνομα: 'Αθήνα' })]);
    // A UTF-8 file labelled windows-1252 is read as windows-1252, as told.
    expect(await read(utf8('Name\nMüller\n'), { charset: 'windows-1252' })).toEqual([row(2, { Name: 'MÃ¼ller' })]);
  });

  it('reads a caller charset of ISO-8859-1 as windows-1252, as browsers do, so € survives', async () => {
    expect(await read(Buffer.from([...utf8('Price\n'), 0x80, ...utf8(' 5\n')]), { charset: 'iso-8859-1' })).toEqual([row(2, { Price: '€ 5' })]);
  });

  it('lets a BOM win over the caller charset', async () => {
    expect(await read(utf8('\uFEFFName\nMüller\n'), { charset: 'windows-1252' })).toEqual([row(2, { Name: 'Müller' })]);
  });

  it('rejects a charset it cannot decode', async () => {
    expect(await failure(utf8('Name\nx\n'), { charset: 'klingon-8' })).toBe(
      'The file\'s character set "klingon-8" is not one we can read; save it as UTF-8 and upload it again.',
    );
  });

  it('rejects an Excel workbook uploaded as CSV', async () => {
    const message = 'The file is an Excel workbook, not CSV; save it as CSV (File › Save As) and upload that.';
    expect(await failure(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toBe(message);
    expect(await failure(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]))).toBe(message);
  });
});

describe('CSV', () => {
  it('detects the separator from the header line: comma, semicolon or tab', async () => {
    expect(await read(utf8('Name,Amount\nAlice,1\n'))).toEqual([row(2, { Name: 'Alice', Amount: '1' })]);
    expect(await read(utf8('Name;Amount\nAlice;1,50\n'))).toEqual([row(2, { Name: 'Alice', Amount: '1,50' })]);
    expect(await read(utf8('Name\tAmount\nAlice\t1,50; 2\n'))).toEqual([row(2, { Name: 'Alice', Amount: '1,50; 2' })]);
    // Separators inside quotes do not count: two semicolons outside beat three commas inside.
    expect(await read(utf8('Name;"Street, No, Box, Floor";City\nAlice;"Main St, 1";Paris\n'))).toEqual([
      row(2, { Name: 'Alice', 'Street, No, Box, Floor': 'Main St, 1', City: 'Paris' }),
    ]);
    // One column and no separator: comma, so nothing splits the header.
    expect(await read(utf8('\n\nEmail\na@example.com\n'))).toEqual([row(4, { Email: 'a@example.com' })]);
  });

  it('reads quoted cells with separators, doubled quotes and line breaks, keeping later row numbers right', async () => {
    const text = '"Name","Note","City"\r\n"Alice","says ""hi"", ok","Paris"\r\n"Bob","line one\r\nline two\r\n","Rome"\r\n"Carol",,"Oslo"\r\n';
    const expected = [
      row(2, { Name: 'Alice', Note: 'says "hi", ok', City: 'Paris' }),
      row(3, { Name: 'Bob', Note: 'line one\r\nline two', City: 'Rome' }),
      row(4, { Name: 'Carol', City: 'Oslo' }),
    ];
    expect(await read(utf8(text))).toEqual(expected);
    expect(await read(utf8(text), { chunk: 1 })).toEqual(expected);
  });

  it('reads LF, CRLF and CR line endings, mixed', async () => {
    expect(await read(utf8('Name\r\nA\nB\rC\r\n'), { chunk: 1 })).toEqual([row(2, { Name: 'A' }), row(3, { Name: 'B' }), row(4, { Name: 'C' })]);
  });

  it('skips blank lines but counts them', async () => {
    expect(await read(utf8('\r\nName,City\r\n\r\nAlice,Paris\r\n   \r\n,\r\nBob,Rome\r\n\r\n'))).toEqual([
      row(4, { Name: 'Alice', City: 'Paris' }),
      row(7, { Name: 'Bob', City: 'Rome' }),
    ]);
  });

  it('trims cells and header names and leaves empty cells out', async () => {
    expect(await read(utf8(' Name , Email ,Phone\n  Alice  ,  " a@example.com "  ,\n'))).toEqual([row(2, { Name: 'Alice', Email: 'a@example.com' })]);
  });

  it('ignores empty trailing columns and reports values in columns without a header', async () => {
    const text = 'Name,Email,,\nAlice,a@x.org,,\nBob,b@x.org,,,,\nCarol,c@x.org,oops\nDan,d@x.org,,,late\nEve\n';
    const noHeader = (column: number) => ({ field: `(column ${column})`, message: 'has a value in a column without a header' });
    expect(await read(utf8(text))).toEqual([
      row(2, { Name: 'Alice', Email: 'a@x.org' }),
      row(3, { Name: 'Bob', Email: 'b@x.org' }),
      row(4, { Name: 'Carol', Email: 'c@x.org' }, [noHeader(3)]),
      row(5, { Name: 'Dan', Email: 'd@x.org' }, [noHeader(5)]),
      row(6, { Name: 'Eve' }),
    ]);
  });

  it('reports all of a row\'s values without a header as one problem, however many', async () => {
    const [wide] = await read(utf8(`Name\nAlice,${'x,'.repeat(50_000)}\n`));
    expect(wide).toEqual(row(2, { Name: 'Alice' }, [{ field: '(column 2)', message: 'has a value in a column without a header (and 49999 more columns without a header)' }]));
  });

  it(`refuses a header of more than ${MAX_COLUMNS} columns, or a column name longer than ${MAX_COLUMN_NAME} characters`, async () => {
    const columns = (count: number) => Array.from({ length: count }, (_, i) => `c${i}`).join(',');
    expect(await read(utf8(`${columns(MAX_COLUMNS)}\n${'x,'.repeat(MAX_COLUMNS - 1)}x\n`))).toHaveLength(1);
    expect(await failure(utf8(`${columns(60_000)}\nx\n`))).toBe(`The file has 60000 columns; at most ${MAX_COLUMNS} can be imported. Remove the columns you do not need.`);
    expect(await failure(utf8(`Name,${'n'.repeat(MAX_COLUMN_NAME + 1)}\nx,y\n`))).toBe(`The column "${'n'.repeat(40)}…" has a name longer than ${MAX_COLUMN_NAME} characters; shorten it.`);
  });

  it('reads a quote inside an unquoted cell as text', async () => {
    expect(await read(utf8('Item,Size\nScreen,27" wide\n'))).toEqual([row(2, { Item: 'Screen', Size: '27" wide' })]);
  });

  it('keeps a column named __proto__ as an ordinary cell', async () => {
    const [first] = await read(utf8('__proto__,Name\nx,Alice\n'));
    expect(Object.keys(first?.cells ?? {})).toEqual(['__proto__', 'Name']);
    expect(Object.getPrototypeOf(first?.cells)).toBe(Object.prototype);
  });

  it('reads a file with only a header as no rows', async () => {
    expect(await read(utf8('Name,Email\r\n'))).toEqual([]);
  });

  it('rejects header names that are equal once normalized, naming both', async () => {
    expect(await failure(utf8('First Name,Email,first_name\nA,a@x.org,B\n'))).toBe(
      'The columns "First Name" and "first_name" have the same name; rename or remove one of them.',
    );
    expect(await failure(utf8('Email,Email\n'))).toBe('Two columns are named "Email"; rename or remove one of them.');
  });

  it('rejects a file with no header row', async () => {
    const message = 'The file has no header row: its first row must name the columns.';
    expect(await failure(new Uint8Array())).toBe(message);
    expect(await failure(utf8('\r\n  \n,,\n'))).toBe(message);
    expect(await failure(utf8('\uFEFF'))).toBe(message);
  });

  it('rejects a quote that is never closed or closed too early, naming its row', async () => {
    expect(await failure(utf8('Name,Note\n\nAlice,ok\nBob,"never closed\nCarol,x\n'))).toBe('Row 4 has a quote (") that is never closed.');
    expect(await failure(utf8(`Name,Note\nAlice,"never closed\n${'Bob,x\n'.repeat(200_000)}`))).toBe(
      'Row 2 is longer than 1 MB; a quote (") in it is probably never closed.',
    );
    expect(await failure(utf8('Name,Note\nAlice,ok\nBob,"closed"early\n'))).toBe('Row 3 cannot be read: check its quotes (").');
  });

  it('streams: 200,000 rows arrive with the right count and last row number', async () => {
    const rows = 200_000;
    async function* generated(): AsyncGenerator<Uint8Array> {
      yield utf8('id,name,email\n');
      for (let start = 0; start < rows; start += 1000) {
        let text = '';
        for (let id = start; id < start + 1000; id++) text += `${id},Person ${id},person${id}@example.com\n`;
        yield utf8(text);
      }
    }
    const started = performance.now();
    let count = 0;
    let last: SpreadsheetRow | undefined;
    for await (const row of readSpreadsheet(generated(), { format: 'csv' })) {
      count++;
      last = row;
    }
    expect(count).toBe(rows);
    expect(last).toEqual(row(rows + 1, { id: String(rows - 1), name: `Person ${rows - 1}`, email: `person${rows - 1}@example.com` }));
    expect(performance.now() - started).toBeLessThan(15_000);
  });
});

describe('NDJSON', () => {
  it('refuses a line the API refuses in any JSON body: nested deeper than 64 levels, as a problem of that line alone', async () => {
    let deep = '1';
    for (let i = 0; i < 5_000; i++) deep = `{"a":${deep}}`;
    const text = `{"firstName":${deep}}\n{"firstName":"Ok"}\n`;
    expect(await read(utf8(text), { format: 'ndjson' })).toEqual([
      row(1, {}, [{ field: 'line', message: 'nests arrays and objects deeper than 64 levels' }]),
      row(2, { firstName: 'Ok' }),
    ]);
  });

  it(`bounds the fields its lines name between them to ${MAX_COLUMNS}, failing a line that passes the bound alone`, async () => {
    const fields = (from: number, count: number) => JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${from + i}`, 'x'])));
    const text = [fields(0, 600), fields(600, 400), fields(1000, 1), fields(0, 10), `{"${'k'.repeat(MAX_COLUMN_NAME + 1)}":1}`].join('\n');
    const rows = await read(utf8(text), { format: 'ndjson' });
    expect(rows.map((r) => [r.line, Object.keys(r.cells).length, r.problems])).toEqual([
      [1, 600, []],
      [2, 400, []],
      [3, 0, [{ field: 'line', message: `names more fields than the ${MAX_COLUMNS} a file may have between its lines` }]],
      [4, 10, []],
      [5, 0, [{ field: 'line', message: `has a field name longer than ${MAX_COLUMN_NAME} characters` }]],
    ]);
  });

  it('fails a line longer than 1 MB alone, at its line number, holding no more of it than the limit', async () => {
    const long = `{"notes":"${'x'.repeat(3 * 1024 * 1024)}"}`;
    const text = `{"firstName":"Ada"}\n${long}\r\n{"firstName":"Grace"}\n`;
    const expected = [
      row(1, { firstName: 'Ada' }),
      row(2, {}, [{ field: 'line', message: 'is longer than 1 MB, the most a line may hold' }]),
      row(3, { firstName: 'Grace' }),
    ];
    for (const chunk of [undefined, 64 * 1024, 1_000_003]) expect(await read(utf8(text), { format: 'ndjson', chunk })).toEqual(expected);
    // A line that never ends is reported once it passes the limit, and read no further than that.
    let piecesRead = 0;
    async function* endlessLine(): AsyncGenerator<Uint8Array> {
      yield utf8('{"firstName":"Ada"}\n{"notes":"');
      for (;;) {
        piecesRead++;
        yield utf8('x'.repeat(64 * 1024));
      }
    }
    const rows: SpreadsheetRow[] = [];
    for await (const row of readSpreadsheet(endlessLine(), { format: 'ndjson' })) if (rows.push(row) === 2) break;
    expect(rows).toEqual(expected.slice(0, 2));
    expect(piecesRead).toBeLessThan(20); // 1 MB is 16 pieces
  });

  it('still tells one JSON document on one long line from JSON lines', async () => {
    const array = `[${Array.from({ length: 100_000 }, (_, i) => `{"name":"Person ${i}"}`).join(',')}]`;
    expect(array.length).toBeGreaterThan(1024 * 1024);
    expect(await failure(utf8(array), { format: 'ndjson' })).toBe('The file is one JSON document, not NDJSON: put one JSON object on each line.');
  });

  it('reads one object per line, counting blank lines, with problems for lines that are not objects', async () => {
    const text = '{"name":"Alice","age":30}\r\n\r\n{"name":"Bob","tags":["a"],"address":{"city":"Rome"}}\n[1,2]\nnot json\n"text"\nnull\n  {"last":true}  ';
    const notObject = [{ field: 'line', message: 'is not a JSON object' }];
    const expected = [
      row(1, { name: 'Alice', age: 30 }),
      row(3, { name: 'Bob', tags: ['a'], address: { city: 'Rome' } }),
      row(4, {}, notObject),
      row(5, {}, notObject),
      row(6, {}, notObject),
      row(7, {}, notObject),
      row(8, { last: true }),
    ];
    expect(await read(utf8(text), { format: 'ndjson' })).toEqual(expected);
    expect(await read(utf8(text), { format: 'ndjson', chunk: 1 })).toEqual(expected);
  });

  it('decodes UTF-16 with a BOM and Windows-1252', async () => {
    const text = '{"name":"Zoë","price":"€ 5"}\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf-16le')]);
    expect(await read(le, { format: 'ndjson', chunk: 1 })).toEqual([row(1, { name: 'Zoë', price: '€ 5' })]);
    expect(await read(iconv.encode(text, 'windows-1252'), { format: 'ndjson' })).toEqual([row(1, { name: 'Zoë', price: '€ 5' })]);
  });

  it('rejects one JSON document (an array, or a pretty-printed object) and an empty file', async () => {
    const oneDocument = 'The file is one JSON document, not NDJSON: put one JSON object on each line.';
    expect(await failure(utf8('[{"name":"Alice"},{"name":"Bob"}]\n'), { format: 'ndjson' })).toBe(oneDocument);
    expect(await failure(utf8('\n[\n  {"name":"Alice"}\n]\n'), { format: 'ndjson' })).toBe(oneDocument);
    expect(await failure(utf8('{\n  "name": "Alice"\n}\n'), { format: 'ndjson' })).toBe(oneDocument);
    expect(await failure(utf8('\n \r\n'), { format: 'ndjson' })).toBe('The file is empty: it has no JSON objects.');
  });
});

describe('streaming', () => {
  for (const [format, header, line] of [
    ['csv', 'Name\n', 'x\n'],
    ['ndjson', '', '{"name":"x"}\n'],
  ] as const) {
    it(`${format}: stops reading the upload when the caller stops, even on an endless file`, async () => {
      let chunksRead = 0;
      let closed = false;
      async function* endless(): AsyncGenerator<Uint8Array> {
        try {
          yield utf8(header);
          for (;;) {
            chunksRead++;
            yield utf8(line.repeat(100));
          }
        } finally {
          closed = true;
        }
      }
      const seen: number[] = [];
      for await (const row of readSpreadsheet(endless(), { format })) {
        seen.push(row.line);
        if (seen.length === 3) break;
      }
      expect(seen).toEqual(format === 'csv' ? [2, 3, 4] : [1, 2, 3]);
      expect(closed).toBe(true);
      expect(chunksRead).toBeLessThan(1000); // the 64 KiB sample plus what the streams buffer
    });

    it(`${format}: passes on an error of the upload itself`, async () => {
      async function* broken(): AsyncGenerator<Uint8Array> {
        yield utf8(header + line);
        throw new Error('connection reset');
      }
      const consume = async () => {
        for await (const _row of readSpreadsheet(broken(), { format }));
      };
      const error = await consume().catch((error: unknown) => error);
      expect(error).toEqual(new Error('connection reset'));
    });
  }
});
