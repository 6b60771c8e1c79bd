import type { OperationTool } from './tool-catalog.js';

// The text beside a tool's structured result on revision 2026-07-28: some hosts show the model only
// a result's text, so it says in a sentence what happened, and the structured content holds the rest.

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/** How a record is told apart: its id, and its name, number or title where it has one. */
function identity(record: Fields): string {
  const person = [record.firstName, record.lastName].filter((part) => typeof part === 'string').join(' ');
  const label = [record.name, record.number, record.title, person].find((value) => typeof value === 'string' && value) as string | undefined;
  const status = typeof record.status === 'string' ? `status ${record.status}` : undefined;
  return [typeof record.id === 'string' ? `id ${record.id}` : undefined, label, status].filter(Boolean).join(', ');
}

/** One sentence on a successful call: `List companies: 25 of 130; more: call again with `cursor` "…".`, `Create a lead: done (id …, Ada Lovelace, status new).` */
export function resultSentence(tool: OperationTool, body: Fields): string {
  const { route, kind } = tool.operation;
  if (Array.isArray(body.data)) {
    const total = typeof body.total === 'number' ? ` of ${body.total}` : '';
    const more = body.hasMore && typeof body.nextCursor === 'string' ? `; more: call again with \`cursor\` "${body.nextCursor}"` : '';
    return `${route.summary}: ${body.data.length}${total}${more}.`;
  }
  const record = [body.data, body.booking, body].find(isRecord) as Fields;
  const told = identity(record);
  if (kind === 'mutation') return `${route.summary}: done${told ? ` (${told})` : ''}.`;
  return `${route.summary}${told ? `: ${told}` : ''}.`;
}
