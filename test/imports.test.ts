import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyPair } from '../src/auth/key-pairs.js';
import { sweepImportFiles } from '../src/imports/import-file.js';
import type { LeasedRounds } from '../src/shared/leased-rounds.js';
import type { TenantFixture } from './support/harness.js';
import { useHarness } from './support/harness.js';
import { startTestImportWorker } from './support/imports.js';
import { fixtures } from './support/fixtures.js';
import { connectMcp } from './support/mcp.js';

const harness = useHarness();
const { h, tenant, rest } = harness;
const make = fixtures(harness);

let worker: LeasedRounds;
beforeAll(() => {
  worker = startTestImportWorker(h.db);
});
afterAll(() => worker.stop());

/** POSTs a file as the body of an import, as `curl --data-binary @leads.csv -H 'Content-Type: text/csv'` does. */
async function upload(key: string, query: string, file: string | Buffer, contentType = 'text/csv') {
  const response = await h.app.fetch(`http://localhost/api/v1/imports?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': contentType },
    body: file as BodyInit,
  });
  return { status: response.status, body: await response.json() };
}

/** The import once it has ended (completed, failed or cancelled). */
async function ended(key: string, id: string) {
  for (const until = Date.now() + 120_000; Date.now() < until; ) {
    const { body } = await rest('GET', `/api/v1/imports/${id}`, { key });
    if (['completed', 'failed', 'cancelled'].includes(body.data?.status)) return body.data;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`import ${id} did not end`);
}

async function imported(key: string, query: string, file: string | Buffer, contentType?: string) {
  const created = await upload(key, query, file, contentType);
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  return ended(key, created.body.data.id);
}

const rowsOf = async (key: string, id: string, outcome?: string) =>
  (await rest('GET', `/api/v1/imports/${id}/rows?limit=100${outcome ? `&outcome=${outcome}` : ''}`, { key })).body;

describe('imports of leads from a spreadsheet', () => {
  let t: TenantFixture;
  const leads = () => h.db.prisma.lead.findMany({ where: { tenantId: t.tenantId }, orderBy: { createdAt: 'asc' } });

  beforeAll(async () => {
    t = await tenant();
  });

  it('takes a CSV as people save it: BOM, CRLF, semicolons, a quoted cell with a line break, headers in their own words', async () => {
    const file = '\uFEFFFirst Name;last_name;E-mail;Notes\r\nAda;Lovelace;ada@example.test;"Met at the fair;\r\nwants a quote"\r\n\r\nGrace;Hopper;grace@example.test;\r\n';
    const job = await imported(t.secret, 'object=leads', file);
    expect(job).toMatchObject({ object: 'leads', mode: 'create', dryRun: false, status: 'completed', rowsTotal: 2, rowsProcessed: 2, created: 2, updated: 0, unchanged: 0, failed: 0, error: null });
    expect(job.startedAt).toEqual(expect.any(String));
    const stored = await leads();
    expect(stored.map((l) => [l.firstName, l.lastName, l.email, l.notes, l.source, l.status])).toEqual([
      ['Ada', 'Lovelace', 'ada@example.test', 'Met at the fair;\r\nwants a quote', 'import', 'new'],
      ['Grace', 'Hopper', 'grace@example.test', null, 'import', 'new'],
    ]);
    // The rows a spreadsheet shows: the header is 1, the quoted line break does not shift row 4 (after a blank row 3).
    const rows = await rowsOf(t.secret, job.id);
    expect(rows.data.map((r: { line: number; outcome: string; recordId: string }) => [r.line, r.outcome, r.recordId])).toEqual([
      [2, 'created', stored[0]!.id],
      [4, 'created', stored[1]!.id],
    ]);
    // One lead.created per row, as one-by-one creation records them, and the import's own event.
    const events = await h.db.prisma.event.findMany({ where: { tenantId: t.tenantId }, orderBy: { createdAt: 'asc' } });
    expect(events.map((e) => e.type)).toEqual(['lead.created', 'lead.created', 'import.completed']);
    expect(events[2]!.data).toMatchObject({ id: job.id, status: 'completed', created: 2 });
  });

  it('reports every problem of every bad row with its line and field, writes the good ones, and hands back the failed rows as CSV to fix', async () => {
    const before = (await leads()).length;
    const file = [
      'firstName,lastName,email,phone,status,favouriteColour',
      'Alan,Turing,alan@example.test,,,',
      ',Babbage,not-an-email,,,',
      'Edsger,Dijkstra,edsger@example.test,+31 555,,',
      'Barbara,Liskov,barbara@example.test,=HYPERLINK("x"),,blue',
    ].join('\n');
    const job = await imported(t.secret, 'object=leads', file);
    expect(job).toMatchObject({ status: 'completed', rowsTotal: 4, created: 2, failed: 2 });
    expect((await leads()).length).toBe(before + 2);
    const failed = await rowsOf(t.secret, job.id, 'failed');
    expect(failed.data).toEqual([
      {
        line: 3,
        outcome: 'failed',
        recordId: null,
        errors: [
          { field: 'email', message: 'must be an email address' },
          { field: 'firstName', message: 'is required' },
        ],
        cells: { lastName: 'Babbage', email: 'not-an-email' },
      },
      {
        line: 5,
        outcome: 'failed',
        recordId: null,
        errors: [{ field: 'favouriteColour', message: 'is not a field of leads; name the column after one, or give a mapping' }],
        cells: { firstName: 'Barbara', lastName: 'Liskov', email: 'barbara@example.test', phone: '=HYPERLINK("x")', favouriteColour: 'blue' },
      },
    ]);
    const csv = await h.app.fetch(`http://localhost/api/v1/imports/${job.id}/rows?outcome=failed`, { headers: { authorization: `Bearer ${t.secret}`, accept: 'text/csv' } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = await csv.text();
    // The file's columns and an error column; a formula is quoted so a spreadsheet shows it as text.
    expect(text.split('\r\n')).toEqual([
      'firstName,lastName,email,phone,status,favouriteColour,error',
      ',Babbage,not-an-email,,,,email: must be an email address; firstName: is required',
      `Barbara,Liskov,barbara@example.test,"'=HYPERLINK(""x"")",,blue,"favouriteColour: is not a field of leads; name the column after one, or give a mapping"`,
      '',
    ]);
    // Fixed in the spreadsheet and imported again: the error column is left out, the formula's protecting quote too.
    const fixed = text.replace(',Babbage,not-an-email', 'Charles,Babbage,charles@example.test').replace(',blue,', ',,');
    const again = await imported(t.secret, 'object=leads', fixed);
    expect(again).toMatchObject({ status: 'completed', created: 2, failed: 0 });
    const barbara = (await leads()).find((l) => l.lastName === 'Liskov');
    expect(barbara?.phone).toBe('=HYPERLINK("x")');
  });
});

