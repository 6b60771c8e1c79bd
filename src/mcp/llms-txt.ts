import { authenticationGuide } from '../auth/authentication-guide.js';
import { scopesNamed } from '../graphql/access.js';
import { REST_BASE_PATH, type Operation, type RestArea } from '../graphql/operations.js';
import { inspectorCommand, mcpClientConfig, mcpEndpoint } from './connect-snippets.js';
import { toolsetOf } from './toolsets.js';

// /llms.txt (https://llmstxt.org): a title, a summary, free paragraphs, then sections of links. The
// operations are listed from the route map, so a new route appears here without editing this file.

export interface LlmsTxtOptions {
  areas: readonly RestArea[];
  operations: readonly Operation[];
  /** Where clients reach the server, without a trailing slash. */
  publicUrl: string;
}

/** What agents are most often asked to do, as the tools that do it, in order. */
const COMMON_TASKS: { task: string; tools: string[]; note: string }[] = [
  { task: 'Find open slots and book one', tools: ['bookableResources', 'resourceAvailability', 'createBooking'], note: 'book by a `slotId` from availability; a 409 means the slot went meanwhile: list again.' },
  { task: 'Capture and qualify a lead', tools: ['createLead', 'updateLead'], note: 'set `status` as qualification goes: `contacted`, `qualifying`, then `qualified` or `disqualified`.' },
  { task: 'Turn a qualified lead into a deal', tools: ['createCompany', 'createContact', 'pipelineStages', 'createDeal', 'updateLead'], note: 'the lead last, to `converted`.' },
  { task: 'Move a deal', tools: ['pipelineStages', 'updateDeal', 'logDealActivity'], note: 'set `stageId`; a closed-won or closed-lost stage wins or loses the deal.' },
  {
    task: 'Inspect equipment',
    tools: ['createInspection', 'updateInspection', 'createFinding', 'submitInspection', 'startInspectionReview', 'approveInspection', 'deliverInspection'],
    note: 'the team records and submits; reviewers review, approve (or `rejectInspection`) and deliver the report.',
  },
  { task: 'Invoice a customer', tools: ['createInvoice', 'replaceInvoiceLineItems', 'sendInvoice'], note: 'a draft with line items, then sent by email with its PDF.' },
  { task: 'Record an invoice payment', tools: ['invoices', 'recordInvoicePayment'], note: 'find the invoice (`search` by number or company), then record at most its `balanceDue`.' },
  { task: 'Follow what changes', tools: ['events', 'createWebhookEndpoint'], note: 'read the event list, or have events POSTed to a URL.' },
];

export function llmsTxt({ areas, operations, publicUrl }: LlmsTxtOptions): string {
  const byName = new Map(operations.map((operation) => [operation.field.name, operation]));
  const docsLink = (operation: Operation) => `${publicUrl}/docs#/${encodeURIComponent(operation.tag)}/${operation.field.name}`;
  const named = (name: string) => {
    const operation = byName.get(name);
    if (!operation) throw new Error(`llms.txt names an operation the route map does not serve: ${name}`);
    return operation;
  };

  const tasks = COMMON_TASKS.map(({ task, tools, note }) => {
    const steps = tools.map((name) => `\`${named(name).field.name}\``).join(' → ');
    return `- [${task}](${docsLink(named(tools[0] as string))}): ${steps}; ${note}`;
  });

  const operationLine = (operation: Operation) => {
    const scopes = operation.access ? scopesNamed(operation.access) : [];
    const scope = scopes.length ? ` (scope ${scopes.map((name) => `\`${name}\``).join(' or ')})` : '';
    return `- [${operation.route.summary}](${docsLink(operation)}): \`${operation.route.method} ${REST_BASE_PATH}${operation.route.path}\` — MCP tool \`${operation.field.name}\`${scope}`;
  };
  const areaSections = areas.map((area) =>
    [`## ${area.tag}`, '', `${area.description} MCP toolset \`${toolsetOf(area.tag)}\`.`, '', ...operations.filter((operation) => operation.tag === area.tag).map(operationLine)].join('\n'),
  );

  return `# Business Platform API

> A multi-tenant business API (${areas.map((area) => area.tag).join(', ')}). One set of operations, served as REST under \`${REST_BASE_PATH}\`, as GraphQL and as MCP tools, with the same API keys.

Each operation is one GraphQL root field. REST serves it at one route, and the MCP endpoint as a tool named exactly as the field (\`leads\`, \`createLead\`, \`resourceAvailability\`, \`createBooking\`, ...), taking the route's parameters and body fields as arguments (for a POST route also an \`idempotencyKey\`, REST's \`Idempotency-Key\` header) and answering what the route answers. The MCP endpoint (Streamable HTTP, protocol revision 2026-07-28; 2025-11-25 and 2025-06-18 clients are served too) lists only the tools the key's scopes allow, plus a read-only \`graphql\` tool for queries, and offers the GraphQL schema (SDL), the OpenAPI document and a domain guide (records, statuses, rules) as resources.

**Authentication and limits.**

${authenticationGuide}

**Connect an MCP client.** Add this to the client's MCP configuration, with a secret key of yours in place of \`sk_live_...\`:

\`\`\`json
${mcpClientConfig(publicUrl)}
\`\`\`

The tools are grouped in toolsets, one per area below (${areas.map((area) => `\`${toolsetOf(area.tag)}\``).join(', ')}): a URL such as \`${mcpEndpoint(publicUrl)}?toolsets=leads,deals\` lists only those (the \`graphql\` tool in any), and \`?outputSchemas=1\` adds each tool's output schema. List tools page by \`cursor\` and \`limit\`.

Check the connection by listing the tools the key may call (MCP Inspector's command line):

\`\`\`sh
${inspectorCommand(publicUrl)}
\`\`\`

## Start here

- [MCP endpoint](${mcpEndpoint(publicUrl)}): Streamable HTTP; \`Authorization: Bearer <secret key>\`
- [OpenAPI document](${publicUrl}/openapi.json): every REST route, its parameters, body and answer
- [GraphQL endpoint](${publicUrl}/graphql): the same operations, and the schema by introspection
- [API reference](${publicUrl}/docs): the OpenAPI document, readable

## Common tasks

${tasks.join('\n')}

${areaSections.join('\n\n')}
`;
}
