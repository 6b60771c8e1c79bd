import { ErrorCodes } from '../shared/errors.js';

// Toolsets: the tools of one REST area (its OpenAPI tag), so a client lists only the areas it
// works in. They are chosen on the server's URL (`/mcp?toolsets=leads,deals`), not by a tool that
// turns them on: the server is stateless (2026-07-28; any process answers any request), so no
// session remembers a choice, and `notifications/tools/list_changed` has no stream to travel on.
// Every MCP client lets its user set the server's URL, query string included.

/** A toolset's name: its area's tag, in lower case with dashes (`Custom fields` → `custom-fields`). */
export const toolsetOf = (tag: string) => tag.toLowerCase().replace(/\s+/g, '-');

/** What a request's URL asks of `tools/list`: which toolsets (all when null) and whether output schemas come with the tools. */
export interface ToolListing {
  toolsets: ReadonlySet<string> | null;
  outputSchemas: boolean;
}

const FLAGS = new Map([['1', true], ['true', true], ['0', false], ['false', false]]);

const refused = (field: string, message: string, valid: readonly string[]) =>
  Response.json(
    { error: ErrorCodes.BAD_USER_INPUT.title, message: `${field}: ${message}`, details: [{ field, message }], ...(field === 'toolsets' ? { toolsets: valid } : {}) },
    { status: 400 },
  );

/**
 * The listing the URL's query asks for: `toolsets` (names separated by commas, or the parameter
 * repeated) and `outputSchemas` (`1` or `true` to include each tool's output schema). A name that
 * is no toolset is a 400 listing the valid ones; other parameters are left to the client.
 */
export function toolListing(query: URLSearchParams, valid: readonly string[]): ToolListing | Response {
  const asked = query.getAll('toolsets').flatMap((value) => value.split(',')).map((name) => name.trim().toLowerCase()).filter(Boolean);
  const unknown = asked.filter((name) => !valid.includes(name));
  if (unknown.length) return refused('toolsets', `no toolset is named ${unknown.join(', ')}; valid toolsets: ${valid.join(', ')}`, valid);
  if (query.has('toolsets') && !asked.length) return refused('toolsets', `names no toolset; valid toolsets: ${valid.join(', ')}`, valid);
  const flag = query.get('outputSchemas');
  if (flag !== null && !FLAGS.has(flag)) return refused('outputSchemas', 'must be 1 or 0', valid);
  return { toolsets: query.has('toolsets') ? new Set(asked) : null, outputSchemas: flag !== null && FLAGS.get(flag) === true };
}
