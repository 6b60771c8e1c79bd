import { describe, expect, it } from 'vitest';
import { BookingStatus, DealStatus, InspectionStatus, InvoiceStatus, LeadStatus, QuoteStatus } from '../src/generated/prisma/enums.js';
import { REST_BASE_PATH } from '../src/graphql/operations.js';
import { operations, restAreas } from '../src/graphql/route-map.js';
import { MOVES } from '../src/inspections/workflow.js';
import { ACTIONS } from '../src/invoices/invoice-status.js';
import { inspectorCommand, mcpClientConfig } from '../src/mcp/connect-snippets.js';
import { domainGuide } from '../src/mcp/domain-guide.js';
import { llmsTxt } from '../src/mcp/llms-txt.js';

const publicUrl = 'https://api.example.com';

describe('llms.txt', () => {
  const text = llmsTxt({ areas: restAreas, operations, publicUrl });

  it('follows the llms.txt layout: a title, a summary, then sections of links', () => {
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines.find((line) => line.startsWith('>'))).toBeDefined();
    expect(lines.filter((line) => line.startsWith('# '))).toHaveLength(1);
    for (const area of restAreas) expect(lines).toContain(`## ${area.tag}`);
  });

  it('lists every operation of the route map with its route, tool name and reference link', () => {
    for (const { field, route, tag } of operations) {
      expect(text).toContain(`\`${route.method} ${REST_BASE_PATH}${route.path}\` — MCP tool \`${field.name}\``);
      expect(text).toContain(`(${publicUrl}/docs#/${encodeURIComponent(tag)}/${field.name})`);
    }
  });

  it('gives the absolute URLs of the MCP endpoint, the OpenAPI document, GraphQL and the reference', () => {
    for (const path of ['/mcp', '/openapi.json', '/graphql', '/docs']) expect(text).toContain(`](${publicUrl}${path})`);
  });

  it('shows how to connect an MCP client', () => {
    expect(text).toContain(mcpClientConfig(publicUrl));
    expect(text).toContain(inspectorCommand(publicUrl));
  });

  it('lists a new route without being edited, and refuses a common task naming an operation that is not served', () => {
    const [first, ...rest] = operations;
    const renamed = { ...first!, field: { ...first!.field, name: 'brandNewOperation' } };
    expect(llmsTxt({ areas: restAreas, operations: [...rest, renamed], publicUrl })).toContain('MCP tool `brandNewOperation`');
    const withoutBooking = operations.filter((operation) => operation.field.name !== 'createBooking');
    expect(() => llmsTxt({ areas: restAreas, operations: withoutBooking, publicUrl })).toThrow(/createBooking/);
  });
});

describe('the domain guide', () => {
  const guide = domainGuide();

  it('names every status of each workflow', () => {
    for (const values of [LeadStatus, DealStatus, BookingStatus, InspectionStatus, InvoiceStatus, QuoteStatus]) {
      for (const value of Object.values(values)) expect(guide).toContain(`\`${value}\``);
    }
  });

  it('renders each inspection move as a table row from its statuses to its status', () => {
    for (const { from, to } of Object.values(MOVES)) {
      expect(guide).toMatch(new RegExp(`\\| \`\\w+\` \\| ${from.map((status) => `\`${status}\``).join(', ')} \\| \`${to}\` \\|`));
    }
  });

  it('renders the statuses each invoice action is allowed in', () => {
    for (const { allowed } of Object.values(ACTIONS)) expect(guide).toContain(`| ${allowed.map((status) => `\`${status}\``).join(', ')} |`);
  });

  it('stays short enough to read at once', () => {
    expect(guide.split('\n').length).toBeLessThan(150);
  });
});

describe('the MCP connection snippets', () => {
  it('name the MCP endpoint under the public URL, with the key as a bearer token', () => {
    const config = JSON.parse(mcpClientConfig(publicUrl, 'sk_live_abc')) as { mcpServers: Record<string, { type: string; url: string; headers: Record<string, string> }> };
    expect(Object.values(config.mcpServers)).toEqual([{ type: 'http', url: `${publicUrl}/mcp`, headers: { Authorization: 'Bearer sk_live_abc' } }]);
    expect(inspectorCommand(publicUrl)).toBe(
      `npx @modelcontextprotocol/inspector@2 --cli ${publicUrl}/mcp --transport http --header "Authorization: Bearer sk_live_..." --method tools/list`,
    );
  });
});
