import { isScope, Scopes } from '../../auth/scopes.js';
import type { Outcome } from '../form-outcomes.js';
import type { ConnectedAppsPageQuery } from '../generated/operations.js';
import type { Chrome } from './layout.js';
import { FormTokens, Layout, Notice, Time } from './layout.js';

export const CONNECTED_APPS = '/dashboard/settings/connected-apps';

/** The list of the apps one user connected. */
export const connectedAppsOf = (userId: string) => `${CONNECTED_APPS}?user=${encodeURIComponent(userId)}`;

type App = ConnectedAppsPageQuery['connectedApps']['nodes'][number];

/** Who the app says it is: its verified domain, or, for an app registered by id, that id. */
function Identity({ app }: { app: App }) {
  return app.verifiedDomain ? (
    <p>
      From <strong>{app.verifiedDomain}</strong>
    </p>
  ) : (
    <p>
      Registered app <code>{app.clientId}</code>
    </p>
  );
}

function AppCard({ app, chrome, userFilter }: { app: App; chrome: Chrome; userFilter: string | null }) {
  return (
    <li class="card">
      <h2>{app.name}</h2>
      <Identity app={app} />
      <dl>
        <dt>Acts as</dt>
        <dd>{app.user ? `${app.user.name} (${app.user.email})` : 'a user who no longer exists'}</dd>
        <dt>Connected</dt>
        <dd>
          <Time iso={app.createdAt} />
        </dd>
        <dt>Last used</dt>
        <dd>
          <Time iso={app.lastUsedAt} />
        </dd>
        <dt>May</dt>
        <dd>
          {app.scopes.length ? (
            <ul>
              {app.scopes.map((scope) => (
                <li key={scope}>{isScope(scope) ? Scopes[scope] : <code>{scope}</code>}</li>
              ))}
            </ul>
          ) : (
            'nothing in the API (it only signed in)'
          )}
        </dd>
      </dl>
      {app.revocable && (
        <form method="post" action={`${CONNECTED_APPS}/revoke`} class="actions">
          <FormTokens chrome={chrome} />
          <input type="hidden" name="id" value={app.id} />
          {userFilter && <input type="hidden" name="user" value={userFilter} />}
          <button type="submit" class="danger" aria-label={`Revoke ${app.name}`}>
            Revoke
          </button>
        </form>
      )}
    </li>
  );
}

export interface ConnectedAppsView {
  chrome: Chrome;
  data: ConnectedAppsPageQuery;
  /** The user whose apps alone are shown (`?user=`), if any. */
  userFilter: string | null;
  outcome?: Outcome | null;
}

/** Settings → Connected apps: every app and agent signed in as a user of the tenant, what it may do, and a way to cut it off. */
export function ConnectedAppsPage({ chrome, data, userFilter, outcome }: ConnectedAppsView) {
  const { nodes, totalCount } = data.connectedApps;
  const whose = userFilter ? (nodes[0]?.user?.name ?? 'this user') : null;
  return (
    <Layout title="Connected apps" chrome={chrome}>
      <p>
        Apps and AI agents (such as an MCP client) that people of your business signed in to with their account. Each acts as that person, with
        the permissions they agreed to, until it is revoked: revoking stops it at once, and it has to ask for permission again.
      </p>
      <Notice done={outcome?.done} />
      {whose && (
        <p>
          Showing the apps {whose} connected. <a href={CONNECTED_APPS}>Show everyone's</a>
        </p>
      )}
      {nodes.length ? (
        <ul class="cards">
          {nodes.map((app) => (
            <AppCard key={app.id} app={app} chrome={chrome} userFilter={userFilter} />
          ))}
        </ul>
      ) : (
        <p>No connected apps.</p>
      )}
      {totalCount > nodes.length && <p>The {nodes.length} most recently connected of {totalCount} are shown.</p>}
    </Layout>
  );
}
