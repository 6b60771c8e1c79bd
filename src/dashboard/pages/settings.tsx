import type { Outcome } from '../form-outcomes.js';
import type { ModulesPageQuery, UserRole, UsersPageQuery, ViewerQuery } from '../generated/operations.js';
import type { Chrome } from './layout.js';
import { CONNECTED_APPS, connectedAppsOf } from './connected-apps.js';
import { FormTokens, Layout, Notice } from './layout.js';

const roleNames: Record<UserRole, string> = {
  system_admin: 'Administrator',
  manager: 'Manager',
  field_coordinator: 'Field coordinator',
  technician: 'Technician',
  sales: 'Sales',
};

export function HomePage({ chrome, viewer }: { chrome: Chrome; viewer: ViewerQuery['viewer'] }) {
  return (
    <Layout title={viewer.tenant.name} chrome={chrome}>
      <p>
        Signed in as {viewer.user.name} ({viewer.user.email}), {roleNames[viewer.user.role]}.
      </p>
      <ul class="links">
        {chrome.canImport && (
          <li>
            <a href="/dashboard/imports">Imports</a>: create leads, contacts or companies from a spreadsheet, and download the rows that failed.
          </li>
        )}
        {chrome.canManageKeys && (
          <li>
            <a href="/dashboard/settings/api-keys">API keys</a>: create, rotate and revoke the keys your integrations use.
          </li>
        )}
        {chrome.canManageKeys && (
          <li>
            <a href="/dashboard/settings/website">Website</a>: a booking widget and a lead form for your own website, with a key bound to it.
          </li>
        )}
        {chrome.canManageKeys && (
          <li>
            <a href={CONNECTED_APPS}>Connected apps</a>: the apps and AI agents people signed in to with their account, and revoking them.
          </li>
        )}
        {chrome.canManageWebhooks && (
          <li>
            <a href="/dashboard/settings/webhooks">Webhooks</a>: send events to your systems, see and retry their deliveries.
          </li>
        )}
        {chrome.canAdminister && (
          <li>
            <a href="/dashboard/settings/users">Users</a>: invite people, change roles, deactivate accounts.
          </li>
        )}
        {chrome.canAdminister && (
          <li>
            <a href="/dashboard/settings/modules">Modules</a>: turn optional parts of the product on or off.
          </li>
        )}
        <li>
          <a href="/docs">API reference</a>: every REST operation, and how to authenticate.
        </li>
        <li>
          <a href="/graphql">GraphiQL</a>: try GraphQL queries with a secret key.
        </li>
      </ul>
    </Layout>
  );
}

export interface Problem {
  chrome?: Chrome;
  title: string;
  message: string;
  /** Where "Try again" leads, when trying again later can work. */
  retry?: string;
  /** The request's id, to quote when reporting an unexpected failure. */
  requestId?: string;
}

/** A page that cannot be shown (a role that may not open it, a record that is gone, a refusal): said plainly, with the way back. */
export function ProblemPage({ chrome, title, message, retry, requestId }: Problem) {
  return (
    <Layout title={title} chrome={chrome}>
      <p role="alert">{message}</p>
      {requestId && (
        <p>
          If it keeps happening, tell your administrator or our support this reference: <code>{requestId}</code>
        </p>
      )}
      <p>
        {title === 'Not allowed' && 'Ask an administrator of your business if you need it. '}
        {retry && (
          <>
            <a href={retry}>Try again</a>
            {' · '}
          </>
        )}
        <a href="/dashboard">Back to the dashboard</a>
      </p>
    </Layout>
  );
}

/** A user's connected apps: how many, linked to their list (without the number when the page read only the most recent apps). */
function ConnectedAppsOf({ userId, count, complete }: { userId: string; count: number; complete: boolean }) {
  const words = !complete ? 'Connected apps' : count === 1 ? '1 connected app' : `${count} connected apps`;
  return (
    <p>
      <a href={connectedAppsOf(userId)}>{words}</a>
    </p>
  );
}

