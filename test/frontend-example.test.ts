import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gql } from '@urql/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/shared/project-root.js';
import { fixtures } from './support/fixtures.js';
import { useHarness } from './support/harness.js';
import { inspectionWorld } from './support/inspection-fixtures.js';
import { TWO_LINES } from './support/invoice-fixtures.js';
import { salesPipeline } from './support/pipeline-fixtures.js';

const harness = useHarness();
const { h, tenant, rest } = harness;
const example = join(projectRoot, 'examples/frontend');
const bin = (name: string) => join(projectRoot, 'node_modules/.bin', name);
// Imported by path: the example is type-checked by its own tsconfig below, against its generated types.
const load = (file: string) => import(pathToFileURL(join(example, 'src', file)).href);

/** The operations every client of this file sent (urql sends queries by GET, mutations by POST). */
const operationsRun = new Set<string>();

/**
 * The example's client against the server in-process, counting the requests it sends and keeping
 * what Graphcache warns about (a missing key is its warning 15, "Invalid key").
 */
async function connect(key: string) {
  const { clientFor } = await load('client.ts');
  const seen = { requests: 0, warnings: [] as string[] };
  const client = clientFor('http://localhost/graphql', key, {
    fetch: async (url: string, init: RequestInit) => {
      seen.requests += 1;
      operationsRun.add(init.body ? JSON.parse(String(init.body)).operationName : new URL(url).searchParams.get('operationName'));
      return h.app.fetch(String(url), init);
    },
    logger: (severity: string, message: string) => severity !== 'debug' && seen.warnings.push(message),
  });
  return { client, seen };
}

/**
 * An inspections tenant (test/support/inspection-fixtures.ts) with a sales pipeline: three deals of
 * two companies, an inspection of the first company's crane with a finding, and three invoices.
 */
async function crmWorld() {
  const world = await inspectionWorld(harness);
  const { key, company } = world;
  const make = fixtures(harness);
  const stages = await salesPipeline(harness, key);
  const other = await make.company(key, { name: 'Globex Lifting' });
  const contact = await make.contact(key, company.id, { firstName: 'Ida', lastName: 'Buyer' });
  const deal = (name: string, stageId: string, companyId: string, extra: Record<string, unknown> = {}) =>
    make.created('/api/v1/pipeline/deals', key, { name, stageId, companyId, ...extra });
  await deal('Hoist service', stages.qualify.id, company.id, { contactId: contact.id, ownerId: world.users.admin.userId, value: '1200.50' });
  await deal('Crane audit', stages.qualify.id, other.id);
  await deal('Runway repair', stages.proposal.id, company.id, { value: '8000.00' });
  const inspection = await world.inspection();
  await make.created(`/api/inspections/${inspection.id}/findings`, key, { severity: 'serious', description: 'Worn wire rope', recommendation: 'Replace rope' });
  const invoice = async (companyId: string, dueDate?: string) =>
    expect((await rest('POST', '/api/invoices', { key, body: { companyId, taxRate: '0', lineItems: TWO_LINES, dueDate } })).status).toBe(201);
  await invoice(company.id, '2031-05-01');
  await invoice(company.id);
  await invoice(other.id, '2031-04-01');
  return { key, world, company, stages, inspection };
}

