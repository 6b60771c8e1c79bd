import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** The protocol revisions clients speak to /mcp: the current one (SDK 2.x, `server/discover` first) and the two before it (SDK 1.x, `initialize` first). */
export const revisions = ['2026-07-28', '2025-11-25', '2025-06-18'] as const;
export type Revision = (typeof revisions)[number];

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** What the tests need of either SDK's client. */
export interface McpClient {
  revision: string | undefined;
  listTools(): Promise<{ tools: { name: string; title?: string; description?: string; inputSchema: Record<string, any>; outputSchema?: Record<string, any>; annotations?: Record<string, unknown> }[] }>;
  callTool(call: { name: string; arguments?: Record<string, unknown> }): Promise<{ content?: any[]; structuredContent?: any; isError?: boolean }>;
  listResources(): Promise<{ resources: { uri: string; name: string; mimeType?: string }[] }>;
  readResource(params: { uri: string }): Promise<{ contents: { uri: string; text?: string; mimeType?: string }[] }>;
  close(): Promise<void>;
}

/**
 * A 2025-06-18 client: the 1.x SDK always offers its newest revision, so its `initialize` is sent
 * offering the older one, as a client of that revision would; the server then answers it in that revision.
 */
const offering = (revision: string, send: Fetch): Fetch => async (input, init) => {
  if (typeof init?.body === 'string' && init.body.includes('"method":"initialize"')) {
    init = { ...init, body: init.body.replace(/"protocolVersion":"[^"]+"/, `"protocolVersion":"${revision}"`) };
  }
  return send(input, init);
};

/**
 * The SDK's own client for `revision`, connected to `url` with `key` as its bearer token. `send`
 * carries each HTTP request (an in-process app's fetch, or one that spreads requests over server processes).
 */
export async function connectMcp(url: string, key: string, revision: Revision, send: Fetch = fetch): Promise<McpClient> {
  const requestInit = { headers: { Authorization: `Bearer ${key}` } };
  if (revision === '2026-07-28') {
    const client = new ModernClient({ name: 'test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: revision } } });
    await client.connect(new ModernTransport(new URL(url), { requestInit, fetch: send }));
    return Object.assign(client as unknown as McpClient, { revision: client.getNegotiatedProtocolVersion() });
  }
  const client = new LegacyClient({ name: 'test', version: '1.0.0' });
  const transport = new LegacyTransport(new URL(url), { requestInit, fetch: offering(revision, send) });
  await client.connect(transport);
  return Object.assign(client as unknown as McpClient, { revision: transport.protocolVersion });
}

const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
addFormats.default(ajv);

/** A JSON Schema (2020-12) compiled as strictly as the OpenAPI document's: an unknown keyword or format is an error. */
export const compileSchema = (schema: Record<string, unknown>): ValidateFunction => ajv.compile(schema);

/** A tool result's error, as the tool writes it in its text: REST's status and body. */
export function toolError(result: { content?: any[]; isError?: boolean }): { status: number; error: string; message?: string; details?: { field: string; message: string }[]; requiredScope?: string } {
  if (!result.isError) throw new Error(`expected an error result, got ${JSON.stringify(result).slice(0, 300)}`);
  return JSON.parse(result.content?.[0]?.text ?? '{}');
}
