import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createKeyPair } from '../auth/key-pairs.js';
import { createCustomFieldDefinition } from '../custom-fields/custom-field.admin.js';
import { widgetSnippet, WEBSITE_SCOPES } from '../embed/website.js';
import type { PrismaClient } from '../generated/prisma/client.js';

/** The lead form's own questions in the demo: a required choice, and an optional number. */
const leadFields = [
  { key: 'equipment', label: 'Equipment to inspect', type: 'select', required: true, options: ['Overhead crane', 'Mobile crane', 'Hoist', 'Forklift'] },
  { key: 'capacityTonnes', label: 'Rated capacity (tonnes)', type: 'number', required: false },
] as const;

/**
 * What the demo's sample website needs: the lead custom fields its form shows (defined once), and
 * a fresh publishable key bound to the site's `origins` (keys are shown only once, so each run
 * issues one). Answers the key and the published resource the booking widget offers.
 */
export async function seedDemoWebsite(prisma: PrismaClient, { tenantId, userId, origins }: { tenantId: string; userId: string; origins: string[] }) {
  if (!(await prisma.customFieldDefinition.count({ where: { tenantId, entity: 'lead' } }))) {
    for (const field of leadFields) await createCustomFieldDefinition(prisma, { tenantId, entity: 'lead', ...field });
  }
  const keys = await createKeyPair(prisma, { tenantId, userId, name: 'Demo website', scopes: [...WEBSITE_SCOPES], allowedOrigins: origins });
  const resource = await prisma.bookableResource.findFirst({ where: { tenantId, published: true, isActive: true }, orderBy: { name: 'asc' }, select: { id: true } });
  return { publishableKey: keys.publishable.key, resourceId: resource?.id ?? null };
}

const STYLESHEET = `body { margin: 0; font: 17px/1.55 Georgia, serif; color: #1d2a33; background: #f4f1ea; }
header { background: #12384f; color: #fff; padding: 1.5rem 1rem; }
header h1 { margin: 0; font-size: 1.8rem; }
header p { margin: .25rem 0 0; opacity: .85; }
main { max-width: 46rem; margin: 0 auto; padding: 1rem; display: grid; gap: 1.5rem; }
section { background: #fff; border-radius: 10px; padding: 1rem; box-shadow: 0 1px 3px rgb(0 0 0 / 12%); }
h2 { margin-top: 0; }
footer { max-width: 46rem; margin: 0 auto; padding: 1rem; font-size: .85rem; color: #55636d; }
bp-booking, bp-lead-form { --bp-accent: #12384f; --bp-radius: 8px; }
`;

/** The sample business page: a few lines about the business, then the snippet a business pastes, unchanged. */
function samplePage(name: string, snippet: string, apiUrl: string): string {
  const [script, booking, leadForm] = snippet.split('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name}: crane and hoist inspections</title>
<link rel="stylesheet" href="/site.css">
${script}
</head>
<body>
<header><h1>${name}</h1><p>Crane, hoist and forklift inspections across Ohio. Certified engineers, reports the same day.</p></header>
<main>
<section aria-labelledby="book"><h2 id="book">Book a site survey</h2><p>Pick a time that suits you: an engineer visits your site to assess your lifting equipment.</p>
${booking}
</section>
<section aria-labelledby="quote"><h2 id="quote">Ask for a quote</h2><p>Tell us about your equipment and we will get back to you within a working day.</p>
${leadForm}
</section>
</main>
<footer>A sample business page served by <code>npm run demo</code> on an origin of its own: the widgets come from the API at ${apiUrl}, on the demo's publishable key, bound to this page's origin.</footer>
</body>
</html>
`;
}

/**
 * The page's policy: scripts and connections only to the API, styles only from the page's own
 * file, nothing inline: what a careful business's site sends, and what the widgets must work under.
 */
const policyFor = (apiOrigin: string) =>
  [`default-src 'none'`, `script-src ${apiOrigin}`, `connect-src ${apiOrigin}`, `style-src 'self'`, `base-uri 'none'`, `form-action 'none'`, `frame-ancestors 'none'`].join('; ');

export interface DemoSite {
  /** Where a browser opens the page. */
  url: string;
  server: Server;
}

/**
 * Serves the demo's sample business page on `port` (0: any free one), an origin other than the
 * API's, so the widgets take the cross-origin path every real website does. `publish` is given the
 * page's origins once it listens (the key is bound to them) and answers what the page embeds.
 */
export async function serveDemoSite(
  { host, port, apiUrl, businessName }: { host: string; port: number; apiUrl: string; businessName: string },
  publish: (origins: string[]) => Promise<{ publishableKey: string; resourceId: string | null }>,
): Promise<DemoSite> {
  let page: string | undefined;
  const headers = { 'Content-Security-Policy': policyFor(new URL(apiUrl).origin), 'Referrer-Policy': 'strict-origin-when-cross-origin', 'X-Content-Type-Options': 'nosniff' };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site').pathname;
    const file = path === '/' ? page && { type: 'text/html; charset=utf-8', body: page } : path === '/site.css' ? { type: 'text/css; charset=utf-8', body: STYLESHEET } : null;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...headers, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Use GET\n');
    } else if (!file) {
      response.writeHead(path === '/' ? 503 : 404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end(path === '/' ? 'Starting: reload in a moment\n' : 'Not found\n');
    } else {
      response.writeHead(200, { ...headers, 'Content-Type': file.type, 'Cache-Control': 'no-store' }).end(request.method === 'HEAD' ? undefined : file.body);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: listening } = server.address() as AddressInfo;
  // Browsers send the origin as typed: localhost and 127.0.0.1 are two origins, both this page.
  const { publishableKey, resourceId } = await publish([`http://localhost:${listening}`, `http://127.0.0.1:${listening}`]);
  page = samplePage(businessName, widgetSnippet({ apiUrl, publishableKey, resourceId }), apiUrl);
  return { url: `http://localhost:${listening}/`, server };
}
