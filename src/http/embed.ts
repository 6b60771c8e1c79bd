import { Response as ServerResponse } from '@whatwg-node/fetch';
import type { Plugin } from 'graphql-yoga';
import { EMBED_PATH, WIDGETS_PATH, widgetsBundle } from '../embed/widgets-bundle.js';
import { ErrorCodes } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { withinBoundary } from './request-boundary.js';
import { type StaticAsset, staticAsset } from './static-asset.js';

const STABLE_CACHE = 'public, max-age=300';
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
const JS = 'text/javascript; charset=utf-8';
/** The name of any version's content-hashed copy. */
const HASHED = new RegExp(`^${EMBED_PATH}widgets\\.[0-9a-f]{16}\\.js$`);

/**
 * Any page may load the widgets: the module script is fetched in CORS mode, and a host page
 * that sends `Cross-Origin-Embedder-Policy` needs the resource policy too.
 */
const OPEN = { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' };

interface Files {
  /** The path of the content-hashed copy, `/embed/v1/widgets.<hash>.js`. */
  hashedPath: string;
  hashed: StaticAsset;
  /** The stable module (WIDGETS_PATH, never changing, so cached only for a few minutes): one line importing the hashed copy, so a visitor's browser keeps the bundle a year and asks again only for this line. */
  stable: string;
  etag: string;
}

let files: Files | undefined;

function widgetFiles(): Files {
  if (!files) {
    const { code, hash } = widgetsBundle();
    const name = `widgets.${hash}.js`;
    files = {
      hashedPath: `${EMBED_PATH}${name}`,
      hashed: staticAsset(() => code, { type: JS, cacheControl: IMMUTABLE_CACHE }),
      stable: `import './${name}';\n`,
      etag: `"${hash}"`,
    };
  }
  return files;
}

async function answer(request: Request, path: string): Promise<Response> {
  let widgets: Files;
  try {
    widgets = widgetFiles();
  } catch (error) {
    logger.error({ err: error }, 'the widgets bundle is missing: run `npm run build`');
    return Response.json({ error: ErrorCodes.SERVICE_UNAVAILABLE.title, message: 'The widgets are not built on this server' }, { status: 503 });
  }
  if (path === widgets.hashedPath) return widgets.hashed.respond(request);
  // Another version's copy: a page whose stable module is still cached (up to 5 minutes) from
  // before a deployment, or a server of the other version behind the same address during one.
  if (HASHED.test(path)) return new ServerResponse(null, { status: 307, headers: { Location: widgets.hashedPath, 'Cache-Control': STABLE_CACHE } }) as Response;
  if (path !== WIDGETS_PATH) return Response.json({ error: ErrorCodes.NOT_FOUND.title, message: `No route ${path}` }, { status: 404 });
  const headers = { 'Content-Type': JS, 'Cache-Control': STABLE_CACHE, ETag: widgets.etag };
  const fresh = request.headers.get('if-none-match')?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === widgets.etag);
  return new ServerResponse(fresh ? null : widgets.stable, { status: fresh ? 304 : 200, headers }) as Response;
}

/**
 * The website widgets (`<bp-booking>`, `<bp-lead-form>`, src/embed/widgets/) as one ES module:
 * `GET /embed/v1/widgets.js`, which imports the content-hashed, immutable
 * `/embed/v1/widgets.<hash>.js`. Open to every origin; compressed (brotli or gzip) once per
 * process; admitted and rate-limited like the API's requests.
 */
export function useEmbed(): Plugin {
  return {
    async onRequest({ request, url, endResponse, serverContext }) {
      const path = url.pathname;
      if (!path.startsWith(EMBED_PATH)) return;
      const response = await withinBoundary(serverContext, request, async () => {
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          return Response.json({ error: ErrorCodes.METHOD_NOT_ALLOWED.title, message: 'Use GET' }, { status: 405, headers: { Allow: 'GET, HEAD' } });
        }
        const got = await answer(request, path);
        // The GET's headers, its Content-Length included, without its body.
        return request.method === 'HEAD' ? (new ServerResponse(null, { status: got.status, headers: got.headers }) as Response) : got;
      });
      for (const [name, value] of Object.entries(OPEN)) response.headers.set(name, value);
      endResponse(response);
    },
  };
}
