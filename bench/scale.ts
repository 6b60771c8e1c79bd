// `npm run bench:scale [-- --url postgresql://...] [--leads 1000000]`
//
// Lists at scale. One tenant's lists are timed with 10,000 leads; then the tenant grows to
// 1,000,000 leads (`--leads`) and 10 other tenants of a tenth as many leads, 10,000 deals and 10,000
// invoices each join it, and the same lists are timed again: the first, middle and last cursor pages
// of leads (goal: within 1.3x of the 10,000-lead figure), the first and a deep page of deals and
// invoices with their `total`, and a `search` page of leads, deals and invoices (goal: within 2x,
// a search finds more rows in a larger table, and under 10 ms). The open deals' total
// (`aggregate { count sum { value } }`) is timed on the bench tenant's 10,000 deals, then on a
// tenant of 100,000 deals that joins with the others (goal: under 50 ms). Each figure is the median of sequential requests through the
// product's whole HTTP handler, in this process (no network), after a warm-up. Then the plans
// PostgreSQL chose for the statements those requests ran, with EXPLAIN (ANALYZE, BUFFERS). The
// figures go to bench/last.json, under `scale`.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { cachedKeys } from '../src/auth/authenticate.js';
import { createKeyPair } from '../src/auth/key-pairs.js';
import { openPostgres } from '../src/db/client.js';
import { offsetCursor } from '../src/graphql/connection.js';
import { createApp } from '../src/http/app.js';
import { createTenant, createUser } from '../src/tenants/tenant.service.js';
import { createScratchDatabase, insertLeads, LEAD_COUNT, prepareBenchData, withClient } from './scratch-db.js';
import { seedDeals } from './seed-deals.js';
import { SUMMARY_FILE, writeSummary } from './summary-file.js';
import { INVOICE_SEARCH, seedInvoices } from './seed-invoices.js';

const { values: args } = parseArgs({ options: { url: { type: 'string' }, requests: { type: 'string' }, leads: { type: 'string' } } });
const serverUrl = args.url ?? process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const REQUESTS = Number(args.requests ?? 200);
const BIG_TENANT_LEADS = Number(args.leads ?? 1_000_000);
const OTHER_TENANTS = 10;
const OTHER_TENANT_LEADS = Math.floor(BIG_TENANT_LEADS / 10);
/** Deals of the tenant whose open deals' total is timed at the large size. */
const BIG_PIPELINE_DEALS = 100_000;
/** Longest median the open deals' total may take at 100,000 deals (issue 45). */
const AGGREGATE_MS = 50;
const DEALS_AGGREGATE = 'open deals, aggregate';
const PAGE = 25;
/** Longest median a search page may take at the large size. */
const SEARCH_PAGE_MS = 10;

