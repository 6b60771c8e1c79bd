import type { Chrome } from './pages/layout.js';
import type { ApiClient, ApiError } from './api-client.js';
import type { ApiKeysView } from './pages/api-keys.js';
import { ApiKeysPage, RevokePage } from './pages/api-keys.js';
import { HomePage, ModulesPage, UsersPage } from './pages/settings.js';
import type { PageRequest, SignedIn } from './pages.js';
import { mistakes, notAllowed, refused, signedIn } from './pages.js';
import { html } from './respond.js';
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

type Handler = (page: PageRequest) => Promise<Response>;

/** A page for signed-in users whose role passes `allowed`; others get "not allowed". */
const forRole =
  (allowed: (chrome: Chrome) => boolean, refusal: string, handler: (page: PageRequest, user: SignedIn) => Promise<Response>): Handler =>
  async (page) => {
    const user = await signedIn(page);
    if (user instanceof Response) return user;
    return allowed(user.chrome) ? handler(page, user) : notAllowed(user.chrome, refusal);
  };

const keyManagers = (handler: (page: PageRequest, user: SignedIn) => Promise<Response>) =>
  forRole((chrome) => chrome.canManageKeys, 'Only administrators and managers can manage API keys.', handler);
const administrators = (handler: (page: PageRequest, user: SignedIn) => Promise<Response>) =>
  forRole((chrome) => chrome.canAdminister, 'Only administrators can manage users and modules.', handler);

/** The API keys page, with whatever the last action produced. */
async function keysPage(page: PageRequest, { api, chrome }: SignedIn, extra: Omit<ApiKeysView, 'chrome' | 'data' | 'now'> = {}, status = 200) {
  const result = await api(ApiKeysPageDocument, { page: 1 });
  if (result.errors) return refused(page, result.errors, chrome);
  return html(<ApiKeysPage chrome={chrome} data={result.data} now={page.now} {...extra} />, status);
}

async function usersPage(page: PageRequest, { api, chrome }: SignedIn, extra: { errors?: string[]; done?: string } = {}, status = 200) {
  const result = await api(UsersPageDocument, { page: 1 });
  if (result.errors) return refused(page, result.errors, chrome);
  return html(<UsersPage chrome={chrome} data={result.data} {...extra} />, status);
}

async function modulesPage(page: PageRequest, { api, chrome }: SignedIn, done?: string) {
  const result = await api(ModulesPageDocument, {});
  return result.errors ? refused(page, result.errors, chrome) : html(<ModulesPage chrome={chrome} data={result.data} done={done} />);
}

/** Runs a user-management mutation, then shows the users page with its outcome. */
const userAction =
  (run: (api: ApiClient, form: URLSearchParams) => Promise<{ errors?: ApiError[] }>, done: (form: URLSearchParams) => string) =>
  administrators(async (page, user) => {
    const result = await run(user.api, page.form);
    if (!result.errors) return usersPage(page, user, { done: done(page.form) });
    const problem = mistakes(result.errors);
    return problem ? usersPage(page, user, { errors: problem.messages }, problem.status) : refused(page, result.errors, user.chrome);
  });

const id = (form: URLSearchParams) => form.get('id') ?? '';

export const settingsRoutes: Record<string, Handler> = {
  'GET /dashboard': async (page) => {
    const user = await signedIn(page);
    return user instanceof Response ? user : html(<HomePage chrome={user.chrome} viewer={user.viewer} />);
  },
  'GET /dashboard/settings/api-keys': keyManagers((page, user) => keysPage(page, user)),
  'POST /dashboard/settings/api-keys': keyManagers(async (page, user) => {
    const form = { name: page.form.get('name') ?? '', scopes: page.form.getAll('scopes') };
    const result = await user.api(CreateApiKeyPairDocument, { input: form });
    if (!result.errors) return keysPage(page, user, { issued: { keys: result.data.createApiKeyPair, rotated: false } }, 201);
    const problem = mistakes(result.errors);
    return problem ? keysPage(page, user, { errors: problem.messages, form }, problem.status) : refused(page, result.errors, user.chrome);
  }),
  'POST /dashboard/settings/api-keys/rotate': keyManagers(async (page, user) => {
    const result = await user.api(RotateApiKeyPairDocument, { id: id(page.form) });
    if (!result.errors) return keysPage(page, user, { issued: { keys: result.data.rotateApiKeyPair, rotated: true } }, 201);
    const problem = mistakes(result.errors);
    return problem ? keysPage(page, user, { errors: problem.messages }, problem.status) : refused(page, result.errors, user.chrome);
  }),
  'GET /dashboard/settings/api-keys/revoke': keyManagers(async (page, user) => {
    const result = await user.api(ApiKeysPageDocument, { page: 1 });
    if (result.errors) return refused(page, result.errors, user.chrome);
    const pair = result.data.apiKeyPairs.data.find((candidate) => candidate.id === page.url.searchParams.get('id'));
    return pair ? html(<RevokePage chrome={user.chrome} pair={pair} />) : refused(page, [{ message: 'not found', extensions: { code: 'NOT_FOUND' } }], user.chrome);
  }),
  'POST /dashboard/settings/api-keys/revoke': keyManagers(async (page, user) => {
    const result = await user.api(RevokeApiKeyPairDocument, { id: id(page.form) });
    if (result.errors) return refused(page, result.errors, user.chrome);
    return keysPage(page, user, { done: `“${result.data.revokeApiKeyPair.name}” is revoked: its keys no longer work.` });
  }),
  'GET /dashboard/settings/users': administrators((page, user) => usersPage(page, user)),
  'POST /dashboard/settings/users/invite': userAction(
    (api, form) => api(InviteUserDocument, { input: { name: form.get('name') ?? '', email: form.get('email') ?? '', role: (form.get('role') ?? '') as UserRole } }),
    (form) => `Invitation sent to ${form.get('email')}.`,
  ),
  'POST /dashboard/settings/users/role': userAction(
    (api, form) => api(ChangeUserRoleDocument, { id: id(form), role: (form.get('role') ?? '') as UserRole }),
    () => 'Role changed.',
  ),
  'POST /dashboard/settings/users/deactivate': userAction((api, form) => api(DeactivateUserDocument, { id: id(form) }), () => 'User deactivated: their sessions and keys no longer work.'),
  'POST /dashboard/settings/users/reactivate': userAction((api, form) => api(ReactivateUserDocument, { id: id(form) }), () => 'User reactivated.'),
  'GET /dashboard/settings/modules': administrators((page, user) => modulesPage(page, user)),
  'POST /dashboard/settings/modules': administrators(async (page, user) => {
    const wanted = new Set(page.form.getAll('modules'));
    const current = await user.api(ModulesPageDocument, {});
    if (current.errors) return refused(page, current.errors, user.chrome);
    for (const { name } of current.data.modules?.enumValues ?? []) {
      const result = await user.api(SetModuleEnabledDocument, { module: name as TenantModule, enabled: wanted.has(name) });
      if (result.errors) return refused(page, result.errors, user.chrome);
    }
    return modulesPage(page, user, 'Modules saved.');
  }),
};