describe('upserts, dry runs and the same file again', () => {
  let t: TenantFixture;
  const leadCount = () => h.db.prisma.lead.count({ where: { tenantId: t.tenantId } });

  beforeAll(async () => {
    t = await tenant();
  });

  it('bounds what a wide file costs: past 1,000 columns it fails at once; a row keeps 20 of its problems and counts the rest', async () => {
    const columns = (count: number) => Array.from({ length: count }, (_, i) => `c${i}`);
    const before = await leadCount();
    const tooWide = await imported(t.secret, 'object=leads', `firstName,lastName,${columns(60_000).join(',')}\nAda,Lovelace\n`);
    expect(tooWide).toMatchObject({ status: 'failed', rowsProcessed: 0, error: 'the file cannot be read: The file has 60002 columns; at most 1000 can be imported. Remove the columns you do not need.' });

    const wide = columns(998);
    const row = ['Ada', 'Lovelace', ...wide.map(() => 'x')].join(',');
    const job = await imported(t.secret, 'object=leads', [`firstName,lastName,${wide.join(',')}`, row, row].join('\n'));
    expect(job).toMatchObject({ status: 'completed', rowsTotal: 2, created: 0, failed: 2 });
    const [first] = (await rowsOf(t.secret, job.id)).data;
    expect(first.errors).toHaveLength(21);
    expect(first.errors[0]).toEqual({ field: 'c0', message: 'is not a field of leads; name the column after one, or give a mapping' });
    expect(first.errors[20]).toEqual({ field: 'row', message: 'has 978 more problems; fix these first' });
    expect(await leadCount()).toBe(before);
  });

  it('fails a row of more than 64K characters alone, keeping none of its cells, and batches big rows by their size', async () => {
    const own = await tenant();
    const file = ['firstName,lastName,notes', 'Ada,Lovelace,short', `Big,Row,${'n'.repeat(100_000)}`, 'Grace,Hopper,short'].join('\n');
    const job = await imported(own.secret, 'object=leads', file);
    expect(job).toMatchObject({ status: 'completed', rowsTotal: 3, created: 2, failed: 1 });
    expect((await rowsOf(own.secret, job.id, 'failed')).data).toEqual([
      { line: 3, outcome: 'failed', recordId: null, errors: [{ field: 'row', message: 'holds more than 65536 characters, the most a row may hold' }], cells: {} },
    ]);
    const stored = await h.db.prisma.importRow.findUnique({ where: { importId_line: { importId: job.id, line: 3 } } });
    expect(stored?.cells).toEqual({});
    expect(await h.db.prisma.lead.count({ where: { tenantId: own.tenantId } })).toBe(2);
  });

  it('a dry run checks and reports every row as it would be, and writes nothing but its report', async () => {
    const file = 'firstName,lastName,email\nAda,Lovelace,ada@example.test\nBad,,bad@example.test\n';
    const job = await imported(t.secret, 'object=leads&dryRun=true', file);
    expect(job).toMatchObject({ dryRun: true, status: 'completed', created: 1, failed: 1 });
    expect(await leadCount()).toBe(0);
    expect(await h.db.prisma.event.count({ where: { tenantId: t.tenantId, type: 'lead.created' } })).toBe(0);
    const rows = await rowsOf(t.secret, job.id);
    expect(rows.data.map((r: { line: number; outcome: string; recordId: string | null }) => [r.line, r.outcome, r.recordId])).toEqual([
      [2, 'created', null],
      [3, 'failed', null],
    ]);
  });

  it('imported again with mode=upsert&matchOn=email, a file creates nothing new; a changed cell updates its record only', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => `Person,${i},Person.${i}@Example.test,${i % 2 ? 'referral' : ''}`);
    const file = ['firstName,lastName,email,source', ...rows].join('\n');
    expect(await imported(t.secret, 'object=leads', file)).toMatchObject({ created: 30, failed: 0 });
    const count = await leadCount();
    // Matched case-insensitively and trimmed; an empty cell leaves the field as it is.
    const again = await imported(t.secret, 'object=leads&mode=upsert&matchOn=email', file.replace('Person.3@Example.test', ' person.3@example.TEST ').replace('Person,7,', 'Personne,7,'));
    expect(again).toMatchObject({ mode: 'upsert', matchOn: 'email', created: 0, updated: 1, unchanged: 29, failed: 0 });
    expect(await leadCount()).toBe(count);
    const changed = await h.db.prisma.lead.findMany({ where: { tenantId: t.tenantId, firstName: 'Personne' } });
    expect(changed.map((l) => [l.lastName, l.source])).toEqual([['7', 'referral']]);
    expect(await h.db.prisma.event.count({ where: { tenantId: t.tenantId, type: 'lead.updated' } })).toBe(1);
  });

  it('refuses options that do not fit, naming each, before anything is stored', async () => {
    const files = () => h.db.prisma.importFile.count({ where: { tenantId: t.tenantId } });
    const before = await files();
    const refused = await upload(t.secret, 'object=leads&mode=upsert&matchOn=phone&createCompanies=true&mapping=%7B%22a%22%3A1%7D', 'firstName\nA\n');
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.details).toEqual([
      { field: 'matchOn', message: 'must be email for leads' },
      { field: 'createCompanies', message: 'applies to contacts only' },
      { field: 'mapping.a', message: 'must be a field name (a string), or null to leave the column out' },
    ]);
    expect((await upload(t.secret, 'object=deals', 'name\nA\n')).status).toBe(400);
    expect((await upload(t.secret, 'object=leads', '{"firstName":"A"}', 'application/json')).status).toBe(415);
    expect(await h.db.prisma.importJob.count({ where: { tenantId: t.tenantId, status: 'queued' } })).toBe(0);
    expect(await files()).toBe(before);
  });
});

