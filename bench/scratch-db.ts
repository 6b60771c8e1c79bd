import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createKeyPair } from '../src/auth/key-pairs.js';
import { openPostgres } from '../src/db/client.js';
import { applyMigrations } from '../src/db/schema-engine.js';
import { createTenant, createUser } from '../src/tenants/tenant.service.js';
import { type BookingData, seedBookings } from './seed-bookings.js';
import { seedDeals } from './seed-deals.js';
import { seedInspections } from './seed-inspections.js';
import { seedInvoices } from './seed-invoices.js';

export const LEAD_COUNT = 10_000;

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the server of `serverUrl`, named `bench_<random>`. */
export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      // FORCE ends sessions a killed child may have left behind.
      await withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

export interface BenchData {
  tenantId: string;
  /** Secret key with scopes `leads.lead.read`, `contacts.read`, `companies.read`, `pipeline`, `bookings.read`, `bookings.manage`, `inspections.read` `invoices.read`, and `leads.lead.write` and `webhooks.manage` for the events benchmark. */
  secret: string;
  /** The key's user's address (a system admin): who signs in by emailed link to connect an OAuth app. */
  email: string;
  bookings: BookingData;
}

// One INSERT ... SELECT: 10,000 rows in well under a second. Ids are random UUIDs (the product
// makes v7 ones, but pages are ordered by createdAt first); createdAt values are distinct.
export const insertLeads = `
INSERT INTO "Lead" ("id", "tenantId", "firstName", "lastName", "email", "phone", "companyName", "status", "source",
                    "channelType", "intent", "notes", "assignedTo", "sourceAttribution", "customFields", "createdAt", "updatedAt")
SELECT gen_random_uuid(), $1::uuid,
       (ARRAY['Avery','Blake','Cameron','Drew','Emerson','Finley','Harper','Jamie'])[1 + i % 8],
       (ARRAY['Brooks','Reed','Hayes','Foster','Gray','Hart','Kim','Lane','Diaz'])[1 + i % 9],
       CASE WHEN i % 10 = 0 THEN NULL ELSE 'lead' || i || '@prospect.example' END,
       CASE WHEN i % 3 = 0 THEN '+1 614 555 ' || lpad((i % 10000)::text, 4, '0') END,
       CASE WHEN i % 6 = 0 THEN NULL ELSE 'Company ' || (i % 700) END,
       (ARRAY['new','contacted','qualifying','qualified','converted','lost']::"LeadStatus"[])[1 + i % 6],
       (ARRAY['web_form','referral','agent_chat','inbound_call','import']::"LeadSource"[])[1 + i % 5],
       CASE WHEN i % 4 = 0 THEN 'spring-campaign-form' END,
       CASE WHEN i % 2 = 0 THEN 'Wants a quote for the annual inspection of ' || (1 + i % 20) || ' forklifts.' END,
       CASE WHEN i % 5 = 0 THEN 'Called back on ' || to_char(now() - make_interval(days => i % 30), 'YYYY-MM-DD') || '.' END,
       (ARRAY[$2::uuid, $3::uuid, NULL])[1 + i % 3],
       CASE WHEN i % 4 = 1 THEN jsonb_build_object('utm_source', 'google', 'utm_medium', 'cpc', 'utm_campaign', 'spring-' || (i % 7)) END,
       CASE WHEN i % 7 = 0 THEN jsonb_build_object('budget', (i % 50) * 1000, 'region', 'OH') ELSE '{}'::jsonb END,
       now() - make_interval(secs => i * 61.25),
       now() - make_interval(secs => i * 13.5)
FROM generate_series(1, $4::int) AS i`;

/** Migrates the scratch database and fills one tenant with leads, deals, bookable resources, inspections, invoices and a key pair for all of them. */
export async function prepareBenchData(url: string): Promise<BenchData> {
  const db = await openPostgres(url, 2);
  try {
    await applyMigrations(db.adapterFactory);
    const tenant = await createTenant(db.prisma, { name: 'Bench Tenant' });
    const user = (name: string, role: string) =>
      createUser(db.prisma, { tenantId: tenant.id, name, email: `${name.toLowerCase()}@bench.example`, role });
    const admin = await user('Admin', 'system_admin');
    const sales = await user('Sam', 'sales');
    const manager = await user('Morgan', 'manager');
    const technicians = [await user('Tess', 'technician'), await user('Theo', 'technician')];
    const bookings = await withClient(url, async (client) => {
      await client.query(insertLeads, [tenant.id, sales.id, manager.id, LEAD_COUNT]);
      await seedDeals(client, tenant.id, [admin.id, sales.id, manager.id]);
      const seeded = await seedBookings(client, tenant.id);
      await seedInspections(client, tenant.id, [...technicians.map((t) => t.id), admin.id]);
      await seedInvoices(client, tenant.id);
      await client.query('ANALYZE');
      return seeded;
    });
    const keys = await createKeyPair(db.prisma, {
      tenantId: tenant.id,
      userId: admin.id,
      name: 'bench',
      scopes: ['leads.lead.read', 'contacts.read', 'companies.read', 'pipeline', 'bookings.read', 'bookings.manage', 'inspections.read', 'invoices.read', 'leads.lead.write', 'webhooks.manage'],
    });
    return { tenantId: tenant.id, secret: keys.secret.key, email: admin.email, bookings };
  } finally {
    await db.close();
  }
}
