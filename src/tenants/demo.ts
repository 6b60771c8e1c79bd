import { createKeyPair } from '../auth/key-pairs.js';
import { allScopes } from '../auth/scopes.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { UserRole } from '../generated/prisma/enums.js';
import { seedDemoInspections } from './demo-inspections.js';
import { seedDemoInvoices } from './demo-invoices.js';
import { createTenant, createUser } from './tenant.service.js';

const DEMO_TENANT = 'Demo Field Services';

const people: { name: string; role: UserRole }[] = [
  { name: 'Alex Admin', role: 'system_admin' },
  { name: 'Morgan Manager', role: 'manager' },
  { name: 'Casey Coordinator', role: 'field_coordinator' },
  { name: 'Taylor Technician', role: 'technician' },
  { name: 'Sam Sales', role: 'sales' },
];

const companies = [
  { name: 'Northwind Logistics', city: 'Columbus', state: 'OH', contacts: [['Maria', 'Lopez', 'Operations Manager'], ['Dev', 'Patel', 'Safety Officer']] },
  { name: 'Contoso Manufacturing', city: 'Dayton', state: 'OH', contacts: [['Chris', 'Nguyen', 'Plant Manager']] },
  { name: 'Fabrikam Warehousing', city: 'Toledo', state: 'OH', contacts: [['Jordan', 'Smith', 'Facilities Lead'], ['Riley', 'Chen', 'Purchasing']] },
] as const;

const leadNames = [['Avery', 'Brooks'], ['Blake', 'Reed'], ['Cameron', 'Hayes'], ['Drew', 'Foster'], ['Emerson', 'Gray'], ['Finley', 'Hart'], ['Harper', 'Kim'], ['Jamie', 'Lane']] as const;
const sources = ['web_form', 'referral', 'agent_chat', 'inbound_call', 'mcp', 'import'] as const;
const statuses = ['new', 'contacted', 'qualifying', 'qualified', 'new', 'converted', 'disqualified', 'lost'] as const;

const hour = 60;
const bookableResources = [
  {
    fields: { type: 'service', name: 'Site survey', slug: 'site-survey', timezone: 'America/New_York', defaultDurationMinutes: 60, maxConcurrent: 2, published: true, city: 'Columbus', state: 'OH', description: 'An engineer visits to assess your lifting equipment.' },
    weekdays: [1, 2, 3, 4, 5],
    hours: [[9 * hour, 12 * hour], [13 * hour, 17 * hour]],
  },
  {
    fields: { type: 'room', name: 'Training room', slug: 'training-room', timezone: 'America/New_York', defaultDurationMinutes: 120, maxConcurrent: 1, published: false, addressLine1: '100 Main St', city: 'Columbus', state: 'OH' },
    weekdays: [1, 2, 3, 4, 5, 6],
    hours: [[8 * hour, 18 * hour]],
  },
] as const;

/**
 * The demo tenant with users, sample companies, contacts, leads, bookable resources, inspections and invoices (created once), and a fresh
 * key pair holding every scope (keys are shown only once, so each run issues a new pair).
 */
export async function seedDemo(prisma: PrismaClient) {
  let tenant = await prisma.tenant.findFirst({ where: { name: DEMO_TENANT }, select: { id: true, name: true, modules: true } });
  if (!tenant) {
    tenant = await createTenant(prisma, { name: DEMO_TENANT, modules: ['inspections'] });
    const tenantId = tenant.id;
    for (const person of people) {
      const email = `${person.name.split(' ')[0]?.toLowerCase()}@demo.example`;
      await createUser(prisma, { tenantId, name: person.name, email, role: person.role });
    }
    for (const company of companies) {
      await prisma.company.create({
        data: {
          tenantId,
          name: company.name,
          city: company.city,
          state: company.state,
          contacts: {
            create: company.contacts.map(([firstName, lastName, role], i) => ({
              tenantId,
              firstName,
              lastName,
              role,
              isPrimary: i === 0,
              email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
            })),
          },
        },
      });
    }
    const pipeline = await prisma.pipeline.create({
      data: {
        tenantId,
        name: 'Service contracts',
        stages: {
          create: [
            { tenantId, name: 'Qualify', probability: 10, position: 0, color: '#94a3b8' },
            { tenantId, name: 'Proposal', probability: 50, position: 1, color: '#6366f1' },
            { tenantId, name: 'Won', probability: 100, position: 2, color: '#16a34a', isClosedWon: true },
            { tenantId, name: 'Lost', probability: 0, position: 3, color: '#dc2626', isClosedLost: true },
          ],
        },
      },
      include: { stages: { orderBy: { position: 'asc' } } },
    });
    const customers = await prisma.company.findMany({ where: { tenantId }, include: { contacts: true } });
    const sales = await prisma.user.findFirst({ where: { tenantId, role: 'sales' }, select: { id: true } });
    await prisma.deal.createMany({
      data: customers.map((company, i) => {
        const stage = pipeline.stages[i % 2]!;
        return {
          tenantId,
          name: `${company.name} annual inspections`,
          companyId: company.id,
          contactId: company.contacts[0]?.id,
          stageId: stage.id,
          probability: stage.probability,
          ownerId: sales?.id,
          value: `${(i + 1) * 4800}.00`,
          products: [{ name: 'Annual crane inspection', quantity: String(i + 2), unitPrice: '2400.00' }],
        };
      }),
    });
    await prisma.lead.createMany({
      data: leadNames.map(([firstName, lastName], i) => ({
        tenantId,
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}@prospect.example`,
        source: sources[i % sources.length],
        status: statuses[i % statuses.length],
        companyName: `${lastName} & Co`,
      })),
    });
    for (const resource of bookableResources) {
      await prisma.bookableResource.create({
        data: {
          tenantId,
          ...resource.fields,
          operatingHours: { create: resource.weekdays.flatMap((weekday) => resource.hours.map(([opensAt, closesAt]) => ({ tenantId, weekday, opensAt, closesAt }))) },
        },
      });
    }
    const staff = await prisma.user.findMany({ where: { tenantId }, select: { id: true, role: true } });
    await seedDemoInspections(prisma, tenantId, staff, customers);
    await seedDemoInvoices(prisma, tenantId, staff, customers);
  }
  const users = await prisma.user.findMany({ where: { tenantId: tenant.id }, select: { id: true, name: true, email: true, role: true }, orderBy: { name: 'asc' } });
  const admin = users.find((u) => u.role === 'system_admin') ?? users[0];
  if (!admin) throw new Error('the demo tenant has no users');
  const keys = await createKeyPair(prisma, { tenantId: tenant.id, userId: admin.id, name: `demo ${new Date().toISOString()}`, scopes: allScopes });
  return { tenant, users, admin, keys };
}