describe('contacts, companies and files from elsewhere', () => {
  let t: TenantFixture;

  beforeAll(async () => {
    t = await tenant();
  });

  it("creates a tenant's first company from a contact row, its custom fields read inside the batch's transaction (the embedded database's one connection)", async () => {
    const fresh = await tenant();
    const job = await imported(fresh.secret, 'object=contacts&createCompanies=true', 'firstName,lastName,companyName\nPat,Jones,Initech\n');
    expect(job).toMatchObject({ status: 'completed', created: 1, failed: 0 });
    const contact = await h.db.prisma.contact.findFirstOrThrow({ where: { tenantId: fresh.tenantId }, include: { company: true } });
    expect(contact.company?.name).toBe('Initech');
  }, 30_000);

  it('GraphQL and MCP take the file as text: JSON lines of contacts naming their company, created when asked', async () => {
    const acme = await make.company(t.secret, { name: 'Acme Lifts' });
    const text = [
      JSON.stringify({ firstName: 'Pat', lastName: 'Jones', email: 'pat@acme.test', companyName: 'acme lifts' }),
      JSON.stringify({ firstName: 'Kim', lastName: 'Lee', companyName: 'Globex Cranes', customFields: {} }),
      // Its own values do not hold: no company is created for it.
      JSON.stringify({ firstName: 'Nobody', email: 'not-an-email', companyName: 'Nowhere Co' }),
      '',
      'not json',
    ].join('\n');
    const created = await rest('POST', '/graphql', {
      key: t.secret,
      body: {
        query: `mutation($text: String!) { createImport(object: contacts, text: $text, format: ndjson, createCompanies: true) { import { id status } userErrors { field message code } } }`,
        variables: { text },
      },
    });
    expect(created.body.data.createImport.userErrors).toEqual([]);
    const job = await ended(t.secret, created.body.data.createImport.import.id);
    expect(job).toMatchObject({ object: 'contacts', status: 'completed', rowsTotal: 4, created: 2, failed: 2 });
    expect(await h.db.prisma.company.count({ where: { tenantId: t.tenantId, name: 'Nowhere Co' } })).toBe(0);
    const contacts = await h.db.prisma.contact.findMany({ where: { tenantId: t.tenantId }, include: { company: true }, orderBy: { createdAt: 'asc' } });
    expect(contacts.map((c) => [c.firstName, c.company.name])).toEqual([
      ['Pat', 'Acme Lifts'],
      ['Kim', 'Globex Cranes'],
    ]);
    expect(contacts[0]!.companyId).toBe(acme.id);
    const failed = await rowsOf(t.secret, job.id, 'failed');
    expect(failed.data.map((r: { line: number; errors: { field: string }[] }) => [r.line, r.errors.map((e) => e.field)])).toEqual([
      [3, ['companyName', 'email', 'lastName']],
      [5, ['line']],
    ]);

    // An agent imports a list a user pasted, through the MCP tool of the same operation.
    const mcp = await connectMcp('http://localhost/mcp', t.secret, '2026-07-28', async (input, init) => h.app.fetch(new Request(input, init)));
    const result = await mcp.callTool({ name: 'createImport', arguments: { object: 'companies', text: 'name,city\nInitech,Austin\n' } });
    await mcp.close();
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    const viaMcp = await ended(t.secret, (result.structuredContent as { data: { id: string } }).data.id);
    expect(viaMcp).toMatchObject({ object: 'companies', created: 1 });
    expect(await h.db.prisma.company.count({ where: { tenantId: t.tenantId, name: 'Initech', city: 'Austin' } })).toBe(1);
  });

  it('reads Windows-1252 and UTF-16 files, tab-separated, and a multipart form\'s file part', async () => {
    const latin = iconv.encode('name\tcity\r\nCafé Müller\tKöln\r\n', 'windows-1252');
    expect(await imported(t.secret, 'object=companies', latin)).toMatchObject({ created: 1, failed: 0 });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode('name,city\r\nŁódź Hoists,Łódź\r\n', 'utf-16le')]);
    expect(await imported(t.secret, 'object=companies', utf16)).toMatchObject({ created: 1, failed: 0 });
    const form = new FormData();
    form.append('file', new Blob(['name;city\nSøren Lifts;Aarhus\n'], { type: 'text/csv' }), 'companies.csv');
    const response = await h.app.fetch('http://localhost/api/v1/imports?object=companies', { method: 'POST', headers: { authorization: `Bearer ${t.secret}` }, body: form });
    expect(response.status).toBe(202);
    expect(await ended(t.secret, ((await response.json()) as { data: { id: string } }).data.id)).toMatchObject({ created: 1 });
    const names = (await h.db.prisma.company.findMany({ where: { tenantId: t.tenantId, name: { in: ['Café Müller', 'Łódź Hoists', 'Søren Lifts'] } } })).map((c) => `${c.name}/${c.city}`);
    expect(names.sort()).toEqual(['Café Müller/Köln', 'Søren Lifts/Aarhus', 'Łódź Hoists/Łódź']);
  });

  it('with an Idempotency-Key, the same file again replays its 202 (a multipart form too, whatever its boundary), and another file is a 422', async () => {
    const own = await tenant();
    const send = (key: string, body: BodyInit, contentType?: string) =>
      h.app.fetch('http://localhost/api/v1/imports?object=companies', {
        method: 'POST',
        headers: { authorization: `Bearer ${own.secret}`, 'idempotency-key': key, ...(contentType ? { 'content-type': contentType } : {}) },
        body,
      });
    const first = await send('upload-1', 'name\nInitech\n', 'text/csv');
    expect(first.status).toBe(202);
    const job = ((await first.json()) as { data: { id: string } }).data;
    const again = await send('upload-1', 'name\nInitech\n', 'text/csv');
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as { data: { id: string } }).data.id).toBe(job.id);
    const other = await send('upload-1', 'name\nHooli\n', 'text/csv');
    expect(other.status).toBe(422);
    expect(((await other.json()) as { message: string }).message).toContain('used with another request');

    const form = () => {
      const data = new FormData();
      data.append('file', new Blob(['name\nGlobex\n'], { type: 'text/csv' }), 'companies.csv');
      return data;
    };
    const viaForm = await send('upload-2', form());
    expect(viaForm.status).toBe(202);
    const viaFormAgain = await send('upload-2', form());
    expect([viaFormAgain.status, viaFormAgain.headers.get('idempotent-replayed')]).toEqual([202, 'true']);
    expect(await h.db.prisma.importJob.count({ where: { tenantId: own.tenantId } })).toBe(2);
  });

  it("another tenant's import is 404; a key without the object's write scope is 403; cancelling a finished import is 409", async () => {
    const job = await imported(t.secret, 'object=companies', 'name\nUmbrella\n');
    const other = await tenant();
    expect((await rest('GET', `/api/v1/imports/${job.id}`, { key: other.secret })).status).toBe(404);
    expect((await rest('GET', `/api/v1/imports/${job.id}/rows`, { key: other.secret })).status).toBe(404);
    expect((await rest('POST', `/api/v1/imports/${job.id}/cancel`, { key: other.secret })).status).toBe(404);
    const readOnly = await tenant({ scopes: ['leads.lead.read', 'companies.read'] });
    expect((await upload(readOnly.secret, 'object=leads', 'firstName,lastName\nA,B\n')).status).toBe(403);
    expect(await h.db.prisma.importFile.count({ where: { tenantId: readOnly.tenantId } })).toBe(0);
    // A key that may import contacts only is told which scope an import of companies needs.
    const contactsOnly = await h.db.prisma.user.findFirstOrThrow({ where: { tenantId: t.tenantId } });
    const pair = await createKeyPair(h.db.prisma, { tenantId: t.tenantId, userId: contactsOnly.id, name: 'contacts', scopes: ['contacts.write'] });
    const forbidden = await rest('GET', `/api/v1/imports/${job.id}`, { key: pair.secret.key });
    expect([forbidden.status, forbidden.headers.get('x-required-scope')]).toEqual([403, 'companies.write']);
    const listed = (await rest('GET', '/api/v1/imports', { key: pair.secret.key })).body.data as { object: string }[];
    expect([listed.length > 0, listed.every((i) => i.object === 'contacts')]).toEqual([true, true]);
    // Another user's key that may write companies but not read them (it reads leads) follows the import, not its rows (the companies' data).
    const writeOnly = await createKeyPair(h.db.prisma, { tenantId: t.tenantId, userId: contactsOnly.id, name: 'companies', scopes: ['companies.write', 'leads.lead.read'] });
    expect((await rest('GET', `/api/v1/imports/${job.id}`, { key: writeOnly.secret.key })).status).toBe(200);
    const rows = await rest('GET', `/api/v1/imports/${job.id}/rows`, { key: writeOnly.secret.key });
    expect([rows.status, rows.headers.get('x-required-scope')]).toEqual([403, 'companies.read']);
    const csv = await h.app.fetch(`http://localhost/api/v1/imports/${job.id}/rows`, { headers: { authorization: `Bearer ${writeOnly.secret.key}`, accept: 'text/csv' } });
    expect(csv.status).toBe(403);
    const nested = await rest('POST', '/graphql', { key: writeOnly.secret.key, body: { query: `{ import(id: "${job.id}") { id rows(first: 5) { edges { node { cells } } } } }` } });
    expect(JSON.stringify(nested.body)).not.toContain('Umbrella');
    // The same stored file imported again through REST by its id, with no body.
    const again = await rest('POST', `/api/v1/imports?object=companies&mode=upsert&fileId=${job.fileId}`, { key: t.secret });
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    expect(await ended(t.secret, again.body.data.id)).toMatchObject({ fileId: job.fileId, created: 0, unchanged: 1 });
    const cancelled = await rest('POST', `/api/v1/imports/${job.id}/cancel`, { key: t.secret });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toMatch(/completed/);
  });
});

