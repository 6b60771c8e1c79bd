import { DateTime } from 'luxon';
import { inspectorCommand, mcpClientConfig, mcpEndpoint, SECRET_KEY_PLACEHOLDER } from '../../mcp/connect-snippets.js';
import type { Outcome } from '../form-outcomes.js';
import type { ApiKeysPageQuery, CreateApiKeyPairMutation } from '../generated/operations.js';
import type { Chrome } from './layout.js';
import { Copyable, FormTokens, Layout, Notice, Time } from './layout.js';
import { UnboundWarning } from './website.js';

type Pair = ApiKeysPageQuery['apiKeyPairs']['nodes'][number];
type Issued = NonNullable<CreateApiKeyPairMutation['createApiKeyPair']['issuedApiKeyPair']>;

/** A pair's status in words: "Active", "Expires in 23 hours", "Revoked". */
function StatusOf({ pair, now }: { pair: Pair; now: Date }) {
  if (pair.status === 'expiring' && pair.expiresAt) {
    // Padding rounds a deadline seconds short of a whole hour up to it: just rotated reads "in 24 hours".
    const relative = DateTime.fromISO(pair.expiresAt).toRelative({ base: DateTime.fromJSDate(now), unit: ['hours', 'minutes'], padding: 60_000 });
    return (
      <span class="status expiring">
        Expires {relative} (<Time iso={pair.expiresAt} />)
      </span>
    );
  }
  const words = { active: 'Active', expiring: 'Expiring', expired: 'Expired', revoked: 'Revoked' };
  return <span class={`status ${pair.status}`}>{words[pair.status]}</span>;
}

/** The keys of a new pair, shown this once, with copy buttons. */
function IssuedKeys({ issued, rotated }: { issued: Issued; rotated: boolean }) {
  return (
    <section class="issued" aria-labelledby="issued-title">
      <h2 id="issued-title">{rotated ? `New keys for “${issued.pair.name}”` : `Keys for “${issued.pair.name}”`}</h2>
      <p class="warning" role="alert">
        Copy the secret key now and keep it somewhere safe. It will not be shown again: we store only a fingerprint of it.
        {rotated && ' The old keys keep working for 24 hours, so you can switch without downtime.'}
      </p>
      {(['publishableKey', 'secretKey'] as const).map((field) => (
        <Copyable key={field} id={field} label={field === 'secretKey' ? 'Secret key (servers only)' : 'Publishable key (public pages)'} value={issued[field]} />
      ))}
    </section>
  );
}

function CreateForm({ scopes, held, chrome, name, chosen }: { scopes: ApiKeysPageQuery['apiScopes']; held: Set<string>; chrome: Chrome; name: string; chosen: Set<string> }) {
  const areas = [...new Set(scopes.map((scope) => scope.area))];
  return (
    <form method="post" action="/dashboard/settings/api-keys" class="stack" aria-labelledby="create-title">
      <h2 id="create-title">Create a key pair</h2>
      <FormTokens chrome={chrome} />
      <label for="name">Name</label>
      <input id="name" name="name" required maxLength={200} value={name} placeholder="Website booking widget" />
      {areas.map((area) => (
        <fieldset key={area}>
          <legend>{area.charAt(0).toUpperCase() + area.slice(1)}</legend>
          {scopes
            .filter((scope) => scope.area === area)
            .map((scope) => (
              <div class="check" key={scope.name}>
                <input
                  id={`scope-${scope.name}`}
                  type="checkbox"
                  name="scopes"
                  value={scope.name}
                  checked={chosen.has(scope.name)}
                  disabled={!held.has(scope.name)}
                  aria-describedby={`scope-${scope.name}-description`}
                />
                <label for={`scope-${scope.name}`}>
                  <code>{scope.name}</code>
                </label>
                <span id={`scope-${scope.name}-description`} class="hint">
                  {scope.description}
                  {!held.has(scope.name) && ' (your role does not hold it)'}
                </span>
              </div>
            ))}
        </fieldset>
      ))}
      <button type="submit">Create key pair</button>
    </form>
  );
}

