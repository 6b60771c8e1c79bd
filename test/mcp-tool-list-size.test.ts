import { describe, expect, it } from 'vitest';
import { restAreas } from '../src/graphql/route-map.js';
import { toolsetOf } from '../src/mcp/toolsets.js';
import { useHarness } from './support/harness.js';

const { h, tenant } = useHarness();

/** What an agent's context can spare for the tool list of the widest key (issue 44). */
const LIMIT_BYTES = 64 * 1024;

/** A raw 2026-07-28 tools/list to `/mcp` with the given query string: the answer's status and body. */
async function listTools(key: string, query = '') {
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'size', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
  const response = await h.app.fetch(`http://localhost/mcp${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list', authorization: `Bearer ${key}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } }),
  });
  return { status: response.status, body: await response.json() };
}

/** The tools a key lists, and their size as sent: the bytes of the JSON `tools` array. */
async function listed(key: string, query = '') {
  const { status, body } = await listTools(key, query);
  expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
  const tools = body.result.tools as { name: string; outputSchema?: unknown }[];
  return { tools, names: tools.map((tool) => tool.name).sort(), bytes: Buffer.byteLength(JSON.stringify(tools)) };
}

const toolsets = restAreas.map((area) => toolsetOf(area.tag));

describe('MCP tools/list: a size that fits an agent\'s context', () => {
  it('prints the size per role and stays under 64 KiB for the widest key', async () => {
    const rows: string[] = [];
    const sizes: Record<string, number> = {};
    for (const role of ['system_admin', 'manager', 'sales', 'field_coordinator', 'technician'] as const) {
      const t = await tenant({ role, modules: ['inspections'] });
      const { tools, bytes } = await listed(t.secret);
      sizes[role] = bytes;
      rows.push(`${role}: ${tools.length} tools, ${bytes} bytes`);
      if (role === 'system_admin') {
        const publishable = await listed(t.publishable);
        rows.push(`publishable key: ${publishable.tools.length} tools, ${publishable.bytes} bytes`);
        const withOutput = await listed(t.secret, '?outputSchemas=1');
        rows.push(`system_admin with ?outputSchemas=1: ${withOutput.tools.length} tools, ${withOutput.bytes} bytes`);
      }
    }
    console.log(`tools/list sizes (JSON of the tools array):\n${rows.join('\n')}`);
    const widest = Math.max(...Object.values(sizes));
    expect(widest).toBe(sizes.system_admin);
    expect(widest).toBeLessThan(LIMIT_BYTES);
  });

  it('lists only the toolsets the URL names, and every tool the key may use in one toolset or another', async () => {
    const t = await tenant({ role: 'system_admin', modules: ['inspections'] });
    const all = await listed(t.secret);
    const narrowed = await listed(t.secret, '?toolsets=leads,deals');
    expect(narrowed.names).toEqual(expect.arrayContaining(['leads', 'createLead', 'deals', 'updateDeal', 'graphql']));
    expect(narrowed.names).not.toContain('companies');
    expect(narrowed.bytes).toBeLessThan(all.bytes / 4);
    // Repeated, spaced and in capitals, the same choice.
    expect((await listed(t.secret, '?toolsets=Leads&toolsets=%20deals')).names).toEqual(narrowed.names);

    const union = new Set<string>();
    for (const toolset of toolsets) {
      const one = await listed(t.secret, `?toolsets=${toolset}`);
      for (const name of one.names) union.add(name);
    }
    expect([...union].sort()).toEqual(all.names);
    // A key sees in a toolset only what it may use.
    const technician = await tenant({ role: 'technician', modules: ['inspections'] });
    expect((await listed(technician.secret, '?toolsets=leads')).names).toEqual(['graphql']);
  });

  it('refuses a toolset it does not have, or an empty choice, with a 400 listing the valid ones, before any MCP message is read', async () => {
    const t = await tenant();
    for (const query of ['?toolsets=leads,nosuch', '?toolsets=', '?toolsets=,']) {
      const { status, body } = await listTools(t.secret, query);
      expect(status, query).toBe(400);
      expect(body, query).toMatchObject({ error: 'Bad Request', details: [{ field: 'toolsets' }], toolsets });
      expect(body.message, query).toContain('leads, companies');
    }
    for (const flag of ['yes', 'toString']) {
      expect(await listTools(t.secret, `?outputSchemas=${flag}`)).toMatchObject({ status: 400, body: { details: [{ field: 'outputSchemas' }] } });
    }
  });

  it('leaves output schemas out unless the URL asks for them', async () => {
    const t = await tenant({ role: 'system_admin', modules: ['inspections'] });
    const plain = await listed(t.secret, '?toolsets=leads');
    expect(plain.tools.every((tool) => tool.outputSchema === undefined)).toBe(true);
    const full = await listed(t.secret, '?toolsets=leads&outputSchemas=1');
    expect(full.tools.find((tool) => tool.name === 'leads')?.outputSchema).toMatchObject({ required: ['data', 'nextCursor', 'hasMore'] });
    expect(full.tools.find((tool) => tool.name === 'graphql')?.outputSchema).toBeDefined();
  });
});
