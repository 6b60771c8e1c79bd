import type { ReadResourceResult, Resource } from '@modelcontextprotocol/server';
import { ResourceNotFoundError } from '@modelcontextprotocol/server';

/** One document an agent may read: how it is listed, and its text (rendered on first read, then kept). */
interface Document extends Resource {
  text: () => string;
}

/** The documents that explain the API, by URI: the GraphQL schema, the OpenAPI document and the domain guide. */
export function agentDocuments(sources: { sdl: () => string; openApi: () => Record<string, unknown>; guide: () => string }) {
  const once = (render: () => string) => {
    let text: string | undefined;
    return () => (text ??= render());
  };
  const documents: Document[] = [
    {
      uri: 'platform://guide.md',
      name: 'guide',
      title: 'Guide to the domain',
      description: 'What leads, deals, bookings, inspections and invoices are, how they relate, and the moves each status allows. Read it first.',
      mimeType: 'text/markdown',
      text: once(sources.guide),
    },
    {
      uri: 'platform://schema.graphql',
      name: 'schema.graphql',
      title: 'GraphQL schema (SDL)',
      description: 'Every type, field and argument of POST /graphql, with its description and who may read it: what the `graphql` tool runs against.',
      mimeType: 'application/graphql',
      text: once(sources.sdl),
    },
    {
      uri: 'platform://openapi.json',
      name: 'openapi.json',
      title: 'OpenAPI 3.1 document',
      description: 'The REST routes every operation tool stands for (the same document as GET /openapi.json): paths, parameters, bodies, answers and errors.',
      mimeType: 'application/json',
      text: once(() => JSON.stringify(sources.openApi())),
    },
  ];
  const byUri = new Map(documents.map((d) => [d.uri, d]));
  return {
    list: (): Resource[] => documents.map(({ text: _text, ...resource }) => resource),
    read(uri: string): ReadResourceResult {
      const document = byUri.get(uri);
      if (!document) throw new ResourceNotFoundError(uri);
      return { contents: [{ uri, mimeType: document.mimeType, text: document.text() }] };
    },
  };
}
