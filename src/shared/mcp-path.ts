/** Where the Model Context Protocol is served (src/mcp/mcp.plugin.ts): also the OAuth resource MCP clients ask tokens for (src/oauth/resources.ts). */
export const MCP_PATH = '/mcp';
