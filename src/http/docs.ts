import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'graphql-yoga';
import { ErrorCodes } from '../shared/errors.js';

const JS = 'text/javascript; charset=utf-8';

// The page runs no inline script, so it can forbid everything but its own origin: nothing can
// reach a CDN (the API is used air-gapped) or anywhere else. Swagger UI styles elements inline.
const CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'";

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

/**
 * The human-facing API reference, served entirely by this server so it works without internet
 * access: the OpenAPI document at /openapi.json (public: it describes the API, not any tenant's
 * data) and Swagger UI at /docs. Runs before the REST plugin, which would answer these paths 404.
 */
export function useApiDocs(options: { openApiDocument: () => Record<string, unknown> }): Plugin {
  let document: Record<string, unknown> | undefined;
  const openApi = (origin: string) => {
    document ??= options.openApiDocument();
    // The document names the server it came from, whatever host and port clients reach it at.
    const servers = [{ url: origin, description: 'This server' }];
    return Response.json({ ...document, servers }, { headers: { 'Cache-Control': 'no-cache' } });
  };
  const page = () => new Response(PAGE, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': CSP } });
  const asset = (body: () => BodyInit, type: string) => () =>
    new Response(body(), { headers: { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' } });
  const routes = new Map<string, (origin: string) => Response>([
    ['/openapi.json', openApi],
    ['/docs', page],
    ['/docs/', page],
    ['/docs/swagger-ui.css', asset(swaggerUiFile('swagger-ui.css'), 'text/css; charset=utf-8')],
    ['/docs/swagger-ui-bundle.js', asset(swaggerUiFile('swagger-ui-bundle.js'), JS)],
    ['/docs/swagger-ui-standalone-preset.js', asset(swaggerUiFile('swagger-ui-standalone-preset.js'), JS)],
    ['/docs/init.js', asset(() => INIT, JS)],
  ]);

  return {
    onRequest({ request, url, endResponse }) {
      const path = url.pathname;
      const route = routes.get(path);
      if (!route) {
        if (!path.startsWith('/docs/')) return; // Not ours: GraphQL and REST answer it.
        return endResponse(Response.json({ error: ErrorCodes.NOT_FOUND.title, message: `No route ${path}` }, { status: 404 }));
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        const body = { error: ErrorCodes.METHOD_NOT_ALLOWED.title, message: 'Use GET' };
        return endResponse(Response.json(body, { status: 405, headers: { Allow: 'GET, HEAD' } }));
      }
      const response = route(url.origin);
      endResponse(request.method === 'HEAD' ? new Response(null, { headers: response.headers }) : response);
    },
  };
}
