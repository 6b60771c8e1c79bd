import { createHash } from 'node:crypto';
import type { GraphiQLOptions } from 'graphql-yoga';
import type { Encoding } from './compression.js';
import { type StaticAsset, staticAsset } from './static-asset.js';

/** Where GraphiQL's files are served: under /docs, whose plugin answers them (src/http/docs.ts). */
export const GRAPHIQL_ASSETS = '/docs/graphiql/';

/** Each file's URL names its content's hash, so browsers keep it for a year and a new version is a new URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Sets Monaco's workers to same-origin files (Yoga's page made each a blob from an inline string),
 * then renders GraphiQL once the bundle, loaded after this script, has run. The options and the
 * workers' URLs are data attributes of the page, so the page carries no script at all.
 */
const INIT = `(function () {
  var root = document.getElementById('root');
  var workers = JSON.parse(root.dataset.workers);
  self.MonacoEnvironment = {
    globalAPI: false,
    getWorkerUrl: function (moduleId, label) {
      return workers[label];
    },
  };
  window.addEventListener('DOMContentLoaded', function () {
    YogaGraphiQL.renderYogaGraphiQL(root, JSON.parse(root.dataset.options));
  });
})();
`;

const JS = 'text/javascript; charset=utf-8';

interface Bundle {
  /** URL of each file, by its role. */
  urls: Record<'css' | 'js' | 'init' | 'favicon' | 'editorWorkerService' | 'json' | 'graphql', string>;
  assets: Map<string, StaticAsset>;
}

let bundle: Promise<Bundle> | undefined;

/**
 * GraphiQL as files: the stylesheet, the script, Monaco's three workers and the icon that
 * @graphql-yoga/render-graphiql inlines into one 9 MB page (it exports them as strings), and the
 * small script that starts it. Loaded on first use: a process that never shows GraphiQL does not
 * hold its 9 MB.
 */
function loadBundle(): Promise<Bundle> {
  bundle ??= import('@graphql-yoga/render-graphiql/graphiql').then((graphiql) => {
    const urls = {} as Bundle['urls'];
    const assets = new Map<string, StaticAsset>();
    const add = (role: keyof Bundle['urls'], name: string, type: string, content: string | Uint8Array) => {
      const hash = createHash('sha256').update(content).digest('hex').slice(0, 16);
      const [base, extension] = name.split(/\.(?=[^.]+$)/);
      const url = `${GRAPHIQL_ASSETS}${base}.${hash}.${extension}`;
      urls[role] = url;
      assets.set(url, staticAsset(() => content, { type, cacheControl: IMMUTABLE }));
    };
    add('css', 'graphiql.css', 'text/css; charset=utf-8', graphiql.css);
    add('js', 'graphiql.js', JS, graphiql.js);
    add('init', 'init.js', JS, INIT);
    add('editorWorkerService', 'editor.worker.js', JS, graphiql.editorWorkerService);
    add('json', 'json.worker.js', JS, graphiql.jsonWorker);
    add('graphql', 'graphql.worker.js', JS, graphiql.graphqlWorker);
    // A data: URL in the package; the page would repeat its 150 KB on every visit.
    const icon = /^data:([^;,]+);base64,(.*)$/s.exec(graphiql.favicon);
    if (icon) add('favicon', 'favicon.ico', icon[1]!, new Uint8Array(Buffer.from(icon[2]!, 'base64')));
    return { urls, assets };
  });
  return bundle;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

let page: { options: string; html: string } | undefined;

/**
 * GraphiQL's page (Yoga's `renderGraphiQL`): a few kilobytes of HTML loading its files from this
 * server, so it works without internet access and under the pages' strict CSP (no inline script).
 * Rendered once for the options, which never change.
 */
export async function graphiqlPage(options: GraphiQLOptions & { endpoint?: string }): Promise<string> {
  const key = JSON.stringify(options ?? {});
  if (page?.options === key) return page.html;
  const { urls } = await loadBundle();
  const workers = { editorWorkerService: urls.editorWorkerService, json: urls.json, graphql: urls.graphql };
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${escapeHtml(options?.title || 'GraphiQL')}</title>
${urls.favicon ? `    <link rel="icon" href="${urls.favicon}" />\n` : ''}    <link rel="stylesheet" href="${urls.css}" />
  </head>
  <body id="body" class="no-focus-outline">
    <noscript>You need to enable JavaScript to run this app.</noscript>
    <div id="root" data-options="${escapeHtml(key)}" data-workers="${escapeHtml(JSON.stringify(workers))}"></div>
    <script src="${urls.init}"></script>
    <script src="${urls.js}"></script>
  </body>
</html>
`;
  page = { options: key, html };
  return html;
}

/** The GraphiQL file at `path`, or undefined (an unknown name, or another version's). */
export async function graphiqlAsset(path: string): Promise<StaticAsset | undefined> {
  return (await loadBundle()).assets.get(path);
}

/** Starts compressing GraphiQL's files for `encoding` while the browser reads the page that will ask for them. */
export function warmGraphiqlAssets(encoding: Encoding | null): void {
  if (!encoding || !bundle) return;
  void bundle.then(({ assets }) => {
    for (const asset of assets.values()) asset.warm(encoding);
  });
}