describe('a spreadsheet of ten thousand leads', () => {
  it('imports 9,997 of 10,000 rows, reports the three bad ones by line and field, and imported again as an upsert creates nothing', async () => {
    const t = await tenant();
    const bad = new Map([
      [1234, (i: number) => `Lee,${i},lee${i}@,`],
      [5000, (i: number) => `,${i},lee${i}@example.test,`],
      [9999, (i: number) => `Lee,${i},lee${i}@example.test,${'9'.repeat(51)}`],
    ]);
    const rows = Array.from({ length: 10_000 }, (_, i) => bad.get(i)?.(i) ?? `Lee,${i},lee${i}@example.test,`);
    const file = ['firstName,lastName,email,phone', ...rows].join('\r\n');
    const started = Date.now();
    const job = await imported(t.secret, 'object=leads', file);
    const seconds = (Date.now() - started) / 1000;
    console.log(`10,000 rows imported in ${seconds.toFixed(1)} s (${Math.round(10_000 / seconds)} rows/s)`);
    expect(job).toMatchObject({ status: 'completed', rowsTotal: 10_000, rowsProcessed: 10_000, created: 9_997, failed: 3 });
    expect(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } })).toBe(9_997);
    const failed = await rowsOf(t.secret, job.id, 'failed');
    // Row i of the file is line i + 2: the header is line 1.
    expect(failed.data.map((r: { line: number; errors: { field: string }[] }) => [r.line, r.errors.map((e) => e.field)])).toEqual([
      [1236, ['email']],
      [5002, ['firstName']],
      [10_001, ['phone']],
    ]);
    const again = await imported(t.secret, 'object=leads&mode=upsert&matchOn=email', file);
    expect(again).toMatchObject({ status: 'completed', created: 0, unchanged: 9_997, failed: 3 });
    expect(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } })).toBe(9_997);
  }, 240_000);
});