export function UsersPage({ chrome, data, errors, outcome }: { chrome: Chrome; data: UsersPageQuery; errors?: string[]; outcome?: Outcome | null }) {
  const self = data.viewer.user.id;
  const apps = data.connectedApps;
  const appsOf = (userId: string) => apps.nodes.filter((app) => app.user?.id === userId).length;
  return (
    <Layout title="Users" chrome={chrome}>
      <Notice errors={errors} done={outcome?.done} />
      <ul class="cards">
        {data.users.nodes.map((user) => (
          <li class="card" key={user.id}>
            <h2>
              {user.name} {user.active ? '' : <span class="status revoked">Deactivated</span>}
            </h2>
            <p>{user.email}</p>
            <ConnectedAppsOf userId={user.id} count={appsOf(user.id)} complete={apps.totalCount === apps.nodes.length} />
            {user.id === self ? (
              <p>{roleNames[user.role]} (you)</p>
            ) : (
              <div class="actions">
                <form method="post" action="/dashboard/settings/users/role" class="inline">
                  <FormTokens chrome={chrome} />
                  <input type="hidden" name="id" value={user.id} />
                  <label for={`role-${user.id}`}>Role of {user.name}</label>
                  <select id={`role-${user.id}`} name="role">
                    {Object.entries(roleNames).map(([role, name]) => (
                      <option key={role} value={role} selected={role === user.role}>
                        {name}
                      </option>
                    ))}
                  </select>
                  <button type="submit">Change role</button>
                </form>
                <form method="post" action={`/dashboard/settings/users/${user.active ? 'deactivate' : 'reactivate'}`}>
                  <FormTokens chrome={chrome} />
                  <input type="hidden" name="id" value={user.id} />
                  <button type="submit" class={user.active ? 'danger' : undefined}>
                    {user.active ? `Deactivate ${user.name}` : `Reactivate ${user.name}`}
                  </button>
                </form>
              </div>
            )}
          </li>
        ))}
      </ul>
      <form method="post" action="/dashboard/settings/users/invite" class="stack" aria-labelledby="invite-title">
        <h2 id="invite-title">Invite someone</h2>
        <FormTokens chrome={chrome} />
        <label for="invite-name">Name</label>
        <input id="invite-name" name="name" required maxLength={200} autocomplete="off" />
        <label for="invite-email">Email address</label>
        <input id="invite-email" name="email" type="email" required maxLength={320} autocomplete="off" />
        <label for="invite-role">Role</label>
        <select id="invite-role" name="role">
          {Object.entries(roleNames).map(([role, name]) => (
            <option key={role} value={role} selected={role === 'technician'}>
              {name}
            </option>
          ))}
        </select>
        <button type="submit">Send invitation</button>
      </form>
    </Layout>
  );
}

export function ModulesPage({ chrome, data, outcome }: { chrome: Chrome; data: ModulesPageQuery; outcome?: Outcome | null }) {
  const enabled = new Set<string>(data.viewer.tenant.modules);
  return (
    <Layout title="Modules" chrome={chrome}>
      <Notice done={outcome?.done} />
      <form method="post" action="/dashboard/settings/modules" class="stack">
        <FormTokens chrome={chrome} />
        {(data.modules?.enumValues ?? []).map(({ name, description }) => (
          <div class="check" key={name}>
            <input id={`module-${name}`} type="checkbox" name="modules" value={name} checked={enabled.has(name)} aria-describedby={`module-${name}-description`} />
            <label for={`module-${name}`}>{name.charAt(0).toUpperCase() + name.slice(1)}</label>
            <span id={`module-${name}-description`} class="hint">
              {description} Turning it off hides its operations (403) and keeps its data.
            </span>
          </div>
        ))}
        <button type="submit">Save modules</button>
      </form>
    </Layout>
  );
}