describe('the frontend example (codegen client preset + urql with Graphcache)', () => {
  beforeAll(() => {
    // Generated from the published schema, then type-checked: a breaking schema change fails here.
    execFileSync(bin('graphql-codegen'), ['--config', 'codegen.ts', '--silent'], { cwd: example, stdio: 'pipe' });
  }, 120_000);

  it('type-checks against schema/schema.graphql', () => {
    expect(() => execFileSync(bin('tsc'), ['-p', example], { stdio: 'pipe' })).not.toThrow();
  }, 120_000);

  it("catches Graphcache's missing-key warning (a test-only document leaves out a lead's id)", async () => {
    const t = await tenant();
    await fixtures(harness).lead(t.secret);
    const { client, seen } = await connect(t.secret);
    const result = await client.query(gql`query KeylessLeadNames { leads(first: 1) { nodes { firstName } } }`, {}).toPromise();
    expect(result.error).toBeUndefined();
    expect(seen.warnings).toEqual([expect.stringMatching(/^Invalid key: [^\n]*`Query\.leads\(\{"first":1\}\)\.nodes\.0`[\s\S]*`Lead`[\s\S]*#15$/)]);
  });

  it('runs its table and its form against the server, with no missing key', async () => {
    const t = await tenant();
    const [{ leadsPage }, { submitLead }] = await Promise.all([load('leads-table.ts'), load('lead-form.ts')]);
    const { client, seen } = await connect(t.secret);
    for (const lastName of ['Cole', 'Abel', 'Berg']) expect(await submitLead(client, { firstName: 'Ann', lastName })).toHaveProperty('id');
    const sorted = await leadsPage(client, { size: 2, orderBy: [{ field: 'LAST_NAME', direction: 'ASC' }], filter: { search: 'ann' } });
    expect(sorted.rows.map((r: { name: string }) => r.name)).toEqual(['Ann Abel', 'Ann Berg']);
    expect(sorted.total).toBe(3);
    const next = await leadsPage(client, { size: 2, orderBy: [{ field: 'LAST_NAME', direction: 'ASC' }], filter: { search: 'ann' }, after: sorted.next ?? undefined });
    expect(next.rows.map((r: { name: string }) => r.name)).toEqual(['Ann Cole']);
    const back = await leadsPage(client, { size: 2, orderBy: [{ field: 'LAST_NAME', direction: 'ASC' }], filter: { search: 'ann' }, before: next.previous ?? undefined });
    expect(back.rows.map((r: { name: string }) => r.name)).toEqual(['Ann Abel', 'Ann Berg']);

    // Every mistake of the form at once, each under its field.
    const refused = await submitLead(client, { firstName: ' ', lastName: 'x'.repeat(256), phone: '1'.repeat(51) });
    expect(refused).toEqual({ errors: { firstName: ['must not be blank'], lastName: ['must be at most 255 characters'], phone: ['must be at most 50 characters'] } });
    expect(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } })).toBe(3);
    expect(seen.warnings).toEqual([]);
  });

  it('renames a company in one mutation and every cached screen shows the new name without a request', async () => {
    const { key, world, company, stages, inspection } = await crmWorld();
    const [{ dealsBoard }, { companyPage, renameCompany }, { inspectionDetail }, { invoicesByDueDate }] = await Promise.all(
      ['deals-board.ts', 'company-page.ts', 'inspection-detail.ts', 'invoice-list.ts'].map(load),
    );
    const { client, seen } = await connect(key);
    const board = await dealsBoard(client, stages.pipeline.id);
    // Counted and summed by the server over each stage's deals (a deal without a value adds nothing).
    expect(board.map((column: { stage: string; dealCount: number; value: string }) => [column.stage, column.dealCount, column.value])).toEqual([
      ['Qualify', 2, '1200.50'],
      ['Proposal', 1, '8000.00'],
      ['Won', 0, '0.00'],
      ['Lost', 0, '0.00'],
    ]);
    expect(board[0].cards).toEqual([
      { id: expect.any(String), name: 'Crane audit', value: null, company: 'Globex Lifting', contact: null, owner: null },
      { id: expect.any(String), name: 'Hoist service', value: '1200.50', company: company.name, contact: 'Ida Buyer', owner: world.users.admin.name },
    ]);
    const page = await companyPage(client, company.id);
    expect(page).toMatchObject({ name: company.name, deals: { count: 2, rows: [{ name: 'Runway repair', stage: 'Proposal' }, { name: 'Hoist service', stage: 'Qualify' }] } });
    const detail = await inspectionDetail(client, inspection.id);
    expect(detail).toMatchObject({ customer: company.name, site: 'Dock 4', technician: world.users.tech.name, findings: [{ severity: 'serious', description: 'Worn wire rope' }] });
    const invoices = await invoicesByDueDate(client, ['draft']);
    expect(invoices.map((row: { company: string; dueDate: string | null }) => [row.company, row.dueDate])).toEqual([['Globex Lifting', '2031-04-01'], [company.name, '2031-05-01'], [company.name, null]]);
    expect(seen.requests).toBe(4);

    // Each screen read again from the cache alone is the same screen.
    expect(await companyPage(client, company.id, 'cache-only')).toEqual(page);
    expect(await inspectionDetail(client, inspection.id, 'cache-only')).toEqual(detail);
    expect(seen.requests).toBe(4);

    expect(await renameCompany(client, company.id, 'Northwind Hoists')).toEqual({ name: 'Northwind Hoists' });
    expect(seen.requests).toBe(5);
    expect((await h.db.prisma.company.findUniqueOrThrow({ where: { id: company.id } })).name).toBe('Northwind Hoists');
    // A deal's company, an inspection's customer, an invoice's company and the company page are one `Company` record.
    const renamedBoard = await dealsBoard(client, stages.pipeline.id, 'cache-only');
    expect(renamedBoard[0].cards.map((card: { company: string }) => card.company)).toEqual(['Globex Lifting', 'Northwind Hoists']);
    expect(renamedBoard[1].cards.map((card: { company: string }) => card.company)).toEqual(['Northwind Hoists']);
    expect(await companyPage(client, company.id, 'cache-only')).toEqual({ ...page, name: 'Northwind Hoists' });
    expect(await inspectionDetail(client, inspection.id, 'cache-only')).toEqual({ ...detail, customer: 'Northwind Hoists' });
    expect((await invoicesByDueDate(client, ['draft'], 'cache-only')).map((row: { company: string }) => row.company)).toEqual(['Globex Lifting', 'Northwind Hoists', 'Northwind Hoists']);
    expect(seen.requests).toBe(5);

    // A blank name is refused under its field and changes nothing, in the cache or the database.
    expect(await renameCompany(client, company.id, ' ')).toEqual({ errors: { name: ['must not be blank'] } });
    expect((await dealsBoard(client, stages.pipeline.id, 'cache-only'))[1].cards[0].company).toBe('Northwind Hoists');
    expect((await h.db.prisma.company.findUniqueOrThrow({ where: { id: company.id } })).name).toBe('Northwind Hoists');

    // A record that does not exist is an empty page, not an error.
    expect(await companyPage(client, randomUUID())).toBeNull();
    expect(await inspectionDetail(client, randomUUID())).toBeNull();
    expect(seen.warnings).toEqual([]);
  });

  it('ran every operation of the example above, so each was checked for missing keys', () => {
    const documents: Record<string, string> = JSON.parse(readFileSync(join(example, 'src/gql/persisted-documents.json'), 'utf8'));
    const operations = Object.values(documents).map((document) => /\b(?:query|mutation|subscription) (\w+)/.exec(document)?.[1] ?? document);
    expect(operations.length).toBeGreaterThanOrEqual(7);
    expect(operations.filter((name) => !operationsRun.has(name))).toEqual([]);
  });
});
