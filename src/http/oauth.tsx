import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'graphql-yoga';
import type Provider from 'oidc-provider';
import { render } from 'preact-render-to-string';
import { isScope, type Scope } from '../auth/scopes.js';
import { csrfTokenOf, sessionCookieOf, sessionOf } from '../auth/sessions.js';
import { sendSignInLinks } from '../auth/sign-in.js';
import { sameSecret } from '../auth/tokens.js';
import { html, seeOther } from '../dashboard/respond.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { contentSecurityPolicy } from './content-security.js';
import { bodyTextOf, canonicalPathname, withinBoundary } from './request-boundary.js';
import { noteRoute } from './route-label.js';
import { logger } from '../shared/logger.js';
import { type AskingApp, ConnectProblemPage, ConnectSignInPage, ConsentPage } from '../dashboard/pages/connect.js';
import { askedScopes, offeredScopes, recordConsent, resourcesAsked } from '../oauth/consent.js';
import { createOAuthServer, OAUTH_PATH } from '../oauth/provider.js';
import { metadataUrlOf, protectedResourceMetadata, resourcesOf } from '../oauth/resources.js';

export interface OAuthOptions {
  prisma: PrismaClient;
  publicUrl: string;
  now: () => Date;
  allowPrivateNetworks: boolean;
}

interface NodeContext {
  req?: IncomingMessage & { body?: string };
  res?: ServerResponse;
}

const INTERACTION = /^\/oauth\/interaction\/([A-Za-z0-9_-]{1,64})$/;

/** The paths oidc-provider answers itself: its endpoints and its server metadata (RFC 8414's name and OpenID's). */
const providerPath = (path: string) =>
  path.startsWith(`${OAUTH_PATH}/`) || path === '/.well-known/oauth-authorization-server' || path === '/.well-known/openid-configuration';

/** The app asking, as the consent page names it. */
async function askingApp(provider: Provider, clientId: string, redirectUri: string): Promise<AskingApp> {
  const client = await provider.Client.find(clientId);
  const metadataDocument = /^https:\/\//.test(clientId) ? new URL(clientId).host : null;
  return { name: client?.clientName ?? metadataDocument ?? clientId, verifiedDomain: metadataDocument, returnsTo: new URL(redirectUri).origin };
}

/**
 * The OAuth 2.1 authorization server at /oauth (oidc-provider: src/oauth/provider.ts), its metadata
 * at /.well-known/oauth-authorization-server, the protected-resource metadata of the API and of
 * /mcp (RFC 9728), and the two pages of connecting an app: signing in by the dashboard's emailed
 * link, and consent. Every request passes the request boundary first (its time limit, body limit
 * and the client address's budget, as the dashboard's sign-in pages do).
 */
