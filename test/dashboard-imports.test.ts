import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomFieldDefinition } from '../src/custom-fields/custom-field.admin.js';
import { newFormToken } from '../src/dashboard/form-outcomes.js';
import { createHttpServer } from '../src/http/server.js';
import type { LeasedRounds } from '../src/shared/leased-rounds.js';
import { offlineBrowser } from './support/browser.js';
import type { BrowserSession } from './support/dashboard.js';
import { gqlAsSession, linkTokenFor, page, postForm, signIn } from './support/dashboard.js';
import type { TenantFixture } from './support/harness.js';
import { useHarness } from './support/harness.js';
import { startTestImportWorker } from './support/imports.js';
import { freePort, root } from './support/server-process.js';

const { h, tenant } = useHarness();

const IMPORTS = '/dashboard/imports';
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const startWorker = () => startTestImportWorker(h.db);

let worker: LeasedRounds | undefined;
beforeAll(() => {
  worker = startWorker();
});
afterAll(() => worker?.stop());

async function signedInAs(role: 'manager' | 'technician' | 'field_coordinator' | 'sales') {
  const t = await tenant({ role });
  const { email } = await h.db.prisma.user.findUniqueOrThrow({ where: { id: t.userId } });
  return { t, email, session: await signIn(h.app, h.db.prisma, email) };
}

/** The upload form as a browser sends it: multipart, the CSRF token first and the file last. */
function upload(session: BrowserSession, fields: Record<string, string>, file?: { name: string; type: string; content: BlobPart }, csrf = session.csrf) {
  const body = new FormData();
  if (csrf) body.append('csrf', csrf);
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (file) body.append('file', new Blob([file.content], { type: file.type }), file.name);
  return h.app.fetch(`http://localhost${IMPORTS}`, { method: 'POST', headers: { cookie: session.cookie, origin: 'http://localhost' }, body, redirect: 'manual' });
}

const post = (session: BrowserSession, path: string, fields: Record<string, string | string[]>) => postForm(h.app, path, { csrf: session.csrf, ...fields }, { cookie: session.cookie });

/** The import once it has ended, asked of the REST API with the session, as the page's script asks. */
async function ended(session: BrowserSession, id: string) {
  for (let tries = 0; tries < 400; tries++) {
    const answer = await h.app.fetch(`http://localhost/api/v1/imports/${id}`, { headers: { cookie: session.cookie, 'x-csrf-token': session.csrf } });
    const { data } = (await answer.json()) as { data?: { status: string } & Record<string, unknown> };
    if (data && ['completed', 'failed', 'cancelled'].includes(data.status)) return data;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`import ${id} did not end`);
}

/** An upload's dry run, once it has ended. */
async function dryRunOf(session: BrowserSession, fields: Record<string, string>, content: string) {
  const answer = await upload(session, fields, { name: 'rows.csv', type: 'text/csv', content });
  expect(answer.status).toBe(303);
  return ended(session, idOf(answer.headers.get('location')));
}

/** The mapping form's Import (its columns matched by their names): the import's id. */
async function importStarted(session: BrowserSession, t: TenantFixture, fileId: string, fields: Record<string, string> = { object: 'leads', mode: 'create' }) {
  expect((await post(session, `${IMPORTS}/run`, { ...fields, fileId, form: newFormToken(new Date()) })).status).toBe(303);
  return (await h.db.prisma.importJob.findFirstOrThrow({ where: { tenantId: t.tenantId, dryRun: false }, orderBy: { createdAt: 'desc' } })).id;
}

/** The mapping form's Import, once the import has ended. */
const importedFrom = async (session: BrowserSession, t: TenantFixture, fields: Record<string, string>) => ended(session, await importStarted(session, t, fields.fileId as string, fields));

const idOf = (location: string | null) => new URL(location ?? '', 'http://localhost').searchParams.get('id') ?? '';
const textOf = async (session: BrowserSession, path: string) => {
  const shown = await page(h.app, session, path);
  expect(shown.status, path).toBe(200);
  return shown.text();
};
const counts = (t: TenantFixture) =>
  Promise.all([
    h.db.prisma.importFile.count({ where: { tenantId: t.tenantId } }),
    h.db.prisma.importJob.count({ where: { tenantId: t.tenantId } }),
    h.db.prisma.lead.count({ where: { tenantId: t.tenantId } }),
  ]);

