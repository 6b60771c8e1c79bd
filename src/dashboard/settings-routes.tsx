import type { PrismaClient } from '../generated/prisma/client.js';
import type { ApiClient, ApiError } from './api-client.js';
import type { Handler, UserHandler } from './form-routes.js';
import { formHandling, formRefused, forRole, idOf } from './form-routes.js';
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
import { refused, signedIn } from './pages.js';
import { ApiKeysPage, RevokePage } from './pages/api-keys.js';
import { HomePage, ModulesPage, UsersPage } from './pages/settings.js';
import { html } from './respond.js';

const keyManagers = (handler: UserHandler) => forRole((chrome) => chrome.canManageKeys, 'Only administrators and managers can manage API keys.', handler);
const administrators = (handler: UserHandler) => forRole((chrome) => chrome.canAdminister, 'Only administrators can manage users and modules.', handler);

const KEYS = '/dashboard/settings/api-keys';
const USERS = '/dashboard/settings/users';
const MODULES = '/dashboard/settings/modules';

/** The dashboard's settings pages, and their forms (post/redirect/get, each form honoured once). */
export function settingsRoutes({ prisma, publicUrl }: { prisma: PrismaClient; publicUrl: string }): Record<string, Handler> {
  const { form, outcomeOf } = formHandling(prisma);

  /** The API keys page, with what the last form did, or the create form again with what was wrong. */
  async function keysPage(page: PageRequest, user: SignedIn, again: { errors: string[]; form?: { name: string; scopes: string[] } } | null = null, status = 200) {
    const result = await user.api(ApiKeysPageDocument, {});
    if (result.errors) return refused(page, result.errors, user.chrome);
    const outcome = again ? null : await outcomeOf(page, user);
    return html(<ApiKeysPage chrome={user.chrome} publicUrl={publicUrl} data={result.data} outcome={outcome} {...again} />, status);
  }

  async function usersPage(page: PageRequest, user: SignedIn, errors?: string[], status = 200) {
    const result = await user.api(UsersPageDocument, {});
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
        if (!result.errors) return { issued: { keys: result.data.createApiKeyPair.issuedApiKeyPair!, rotated: false } };
        return formRefused(page, user, result.errors, (errors, status) => keysPage(page, user, { errors, form: input }, status));
      }),
    ),
    [`POST ${KEYS}/rotate`]: keyManagers(
      form(KEYS, async (page, user) => {
        const result = await user.api(RotateApiKeyPairDocument, { id: idOf(page.form) });
        if (!result.errors) return { issued: { keys: result.data.rotateApiKeyPair.issuedApiKeyPair!, rotated: true } };
        return formRefused(page, user, result.errors, (errors, status) => keysPage(page, user, { errors }, status));
      }),
    ),
    [`GET ${KEYS}/revoke`]: keyManagers(async (page, user) => {
      const result = await user.api(ApiKeysPageDocument, {});
      if (result.errors) return refused(page, result.errors, user.chrome);
      const pair = result.data.apiKeyPairs.nodes.find((candidate) => candidate.id === page.url.searchParams.get('id'));
      return pair ? html(<RevokePage chrome={user.chrome} pair={pair} />) : refused(page, [{ message: 'not found', extensions: { code: 'NOT_FOUND' } }], user.chrome);
    }),
    [`POST ${KEYS}/revoke`]: keyManagers(
      form(KEYS, async (page, user) => {
        const result = await user.api(RevokeApiKeyPairDocument, { id: idOf(page.form) });
        if (result.errors) return refused(page, result.errors, user.chrome);
        return { done: `“${result.data.revokeApiKeyPair.apiKeyPair!.name}” is revoked: its keys no longer work.` };
      }),
    ),
    [`GET ${USERS}`]: administrators((page, user) => usersPage(page, user)),
    [`POST ${USERS}/invite`]: userForm(
      (api, form) => api(InviteUserDocument, { input: { name: form.get('name') ?? '', email: form.get('email') ?? '', role: (form.get('role') ?? '') as UserRole } }),
      (form) => `Invitation sent to ${form.get('email')}.`,
    ),
    [`POST ${USERS}/role`]: userForm(
      (api, form) => api(ChangeUserRoleDocument, { id: idOf(form), role: (form.get('role') ?? '') as UserRole }),
      () => 'Role changed.',
    ),
    [`POST ${USERS}/deactivate`]: userForm((api, form) => api(DeactivateUserDocument, { id: idOf(form) }), () => 'User deactivated: their sessions and keys no longer work.'),
    [`POST ${USERS}/reactivate`]: userForm((api, form) => api(ReactivateUserDocument, { id: idOf(form) }), () => 'User reactivated.'),
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
