import type { PrismaClient } from '../generated/prisma/client.js';
import type { Handler, UserHandler } from './form-routes.js';
import { formHandling, forRole, idOf } from './form-routes.js';
import { ConnectedAppsPageDocument, RevokeConnectedAppDocument } from './generated/operations.js';
import { refused } from './pages.js';
import { CONNECTED_APPS, ConnectedAppsPage, connectedAppsOf } from './pages/connected-apps.js';
import { html } from './respond.js';

const keyManagers = (handler: UserHandler) => forRole((chrome) => chrome.canManageKeys, 'Only administrators and managers can manage connected apps.', handler);

/** Settings → Connected apps: the list (of everyone's, or of one user's with `?user=`), and revoking one (post/redirect/get). */
export function connectedAppsRoutes({ prisma }: { prisma: PrismaClient }): Record<string, Handler> {
  const { form, outcomeOf } = formHandling(prisma);

  return {
    [`GET ${CONNECTED_APPS}`]: keyManagers(async (page, user) => {
      const userFilter = page.url.searchParams.get('user') || null;
      const result = await user.api(ConnectedAppsPageDocument, { userId: userFilter });
      if (result.errors) return refused(page, result.errors, user.chrome);
      return html(<ConnectedAppsPage chrome={user.chrome} data={result.data} userFilter={userFilter} outcome={await outcomeOf(page, user)} />);
    }),
    [`POST ${CONNECTED_APPS}/revoke`]: keyManagers(
      // Back to the list the form was on: everyone's, or the one user's.
      form((sent) => (sent.get('user') ? connectedAppsOf(sent.get('user') ?? '') : CONNECTED_APPS), async (page, user) => {
        const result = await user.api(RevokeConnectedAppDocument, { id: idOf(page.form) });
        if (result.errors) return refused(page, result.errors, user.chrome);
        return { done: 'The app is disconnected: its access no longer works, and it has to ask for permission again.' };
      }),
    ),
  };
}
