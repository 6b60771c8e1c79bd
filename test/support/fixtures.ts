import { expect } from 'vitest';
import type { useHarness } from './harness.js';

type Harness = ReturnType<typeof useHarness>;

/** Records created through the REST surface, asserting each creation succeeded. */
export function fixtures({ rest }: Harness) {
  async function created(path: string, key: string, body: Record<string, unknown>) {
    const response = await rest('POST', path, { key, body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  }
  return {
    /** Any record created by POSTing `body` to `path`, answered as `{data}`. */
    created,
    lead: (key: string, body: Record<string, unknown> = {}) => created('/api/v1/leads', key, { firstName: 'Lee', lastName: 'Ward', ...body }),
    company: (key: string, body: Record<string, unknown> = {}) => created('/api/v1/companies', key, { name: 'Acme Lifts', ...body }),
    contact: (key: string, companyId: string, body: Record<string, unknown> = {}) =>
      created('/api/v1/contacts/contact', key, { companyId, firstName: 'Pat', lastName: 'Jones', ...body }),
    /** A bookable resource, open every day on `hours` (default 09:00-17:00), in `timezone` (default UTC). */
    resource: async (key: string, body: Record<string, unknown> = {}, hours: [string, string][] = [['09:00', '17:00']]) => {
      const resource = await created('/api/bookings/resources', key, { type: 'room', name: 'Room A', timezone: 'UTC', defaultDurationMinutes: 60, ...body });
      const weekly = [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) => hours.map(([opensAt, closesAt]) => ({ weekday, opensAt, closesAt })));
      const set = await rest('PUT', `/api/bookings/resources/${resource.id}/hours`, { key, body: { hours: weekly } });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      return resource;
    },
  };
}
