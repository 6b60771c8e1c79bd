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
    lead: (key: string, body: Record<string, unknown> = {}) => created('/api/v1/leads', key, { firstName: 'Lee', lastName: 'Ward', ...body }),
    company: (key: string, body: Record<string, unknown> = {}) => created('/api/v1/companies', key, { name: 'Acme Lifts', ...body }),
    contact: (key: string, companyId: string, body: Record<string, unknown> = {}) =>
      created('/api/v1/contacts/contact', key, { companyId, firstName: 'Pat', lastName: 'Jones', ...body }),
  };
}