const CSV = [
  'First Name,Surname,Mail,Region,Notes (old)',
  'Ada,Lovelace,ada@example.test,North,met at the fair',
  'Charles,Babbage,not-an-email,South,',
  'Grace,Hopper,grace@example.test,,old note',
  '',
].join('\n');
const COLUMNS = ['First Name', 'Surname', 'Mail', 'Region', 'Notes (old)'];
const MAPPED = ['firstName', 'lastName', 'email', 'customFields.region', ''];

describe('the dashboard’s imports over HTTP', () => {
  it('dry-runs an upload, shows its rows with each column’s field, checks again with a new mapping, imports once, lists it and hands back the failed rows', async () => {
    const { t, session } = await signedInAs('manager');
    await createCustomFieldDefinition(h.db.prisma, { tenantId: t.tenantId, entity: 'lead', key: 'region', label: 'Region', type: 'text' });
    expect(await textOf(session, '/dashboard')).toContain(`href="${IMPORTS}"`);
    const empty = await textOf(session, IMPORTS);
    expect(empty).toContain('No imports yet.');
    expect(empty).toContain('enctype="multipart/form-data"');

    // Windows names a .csv `application/vnd.ms-excel`: the name tells the API it is CSV.
    const uploaded = await upload(session, { object: 'leads', mode: 'create' }, { name: 'leads.csv', type: 'application/vnd.ms-excel', content: CSV });
    expect(uploaded.status).toBe(303);
    const firstRun = idOf(uploaded.headers.get('location'));
    expect(uploaded.headers.get('location')).toBe(`${IMPORTS}/job?id=${firstRun}`);
    expect(await ended(session, firstRun)).toMatchObject({ dryRun: true, status: 'completed', rowsTotal: 3, failed: 3 });
    const first = await textOf(session, `${IMPORTS}/job?id=${firstRun}`);
    // The columns in the file's order, each with its select: a name the API matches is chosen, the others said to name no field.
    expect([...first.matchAll(/<th scope="col"[^>]*>([^<]*)<\/th>/g)].map((m) => m[1])).toEqual(['Row', 'Result', ...COLUMNS]);
    expect(first).toMatch(/aria-label="Field for the column “First Name”"[^>]*>.*?<option value="firstName" selected>/);
    expect(first.match(/No field has this name/g)).toHaveLength(4);
    expect(first).toContain('<option value="customFields.region">Region (customFields.region)</option>');
    expect(first).toContain('Mail: is not a field of leads');
    expect(first).toContain('<dt>Would fail</dt><dd data-field="failed">3</dd>');
    const fileId = (await h.db.prisma.importJob.findUniqueOrThrow({ where: { id: firstRun } })).fileId;
    expect(first).toContain(`name="fileId" value="${fileId}"`);

    const mapping = { object: 'leads', fileId, mode: 'create', column: COLUMNS, field: MAPPED };
    const checked = await post(session, `${IMPORTS}/check`, mapping);
    expect(checked.status).toBe(303);
    const secondRun = idOf(checked.headers.get('location'));
    // The mapping is the job's, not the address's: the page shows it however it is reached (reloaded, from the list).
    expect(checked.headers.get('location')).toBe(`${IMPORTS}/job?id=${secondRun}`);
    const chosen = { 'First Name': 'firstName', Surname: 'lastName', Mail: 'email', Region: 'customFields.region', 'Notes (old)': null };
    expect(await ended(session, secondRun)).toMatchObject({ dryRun: true, fileId, mapping: chosen, created: 2, failed: 1 });
    const second = await textOf(session, `${IMPORTS}/job?id=${secondRun}`);
    expect(second).toMatch(/aria-label="Field for the column “Region”"[^>]*>.*?<option value="customFields.region" selected>/);
    // Left out: no field is selected, so the first option ("Leave out") is.
    expect(second.match(/aria-label="Field for the column “Notes \(old\)”".*?<\/select>/)?.[0]).not.toContain('selected');
    expect(second).not.toContain('No field has this name');
    expect(second).toContain('Row 3: email: must be an email address');
    expect(second).toContain('Import 3 rows');
    // Dry runs wrote nothing; the file was stored once.
    expect(await counts(t)).toEqual([1, 2, 0]);

    const run = { ...mapping, form: newFormToken(new Date()) };
    const started = await post(session, `${IMPORTS}/run`, run);
    expect(started.status).toBe(303);
    const listed = `${IMPORTS}?outcome=${encodeURIComponent(run.form)}`;
    expect(started.headers.get('location')).toBe(listed);
    expect(await textOf(session, listed)).toContain('The import of leads has started');
    const job = await h.db.prisma.importJob.findFirstOrThrow({ where: { tenantId: t.tenantId, dryRun: false } });
    expect(await ended(session, job.id)).toMatchObject({ status: 'completed', created: 2, failed: 1 });
    const leads = await h.db.prisma.lead.findMany({ where: { tenantId: t.tenantId }, orderBy: { createdAt: 'asc' } });
    expect(leads.map((l) => [l.firstName, l.lastName, l.email, l.notes, l.source, l.customFields])).toEqual([
      ['Ada', 'Lovelace', 'ada@example.test', null, 'import', { region: 'North' }],
      ['Grace', 'Hopper', 'grace@example.test', null, 'import', {}],
    ]);
    // The same form sent again (a double click, a reload) imports nothing more.
    expect((await post(session, `${IMPORTS}/run`, run)).headers.get('location')).toBe(listed);
    expect(await counts(t)).toEqual([1, 3, 2]);

    const list = await textOf(session, IMPORTS);
    expect(list).toContain(`href="${IMPORTS}/job?id=${job.id}">Import of leads`);
    expect(list).toContain(`href="${IMPORTS}/failed-rows?id=${job.id}"`);
    expect(list).toMatch(new RegExp(`data-import-id="${job.id}" data-status="completed".*?<dd data-field="created">2</dd>`));

    const csv = await page(h.app, session, `${IMPORTS}/failed-rows?id=${job.id}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="import-${job.id}-failed-rows.csv"`);
    expect((await csv.text()).split('\r\n')).toEqual([`${COLUMNS.join(',')},error`, 'Charles,Babbage,not-an-email,South,,email: must be an email address', '']);
  });

  it('upserts from the page: rows with the email of a lead update it, the others are created, and none is duplicated', async () => {
    const { t, session } = await signedInAs('manager');
    const first = await dryRunOf(session, { object: 'leads', mode: 'create' }, 'firstName,lastName,email\nAda,Lovelace,ada@example.test\nGrace,Hopper,grace@example.test\n');
    expect(await importedFrom(session, t, { object: 'leads', fileId: first.fileId as string, mode: 'create' })).toMatchObject({ created: 2 });

    const again = await dryRunOf(session, { object: 'leads', mode: 'upsert' }, 'firstName,lastName,email\nAda,King, ADA@example.test\nGrace,Hopper,grace@example.test\nAlan,Turing,alan@example.test\n');
    expect(again).toMatchObject({ mode: 'upsert', matchOn: 'email', created: 1, updated: 1, unchanged: 1 });
    const shown = await textOf(session, `${IMPORTS}/job?id=${again.id}`);
    expect(shown).toContain('<option value="upsert" selected>Update the lead with the same email; add the other rows</option>');
    expect(shown).toContain('<dt>Would update</dt><dd data-field="updated">1</dd>');

    expect(await importedFrom(session, t, { object: 'leads', fileId: again.fileId as string, mode: 'upsert' })).toMatchObject({ mode: 'upsert', matchOn: 'email', status: 'completed', created: 1, updated: 1, unchanged: 1 });
    const leads = await h.db.prisma.lead.findMany({ where: { tenantId: t.tenantId }, orderBy: { createdAt: 'asc' } });
    expect(leads.map((l) => [l.firstName, l.lastName, l.email])).toEqual([
      ['Ada', 'King', 'ada@example.test'],
      ['Grace', 'Hopper', 'grace@example.test'],
      ['Alan', 'Turing', 'alan@example.test'],
    ]);
  });

  it('imports contacts with the companies they name added when asked, each once, and finds the ones the tenant has', async () => {
    const { t, session } = await signedInAs('manager');
    const made = await gqlAsSession(h.app, session, 'mutation { createCompany(input: { name: "Existing Co" }) { company { id } } }');
    const existing = (made.data as { createCompany: { company: { id: string } } }).createCompany.company;
    const CONTACTS = 'First Name,Last Name,Email,Company Name\nAda,Lovelace,ada@example.test,Analytical Engines\nGrace,Hopper,grace@example.test,existing co\nAlan,Turing,alan@example.test,analytical engines\n';
    // Leads have no companies to add: the box is for contacts only, and left out for them.
    const leads = await dryRunOf(session, { object: 'leads', mode: 'create', createCompanies: 'true' }, 'firstName,email\nAda,ada@example.test\n');
    expect(leads).toMatchObject({ status: 'completed', createCompanies: false });

    const without = await dryRunOf(session, { object: 'contacts', mode: 'create' }, CONTACTS);
    expect(without).toMatchObject({ createCompanies: false, created: 1, failed: 2 });
    const unchecked = await textOf(session, `${IMPORTS}/job?id=${without.id}`);
    expect(unchecked).toContain('companyName: no company is named &quot;Analytical Engines&quot;');
    expect(unchecked).toMatch(/<input id="createCompanies" type="checkbox" name="createCompanies" value="true" aria-describedby/);

    const checked = await post(session, `${IMPORTS}/check`, { object: 'contacts', fileId: without.fileId as string, mode: 'create', createCompanies: 'true' });
    const withCompanies = await ended(session, idOf(checked.headers.get('location')));
    expect(withCompanies).toMatchObject({ createCompanies: true, created: 3, failed: 0 });
    // The dry run's page shows the box as it ran, from the job.
    expect(await textOf(session, `${IMPORTS}/job?id=${withCompanies.id}`)).toMatch(/<input id="createCompanies" type="checkbox" name="createCompanies" value="true" checked/);
    expect(await h.db.prisma.company.count({ where: { tenantId: t.tenantId } })).toBe(1);

    expect(await importedFrom(session, t, { object: 'contacts', fileId: without.fileId as string, mode: 'create', createCompanies: 'true' })).toMatchObject({ status: 'completed', createCompanies: true, created: 3 });
    const companies = await h.db.prisma.company.findMany({ where: { tenantId: t.tenantId }, orderBy: { createdAt: 'asc' } });
    expect(companies.map((c) => c.name)).toEqual(['Existing Co', 'Analytical Engines']);
    const contacts = await h.db.prisma.contact.findMany({ where: { tenantId: t.tenantId }, orderBy: { createdAt: 'asc' } });
    expect(contacts.map((c) => [c.email, c.companyId])).toEqual([
      ['ada@example.test', companies[1]!.id],
      ['grace@example.test', existing.id],
      ['alan@example.test', companies[1]!.id],
    ]);
  });

  it('cancels a queued import and a running one from their page, with the form’s CSRF token, and they end cancelled with nothing imported', async () => {
    const { t, session } = await signedInAs('manager');
    const { fileId } = await dryRunOf(session, { object: 'leads', mode: 'create' }, 'firstName,email\nAda,ada@example.test\n');
    const cancelAction = `action="${IMPORTS}/cancel"`;
    expect(await textOf(session, IMPORTS)).not.toContain(cancelAction);
    // Without a worker, the imports wait, queued.
    await worker?.stop();
    const [queued, running] = [await importStarted(session, t, fileId as string), await importStarted(session, t, fileId as string)];
    // As while another process runs it: started, its lease held.
    await h.db.prisma.importJob.update({ where: { id: running }, data: { status: 'running', startedAt: new Date(), leaseUntil: new Date(Date.now() + 3_600_000) } });

    for (const id of [queued, running]) {
      const shown = await textOf(session, `${IMPORTS}/job?id=${id}`);
      expect(shown).toContain(cancelAction);
      expect(shown).toContain(`<input type="hidden" name="id" value="${id}"/><button type="submit" class="danger" aria-describedby="cancel-hint">Cancel the import</button>`);
      expect((await post(session, `${IMPORTS}/cancel`, { id, csrf: '', form: newFormToken(new Date()) })).status).toBe(403);
    }
    expect((await h.db.prisma.importJob.findMany({ where: { id: { in: [queued, running] } } })).map((job) => job.cancelRequested)).toEqual([false, false]);

    const cancelQueued = await post(session, `${IMPORTS}/cancel`, { id: queued, form: newFormToken(new Date()) });
    expect(cancelQueued.status).toBe(303);
    expect(await h.db.prisma.importJob.findUniqueOrThrow({ where: { id: queued } })).toMatchObject({ status: 'cancelled', cancelRequested: true, rowsProcessed: 0 });
    const afterQueued = await textOf(session, cancelQueued.headers.get('location') ?? '');
    expect(afterQueued).toContain('Cancelled: no more rows will be imported.');
    expect(afterQueued).not.toContain(cancelAction);

    const cancelRunning = await post(session, `${IMPORTS}/cancel`, { id: running, form: newFormToken(new Date()) });
    expect(await textOf(session, cancelRunning.headers.get('location') ?? '')).toContain('Cancelling: the import stops once the rows it is saving now are saved.');
    expect(await h.db.prisma.importJob.findUniqueOrThrow({ where: { id: running } })).toMatchObject({ status: 'running', cancelRequested: true });
    // Its process gone, a worker takes it over and stops it before its first batch.
    await h.db.prisma.importJob.update({ where: { id: running }, data: { leaseUntil: new Date(Date.now() - 1) } });
    worker = startWorker();
    expect(await ended(session, running)).toMatchObject({ status: 'cancelled', created: 0 });
    expect(await h.db.prisma.importJob.findUniqueOrThrow({ where: { id: running } })).toMatchObject({ status: 'cancelled', completedAt: expect.any(Date) });
    expect(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } })).toBe(0);

    // An import that has ended cannot be cancelled: the API's refusal.
    const late = await post(session, `${IMPORTS}/cancel`, { id: queued, form: newFormToken(new Date()) });
    expect(late.status).toBe(409);
  });

  it('says what is wrong with a missing file, a file that is not CSV and a mapping to an unknown field, and writes nothing', async () => {
    const { t, session } = await signedInAs('manager');
    const noFile = await upload(session, { object: 'leads' });
    expect(noFile.status).toBe(400);
    const noFilePage = await noFile.text();
    expect(noFilePage).toContain('Choose a file to import');
    expect(noFilePage).toContain('role="alert"');
    // A browser sends an empty file input as a part with no name and no bytes.
    const emptyInput = await upload(session, { object: 'leads' }, { name: '', type: 'application/octet-stream', content: '' });
    expect(emptyInput.status).toBe(400);
    expect(await emptyInput.text()).toContain('Choose a file to import');
    const picture = await upload(session, { object: 'contacts' }, { name: 'photo.png', type: 'image/png', content: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) });
    expect(picture.status).toBe(415);
    const picturePage = await picture.text();
    expect(picturePage).toContain('“photo.png” is not a CSV or JSON lines file');
    // The form is shown again with what was chosen.
    expect(picturePage).toContain('<option value="contacts" selected>');
    // Without the form's CSRF token, nothing is read or stored.
    expect((await upload(session, { object: 'leads' }, { name: 'leads.csv', type: 'text/csv', content: CSV }, '')).status).toBe(403);
    expect(await counts(t)).toEqual([0, 0, 0]);

    const uploaded = await upload(session, { object: 'leads' }, { name: 'leads.csv', type: 'text/csv', content: CSV });
    const dryRun = idOf(uploaded.headers.get('location'));
    const { fileId } = await ended(session, dryRun);
    const misspelt = { object: 'leads', fileId: fileId as string, mode: 'create', column: COLUMNS, field: ['firstName', 'lastName', 'emial', '', ''] };
    for (const action of ['check', 'run']) {
      const refused = await post(session, `${IMPORTS}/${action}`, misspelt);
      expect(refused.status, action).toBe(400);
      expect(await refused.text()).toContain('Mail: “emial” is not a field of leads');
    }
    expect(await counts(t)).toEqual([1, 1, 0]);
    // The refused one-time form was released: it changed nothing.
    expect(await h.db.prisma.dashboardFormOutcome.count({ where: { tenantId: t.tenantId } })).toBe(0);
  });

  it('opens for the roles that create records, offers only what they may import, and shows only their tenant’s imports', async () => {
    const technician = await signedInAs('technician');
    expect(await textOf(technician.session, '/dashboard')).not.toContain(`href="${IMPORTS}"`);
    const closed = await page(h.app, technician.session, IMPORTS);
    expect(closed.status).toBe(403);
    expect(await closed.text()).toContain('Only people who may create leads, contacts or companies can import them.');

    const coordinator = await signedInAs('field_coordinator');
    const offered = await textOf(coordinator.session, IMPORTS);
    expect(offered).toContain('<option value="contacts" selected>Contacts</option><option value="companies">Companies</option></select>');
    expect(offered).not.toContain('value="leads"');
    const leads = await upload(coordinator.session, { object: 'leads' }, { name: 'leads.csv', type: 'text/csv', content: CSV });
    expect(leads.status).toBe(403);
    expect(await leads.text()).toContain('Not allowed');
    expect(await counts(coordinator.t)).toEqual([0, 0, 0]);

    const owner = await signedInAs('sales');
    const uploaded = await upload(owner.session, { object: 'leads' }, { name: 'leads.csv', type: 'text/csv', content: CSV });
    const id = idOf(uploaded.headers.get('location'));
    await ended(owner.session, id);
    const other = await signedInAs('manager');
    expect((await page(h.app, other.session, `${IMPORTS}/job?id=${id}`)).status).toBe(404);
    expect((await page(h.app, other.session, `${IMPORTS}/failed-rows?id=${id}`)).status).toBe(404);
    expect((await page(h.app, null, `${IMPORTS}/job?id=${id}`)).headers.get('location')).toBe('/dashboard/sign-in');

    // The page's script is a file of the dashboard's own, under the dashboard's CSP; no script is inline.
    const shown = await page(h.app, owner.session, `${IMPORTS}/job?id=${id}`);
    expect(shown.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await shown.text()).not.toMatch(/<script(?![^>]*\bsrc=)/);
  });
});