describe('many imports', () => {
  it("runs one import per tenant at a time across processes, so a tenant's queue never delays another's; at most 10 waiting or running", async () => {
    const busy = await tenant();
    const other = await tenant();
    const file = await h.db.prisma.importFile.create({ data: { tenantId: busy.tenantId, format: 'csv', bytes: 0, storedAt: new Date() } });
    // An import another process is running (its lease is current), and eight queued behind it.
    const job = (status: 'running' | 'queued', leaseUntil: Date | null) =>
      h.db.prisma.importJob.create({
        data: { tenantId: busy.tenantId, object: 'companies', fileId: file.id, status, leaseUntil, createdByUserId: busy.userId, scopes: ['companies.write'], budgetKey: `key:${busy.secretKeyId}`, columns: [] },
      });
    await job('running', new Date(Date.now() + 60_000));
    for (let i = 0; i < 8; i++) await job('queued', null);
    const tenth = await upload(busy.secret, 'object=companies', 'name\nTenth Ltd\n');
    expect(tenth.status).toBe(202);
    // Another tenant's import runs meanwhile; the busy tenant's tenth waits for its running one.
    expect(await imported(other.secret, 'object=companies', 'name\nOther Ltd\n')).toMatchObject({ status: 'completed', created: 1 });
    expect((await rest('GET', `/api/v1/imports/${tenth.body.data.id}`, { key: busy.secret })).body.data.status).toBe('queued');
    const eleventh = await upload(busy.secret, 'object=companies', 'name\nEleventh Ltd\n');
    expect([eleventh.status, eleventh.body.message]).toEqual([409, 'A tenant has at most 10 imports queued or running; wait for one to end, or cancel one']);
    // Cancelled, the queued ones make room at once.
    expect((await rest('POST', `/api/v1/imports/${tenth.body.data.id}/cancel`, { key: busy.secret })).body.data.status).toBe('cancelled');
    expect((await upload(busy.secret, 'object=companies&dryRun=true', 'name\nAgain Ltd\n')).status).toBe(202);
  });
});

