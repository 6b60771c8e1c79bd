// The leads page read with an OAuth access token (issue 44) beside the same page with the key:
// both authenticate through the same cached credential lookup, so the token should cost no more.
import { connect, mailedLink, registerClient } from '../test/support/oauth.js';
import type { Target } from './load.js';

/** Where the consent page sends the browser back: the app's own loopback address, never the product's origin. */
const REDIRECT_URI = 'http://127.0.0.1:9/callback';

/**
 * The key's REST target read with an access token instead, obtained as a user would: a client
 * registered dynamically, the authorization request with PKCE, the sign-in link emailed to `email`
 * (written to the product's `dataDir`/mail, the bench's server having no SMTP), consent, and the
 * code exchanged. The resource is the API's (the product's origin, its PUBLIC_URL), so the token
 * reads REST. It lives 30 minutes (src/oauth/provider.ts): enough for the rounds of a default run.
 */
export async function withOAuthToken(rest: Target, productBase: string, dataDir: string, email: string): Promise<Target> {
  const clientId = await registerClient(productBase, REDIRECT_URI, 'Bench agent');
  const { tokens } = await connect(
    productBase,
    { email, mailbox: (to, after) => mailedLink(dataDir, to, after) },
    { clientId, redirectUri: REDIRECT_URI, scope: 'leads.lead.read', resource: productBase },
  );
  if (!tokens.access_token) throw new Error(`the token endpoint answered no access token: ${JSON.stringify(tokens)}`);
  return { ...rest, name: `${rest.suite}: product REST, OAuth access token`, headers: { ...rest.headers, authorization: `Bearer ${tokens.access_token}` } };
}
