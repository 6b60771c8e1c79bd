import { endSession } from '../auth/sessions.js';
import { redeemSignInLink, returnPathOf, sendSignInLinks } from '../auth/sign-in.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { logger } from '../shared/logger.js';
import type { PageRequest } from './pages.js';
import { toSignIn } from './pages.js';
import { SignInLinkPage, SignInPage } from './pages/sign-in.js';
import { html, seeOther, sessionCookie } from './respond.js';

export interface SignInOptions {
  prisma: PrismaClient;
  publicUrl: string;
}

/** Sign-in by emailed link, and sign-out. */
export function signInRoutes({ prisma, publicUrl }: SignInOptions): Record<string, (page: PageRequest) => Promise<Response>> {
  return {
    'GET /dashboard/sign-in': async (page) => html(<SignInPage sent={page.url.searchParams.has('sent')} />),
    'POST /dashboard/sign-in': async (page) => {
      // Answered before the lookup starts (it runs once the answer has been handed over), and the
      // same whatever it finds: neither the page nor its timing tells whether the address has an account.
      const email = (page.form.get('email') ?? '').slice(0, 320);
      setTimeout(() => {
        sendSignInLinks(prisma, email, { now: page.now, publicUrl }).catch((error: unknown) => logger.error({ err: error }, 'sign-in link not sent'));
      }, 0);
      // Post/redirect/get: reloading the page that says so sends no second email.
      return seeOther('/dashboard/sign-in?sent');
    },
    'GET /dashboard/sign-in/link': async (page) => {
      const { searchParams } = page.url;
      return html(<SignInLinkPage token={searchParams.get('token') ?? ''} next={returnPathOf(searchParams.get('next'))} failed={false} />);
    },
    'POST /dashboard/sign-in/link': async (page) => {
      const token = page.form.get('token') ?? '';
      const session = token ? await redeemSignInLink(prisma, token, page.now) : null;
      if (!session) return html(<SignInLinkPage token="" next={null} failed />, 400);
      // A link sent while connecting an app goes back to that step; any other to the dashboard.
      return seeOther(returnPathOf(page.form.get('next')) ?? '/dashboard', sessionCookie(session, page.secureCookies));
    },
    'POST /dashboard/sign-out': async (page) => {
      if (page.session) await endSession(prisma, page.session);
      return toSignIn(page);
    },
  };
}