describe('files past IMPORT_MAX_BYTES', () => {
  it('are 413 before a byte is read when their length is declared, and as their bytes pass the limit when it is not; nothing is kept', async () => {
    const t = await tenant();
    process.env.IMPORT_MAX_BYTES = '2048';
    try {
      const big = `name\n${'Acme Lifts\n'.repeat(300)}`;
      const declared = await h.app.fetch('http://localhost/api/v1/imports?object=companies', {
        method: 'POST',
        headers: { authorization: `Bearer ${t.secret}`, 'content-type': 'text/csv', 'content-length': String(Buffer.byteLength(big)) },
        body: big,
      });
      expect(declared.status).toBe(413);
      expect(await declared.json()).toMatchObject({ error: 'Payload Too Large', message: expect.stringMatching(/limited to 2048 bytes/) });
      let sent = 0;
      const chunks = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ === 10) controller.close();
          else controller.enqueue(new TextEncoder().encode(sent === 1 ? 'name\n' : 'Acme Lifts Ltd\n'.repeat(20)));
        },
      });
      const streamed = await h.app.fetch('http://localhost/api/v1/imports?object=companies', {
        method: 'POST',
        headers: { authorization: `Bearer ${t.secret}`, 'content-type': 'text/csv' },
        body: chunks,
        duplex: 'half',
      } as RequestInit);
      expect(streamed.status).toBe(413);
      expect([await h.db.prisma.importFile.count({ where: { tenantId: t.tenantId } }), await h.db.prisma.importFileChunk.count({ where: { tenantId: t.tenantId } })]).toEqual([0, 0]);
    } finally {
      delete process.env.IMPORT_MAX_BYTES;
    }
  });
});

