import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringifySetCookie } from 'cookie';
import type { JSX } from 'preact';
import { render } from 'preact-render-to-string';
import { SESSION_COOKIE } from '../auth/sessions.js';
import { contentSecurityPolicy } from '../http/content-security.js';
import { projectRoot } from '../shared/project-root.js';

const CSP = contentSecurityPolicy({ forms: true });

/** A dashboard page: rendered on the server (Preact), escaped by the renderer, under a strict CSP. */
export function html(page: JSX.Element, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(`<!doctype html>\n${render(page)}`, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': CSP,
      // Sign-in links carry their token in the URL: no page tells another site where it came from.
      // (Not no-referrer: with it, browsers send the dashboard's own form posts with Origin: null.)
      'Referrer-Policy': 'same-origin',
      ...headers,
    },
  });
}

/** 303 See Other: after a form post, the browser loads the next page with a GET. */
export const seeOther = (location: string, headers: Record<string, string> = {}) => new Response(null, { status: 303, headers: { Location: location, ...headers } });

/**
 * The session cookie: HttpOnly (no script reads it), SameSite=Lax (no other site's form or
 * fetch sends it), Secure when the server is reached over HTTPS, for the whole origin (the
 * dashboard's pages and /graphql). It lasts the browser session; the server ends it after 12
 * hours idle whatever the browser keeps.
 */
export function sessionCookie(token: string | null, secure: boolean): Record<string, string> {
  const cookie = stringifySetCookie({
    name: SESSION_COOKIE,
    value: token ?? '',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    ...(token ? {} : { maxAge: 0 }),
  });
  return { 'Set-Cookie': cookie };
}

// From the sources: `npm start` runs the compiled code in dist/, which holds no assets.
const assetsDir = join(projectRoot, 'src', 'dashboard', 'assets');

/** The dashboard's own stylesheet and script, read once. */
export const assets = new Map(
  [
    ['/dashboard/assets/dashboard.css', 'dashboard.css', 'text/css; charset=utf-8'],
    ['/dashboard/assets/dashboard.js', 'dashboard.js', 'text/javascript; charset=utf-8'],
    ['/dashboard/assets/import-progress.js', 'import-progress.js', 'text/javascript; charset=utf-8'],
  ].map(([path, file, type]) => {
    const bytes = new Uint8Array(readFileSync(join(assetsDir, file as string)));
    return [path as string, () => new Response(bytes, { headers: { 'Content-Type': type as string, 'Cache-Control': 'public, max-age=3600' } })];
  }),
);