export function useOAuth(options: OAuthOptions): Plugin {
  const { prisma, publicUrl, now } = options;
  const resources = resourcesOf(publicUrl);
  const issuer = new URL(publicUrl).origin;
  let provider: Promise<Provider> | undefined;
  const oauthServer = () => {
    provider ??= createOAuthServer({ ...options, errorPage: (message) => `<!doctype html>\n${render(<ConnectProblemPage message={message} />)}` });
    provider.catch(() => (provider = undefined)); // A database hiccup at start must not stick.
    return provider;
  };

  /** Runs oidc-provider (a Koa app) on the node:http request and response, which it answers itself. */
  async function runProvider(node: NodeContext, path: string, search: string): Promise<Response> {
    const { req, res } = node;
    if (!req || !res) return Response.json({ error: 'Not Implemented', message: 'The authorization server answers over node:http only' }, { status: 501 });
    const callback = (await oauthServer()).callback();
    // The request boundary has read the body already; oidc-provider takes it from here.
    req.body = bodyTextOf(node);
    // Its endpoints' URLs are made from the request's host: the public URL's, whatever the client or a proxy sent.
    const publicOrigin = new URL(issuer);
    req.headers['x-forwarded-host'] = publicOrigin.host;
    req.headers['x-forwarded-proto'] = publicOrigin.protocol.slice(0, -1);
    if (path === '/.well-known/oauth-authorization-server') req.url = `/.well-known/openid-configuration${search}`;
    await new Promise<void>((resolve) => {
      res.once('close', resolve);
      res.once('finish', resolve);
      void callback(req, res);
    });
    // Already sent: Yoga's adapter leaves a response that has ended alone; this one is for the logs and metrics.
    return new Response(null, { status: res.statusCode });
  }

  async function interaction(request: Request, node: NodeContext, uid: string, url: URL): Promise<Response> {
    const { req, res } = node;
    if (!req || !res) return Response.json({ error: 'Not Implemented' }, { status: 501 });
    const server = await oauthServer();
    const details = await server.interactionDetails(req, res).catch(() => null);
    if (!details || details.uid !== uid) {
      return html(<ConnectProblemPage message="This connection has expired or was started in another browser." />, 400);
    }
    const params = details.params as { client_id: string; redirect_uri: string; scope?: string; resource?: string | string[] };
    const app = await askingApp(server, params.client_id, params.redirect_uri);
    const form = request.method === 'POST' ? new URLSearchParams(bodyTextOf(node)) : null;
    const cookie = sessionCookieOf(request.headers);
    const authentication = cookie ? await sessionOf(prisma, cookie, now()) : null;
    const principal = authentication && 'principal' in authentication ? authentication.principal : null;
    const finish = async (result: Parameters<Provider['interactionResult']>[2]) => seeOther(await server.interactionResult(req, res, result, { mergeWithLastSubmission: true }));

    if (details.prompt.name === 'login') {
      if (principal) return finish({ login: { accountId: principal.userId } });
      if (form) {
        const email = (form.get('email') ?? '').slice(0, 320);
        // As the dashboard's sign-in: answered at once and the same whatever the address is.
        setTimeout(() => {
          sendSignInLinks(prisma, email, { now: now(), publicUrl, next: url.pathname }).catch((error: unknown) => logger.error({ err: error }, 'sign-in link not sent'));
        }, 0);
        return seeOther(`${url.pathname}?sent`);
      }
      return html(<ConnectSignInPage appName={app.name} sent={url.searchParams.has('sent')} action={url.pathname} />);
    }

    // Consent: by the user the sign-in step named, in this browser's dashboard session.
    if (!principal || principal.userId !== details.session?.accountId || !cookie) {
      return html(<ConnectProblemPage message="Sign in to the dashboard in this browser as the user connecting, then start again." />, 403);
    }
    const csrf = csrfTokenOf(cookie);
    const offered = offeredScopes(params.scope, principal.role);
    if (form) {
      if (!sameSecret(form.get('csrf') ?? '', csrf)) return html(<ConnectProblemPage message="This form has expired: reload the page." />, 403);
      if (form.get('decision') !== 'allow') return finish({ error: 'access_denied', error_description: 'The user did not allow the connection' });
      const chosen = new Set(form.getAll('scope').filter((scope): scope is Scope => isScope(scope) && offered.includes(scope)));
      const grant = details.grantId ? await server.Grant.find(details.grantId) : new server.Grant({ accountId: principal.userId, clientId: params.client_id });
      if (!grant) return html(<ConnectProblemPage message="This connection has expired." />, 400);
      recordConsent(grant, resourcesAsked(params.resource, resources), askedScopes(params.scope), chosen, (details.prompt.details.missingOIDCScope as string[] | undefined) ?? []);
      const grantId = await grant.save();
      await prisma.oAuthRecord.updateMany({ where: { kind: 'Grant', grantId }, data: { clientName: app.name.slice(0, 200) } });
      return finish({ consent: { grantId } });
    }
    const tenant = await prisma.tenant.findUnique({ where: { id: principal.tenantId }, select: { name: true } });
    const user = await prisma.user.findUnique({ where: { id: principal.userId }, select: { name: true } });
    return html(
      <ConsentPage app={app} userName={user?.name ?? ''} tenantName={tenant?.name ?? ''} scopes={offered} csrf={csrf} action={url.pathname} stepUp={Boolean(details.grantId)} />,
      200,
      { 'Content-Security-Policy': contentSecurityPolicy({ forms: true, formTargets: [app.returnsTo] }) },
    );
  }

  return {
    async onRequest({ request, url, endResponse, serverContext }) {
      const path = canonicalPathname(url.pathname);
      if (path === '/.well-known/oauth-protected-resource' || path === metadataUrlOf(resources.mcp).slice(issuer.length)) {
        noteRoute(serverContext, `GET ${path}`);
        const resource = path.endsWith('/mcp') ? resources.mcp : resources.api;
        return endResponse(Response.json(protectedResourceMetadata(resource, issuer), { headers: { 'Cache-Control': 'public, max-age=3600', 'Access-Control-Allow-Origin': '*' } }));
      }
      const uid = INTERACTION.exec(path)?.[1];
      if (!uid && !providerPath(path)) return;
      noteRoute(serverContext, uid ? `${request.method} ${OAUTH_PATH}/interaction/:uid` : `${request.method} ${path}`);
      const node = serverContext as NodeContext;
      const answer = await withinBoundary(serverContext, request, () => (uid ? interaction(request, node, uid, url) : runProvider(node, path, url.search)), 'sign-in');
      endResponse(answer);
    },
  };
}