describe('a row the database refuses', () => {
  it('fails alone: its batch is undone and its rows go one by one, so the others are kept', async () => {
    const t = await tenant();
    // A rule only the database knows (a trigger standing for a constraint the API's rules let through).
    await h.db.prisma.$executeRawUnsafe(`CREATE FUNCTION refuse_company() RETURNS trigger AS $$ BEGIN IF NEW.name = 'Refused Ltd' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await h.db.prisma.$executeRawUnsafe(`CREATE TRIGGER refuse_company BEFORE INSERT ON "Company" FOR EACH ROW EXECUTE FUNCTION refuse_company()`);
    try {
      const job = await imported(t.secret, 'object=companies', 'name\nKept One\nRefused Ltd\nKept Two\n');
      expect(job).toMatchObject({ status: 'completed', created: 2, failed: 1 });
      expect((await rowsOf(t.secret, job.id, 'failed')).data).toEqual([
        { line: 3, outcome: 'failed', recordId: null, errors: [{ field: 'row', message: 'could not be written; the database refused it' }], cells: { name: 'Refused Ltd' } },
      ]);
      const names = (await h.db.prisma.company.findMany({ where: { tenantId: t.tenantId }, orderBy: { name: 'asc' } })).map((c) => c.name);
      expect(names).toEqual(['Kept One', 'Kept Two']);
      expect(await h.db.prisma.event.count({ where: { tenantId: t.tenantId, type: 'company.created' } })).toBe(2);
    } finally {
      await h.db.prisma.$executeRawUnsafe('DROP TRIGGER refuse_company ON "Company"');
      await h.db.prisma.$executeRawUnsafe('DROP FUNCTION refuse_company()');
    }
  });
});

describe('stored files', () => {
  it('keeps a file 7 days for its imports, and an upload no import used a day', async () => {
    const t = await tenant();
    const job = await imported(t.secret, 'object=companies', 'name\nKept Ltd\n');
    const unused = await upload(t.secret, 'object=companies&mapping=%7B%22name%22%3A1%7D', 'name\nNever Ltd\n');
    expect(unused.status).toBe(400);
    const orphan = await h.db.prisma.importFile.create({ data: { tenantId: t.tenantId, format: 'csv', bytes: 3, storedAt: new Date() } });
    await h.db.prisma.importFileChunk.create({ data: { fileId: orphan.id, tenantId: t.tenantId, seq: 0, bytes: Buffer.from('a\nb') } });
    const chunks = (fileId: string) => h.db.prisma.importFileChunk.count({ where: { fileId } });
    const files = () => h.db.prisma.importFile.count({ where: { tenantId: t.tenantId } });
    expect([await files(), await chunks(job.fileId), await chunks(orphan.id)]).toEqual([2, 1, 1]);
    await sweepImportFiles(h.db.prisma, new Date(Date.now() + 2 * 86_400_000));
    // A day on: the unused upload is gone; the import's file stays, its bytes with it.
    expect([await files(), await chunks(job.fileId)]).toEqual([1, 1]);
    await sweepImportFiles(h.db.prisma, new Date(Date.now() + 8 * 86_400_000));
    // A week on: its bytes are gone, its row stays for the import that names it (whose rows keep their cells).
    expect([await files(), await chunks(job.fileId)]).toEqual([1, 0]);
    expect((await rowsOf(t.secret, job.id)).data).toHaveLength(1);
  });
});

describe('a job that makes no progress', () => {
  // Attempts follow each other after every lease: a short one, and one row a batch. The file's own
  // worker (a 5 s lease) is stopped meanwhile, so it takes none of them.
  let quick: LeasedRounds;
  beforeAll(async () => {
    await worker.stop();
    quick = startTestImportWorker(h.db, { leaseMs: 200, batchRows: 1 });
  });
  afterAll(async () => {
    await quick.stop();
    worker = startTestImportWorker(h.db);
  });

  /** Runs `body` while the database runs `check` (PL/pgSQL over OLD and NEW) on each write of progress of the tenant's imports: a batch that throws outside its rows when it raises. */
  async function checkingProgress(tenantId: string, check: string, body: () => Promise<void>) {
    await h.db.prisma.$executeRawUnsafe(`CREATE FUNCTION check_import_progress() RETURNS trigger AS $$ BEGIN
      IF NEW."tenantId" = '${tenantId}' AND NEW."rowsProcessed" > OLD."rowsProcessed" THEN ${check} END IF;
      RETURN NEW; END $$ LANGUAGE plpgsql`);
    await h.db.prisma.$executeRawUnsafe(`CREATE TRIGGER check_import_progress BEFORE UPDATE ON "ImportJob" FOR EACH ROW EXECUTE FUNCTION check_import_progress()`);
    try {
      await body();
    } finally {
      await h.db.prisma.$executeRawUnsafe('DROP TRIGGER check_import_progress ON "ImportJob"');
      await h.db.prisma.$executeRawUnsafe('DROP FUNCTION check_import_progress()');
    }
  }

  it('is failed, with its import.failed event, when claimed after 5 attempts in a row that made none, instead of being claimed forever', async () => {
    const t = await tenant();
    await checkingProgress(t.tenantId, `RAISE EXCEPTION 'progress refused';`, async () => {
      const job = await imported(t.secret, 'object=companies', 'name\nNever Ltd\nNor Ltd\n');
      expect(job).toMatchObject({ status: 'failed', rowsTotal: 2, rowsProcessed: 0, created: 0 });
      expect(job.error).toMatch(/^stopped after 5 attempts that made no progress; the last: .*progress refused/);
      expect((await h.db.prisma.importJob.findUniqueOrThrow({ where: { id: job.id } })).attempts).toBe(6);
      const events = await h.db.prisma.event.findMany({ where: { tenantId: t.tenantId, type: { startsWith: 'import.' } } });
      expect(events.map((e) => [e.type, (e.data as { error: string }).error])).toEqual([['import.failed', job.error]]);
      expect(await h.db.prisma.company.count({ where: { tenantId: t.tenantId } })).toBe(0);
    });
  });

  it('goes on for as many attempts as it needs while each commits a batch', async () => {
    const t = await tenant();
    // Each claim (its lease token) may record one batch; the next one throws: 8 rows take 8 attempts.
    await h.db.prisma.$executeRawUnsafe('CREATE TABLE progressed_claim (token uuid PRIMARY KEY)');
    const oneBatchAClaim = `IF EXISTS (SELECT 1 FROM progressed_claim WHERE token = NEW."leaseToken") THEN RAISE EXCEPTION 'one batch a claim'; END IF;
      INSERT INTO progressed_claim VALUES (NEW."leaseToken");`;
    try {
      await checkingProgress(t.tenantId, oneBatchAClaim, async () => {
        const names = Array.from({ length: 8 }, (_, i) => `Step ${i} Ltd`);
        const job = await imported(t.secret, 'object=companies', `name\n${names.join('\n')}\n`);
        expect(job).toMatchObject({ status: 'completed', rowsTotal: 8, rowsProcessed: 8, created: 8, failed: 0, error: null });
        expect(await h.db.prisma.$queryRawUnsafe('SELECT count(*)::int AS claims FROM progressed_claim')).toEqual([{ claims: 8 }]);
        expect(await h.db.prisma.company.count({ where: { tenantId: t.tenantId } })).toBe(8);
        const events = await h.db.prisma.event.findMany({ where: { tenantId: t.tenantId, type: { startsWith: 'import.' } } });
        expect(events.map((e) => e.type)).toEqual(['import.completed']);
      });
    } finally {
      await h.db.prisma.$executeRawUnsafe('DROP TABLE progressed_claim');
    }
  });
});
