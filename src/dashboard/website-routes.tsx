import { parseAllowedOrigins } from '../auth/origins.js';
import { WEBSITE_SCOPES } from '../embed/website.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Handler, UserHandler } from './form-routes.js';
import { formHandling, formRefused, forRole, idOf } from './form-routes.js';
import { CreateWebsiteKeyDocument, UpdateAllowedOriginsDocument, WebsitePageDocument } from './generated/operations.js';
import type { PageRequest, SignedIn } from './pages.js';
import { refused } from './pages.js';
import type { Addresses, WebsitePair, WebsiteView } from './pages/website.js';
import { originsOf, publishedResources, WEBSITE, WebsitePage } from './pages/website.js';
import { html } from './respond.js';

const keyManagers = (handler: UserHandler) => forRole((chrome) => chrome.canManageKeys, 'Only administrators and managers can manage website keys.', handler);

/**
 * The pairs a website can use, whose keys still work: those bound to origins (only a browser page
 * needs that), and those whose scopes are all a website's, bound or not (they deserve the warning).
 */
export const isWebsiteKey = (pair: Pick<WebsitePair, 'status' | 'scopes' | 'allowedOrigins'>) =>
  (pair.status === 'active' || pair.status === 'expiring') &&
  (pair.allowedOrigins.length > 0 || pair.scopes.every((scope) => (WEBSITE_SCOPES as readonly string[]).includes(scope)));

/** The dashboard's origin, if a pair may list it: browsers send it from the preview. */
function listableOrigin(publicUrl: string): string | null {
  const origin = new URL(publicUrl).origin;
  try {
    return parseAllowedOrigins([origin])[0] ?? null;
  } catch {
    return null;
  }
}

/** A new website key's name: which site it is for. */
function keyName(origins: string[]): string {
  const first = origins.find((origin) => URL.canParse(origin));
  return first ? `Website ${new URL(first).host}`.slice(0, 200) : 'Website';
}

/** The API's field mistakes as the page shows them: the origins' messages quote the entry they are about. */
const messagesOf = (fields: { message: string }[], messages: string[]) => (fields.length ? fields.map((field) => field.message) : messages);

/** Settings → Website: a key bound to the website's origins, its snippet and a live preview, and the origins of the keys made so. */
export function websiteRoutes({ prisma, publicUrl }: { prisma: PrismaClient; publicUrl: string }): Record<string, Handler> {
  const { form, outcomeOf } = formHandling(prisma);
  const addresses: Addresses = { apiUrl: publicUrl, dashboardOrigin: listableOrigin(publicUrl) };

  async function websitePage(page: PageRequest, user: SignedIn, again: Pick<WebsiteView, 'errors' | 'mistakes' | 'draft' | 'editing'> | null = null, status = 200) {
    const result = await user.api(WebsitePageDocument, {});
    if (result.errors) return refused(page, result.errors, user.chrome);
    const outcome = again ? null : await outcomeOf(page, user);
    const pairs = result.data.apiKeyPairs.nodes.filter(isWebsiteKey);
    return html(<WebsitePage chrome={user.chrome} data={result.data} pairs={pairs} outcome={outcome} {...addresses} {...again} />, status);
  }

  return {
    [`GET ${WEBSITE}`]: keyManagers((page, user) => websitePage(page, user)),
    [`POST ${WEBSITE}`]: keyManagers(
      form(WEBSITE, async (page, user) => {
        const draft = { resourceId: page.form.get('resource') ?? '', origins: page.form.get('origins') ?? '' };
        const typed = originsOf(draft.origins);
        const refuse = (field: string, messages: string[], status = 400) =>
          websitePage(page, user, { errors: messages, mistakes: messages.map((message) => ({ field, message })), draft }, status);
        if (!typed.length) return refuse('origins', ["Type your website's origin, such as https://www.harbour-plumbing.example: the key will work only there."]);
        // The resource only goes into the snippet; still, a snippet naming one the widget cannot show would fail on the website.
        const current = await user.api(WebsitePageDocument, {});
        if (current.errors) return refused(page, current.errors, user.chrome);
        if (draft.resourceId && !publishedResources(current.data).some((resource) => resource.id === draft.resourceId)) {
          return refuse('resource', ['Choose one of your published resources, or let the visitor pick.']);
        }
        const held = new Set(current.data.viewer.scopes);
        const input = {
          name: keyName(typed),
          scopes: WEBSITE_SCOPES.filter((scope) => held.has(scope)),
          allowedOrigins: addresses.dashboardOrigin ? [...typed, addresses.dashboardOrigin] : typed,
        };
        const result = await user.api(CreateWebsiteKeyDocument, { input });
        if (result.errors) return formRefused(page, user, result.errors, (messages, status, fields) => refuse('origins', messagesOf(fields, messages), status));
        const issued = result.data.createApiKeyPair.issuedApiKeyPair!;
        return { website: { publishableKey: issued.publishableKey, pairName: issued.pair.name, resourceId: draft.resourceId || null } };
      }),
    ),
    [`POST ${WEBSITE}/origins`]: keyManagers(
      form(WEBSITE, async (page, user) => {
        const editing = { id: idOf(page.form), origins: page.form.get('origins') ?? '' };
        const result = await user.api(UpdateAllowedOriginsDocument, { id: editing.id, allowedOrigins: originsOf(editing.origins) });
        if (result.errors) {
          return formRefused(page, user, result.errors, (messages, status, fields) => {
            const errors = messagesOf(fields, messages);
            return websitePage(page, user, { errors, mistakes: errors.map((message) => ({ field: 'origins', message })), editing }, status);
          });
        }
        const pair = result.data.updateApiKeyPair.apiKeyPair!;
        return { done: pair.allowedOrigins.length ? `Origins of “${pair.name}” saved: ${pair.allowedOrigins.join(', ')}.` : `“${pair.name}” now works from any website.` };
      }),
    ),
  };
}

