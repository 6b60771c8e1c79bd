import { MCP_PATH } from '../http/request-boundary.js';

// How to connect an MCP client to this server, written once for llms.txt and the dashboard's API
// keys page (the README shows the same two snippets).

/** Where the secret key goes in the snippets: never a real key, which is shown only once, at creation. */
export const SECRET_KEY_PLACEHOLDER = 'sk_live_...';

/** The server's name in a client's configuration. */
const SERVER_NAME = 'business-platform';

export const mcpEndpoint = (publicUrl: string) => `${publicUrl}${MCP_PATH}`;

/** The `mcpServers` entry most MCP clients read (Claude Code's `.mcp.json`, Cursor, VS Code's, ...), as JSON. */
export function mcpClientConfig(publicUrl: string, key = SECRET_KEY_PLACEHOLDER): string {
  const server = { type: 'http', url: mcpEndpoint(publicUrl), headers: { Authorization: `Bearer ${key}` } };
  return JSON.stringify({ mcpServers: { [SERVER_NAME]: server } }, null, 2);
}

/**
 * The MCP Inspector's command line (its `--cli` mode) listing the tools the key may call: a check
 * that the connection works. Major version 2, whose CLI takes `--header` (an older copy in npx's
 * cache would not).
 */
export function inspectorCommand(publicUrl: string, key = SECRET_KEY_PLACEHOLDER): string {
  return `npx @modelcontextprotocol/inspector@2 --cli ${mcpEndpoint(publicUrl)} --transport http --header "Authorization: Bearer ${key}" --method tools/list`;
}