const log = (line = '') => process.stdout.write(`${line}\n`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const scratch = await createScratchDatabase(serverUrl);
// As the server opens PostgreSQL, prepared statements included.
const db = await openPostgres(scratch.url, 10, { logQueries: true, prepareStatements: true });
const keys = await cachedKeys(db);
let capturing: { query: string; params: string }[] | null = null;
(db.prisma as unknown as { $on(event: 'query', cb: (e: { query: string; params: string }) => void): void }).$on('query', (e) => {
  if (capturing && !e.query.includes('"ApiKey"')) capturing.push({ query: e.query, params: e.params });
});

try {
  const started = Date.now();
  const data = await prepareBenchData(scratch.url);
  const app = createApp({ prisma: db.prisma, keyLookup: keys.find });
  const headers = { authorization: `Bearer ${data.secret}` };
  /** The key of the tenant of 100,000 deals, once it exists: the deals aggregate is timed on its deals then. */
  let bigPipelineKey: string | null = null;

  /** A list request: a REST path (GET), or a GraphQL query (the lists whose `search` only GraphQL offers, totals), with another tenant's key if given. */
  type Target = string | { graphql: string; key?: string };
  const send = (target: Target) =>
    typeof target === 'string'
      ? app.fetch(`http://localhost${target}`, { headers })
      : app.fetch('http://localhost/graphql', {
          method: 'POST',
          headers: { authorization: `Bearer ${target.key ?? data.secret}`, 'content-type': 'application/json' },
          body: JSON.stringify({ query: target.graphql }),
        });

  /** The keyset cursor that starts the page after the first `skipped` leads of the bench tenant (found once by offset, untimed). */
  const cursorAfter = async (skipped: number) => {
    const response = await app.fetch(`http://localhost/api/v1/leads?limit=1&cursor=${offsetCursor(skipped - 1)}`, { headers });
    return ((await response.json()) as { nextCursor: string }).nextCursor;
  };
  const leadCount = async () =>
    Number((await db.pool!.query('SELECT count(*) FROM "Lead" WHERE "tenantId" = $1', [data.tenantId])).rows[0].count);

  async function paths(): Promise<Record<string, Target>> {
    const count = await leadCount();
    return {
      'leads, first page': `/api/v1/leads?limit=${PAGE}`,
      'leads, middle page': `/api/v1/leads?limit=${PAGE}&cursor=${await cursorAfter(Math.floor(count / 2))}`,
      'leads, last page': `/api/v1/leads?limit=${PAGE}&cursor=${await cursorAfter(count - PAGE)}`,
      'deals, first page': `/api/v1/pipeline/deals?limit=${PAGE}`,
      'deals, page 200': `/api/v1/pipeline/deals?limit=${PAGE}&page=200`,
      'invoices, first page': `/api/invoices?limit=${PAGE}`,
      'invoices, page 200': `/api/invoices?limit=${PAGE}&page=200`,
      // Trigram indexes serve `search` (ILIKE '%word%'): emails are lead<i>@..., deal names end in #<i>.
      'leads search "lead1234"': { graphql: `{ leads(first: ${PAGE}, filter: { search: "lead1234" }) { totalCount edges { node { id firstName lastName email } } } }` },
      'deals search "#1234"': { graphql: `{ deals(first: ${PAGE}, filter: { search: "#1234" }) { totalCount edges { node { id name } } } }` },
      'invoices search': `/api/invoices?limit=${PAGE}&search=${INVOICE_SEARCH}`,
      [DEALS_AGGREGATE]: { graphql: '{ deals(filter: { status: [open] }) { aggregate { count sum { value } } } }', key: bigPipelineKey ?? undefined },
    };
  }

  /** Median milliseconds of sequential requests, after as many unmeasured ones. */
  async function time(target: Target): Promise<number> {
    const once = async () => {
      const response = await send(target);
      const body = await response.text();
      // GraphQL reports errors in a 200 answer.
      if (response.status !== 200 || (typeof target !== 'string' && 'errors' in JSON.parse(body))) throw new Error(`${JSON.stringify(target)} answered ${response.status}: ${body}`);
    };
    for (let i = 0; i < REQUESTS; i += 1) await once();
    const samples: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const t0 = performance.now();
      await once();
      samples.push(performance.now() - t0);
    }
    return median(samples);
  }

  async function timeAll(): Promise<Map<string, number>> {
    const figures = new Map<string, number>();
    for (const [name, target] of Object.entries(await paths())) figures.set(name, await time(target));
    return figures;
  }

  log(`Scratch database ${scratch.name}, bench tenant with ${LEAD_COUNT} leads, 10,000 deals and 10,000 invoices (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const small = await timeAll();

  const grown = Date.now();
  await withClient(scratch.url, async (client) => {
    const [sales, manager] = (
      await client.query<{ id: string }>(`SELECT id FROM "User" WHERE "tenantId" = $1 AND role IN ('sales', 'manager') ORDER BY role DESC`, [data.tenantId])
    ).rows.map((r) => r.id);
    await client.query(insertLeads, [data.tenantId, sales, manager, BIG_TENANT_LEADS - LEAD_COUNT]);
    for (let i = 1; i <= OTHER_TENANTS; i += 1) {
      const tenant = await createTenant(db.prisma, { name: `Neighbour ${i}` });
      const user = (name: string, role: string) => createUser(db.prisma, { tenantId: tenant.id, name, email: `${name.toLowerCase()}${i}@scale.example`, role });
      const owners = [await user('Admin', 'system_admin'), await user('Sam', 'sales'), await user('Morgan', 'manager')].map((u) => u.id) as [string, string, string];
      await client.query(insertLeads, [tenant.id, owners[1], owners[2], OTHER_TENANT_LEADS]);
      await seedDeals(client, tenant.id, owners);
      await seedInvoices(client, tenant.id);
    }
    const pipelineTenant = await createTenant(db.prisma, { name: 'Big pipeline' });
    const admin = await createUser(db.prisma, { tenantId: pipelineTenant.id, name: 'Admin', email: 'admin@pipeline.scale.example', role: 'system_admin' });
    await seedDeals(client, pipelineTenant.id, [admin.id, admin.id, admin.id], BIG_PIPELINE_DEALS);
    bigPipelineKey = (await createKeyPair(db.prisma, { tenantId: pipelineTenant.id, userId: admin.id, name: 'bench', scopes: ['pipeline'] })).secret.key;
    await client.query('VACUUM ANALYZE');
  });
  log(`Grown to ${BIG_TENANT_LEADS.toLocaleString('en')} leads in the bench tenant and ${OTHER_TENANTS} other tenants of ${OTHER_TENANT_LEADS.toLocaleString('en')} leads, 10,000 deals and 10,000 invoices, and a tenant of ${BIG_PIPELINE_DEALS.toLocaleString('en')} deals (${((Date.now() - grown) / 1000).toFixed(1)} s)`);
  const large = await timeAll();

  log(`\nMedian of ${REQUESTS} sequential requests through the product's HTTP handler (in process)`);
  const rows = [['list', `${LEAD_COUNT.toLocaleString('en')} leads`, `${BIG_TENANT_LEADS.toLocaleString('en')} leads`, 'ratio', 'goal', 'verdict']];
  const lists: { list: string; smallMs: number; largeMs: number; ratio: number; goalRatio: number | null; boundMs: number | null; met: boolean }[] = [];
  for (const [name, before] of small) {
    const after = large.get(name) ?? NaN;
    // The deals' total reads every matching row (10 times as many at the large size): held to its bound alone.
    const goal = name === DEALS_AGGREGATE ? Infinity : name.startsWith('leads,') ? 1.3 : 2;
    // A search page is also held to an absolute bound at the large size (issue 27: p50 under 10 ms).
    const bound = name.includes('search') ? SEARCH_PAGE_MS : name === DEALS_AGGREGATE ? AGGREGATE_MS : Infinity;
    const met = after / before <= goal && after < bound;
    const goals = [Number.isFinite(goal) ? `<= ${goal}` : '', Number.isFinite(bound) ? `< ${bound} ms` : ''].filter(Boolean).join(', ');
    rows.push([name, `${before.toFixed(2)} ms`, `${after.toFixed(2)} ms`, (after / before).toFixed(2), goals, met ? 'PASS' : 'MISS']);
    const ms = (value: number) => Number(value.toFixed(2));
    lists.push({ list: name, smallMs: ms(before), largeMs: ms(after), ratio: ms(after / before), goalRatio: Number.isFinite(goal) ? goal : null, boundMs: Number.isFinite(bound) ? bound : null, met });
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const row of rows) log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
  await writeSummary({ scale: { at: new Date().toISOString(), smallLeads: LEAD_COUNT, largeLeads: BIG_TENANT_LEADS, requests: REQUESTS, lists } });
  log(`Summary written to ${SUMMARY_FILE} (its \`scale\`)`);

  log(`\nPlans of the statements each list ran at ${BIG_TENANT_LEADS.toLocaleString('en')} leads (EXPLAIN ANALYZE, BUFFERS)`);
  for (const [name, target] of Object.entries(await paths())) {
    capturing = [];
    await (await send(target)).arrayBuffer();
    const statements = capturing;
    capturing = null;
    // Reads only: EXPLAIN ANALYZE runs its statement (the overdue sweep's UPDATE, a transaction's COMMIT).
    for (const { query, params } of statements.filter((s) => /^\s*SELECT\b/i.test(s.query))) {
      const plan = await db.pool!.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`, JSON.parse(params) as unknown[]);
      log(`\n-- ${name}: ${query.replace(/\s+/g, ' ').slice(0, 160)}${query.length > 160 ? ' ...' : ''}`);
      for (const line of plan.rows) log(`   ${(line as Record<string, string>)['QUERY PLAN']}`);
    }
  }
} finally {
  await keys.stop();
  await db.close();
  await scratch.drop();
}
