import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Response as ServerResponse } from '@whatwg-node/fetch';
import type { Plugin } from 'graphql-yoga';
import { ErrorCodes } from '../shared/errors.js';
import { negotiateEncoding } from './compression.js';
import { contentSecurityPolicy } from './content-security.js';
import { GRAPHIQL_ASSETS, graphiqlAsset, warmGraphiqlAssets } from './graphiql.js';
import { withinBoundary } from './request-boundary.js';
import { type StaticAsset, staticAsset } from './static-asset.js';

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
// Read on first use (most processes never serve the page), then kept with its compressed copies;
// bytes, not strings, so 2 MB of assets stay off the small JS heap.
const SWAGGER_CACHE = 'public, max-age=86400';
const swaggerUiFile = (name: string, type: string) => staticAsset(() => new Uint8Array(readFileSync(join(swaggerUiDir, name))), { type, cacheControl: SWAGGER_CACHE });

const swaggerUi = new Map<string, StaticAsset>([
  ['/docs/swagger-ui.css', swaggerUiFile('swagger-ui.css', 'text/css; charset=utf-8')],
  ['/docs/swagger-ui-bundle.js', swaggerUiFile('swagger-ui-bundle.js', JS)],
  ['/docs/swagger-ui-standalone-preset.js', swaggerUiFile('swagger-ui-standalone-preset.js', JS)],
  ['/docs/init.js', staticAsset(() => INIT, { type: JS, cacheControl: SWAGGER_CACHE })],
]);

/**
 * The API reference, served entirely by this server so it works without internet access: the
 * OpenAPI document at /openapi.json (public: it describes the API, not any tenant's data), Swagger
 * UI at /docs, and /llms.txt, the same map in Markdown for AI agents (the llms.txt convention).
 * Runs before the REST plugin, which would answer these paths 404. Its requests are admitted and
 * rate-limited like the API's.
 */
export function useApiDocs(options: { openApiDocument: () => Record<string, unknown>; llmsTxt: () => string; publicUrl: string }): Plugin {
  // Both built on first use, then served with their compressed copies, like files.
  const openApi = staticAsset(
    // The server is named from configuration (PUBLIC_URL), never from the request's Host header:
    // a client chooses that, and /docs would send the key typed into "Authorize" wherever it names.
    () => JSON.stringify({ ...options.openApiDocument(), servers: [{ url: options.publicUrl, description: 'This server' }] }),
    { type: 'application/json; charset=utf-8', cacheControl: 'no-cache' },
  );
  const llmsTxt = staticAsset(options.llmsTxt, { type: 'text/markdown; charset=utf-8', cacheControl: 'no-cache' });
  const page = (request: Request) => {
    // The browser asks for the files next: their compressed copies are made meanwhile.
    const encoding = negotiateEncoding(request.headers.get('accept-encoding'));
    for (const asset of swaggerUi.values()) asset.warm(encoding);
    return new ServerResponse(PAGE, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': CSP } }) as Response;
  };
  const routes = new Map<string, (request: Request) => Response | Promise<Response>>([
    ['/openapi.json', (request) => openApi.respond(request)],
    ['/llms.txt', (request) => llmsTxt.respond(request)],
    ['/docs', page],
    ['/docs/', page],
    ...[...swaggerUi].map(([path, asset]) => [path, (request: Request) => asset.respond(request)] as const),
  ]);
  /** What answers `path`: one of the routes, GraphiQL's files, or nothing (404). */
  const routeOf = async (path: string) => {
    const route = routes.get(path);
    if (route || !path.startsWith(GRAPHIQL_ASSETS)) return route;
    const asset = await graphiqlAsset(path);
    return asset && ((request: Request) => asset.respond(request));
  };

  return {
    onResponse({ request, response }) {
      // Yoga serves GraphiQL's page itself (src/http/graphiql.ts renders it); its policy is added here.
      const isGraphiql = response.headers.get('content-type')?.startsWith('text/html') && new URL(request.url).pathname.replace(/\/$/, '') === '/graphql';
      if (!isGraphiql) return;
      response.headers.set('Content-Security-Policy', CSP);
      warmGraphiqlAssets(negotiateEncoding(request.headers.get('accept-encoding')));
    },
    async onRequest({ request, url, endResponse, serverContext }) {
      const path = url.pathname;
      if (!routes.has(path) && !path.startsWith('/docs/')) return; // Not ours: GraphQL and REST answer it.
      // Admitted like API requests: counted against the client's budget, with its headers.
      const answer = await withinBoundary(serverContext, request, async () => {
        const route = await routeOf(path);
        if (!route) return Response.json({ error: ErrorCodes.NOT_FOUND.title, message: `No route ${path}` }, { status: 404 });
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          const body = { error: ErrorCodes.METHOD_NOT_ALLOWED.title, message: 'Use GET' };
          return Response.json(body, { status: 405, headers: { Allow: 'GET, HEAD' } });
        }
        const response = await route(request);
        // The GET's headers, its Content-Length included, without its body.
        return request.method === 'HEAD' ? (new ServerResponse(null, { status: response.status, headers: response.headers }) as Response) : response;
      });
      endResponse(answer);
    },
  };
}
