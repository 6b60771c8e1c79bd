/**
 * The Content-Security-Policy of the HTML pages: nothing but their own origin, so nothing can
 * reach a CDN (the product is used air-gapped) or anywhere else; no framing, no <base>. Pages
 * style elements inline. Scripts are files of this origin, never inline. Forms may post only to
 * this origin, and only pages that have forms (the dashboard's) allow it; the OAuth consent page's
 * form ends in a redirect to the app that asked, whose origin it adds (browsers hold redirects after
 * a form post to `form-action`).
 */
export function contentSecurityPolicy({ forms = false, formTargets = [] }: { forms?: boolean; formTargets?: readonly string[] } = {}): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    // GraphiQL's editor runs its language services in workers, files of this origin (src/http/graphiql.ts).
    "worker-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    `form-action ${forms ? ["'self'", ...formTargets].join(' ') : "'none'"}`,
  ].join('; ');
}
