// The pipeline data of the deal targets: one pipeline with 5 stages, 50 companies (30 with a site),
// 100 contacts and 10,000 deals, written with a few INSERT ... SELECT statements. Ids are made here
// so the deals can pick their company, contact, site, stage and owner by index.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';

export const DEAL_COUNT = 10_000;
export const COMPANY_COUNT = 50;
export const CONTACT_COUNT = 100;
const SITE_COUNT = 30;

const ids = (count: number) => Array.from({ length: count }, () => randomUUID());

/** name, color, probability, isClosedWon, isClosedLost; the deal status follows the stage. */
const stages = [
  ['Prospecting', '#94a3b8', 10, false, false],
  ['Qualified', '#60a5fa', 30, false, false],
  ['Proposal', '#f59e0b', 60, false, false],
  ['Closed won', '#22c55e', 100, true, false],
  ['Closed lost', null, 0, false, true],
] as const;

const insertStages = `
INSERT INTO "PipelineStage" (id, "tenantId", "pipelineId", name, color, probability, position, "isClosedWon", "isClosedLost")
SELECT s.id, $1::uuid, $2::uuid, s.name, s.color, s.probability, s.position::int - 1, s.won, s.lost
FROM unnest($3::uuid[], $4::text[], $5::text[], $6::int[], $7::bool[], $8::bool[])
     WITH ORDINALITY AS s(id, name, color, probability, won, lost, position)`;

const insertCompanies = `
INSERT INTO "Company" (id, "tenantId", name, phone, email, city, state, "updatedAt")
SELECT c.id, $1::uuid, 'Company ' || c.n, '+1 614 555 ' || lpad(c.n::text, 4, '0'),
       CASE WHEN c.n % 3 = 0 THEN NULL ELSE 'office' || c.n || '@customer.example' END, 'Columbus', 'OH', now()
FROM unnest($2::uuid[]) WITH ORDINALITY AS c(id, n)`;

// Contact n belongs to company (n - 1) % 50 + 1, as does site n.
const insertContacts = `
INSERT INTO "Contact" (id, "tenantId", "companyId", "firstName", "lastName", email, role, "updatedAt")
SELECT c.id, $1::uuid, ($2::uuid[])[(c.n - 1) % ${COMPANY_COUNT} + 1],
       (ARRAY['Alex','Jordan','Taylor','Riley','Quinn','Casey'])[1 + c.n % 6],
       (ARRAY['Nguyen','Patel','Okafor','Schmidt','Rossi','Silva','Moreau'])[1 + c.n % 7],
       'contact' || c.n || '@customer.example', CASE WHEN c.n % 2 = 0 THEN 'Facilities manager' END, now()
FROM unnest($3::uuid[]) WITH ORDINALITY AS c(id, n)`;

const insertSites = `
INSERT INTO "Site" (id, "tenantId", "companyId", name, address, city, state, "updatedAt")
SELECT s.id, $1::uuid, ($2::uuid[])[s.n], 'Warehouse ' || s.n, s.n || ' Industrial Pkwy', 'Columbus', 'OH', now()
FROM unnest($3::uuid[]) WITH ORDINALITY AS s(id, n)`;

// Deal i: company i % 50 (+1), one of that company's two contacts or none, that company's site for
// every third deal when it has one, stage i % 5, owner one of three users or none. Values are
// whole (12345.00), halves (12345.50) or any cents, so the trimmed decimal printing is exercised.
const insertDeals = `
INSERT INTO "Deal" (id, "tenantId", name, "companyId", "stageId", "contactId", "siteId", "ownerId", value, probability,
                    "expectedCloseDate", "actualCloseDate", status, "lostReason", products, notes, "createdAt", "updatedAt")
SELECT gen_random_uuid(), $1::uuid,
       (ARRAY['Annual inspection','Forklift service plan','Dock repair','Safety audit'])[1 + i % 4] || ' #' || i,
       ($2::uuid[])[1 + i % ${COMPANY_COUNT}],
       ($4::uuid[])[1 + i % 5],
       CASE WHEN i % 6 = 0 THEN NULL ELSE ($3::uuid[])[1 + i % ${COMPANY_COUNT} + ${COMPANY_COUNT} * (i / ${COMPANY_COUNT} % 2)] END,
       CASE WHEN i % 3 = 0 AND i % ${COMPANY_COUNT} < ${SITE_COUNT} THEN ($5::uuid[])[1 + i % ${COMPANY_COUNT}] END,
       (ARRAY[$6::uuid, $7::uuid, $8::uuid, NULL])[1 + i % 4],
       (CASE WHEN i % 13 = 0 THEN NULL
             WHEN i % 4 = 0 THEN 500 + (i * 37) % 90000
             WHEN i % 4 = 1 THEN 500 + (i * 37) % 90000 + 0.5
             ELSE (i * 7919) % 10000000 / 100.0 END)::numeric(14, 2),
       ($9::int[])[1 + i % 5],
       CASE WHEN i % 7 = 0 THEN NULL ELSE current_date + (i % 120) - 30 END,
       CASE WHEN i % 5 >= 3 THEN current_date - (i % 60) END,
       (ARRAY['open','open','open','won','lost']::"DealStatus"[])[1 + i % 5],
       CASE WHEN i % 5 = 4 AND i % 2 = 0 THEN 'Went with a competitor on price.' END,
       CASE i % 3
         WHEN 0 THEN '[]'::jsonb
         WHEN 1 THEN jsonb_build_array(jsonb_build_object('name', 'Inspection', 'quantity', (1 + i % 4)::text, 'unitPrice', '125.00'))
         ELSE jsonb_build_array(
           jsonb_build_object('name', 'Inspection', 'quantity', '2', 'unitPrice', '125.00'),
           jsonb_build_object('name', 'Load test', 'quantity', '1.5', 'unitPrice', (80 + i % 40) || '.50'))
       END,
       CASE WHEN i % 4 = 0 THEN 'Follow up after the site visit on ' || to_char(now() - make_interval(days => i % 30), 'YYYY-MM-DD') || '.' END,
       now() - make_interval(secs => i * 97.25),
       now()
FROM generate_series(1, $10::int) AS i`;

/** Fills the tenant's pipeline with `count` deals; `ownerIds` are three users of the tenant. */
export async function seedDeals(client: pg.Client, tenantId: string, ownerIds: [string, string, string], count = DEAL_COUNT): Promise<void> {
  const pipelineId = randomUUID();
  const [stageIds, companyIds, contactIds, siteIds] = [ids(stages.length), ids(COMPANY_COUNT), ids(CONTACT_COUNT), ids(SITE_COUNT)];
  const column = <K extends 0 | 1 | 2 | 3 | 4>(k: K) => stages.map((s) => s[k]);
  await client.query('INSERT INTO "Pipeline" (id, "tenantId", name) VALUES ($1, $2, $3)', [pipelineId, tenantId, 'Sales']);
  await client.query(insertStages, [tenantId, pipelineId, stageIds, column(0), column(1), column(2), column(3), column(4)]);
  await client.query(insertCompanies, [tenantId, companyIds]);
  await client.query(insertContacts, [tenantId, companyIds, contactIds]);
  await client.query(insertSites, [tenantId, companyIds, siteIds]);
  await client.query(insertDeals, [tenantId, companyIds, contactIds, stageIds, siteIds, ...ownerIds, column(2), count]);
}
