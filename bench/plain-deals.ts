// The plain handler's `GET /api/v1/pipeline/deals` page: one joined query for the rows (deal with
// company, contact, stage and owner summaries) and, like the product, a separate count(*) for `total`
// run alongside it on a second pooled connection (a `count(*) OVER ()` window would have to join
// every deal of the tenant before the LIMIT). Answers the JSON of the product's REST route.
import type pg from 'pg';

interface DealRow {
  id: string;
  name: string;
  /** value::text: NUMERIC(14,2) prints two decimals, as the product's Money scalar does ("12500.50"). */
  value: string | null;
  probability: number;
  /** to_char(..., 'YYYY-MM-DD'), like the Date scalar. */
  expectedCloseDate: string | null;
  actualCloseDate: string | null;
  status: string;
  lostReason: string | null;
  products: { name: string; quantity: string; unitPrice: string }[];
  notes: string | null;
  createdAt: Date;
  companyId: string;
  companyName: string;
  contactId: string | null;
  contactFirstName: string | null;
  contactLastName: string | null;
  stageId: string;
  stageName: string;
  stageColor: string | null;
  stageProbability: number;
  stageIsClosedWon: boolean;
  stageIsClosedLost: boolean;
  ownerId: string | null;
  ownerName: string | null;
}

const pageSql = `
SELECT d.id, d.name, d.value::text AS value, d.probability,
       to_char(d."expectedCloseDate", 'YYYY-MM-DD') AS "expectedCloseDate",
       to_char(d."actualCloseDate", 'YYYY-MM-DD') AS "actualCloseDate",
       d.status, d."lostReason", d.products, d.notes, d."createdAt",
       c.id AS "companyId", c.name AS "companyName",
       ct.id AS "contactId", ct."firstName" AS "contactFirstName", ct."lastName" AS "contactLastName",
       s.id AS "stageId", s.name AS "stageName", s.color AS "stageColor", s.probability AS "stageProbability",
       s."isClosedWon" AS "stageIsClosedWon", s."isClosedLost" AS "stageIsClosedLost",
       u.id AS "ownerId", u.name AS "ownerName"
FROM "Deal" d
JOIN "Company" c ON c.id = d."companyId"
JOIN "PipelineStage" s ON s.id = d."stageId"
LEFT JOIN "Contact" ct ON ct.id = d."contactId"
LEFT JOIN "User" u ON u.id = d."ownerId"
WHERE d."tenantId" = $1
ORDER BY d."createdAt" DESC, d.id DESC
LIMIT $2 OFFSET $3`;

const countSql = `SELECT count(*)::int AS total FROM "Deal" WHERE "tenantId" = $1`;

/** The deal in the member order of the REST route's list selection. */
function dealOf(r: DealRow) {
  return {
    id: r.id,
    name: r.name,
    value: r.value,
    probability: r.probability,
    expectedCloseDate: r.expectedCloseDate,
    actualCloseDate: r.actualCloseDate,
    status: r.status,
    lostReason: r.lostReason,
    products: r.products,
    notes: r.notes,
    createdAt: r.createdAt,
    company: { id: r.companyId, name: r.companyName },
    contact: r.contactId === null ? null : { id: r.contactId, firstName: r.contactFirstName, lastName: r.contactLastName },
    stage: {
      id: r.stageId,
      name: r.stageName,
      color: r.stageColor,
      probability: r.stageProbability,
      isClosedWon: r.stageIsClosedWon,
      isClosedLost: r.stageIsClosedLost,
    },
    owner: r.ownerId === null ? null : { id: r.ownerId, name: r.ownerName },
  };
}

/** `{data, total, page, pageSize}` of one page of the tenant's deals, newest first. */
export async function dealPage(pool: pg.Pool, tenantId: string, page: number, limit: number) {
  const [rows, count] = await Promise.all([
    pool.query<DealRow>(pageSql, [tenantId, limit, (page - 1) * limit]),
    pool.query<{ total: number }>(countSql, [tenantId]),
  ]);
  return { data: rows.rows.map(dealOf), total: count.rows[0]?.total ?? 0, page, pageSize: limit };
}
