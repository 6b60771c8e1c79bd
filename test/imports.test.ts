import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverEventLog } from '../src/events/event-rendering.js';
import { startImportWorker } from '../src/imports/import-worker.js';
import type { LeasedRounds } from '../src/shared/leased-rounds.js';
import type { TenantFixture } from './support/harness.js';
import { useHarness } from './support/harness.js';

const harness = useHarness();
const { h, tenant, rest } = harness;

let worker: LeasedRounds;
beforeAll(() => {
  worker = startImportWorker(h.db.prisma, {
    events: serverEventLog({ prisma: h.db.prisma, publicUrl: 'http://localhost', now: () => new Date() }),
    publicUrl: 'http://localhost',
    concurrency: 2,
    batchRows: 50,
    pollMs: 50,
    leaseMs: 5_000,
  });
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
  for (let tries = 0; tries < 400; tries++) {
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
