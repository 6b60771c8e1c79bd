import { isEnumType, isInputObjectType, isInterfaceType, isObjectType, isScalarType, isSpecifiedScalarType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../src/graphql/schema.js';
import { useHarness } from './support/harness.js';
import { connectMcp } from './support/mcp.js';

describe('schema descriptions', () => {
  it('describe every type, field, argument and enum value, for people and AI agents alike', () => {
    const missing: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__') || (isScalarType(type) && isSpecifiedScalarType(type))) continue;
      if (!type.description?.trim()) missing.push(type.name);
      if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
        for (const field of Object.values(type.getFields())) {
          if (!field.description?.trim()) missing.push(`${type.name}.${field.name}`);
          for (const arg of 'args' in field ? field.args : []) {
            if (!arg.description?.trim()) missing.push(`${type.name}.${field.name}(${arg.name})`);
          }
        }
      }
      if (isEnumType(type)) {
        for (const value of type.getValues()) if (!value.description?.trim()) missing.push(`${type.name}.${value.name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('authentication, as an introspecting client reads it', () => {
  const harness = useHarness();
  it('is explained by the schema description, which needs no key to read', async () => {
    const response = await harness.h.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __schema { description queryType { description } } }' }),
    });
    const { data } = await response.json();
    expect(data.__schema.description).toContain('Authorization: Bearer <key>');
    expect(data.__schema.description).toMatch(/sk_live_.*pk_live_/s);
    expect(data.__schema.queryType.description).toContain('Authorization: Bearer');
  });
});

describe('what lists say of themselves, on each surface as it is', () => {
  const harness = useHarness();

  it('say no `orderBy` where none is taken (REST and MCP lists answer their default order), and one value where a parameter takes one', async () => {
    const t = await harness.tenant();
    const document = await (await harness.h.app.fetch('http://localhost/openapi.json')).json();
    const lists = Object.entries(document.paths as Record<string, Record<string, { description: string; parameters: { name?: string; description?: string }[] }>>).flatMap(([path, methods]) =>
      methods.get ? [[path, methods.get] as const] : [],
    );
    const saysOrderBy = lists.filter(([, get]) => /orderBy/.test(get.description)).map(([path]) => path);
    expect(saysOrderBy).toEqual([]);
    expect(lists.find(([path]) => path === '/api/v1/leads')?.[1].description).toMatch(/^Leads of the tenant, newest first\./);
    const parameters = lists.flatMap(([path, get]) => get.parameters.filter((p) => p.description).map((p) => [`${path}?${p.name}`, p.description!] as const));
    expect(parameters.filter(([, description]) => /one of these/.test(description))).toEqual([]);
    expect(Object.fromEntries(parameters)).toMatchObject({
      '/api/v1/leads?status': 'Only leads with this status.',
      '/api/v1/pipeline/deals?status': 'Only deals with this status.',
      '/api/bookings/resources?type': 'Only resources of this type.',
      '/api/invoices?status': expect.stringMatching(/^Only invoices with this status\. `overdue`/),
    });
    const mcp = await connectMcp('http://localhost/mcp', t.secret, '2025-11-25', async (input, init) => harness.h.app.fetch(new Request(input, init)));
    const { tools } = await mcp.listTools();
    await mcp.close();
    expect(tools.filter((tool) => /orderBy/.test(tool.description ?? '')).map((tool) => tool.name)).toEqual([]);
    expect(tools.find((tool) => tool.name === 'leads')?.description).toMatch(/^Leads of the tenant, newest first\./);
    // A tool's list entry keeps an argument's description where the names do not say it all (src/mcp/tool-schema.ts).
    expect(tools.find((tool) => tool.name === 'leads')?.inputSchema.properties.assignedTo.description).toBe('Only leads assigned to this user.');
  });

  it('say on GraphQL what `first` and `last` default to and allow, and that the connection filters take several values', async () => {
    const response = await harness.h.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __type(name: "Query") { fields { name description args { name description } } } }' }),
    });
    const { data } = await response.json();
    const leads = data.__type.fields.find((f: { name: string }) => f.name === 'leads');
    const arg = (name: string) => leads.args.find((a: { name: string }) => a.name === name).description;
    expect(arg('first')).toBe('Return the first n items (after `after`): 0 to 100. Without `first` or `last`, the first 25.');
    expect(arg('last')).toMatch(/: 0 to 100; not with `first`\. Without `first` or `last`, the first 25 are answered\.$/);
    expect(leads.description).toMatch(/unless `orderBy` says otherwise/);
    const filter = await harness.h.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __type(name: "LeadFilter") { inputFields { name description } } }' }),
    });
    const fields = (await filter.json()).data.__type.inputFields;
    expect(fields.find((f: { name: string }) => f.name === 'status').description).toBe('Only leads with one of these statuses.');
  });
});
