import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { exerciseBookings, exerciseEveryResource } from './contract/typed-client.js';
import type { paths } from './generated/openapi.js';
import { responseProblems } from './support/openapi-validator.js';
import { useHarness } from './support/harness.js';

const { h, tenant } = useHarness();

describe('a client generated from the published OpenAPI document', () => {
  it('lists, creates, patches with null and pages every resource, every answer as documented', async () => {
    const t = await tenant({ modules: ['inspections'] });
    const problems: string[] = [];
    const client = createClient<paths>({
      baseUrl: 'http://localhost',
      headers: { Authorization: `Bearer ${t.secret}` },
      fetch: async (request: Request) => {
        const response = await h.app.fetch(request);
        const text = await response.clone().text();
        problems.push(...responseProblems(request.method, request.url, response.status, response.headers, text ? JSON.parse(text) : undefined));
        return response;
      },
    });
    const result = await exerciseEveryResource(client);
    expect(problems).toEqual([]);
    expect(result.lead).toMatchObject({ status: 'qualified', notes: null });
    expect(result.lead.pagedIds).toHaveLength(2);
    expect(result.company).toEqual({ phone: null, names: ['Contoso', 'Northwind'], searched: ['Northwind'] });
    expect(result.contact).toEqual({ email: null, role: 'Buyer', names: ['Pat', 'Sam'] });
    expect(result.site).toEqual({ city: null, names: ['Depot', 'Plant 2'] });
    expect(result.users).toEqual(['manager']);
    expect(result.pipeline).toEqual({ stageColor: null, pipelines: ['Sales'], stages: ['Qualify', 'Won'] });
    expect(result.deal).toMatchObject({ value: '12500.50', products: [{ name: 'Inspection', quantity: '1.5', unitPrice: '100.00' }], status: 'won', contact: null, listed: 2, activity: 'call' });
    expect(result.deal.won).toHaveLength(1);
    expect(result.deal.activities).toEqual(['call', 'stage_change']);
    const stored = await h.db.prisma.deal.findFirstOrThrow({ where: { tenantId: t.tenantId, name: 'Hoist service' } });
    expect(stored).toMatchObject({ status: 'won', contactId: null, value: null });

    const bookings = await exerciseBookings(client);
    expect(problems).toEqual([]);
    const hours = [{ weekday: 1, opensAt: '09:00', closesAt: '12:00' }];
    expect(bookings.resource).toEqual({ description: '', published: true, hours, readHours: hours, closures: 1, listed: 1 });
    // Monday 7 January 2030 in Paris (UTC+1), 09:00-12:00, the 10:00 hour closed.
    expect(bookings.slots).toEqual(['2030-01-07T08:00:00.000Z', '2030-01-07T10:00:00.000Z']);
    expect(bookings.booking).toEqual({ status: 'confirmed', lead: 'ann@example.test', resource: 'Room A', total: 1, cancelled: true, closureRemoved: true });
  });
});
