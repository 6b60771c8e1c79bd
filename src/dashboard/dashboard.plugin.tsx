import type { Plugin } from 'graphql-yoga';
import { csrfTokenOf, sessionCookieOf } from '../auth/sessions.js';
import { sameSecret } from '../auth/tokens.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { withinBoundary } from '../http/request-boundary.js';
import { requestScope } from '../shared/request-scope.js';
import { apiClient } from './api-client.js';
import { connectedAppsRoutes } from './connected-apps-routes.js';
import { importRoutes } from './import-routes.js';
import type { PageRequest } from './pages.js';
import { asPage, retryOf, toSignIn } from './pages.js';
import { ProblemPage } from './pages/settings.js';
import { postedForm } from './posted-form.js';
import { assets, html } from './respond.js';
import { settingsRoutes } from './settings-routes.js';
import { signInRoutes } from './sign-in-routes.js';
import { webhookRoutes } from './webhook-routes.js';
import { websiteRoutes } from './website-routes.js';

export interface DashboardOptions {
  prisma: PrismaClient;
  now: () => Date;
  /** Where users reach the server: the links in emails, and whether cookies are Secure. */
  publicUrl: string;
  /** The server's own request handler, through which the dashboard calls /graphql (and the imports' REST routes, for a file and a CSV). */
  handle: (request: Request) => Promise<Response>;
}

/** Posts that need no session: asking for a link, and using one. */
const signInPosts = new Set(['POST /dashboard/sign-in', 'POST /dashboard/sign-in/link']);

/**
 * A post from a page of another site: browsers say so (`Sec-Fetch-Site`, `Origin`), and SameSite
 * already keeps the session cookie off such posts; refusing them also stops sign-in CSRF.
 */
function crossSite(request: Request, origins: Set<string>): boolean {
  const site = request.headers.get('sec-fetch-site');
  const origin = request.headers.get('origin');
  return site === 'cross-site' || (origin !== null && !origins.has(origin));
}

/**
 * The tenant dashboard at /dashboard: pages rendered on the server, forms that work without
 * script, and the data from the product's own GraphQL API as the signed-in user. Every page is
 * admitted like an API request (src/http/request-boundary.ts), as one request of the signed-in
 * user's budget (its own API calls spend nothing more), or of the client address's on the sign-in
 * pages and without a session; the stylesheet and script spend nothing. Refusals are pages too.
 * Every signed-in post carries the session's CSRF token.
 */
export function useDashboard({ prisma, now, publicUrl, handle }: DashboardOptions): Plugin {
  const routes = { ...signInRoutes({ prisma, publicUrl }), ...settingsRoutes({ prisma, publicUrl }), ...webhookRoutes({ prisma }), ...websiteRoutes({ prisma, publicUrl }), ...connectedAppsRoutes({ prisma }), ...importRoutes({ prisma, handle }) };
  const paths = new Set(Object.keys(routes).map((route) => route.split(' ')[1]));
  const secureCookies = publicUrl.startsWith('https:');

  async function answer(request: Request, url: URL, path: string): Promise<Response> {
    const route = `${request.method} ${path}`;
    const handler = routes[route];
    if (!handler) {
      const status = paths.has(path) ? 405 : 404;
      return html(<ProblemPage title={status === 405 ? 'Method not allowed' : 'Not found'} message={`There is no page ${request.method} ${path}.`} />, status);
    }
    const session = sessionCookieOf(request.headers);
    const csrf = session ? csrfTokenOf(session) : null;
    const requestId = requestScope.getStore()?.requestId ?? '';
    const posted = request.method === 'POST' ? await postedForm(request) : { form: new URLSearchParams(), file: null };
    const page: PageRequest = {
      url,
      retry: retryOf(request),
      ...posted,
      session,
      csrf,
      api: session ? apiClient(handle, url.origin, session, requestId) : null,
      now: now(),
      secureCookies,
    };
    if (request.method === 'POST') {
      if (crossSite(request, new Set([url.origin, new URL(publicUrl).origin]))) {
        return html(<ProblemPage title="Not allowed" message="This form was sent from another website." />, 403);
      }
      if (!signInPosts.has(route)) {
        if (!csrf) return toSignIn(page);
        if (!sameSecret(page.form.get('csrf') ?? '', csrf)) return html(<ProblemPage title="Not allowed" message="This form has expired: reload the page and try again." />, 403);
      }
    }
    return handler(page);
  }

  return {
    async onRequest({ request, url, endResponse, serverContext }) {
      const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
      if (path !== '/dashboard' && !path.startsWith('/dashboard/')) return;
      // HEAD is a GET without its body.
      const asGet = request.method === 'HEAD' ? new Request(request.url, { method: 'GET', headers: request.headers }) : request;
      // The stylesheet and script are the same for everyone, cached by browsers: not worth a budget.
      const asset = asGet.method === 'GET' ? assets.get(path) : undefined;
      const kind = path === '/dashboard/sign-in' || path.startsWith('/dashboard/sign-in/') ? 'sign-in' : 'page';
      const answered = asset ? asset() : await withinBoundary(serverContext, request, () => answer(asGet, url, path), kind);
      const response = await asPage(answered, asGet);
      endResponse(request.method === 'HEAD' ? new Response(null, { status: response.status, headers: response.headers }) : response);
    },
  };
}
