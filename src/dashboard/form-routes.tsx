import type { PrismaClient } from '../generated/prisma/client.js';
import type { ApiError } from './api-client.js';
import type { Outcome } from './form-outcomes.js';
import { formOutcomes } from './form-outcomes.js';
import type { Mistakes, PageRequest, SignedIn } from './pages.js';
import { mistakes, notAllowed, refused, signedIn } from './pages.js';
import type { Chrome } from './pages/layout.js';
import { ProblemPage } from './pages/settings.js';
import { html, seeOther } from './respond.js';

export type Handler = (page: PageRequest) => Promise<Response>;
export type UserHandler = (page: PageRequest, user: SignedIn) => Promise<Response>;

/** A form's work: what it did, or the answer when the API refused it (which changed nothing). */
export type FormWork = (page: PageRequest, user: SignedIn) => Promise<Outcome | Response>;

/** A page for signed-in users whose role passes `allowed`; others get "not allowed". */
export const forRole =
  (allowed: (chrome: Chrome) => boolean, refusal: string, handler: UserHandler): Handler =>
  async (page) => {
    const user = await signedIn(page);
    if (user instanceof Response) return user;
    return allowed(user.chrome) ? handler(page, user) : notAllowed(user.chrome, refusal);
  };

/** The `id` field of a form about one record. */
export const idOf = (form: URLSearchParams) => form.get('id') ?? '';

/** The answer to a refused form: it shown again with what was wrong (`again`), or the refusal's page. */
export function formRefused(page: PageRequest, user: SignedIn, errors: ApiError[], again: (messages: string[], status: number, fields: Mistakes['fields']) => Promise<Response>) {
  const problem = mistakes(errors);
  return problem ? again(problem.messages, problem.status, problem.fields) : refused(page, errors, user.chrome);
}

/** Where a form's post redirects: the page that shows what it did, with `?outcome=` added to its query. */
const withOutcome = (target: string, token: string) => `${target}${target.includes('?') ? '&' : '?'}outcome=${encodeURIComponent(token)}`;

/** The forms of the signed-in pages (post/redirect/get, each form honoured once), and what they did. */
export function formHandling(prisma: PrismaClient) {
  const formsOf = (page: PageRequest, user: SignedIn) => formOutcomes(prisma, user.viewer.tenant.id, page.session ?? '');

  return {
    /** What the form this page follows did (`?outcome=`), the first time the page is shown after it. */
    outcomeOf(page: PageRequest, user: SignedIn) {
      const token = page.url.searchParams.get('outcome');
      return token ? formsOf(page, user).take(token, page.now) : Promise.resolve(null);
    },

    /**
     * A form that changes something: honoured once, by its one-time token, however often the
     * browser sends it (a reload, a double click, back and forward), and answered with a redirect
     * to `target` (a page, or the page for the posted form), which shows what it did once. A
     * refused form changed nothing: its token is released and its answer given at once.
     */
    form:
      (target: string | ((form: URLSearchParams) => string), work: FormWork): UserHandler =>
      async (page, user) => {
        const to = typeof target === 'string' ? target : target(page.form);
        const token = page.form.get('form') ?? '';
        const forms = formsOf(page, user);
        const claim = await forms.claim(token, page.now);
        if (claim === 'expired') {
          return html(<ProblemPage chrome={user.chrome} title="This form has expired" message="Reload the page and send it again." retry={to} />, 400);
        }
        const done = () => seeOther(withOutcome(to, token));
        if (claim === 'sent') return done();
        let outcome: Outcome | Response;
        try {
          outcome = await work(page, user);
        } catch (error) {
          await forms.release(token);
          throw error;
        }
        if (outcome instanceof Response) {
          await forms.release(token);
          return outcome;
        }
        await forms.settle(token, outcome, page.now);
        return done();
      },
  };
}