describe('the dashboard’s imports in Chromium', { timeout: 180_000 }, () => {
  const browser = offlineBrowser();
  const screenshots = join(root, 'test/screenshots');
  let server: ReturnType<typeof createHttpServer>;
  let base: string;
  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = createHttpServer(h.app, { headersTimeoutMs: 10_000, receiveTimeoutMs: 15_000, keepAliveTimeoutMs: 5_000 });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    mkdirSync(screenshots, { recursive: true });
  });
  afterAll(async () => {
    await browser.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('signs in, uploads a CSV with a bad row, maps a column, checks, imports, follows the progress to the end and downloads the failed rows', async () => {
    const t = await tenant({ role: 'manager' });
    const { email } = await h.db.prisma.user.findUniqueOrThrow({ where: { id: t.userId } });
    const { page: tab, blocked } = await browser.page(base, { viewport: { width: 1100, height: 900 }, acceptDownloads: true });
    /** axe-core's serious and critical findings on the page as it is (its source is evaluated by the test: the CSP forbids inline scripts, not DevTools). */
    const violations = async () => {
      await tab.evaluate(axeSource);
      const found = await tab.evaluate(async () => {
        const results = await (window as any).axe.run(document, { resultTypes: ['violations'] });
        return (results.violations as { id: string; impact: string; nodes: { target: unknown }[] }[]).map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target) }));
      });
      return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    };

    const asked = new Date(Date.now() - 1);
    await tab.goto(`${base}/dashboard`);
    await tab.getByLabel('Email address').fill(email);
    await tab.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await tab.getByText('we have emailed it a sign-in link').waitFor();
    await tab.goto(`${base}/dashboard/sign-in/link?token=${await linkTokenFor(h.db.prisma, email, asked)}`);
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.waitForURL(`${base}/dashboard`);

    await tab.getByRole('link', { name: 'Imports' }).first().click();
    await tab.getByLabel('Records to create').selectOption('leads');
    await tab.getByLabel('File', { exact: true }).setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    expect(await violations()).toEqual([]);
    await tab.getByRole('button', { name: 'Upload and check' }).click();
    // The dry run's page follows it to its end, then shows its rows with the mapping.
    const mail = tab.getByLabel('Field for the column “Mail”');
    await mail.waitFor();
    expect(await tab.getByLabel('Field for the column “First Name”').inputValue()).toBe('firstName');
    await tab.getByLabel('Field for the column “Surname”').selectOption('lastName');
    await mail.selectOption('email');
    await tab.getByLabel('Field for the column “Notes (old)”').selectOption('');
    await tab.getByRole('button', { name: 'Check again' }).click();
    await tab.getByText('Row 3: email: must be an email address').waitFor();
    // Reloaded, the page shows the dry run's mapping (the job's; the address has none).
    expect(new URL(tab.url()).search).toMatch(/^\?id=[\w-]+$/);
    await tab.reload();
    expect(await mail.inputValue()).toBe('email');
    expect(await tab.getByLabel('Field for the column “Notes (old)”').inputValue()).toBe('');
    expect(await tab.locator('[data-field="created"]').textContent()).toBe('2');
    expect(await violations()).toEqual([]);
    await tab.screenshot({ path: join(screenshots, 'imports-dry-run.png'), fullPage: true });
    // One column at 375 px: the rows' table scrolls within its own region.
    await tab.setViewportSize({ width: 375, height: 740 });
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await tab.screenshot({ path: join(screenshots, 'imports-dry-run-375px.png'), fullPage: true });
    await tab.setViewportSize({ width: 1100, height: 900 });
    expect(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } })).toBe(0);

    // With no worker running, the import waits: the list shows it queued, and its script follows it once a worker takes it.
    await worker?.stop();
    await tab.getByRole('button', { name: 'Import 3 rows' }).click();
    await tab.getByText('The import of leads has started').waitFor();
    const newest = tab.locator('[data-import-id]').first();
    const progress = newest.locator('progress');
    expect(await newest.getAttribute('data-status')).toBe('queued');
    expect(await progress.getAttribute('value')).toBeNull();
    // Its page offers to cancel it while it waits.
    await tab.getByRole('link', { name: /^Import of leads/ }).first().click();
    await tab.getByRole('button', { name: 'Cancel the import' }).waitFor();
    expect(await violations()).toEqual([]);
    await tab.goBack();
    worker = startWorker();
    // The page reloads itself when the import ends.
    await tab.waitForFunction(() => document.querySelector('[data-import-id]')?.getAttribute('data-status') === 'completed');
    expect(await progress.getAttribute('value')).toBe('3');
    expect(await progress.getAttribute('max')).toBe('3');
    expect(await tab.locator('[data-field="created"]').first().textContent()).toBe('2');
    expect(await tab.locator('[data-field="failed"]').first().textContent()).toBe('1');
    expect(await violations()).toEqual([]);
    await tab.screenshot({ path: join(screenshots, 'imports.png'), fullPage: true });
    expect((await h.db.prisma.lead.findMany({ where: { tenantId: t.tenantId } })).map((l) => l.email).sort()).toEqual(['ada@example.test', 'grace@example.test']);

    const [download] = await Promise.all([tab.waitForEvent('download'), tab.getByRole('link', { name: 'Download the failed rows (CSV)' }).first().click()]);
    expect(download.suggestedFilename()).toMatch(/^import-[\w-]+-failed-rows\.csv$/);
    const saved = await download.path();
    expect(readFileSync(saved, 'utf8').split('\r\n')).toEqual([`${COLUMNS.join(',')},error`, 'Charles,Babbage,not-an-email,South,,email: must be an email address', '']);
    expect(blocked).toEqual([]);
  });
});
