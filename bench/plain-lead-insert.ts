// The plain handler's `POST /api/v1/leads`: the body checked by hand (names required, the other
// text fields optional, nothing else allowed), then one INSERT statement writing the lead and its
// `lead.created` event, as the product commits both together. Answers the lead's columns in the
// product's field order.
import type pg from 'pg';
import { uuidv7 } from 'uuidv7';

const TEXT_FIELDS = { firstName: 255, lastName: 255, email: 320, phone: 50, companyName: 255, channelType: 255, intent: 10_000, notes: 10_000 } as const;
const SOURCES = new Set(['web_form', 'referral', 'agent_chat', 'inbound_call', 'mcp', 'import']);

const insertSql = `
WITH lead AS (
  INSERT INTO "Lead" (id, "tenantId", "firstName", "lastName", email, phone, "companyName", source, "channelType", intent, notes, "updatedAt")
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now())
  RETURNING id, "firstName", "lastName", email, phone, "companyName", status, source, "channelType", intent, notes,
            "assignedTo", "sourceAttribution", "customFields", "createdAt", "updatedAt"
), event AS (
  INSERT INTO "Event" (id, "tenantId", type, data) SELECT $12, $2, 'lead.created', to_jsonb(lead) FROM lead
)
SELECT * FROM lead`;

type Input = { [name: string]: unknown };

export async function insertLead(pool: pg.Pool, tenantId: string, body: string): Promise<{ lead: object } | { problem: string }> {
  let input: Input;
  try {
    input = JSON.parse(body) as Input;
  } catch {
    return { problem: 'the body is not JSON' };
  }
  if (!input || typeof input !== 'object' || Array.isArray(input)) return { problem: 'the body must be an object' };
  for (const [name, value] of Object.entries(input)) {
    if (name === 'source') {
      if (value !== null && !SOURCES.has(value as string)) return { problem: 'source: unknown source' };
      continue;
    }
    const max = TEXT_FIELDS[name as keyof typeof TEXT_FIELDS];
    if (max === undefined) return { problem: `${name}: not a field of a lead` };
    if (value !== null && (typeof value !== 'string' || value.length > max)) return { problem: `${name}: must be text of at most ${max} characters` };
  }
  for (const name of ['firstName', 'lastName'] as const) {
    if (typeof input[name] !== 'string' || !(input[name] as string).trim()) return { problem: `${name}: required` };
  }
  const text = (name: keyof typeof TEXT_FIELDS) => (input[name] as string | null | undefined) ?? null;
  const { rows } = await pool.query(insertSql, [
    uuidv7(), tenantId, text('firstName'), text('lastName'), text('email'), text('phone'), text('companyName'),
    (input.source as string | undefined) ?? 'web_form', text('channelType'), text('intent'), text('notes'), uuidv7(),
  ]);
  return { lead: rows[0] as object };
}
