import { describe, expect, it } from 'vitest';
import { useHarness } from './support/harness.js';
import { connectMcp } from './support/mcp.js';

/**
 * One /mcp request is bounded as any request is (outside review 3, F3, F4, F10, F12): a JSON-RPC
 * batch is refused whatever revision it names, a publishable key reads no resources, and an
 * availability range is counted by the cost limit as the slots it may produce.
 */
const { h, tenant, rest } = useHarness();
const MCP = 'http://localhost/mcp';
const viaApp = async (input: string | URL | Request, init?: RequestInit) => h.app.fetch(new Request(input, init));

async function post(key: string, body: unknown, revision: string) {
  const response = await h.app.fetch(MCP, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': revision },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const call = (id: number, name: string, args: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

describe('MCP bounds: one message a request', () => {
  it('refuses a JSON-RPC batch on every revision, before any call runs', async () => {
    const t = await tenant();
    for (const revision of ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28']) {
      const batch = Array.from({ length: 3 }, (_, i) => call(i + 1, 'createLead', { firstName: 'Batch', lastName: `N${i}`, source: 'mcp' }));
      const answer = await post(t.secret, batch, revision);
      expect(answer.status, revision).toBe(400);
      expect(answer.body, revision).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: JSON-RPC batches are not accepted; send one message per request' } });
    }
    // Nothing ran: no lead was written.
    expect((await rest('GET', '/api/v1/leads', { key: t.secret })).body.data).toEqual([]);
    // A batch of one is a batch too; one message alone is served.
    expect((await post(t.secret, [call(1, 'leads', {})], '2025-11-25')).status).toBe(400);
  });

  it('refuses a batch without a key as any request without one: 401 first', async () => {
    const response = await h.app.fetch(MCP, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify([call(1, 'leads', {})]),
    });
    expect(response.status).toBe(401);
  });

  it('lists and reads no resources for a publishable key; a secret key reads them', async () => {
    const t = await tenant();
    const visitor = await connectMcp(MCP, t.publishable, '2026-07-28', viaApp);
    expect((await visitor.listResources()).resources).toEqual([]);
    await expect(visitor.readResource({ uri: 'platform://openapi.json' })).rejects.toThrow(/secret key/);
    await visitor.close();
    const agent = await connectMcp(MCP, t.secret, '2025-11-25', viaApp);
    expect((await agent.listResources()).resources.length).toBe(3);
    expect((await agent.readResource({ uri: 'platform://guide.md' })).contents[0]!.text).toBeTruthy();
    await agent.close();
  });
});

describe('availability ranges in the cost limit', () => {
  const availability = `query ($id: UUID!, $from: DateOrDateTime, $to: DateOrDateTime) { resourceAvailability(id: $id, from: $from, to: $to) { slots { slotId startsAt endsAt remaining } } }`;

  it('counts a range at the slots it may hold: a 31-day range costs about four times a week', async () => {
    const t = await tenant();
    const created = await rest('POST', '/api/bookings/resources', {
      key: t.secret,
      body: { type: 'room', name: 'Room', timezone: 'UTC', defaultDurationMinutes: 15, maxConcurrent: 1 },
    });
    const id = created.body.data.id;
    const cost = async (from: string, to: string) => {
      const response = await h.app.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { authorization: `Bearer ${t.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: availability, variables: { id, from, to } }),
      });
      const json = await response.json();
      expect(json.errors).toBeUndefined();
      return json.extensions.cost.requested as number;
    };
    const week = await cost('2027-03-01', '2027-03-08');
    const month = await cost('2027-03-01', '2027-03-31');
    // 288 five-minute slots a day, four values each (and 15 hours of margin for a zone).
    expect(week).toBeGreaterThanOrEqual(7 * 288 * 4);
    expect(month).toBeGreaterThanOrEqual(30 * 288 * 4);
    expect(month / week).toBeGreaterThan(3);
    // Aliases cannot multiply it past the limit: five month-long ranges in one operation are refused before running.
    const aliased = `query ($id: UUID!) { ${Array.from({ length: 5 }, (_, i) => `a${i}: resourceAvailability(id: $id, from: "2027-03-01", to: "2027-03-31") { slots { slotId startsAt endsAt remaining } }`).join(' ')} }`;
    const refused = await h.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { authorization: `Bearer ${t.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: aliased, variables: { id } }),
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors[0].extensions.code).toBe('QUERY_TOO_COSTLY');
  });
});
