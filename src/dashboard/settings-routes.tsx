import type { PrismaClient } from '../generated/prisma/client.js';
import type { ApiClient, ApiError } from './api-client.js';
import type { Outcome } from './form-outcomes.js';
import { formOutcomes } from './form-outcomes.js';
import type { TenantModule, UserRole } from './generated/operations.js';
import {
  ApiKeysPageDocument,
  ChangeUserRoleDocument,
  CreateApiKeyPairDocument,
  DeactivateUserDocument,
  InviteUserDocument,
  ModulesPageDocument,
  ReactivateUserDocument,
  RevokeApiKeyPairDocument,
  RotateApiKeyPairDocument,
  SetModuleEnabledDocument,
  UsersPageDocument,
} from './generated/operations.js';
import type { PageRequest, SignedIn } from './pages.js';
import { mistakes, notAllowed, refused, signedIn } from './pages.js';
import { ApiKeysPage, RevokePage } from './pages/api-keys.js';
import type { Chrome } from './pages/layout.js';
import { HomePage, ModulesPage, ProblemPage, UsersPage } from './pages/settings.js';
import { html, seeOther } from './respond.js';

type Handler = (page: PageRequest) => Promise<Response>;
type UserHandler = (page: PageRequest, user: SignedIn) => Promise<Response>;

/** A page for signed-in users whose role passes `allowed`; others get "not allowed". */
const forRole =
  (allowed: (chrome: Chrome) => boolean, refusal: string, handler: UserHandler): Handler =>
  async (page) => {
    const user = await signedIn(page);
    if (user instanceof Response) return user;
    return allowed(user.chrome) ? handler(page, user) : notAllowed(user.chrome, refusal);
  };

const keyManagers = (handler: UserHandler) => forRole((chrome) => chrome.canManageKeys, 'Only administrators and managers can manage API keys.', handler);
const administrators = (handler: UserHandler) => forRole((chrome) => chrome.canAdminister, 'Only administrators can manage users and modules.', handler);

const KEYS = '/dashboard/settings/api-keys';
const USERS = '/dashboard/settings/users';
const MODULES = '/dashboard/settings/modules';

/** A form's work: what it did, or the answer when the API refused it (which changed nothing). */
type FormWork = (page: PageRequest, user: SignedIn) => Promise<Outcome | Response>;

const id = (form: URLSearchParams) => form.get('id') ?? '';

/** The answer to a refused form: it shown again with what was wrong (`again`), or the refusal's page. */
function formRefused(page: PageRequest, user: SignedIn, errors: ApiError[], again: (messages: string[], status: number) => Promise<Response>) {
  const problem = mistakes(errors);
  return problem ? again(problem.messages, problem.status) : refused(page, errors, user.chrome);
}