function PairCard({ pair, chrome }: { pair: Pair; chrome: Chrome }) {
  return (
    <li class="card">
      <h3>{pair.name}</h3>
      <dl>
        <dt>Status</dt>
        <dd>
          <StatusOf pair={pair} now={chrome.now} />
        </dd>
        <dt>Keys</dt>
        <dd>
          {pair.keys.map((key) => (
            <code key={key.id} class="hint-key">
              {key.hint}
            </code>
          ))}
        </dd>
        <dt>Scopes</dt>
        <dd>{pair.scopes.join(', ')}</dd>
        <dt>Origins</dt>
        <dd>{pair.allowedOrigins.length ? pair.allowedOrigins.join(', ') : 'any'}</dd>
        <dt>Created by</dt>
        <dd>{pair.createdBy.name}</dd>
        <dt>Created</dt>
        <dd>
          <Time iso={pair.createdAt} />
        </dd>
        <dt>Last used</dt>
        <dd>
          <Time iso={pair.lastUsedAt} />
        </dd>
      </dl>
      {!pair.allowedOrigins.length && (pair.status === 'active' || pair.status === 'expiring') && <UnboundWarning editable={false} />}
      {pair.allowedActions.length > 0 && (
        <div class="actions">
          {pair.allowedActions.includes('rotate') && (
            <form method="post" action="/dashboard/settings/api-keys/rotate">
              <FormTokens chrome={chrome} />
              <input type="hidden" name="id" value={pair.id} />
              <button type="submit" aria-label={`Rotate ${pair.name}`}>
                Rotate
              </button>
            </form>
          )}
          {pair.allowedActions.includes('revoke') && (
            <a class="button danger" href={`/dashboard/settings/api-keys/revoke?id=${pair.id}`} aria-label={`Revoke ${pair.name}`}>
              Revoke
            </a>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * How to give an AI agent the API's operations as MCP tools, with a secret key made on this page:
 * the one just issued, while it is shown, otherwise a placeholder.
 */
function ConnectAgent({ publicUrl, secretKey }: { publicUrl: string; secretKey?: string }) {
  return (
    <section aria-labelledby="mcp-title">
      <h2 id="mcp-title">Connect an AI agent (MCP)</h2>
      <p>
        AI agents reach the API's operations as tools at <code>{mcpEndpoint(publicUrl)}</code>, authenticated with a secret key: the agent sees
        only the tools the key's scopes allow.{' '}
        {secretKey ? (
          'Add this to the agent\'s MCP configuration; it holds the secret key just issued:'
        ) : (
          <>
            Add this to the agent's MCP configuration, with your secret key in place of <code>{SECRET_KEY_PLACEHOLDER}</code>:
          </>
        )}
      </p>
      <pre>
        <code>{mcpClientConfig(publicUrl, secretKey)}</code>
      </pre>
      <Copyable id="mcp-inspector" label="Check the connection: this lists the tools the key may call" value={inspectorCommand(publicUrl, secretKey)} />
    </section>
  );
}

export interface ApiKeysView {
  chrome: Chrome;
  /** Where clients reach the server: the address the MCP snippets name. */
  publicUrl: string;
  data: ApiKeysPageQuery;
  /** What the form sent last did (new keys among it), shown this once. */
  outcome?: Outcome | null;
  errors?: string[];
  /** What the create form had, when it is shown again with errors. */
  form?: { name: string; scopes: string[] };
}

export function ApiKeysPage({ chrome, publicUrl, data, outcome, errors, form }: ApiKeysView) {
  const issued = outcome?.issued;
  const held = new Set(data.viewer.scopes);
  return (
    <Layout title="API keys" chrome={chrome}>
      <p>
        Keys come in pairs: a publishable key for public pages such as a booking widget, and a secret key for your servers. A pair acts as the
        user who creates it, with the scopes chosen here. See the <a href="/docs">API reference</a>.
      </p>
      <Notice errors={errors} done={outcome?.done} />
      {issued && <IssuedKeys issued={issued.keys} rotated={issued.rotated} />}
      <section aria-labelledby="pairs-title">
        <h2 id="pairs-title">Key pairs ({data.apiKeyPairs.totalCount})</h2>
        {data.apiKeyPairs.nodes.length ? (
          <ul class="cards">
            {data.apiKeyPairs.nodes.map((pair) => (
              <PairCard key={pair.id} pair={pair} chrome={chrome} />
            ))}
          </ul>
        ) : (
          <p>No key pairs yet.</p>
        )}
      </section>
      <CreateForm scopes={data.apiScopes} held={held} chrome={chrome} name={form?.name ?? ''} chosen={new Set(form?.scopes ?? [])} />
      <ConnectAgent publicUrl={publicUrl} secretKey={issued?.keys.secretKey} />
    </Layout>
  );
}

/** Asks before revoking: it cannot be undone, and every integration using the keys stops at once. */
export function RevokePage({ chrome, pair }: { chrome: Chrome; pair: Pair }) {
  return (
    <Layout title={`Revoke “${pair.name}”?`} chrome={chrome}>
      <p class="warning">
        Both keys of this pair stop working immediately, everywhere they are used ({pair.keys.map((key) => key.hint).join(', ')}). This cannot be
        undone.
      </p>
      <form method="post" action="/dashboard/settings/api-keys/revoke" class="actions">
        <FormTokens chrome={chrome} />
        <input type="hidden" name="id" value={pair.id} />
        <button type="submit" class="danger">
          Revoke key pair
        </button>
        <a class="button" href="/dashboard/settings/api-keys">
          Cancel
        </a>
      </form>
    </Layout>
  );
}
