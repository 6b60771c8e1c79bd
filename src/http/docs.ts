import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { GraphiQLOptions, Plugin } from 'graphql-yoga';
import { ErrorCodes } from '../shared/errors.js';
import { contentSecurityPolicy } from './content-security.js';
import { withinBoundary } from './request-boundary.js';

const JS = 'text/javascript; charset=utf-8';

const CSP = contentSecurityPolicy();

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Business Platform API reference</title>
    <link rel="stylesheet" href="/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/docs/swagger-ui-bundle.js"></script>
    <script src="/docs/swagger-ui-standalone-preset.js"></script>
    <script src="/docs/init.js"></script>
  </body>
</html>
`;

// validatorUrl: null stops Swagger UI from sending the document to validator.swagger.io.
const INIT = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  persistAuthorization: true,
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
});
`;

const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
// Read on first use (most processes never serve the page), then kept; bytes, not strings, so 2 MB
// of assets stay off the small JS heap.
const swaggerUiFile = (name: string) => {
  let bytes: Uint8Array<ArrayBuffer> | undefined;
  return () => (bytes ??= new Uint8Array(readFileSync(join(swaggerUiDir, name))));
};

/** GraphiQL's page and its CSP (its inline scripts' hashes), rendered once: the options never change. */
let graphiql: Promise<{ html: string; csp: string }> | undefined;
let graphiqlCsp: string | undefined;

/**
 * GraphiQL's page with its bundle inlined (Yoga's default loads it from a CDN), so it works
 * without internet access. Rendered on first use and then kept: the page is 9 MB, and rendering
 * and hashing it for each request let a few concurrent requests exhaust the heap. A process that
 * never shows GraphiQL does not pay for it.
 */
export async function graphiqlPage(options: GraphiQLOptions & { endpoint?: string }): Promise<string> {
  graphiql ??= import('@graphql-yoga/render-graphiql').then(({ renderGraphiQL }) => {
    const html = renderGraphiQL(options);
    const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      ([, script]) => `'sha256-${createHash('sha256').update(script ?? '').digest('base64')}'`,
    );
    return { html, csp: contentSecurityPolicy({ scriptSources: hashes }) };
  });
  const page = await graphiql;
  graphiqlCsp = page.csp;
  return page.html;
}

/**
 * The API reference, served entirely by this server so it works without internet access: the
 * OpenAPI document at /openapi.json (public: it describes the API, not any tenant's data), Swagger
 * UI at /docs, and /llms.txt, the same map in Markdown for AI agents (the llms.txt convention).
 * Runs before the REST plugin, which would answer these paths 404. Its requests are admitted and
 * rate-limited like the API's.
 */
export function useApiDocs(options: { openApiDocument: () => Record<string, unknown>; llmsTxt: () => string; publicUrl: string }): Plugin {
  let document: Record<string, unknown> | undefined;
  const openApi = () => {
    // The server is named from configuration (PUBLIC_URL), never from the request's Host header:
    // a client chooses that, and /docs would send the key typed into "Authorize" wherever it names.
    document ??= { ...options.openApiDocument(), servers: [{ url: options.publicUrl, description: 'This server' }] };
    return Response.json(document, { headers: { 'Cache-Control': 'no-cache' } });
  };
  let llms: string | undefined;
  const llmsTxt = () => new Response((llms ??= options.llmsTxt()), { headers: { 'Content-Type': 'text/markdown; charset=utf-8', 'Cache-Control': 'no-cache' } });
  const page = () => new Response(PAGE, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': CSP } });
  const asset = (body: () => BodyInit, type: string) => () =>
    new Response(body(), { headers: { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' } });
  const routes = new Map<string, () => Response>([
    ['/openapi.json', openApi],
    ['/llms.txt', llmsTxt],
    ['/docs', page],
    ['/docs/', page],
    ['/docs/swagger-ui.css', asset(swaggerUiFile('swagger-ui.css'), 'text/css; charset=utf-8')],
    ['/docs/swagger-ui-bundle.js', asset(swaggerUiFile('swagger-ui-bundle.js'), JS)],
    ['/docs/swagger-ui-standalone-preset.js', asset(swaggerUiFile('swagger-ui-standalone-preset.js'), JS)],
    ['/docs/init.js', asset(() => INIT, JS)],
  ]);

  return {
    onResponse({ request, response }) {
      // Yoga serves GraphiQL's page itself; its policy is added here.
      const isGraphiql = response.headers.get('content-type')?.startsWith('text/html') && new URL(request.url).pathname === '/graphql';
      if (isGraphiql && graphiqlCsp) response.headers.set('Content-Security-Policy', graphiqlCsp);
    },
    async onRequest({ request, url, endResponse, serverContext }) {
      const path = url.pathname;
      const route = routes.get(path);
      if (!route && !path.startsWith('/docs/')) return; // Not ours: GraphQL and REST answer it.
      // Admitted like API requests: counted against the client's budget, with its headers.
      const answer = await withinBoundary(serverContext, request, async () => {
        if (!route) return Response.json({ error: ErrorCodes.NOT_FOUND.title, message: `No route ${path}` }, { status: 404 });
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          const body = { error: ErrorCodes.METHOD_NOT_ALLOWED.title, message: 'Use GET' };
          return Response.json(body, { status: 405, headers: { Allow: 'GET, HEAD' } });
        }
        const response = route();
        return request.method === 'HEAD' ? new Response(null, { headers: response.headers }) : response;
      });
      endResponse(answer);
    },
  };
}