/** The dashboard's settings pages, and their forms (post/redirect/get, each form honoured once). */
export function settingsRoutes({ prisma }: { prisma: PrismaClient }): Record<string, Handler> {
  const formsOf = (page: PageRequest, user: SignedIn) => formOutcomes(prisma, user.viewer.tenant.id, page.session ?? '');

  /** What the form this page follows did (`?outcome=`), the first time the page is shown after it. */
  const outcomeOf = (page: PageRequest, user: SignedIn) => {
    const token = page.url.searchParams.get('outcome');
    return token ? formsOf(page, user).take(token, page.now) : Promise.resolve(null);
  };

  /**
   * A form that changes something: honoured once, by its one-time token, however often the
   * browser sends it (a reload, a double click, back and forward), and answered with a redirect
   * to `target`, which shows what it did once. A refused form changed nothing: its token is
   * released and its answer given at once.
   */
  const form =
    (target: string, work: FormWork): UserHandler =>
    async (page, user) => {
      const token = page.form.get('form') ?? '';
      const forms = formsOf(page, user);
      const claim = await forms.claim(token, page.now);
      if (claim === 'expired') {
        return html(<ProblemPage chrome={user.chrome} title="This form has expired" message="Reload the page and send it again." retry={target} />, 400);
      }
      const done = () => seeOther(`${target}?outcome=${encodeURIComponent(token)}`);
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
    };

  /** The API keys page, with what the last form did, or the create form again with what was wrong. */
  async function keysPage(page: PageRequest, user: SignedIn, again: { errors: string[]; form?: { name: string; scopes: string[] } } | null = null, status = 200) {
    const result = await user.api(ApiKeysPageDocument, { page: 1 });
    if (result.errors) return refused(page, result.errors, user.chrome);
    const outcome = again ? null : await outcomeOf(page, user);
    return html(<ApiKeysPage chrome={user.chrome} data={result.data} outcome={outcome} {...again} />, status);
  }

  async function usersPage(page: PageRequest, user: SignedIn, errors?: string[], status = 200) {
    const result = await user.api(UsersPageDocument, { page: 1 });
    if (result.errors) return refused(page, result.errors, user.chrome);
    const outcome = errors ? null : await outcomeOf(page, user);
    return html(<UsersPage chrome={user.chrome} data={result.data} errors={errors} outcome={outcome} />, status);
  }

  async function modulesPage(page: PageRequest, user: SignedIn) {
    const result = await user.api(ModulesPageDocument, {});
    if (result.errors) return refused(page, result.errors, user.chrome);
    return html(<ModulesPage chrome={user.chrome} data={result.data} outcome={await outcomeOf(page, user)} />);
  }

  /** A user-management form: its mutation, then the users page with its outcome. */
  const userForm = (run: (api: ApiClient, form: URLSearchParams) => Promise<{ errors?: ApiError[] }>, done: (form: URLSearchParams) => string) =>
    administrators(
      form(USERS, async (page, user) => {
        const result = await run(user.api, page.form);
        return result.errors ? formRefused(page, user, result.errors, (messages, status) => usersPage(page, user, messages, status)) : { done: done(page.form) };
      }),
    );

  return {
    'GET /dashboard': async (page) => {
      const user = await signedIn(page);
      return user instanceof Response ? user : html(<HomePage chrome={user.chrome} viewer={user.viewer} />);
    },
    [`GET ${KEYS}`]: keyManagers((page, user) => keysPage(page, user)),
    [`POST ${KEYS}`]: keyManagers(
      form(KEYS, async (page, user) => {
        const input = { name: page.form.get('name') ?? '', scopes: page.form.getAll('scopes') };
        const result = await user.api(CreateApiKeyPairDocument, { input });
        if (!result.errors) return { issued: { keys: result.data.createApiKeyPair, rotated: false } };
        return formRefused(page, user, result.errors, (errors, status) => keysPage(page, user, { errors, form: input }, status));
      }),
    ),
    [`POST ${KEYS}/rotate`]: keyManagers(
      form(KEYS, async (page, user) => {
        const result = await user.api(RotateApiKeyPairDocument, { id: id(page.form) });
        if (!result.errors) return { issued: { keys: result.data.rotateApiKeyPair, rotated: true } };
        return formRefused(page, user, result.errors, (errors, status) => keysPage(page, user, { errors }, status));
      }),
    ),
    [`GET ${KEYS}/revoke`]: keyManagers(async (page, user) => {
      const result = await user.api(ApiKeysPageDocument, { page: 1 });
      if (result.errors) return refused(page, result.errors, user.chrome);
      const pair = result.data.apiKeyPairs.data.find((candidate) => candidate.id === page.url.searchParams.get('id'));
      return pair ? html(<RevokePage chrome={user.chrome} pair={pair} />) : refused(page, [{ message: 'not found', extensions: { code: 'NOT_FOUND' } }], user.chrome);
    }),
    [`POST ${KEYS}/revoke`]: keyManagers(
      form(KEYS, async (page, user) => {
        const result = await user.api(RevokeApiKeyPairDocument, { id: id(page.form) });
        if (result.errors) return refused(page, result.errors, user.chrome);
        return { done: `“${result.data.revokeApiKeyPair.name}” is revoked: its keys no longer work.` };
      }),
    ),
    [`GET ${USERS}`]: administrators((page, user) => usersPage(page, user)),
    [`POST ${USERS}/invite`]: userForm(
      (api, form) => api(InviteUserDocument, { input: { name: form.get('name') ?? '', email: form.get('email') ?? '', role: (form.get('role') ?? '') as UserRole } }),
      (form) => `Invitation sent to ${form.get('email')}.`,
    ),
    [`POST ${USERS}/role`]: userForm(
      (api, form) => api(ChangeUserRoleDocument, { id: id(form), role: (form.get('role') ?? '') as UserRole }),
      () => 'Role changed.',
    ),
    [`POST ${USERS}/deactivate`]: userForm((api, form) => api(DeactivateUserDocument, { id: id(form) }), () => 'User deactivated: their sessions and keys no longer work.'),
    [`POST ${USERS}/reactivate`]: userForm((api, form) => api(ReactivateUserDocument, { id: id(form) }), () => 'User reactivated.'),
    [`GET ${MODULES}`]: administrators((page, user) => modulesPage(page, user)),
    [`POST ${MODULES}`]: administrators(
      form(MODULES, async (page, user) => {
        const wanted = new Set(page.form.getAll('modules'));
        const current = await user.api(ModulesPageDocument, {});
        if (current.errors) return refused(page, current.errors, user.chrome);
        for (const { name } of current.data.modules?.enumValues ?? []) {
          const result = await user.api(SetModuleEnabledDocument, { module: name as TenantModule, enabled: wanted.has(name) });
          if (result.errors) return refused(page, result.errors, user.chrome);
        }
        return { done: 'Modules saved.' };
      }),
    ),
  };
}
