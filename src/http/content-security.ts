/**
 * The Content-Security-Policy of the HTML pages: nothing but their own origin, so nothing can
 * reach a CDN (the product is used air-gapped) or anywhere else; no framing, no <base>. Pages
 * style elements inline. Scripts are files of this origin, or inline scripts named by their
 * hashes (GraphiQL's page is one inline bundle). Forms may post only to this origin, and only
 * pages that have forms (the dashboard's) allow it.
 */
export function contentSecurityPolicy({ scriptSources = ["'self'"], forms = false }: { scriptSources?: string[]; forms?: boolean } = {}): string {
  return [
    "default-src 'self'",
    `script-src ${scriptSources.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    // GraphiQL's editor runs its language service in a worker it creates from a blob.
    "worker-src 'self' blob:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    `form-action ${forms ? "'self'" : "'none'"}`,
  ].join('; ');
}
