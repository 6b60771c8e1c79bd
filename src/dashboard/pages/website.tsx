import { WIDGETS_PATH } from '../../embed/widgets-bundle.js';
import { widgetSnippet } from '../../embed/website.js';
import type { Outcome } from '../form-outcomes.js';
import type { WebsitePageQuery } from '../generated/operations.js';
import type { Chrome, FieldMistake } from './layout.js';
import { Copyable, FieldError, FormTokens, Layout, Notice } from './layout.js';

export const WEBSITE = '/dashboard/settings/website';

// The website widgets (src/embed/widgets/), as the preview renders them.
declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'bp-booking': { 'publishable-key': string; resource?: string };
      'bp-lead-form': { 'publishable-key': string };
    }
  }
}

export type WebsitePair = WebsitePageQuery['apiKeyPairs']['nodes'][number];
type Resource = WebsitePageQuery['bookableResources']['nodes'][number];

/**
 * The warning a publishable key without origins deserves: any website can use it in its visitors'
 * browsers. Here its origins can be typed; the API keys page points to this page.
 */
export function UnboundWarning({ editable }: { editable: boolean }) {
  return (
    <p class="warning">
      {editable ? (
        "Its publishable key works from any website: bind it to your site's origins below."
      ) : (
        <>
          Its publishable key works from any website: on a website, use a key bound to your site's origins (the <a href={WEBSITE}>Website</a> page
          makes one).
        </>
      )}
    </p>
  );
}

/** The resources a website may offer: publishable keys see only published ones. */
export const publishedResources = (data: WebsitePageQuery) => data.bookableResources.nodes.filter((resource) => resource.published);

/** The origins of a text area: one a line (commas work too), blanks ignored. */
export const originsOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);

/** What the page knows of where it and the API are reached. */
export interface Addresses {
  /** Where browsers reach the API: the snippet's script and calls. */
  apiUrl: string;
  /** The dashboard's own origin, added to a new key's origins so the preview works; null when it cannot be listed (plain http on a host that is not loopback). */
  dashboardOrigin: string | null;
}

/** A new key's snippet, ready to copy, and the widgets themselves running with it. */
function NewKey({ website, apiUrl }: { website: NonNullable<Outcome['website']>; apiUrl: string }) {
  const { publishableKey, resourceId } = website;
  return (
    <section class="issued" aria-labelledby="snippet-title">
      <h2 id="snippet-title">Snippet for “{website.pairName}”</h2>
      <p>
        Paste this where the widgets should appear in your page. It holds the publishable key, which is public by nature; copy it now, as it
        is not shown again (the pair's secret key is not needed by a website and is never shown here).
      </p>
      <Copyable id="snippet" label="Snippet (HTML)" value={widgetSnippet({ apiUrl, publishableKey, resourceId })} rows={5} />
      <h3 id="preview-title">Live preview</h3>
      <p class="hint">The widgets below run on this page with the new key: bookings and leads sent from them are real.</p>
      <div class="preview" aria-labelledby="preview-title">
        <script type="module" src={WIDGETS_PATH} />
        <bp-booking publishable-key={publishableKey} resource={resourceId ?? undefined} />
        <bp-lead-form publishable-key={publishableKey} />
      </div>
    </section>
  );
}

/** One website key: its origins (or the warning), and a form to change them. */
function KeyCard({ pair, chrome, draft, mistakes }: { pair: WebsitePair; chrome: Chrome; draft?: string; mistakes: FieldMistake[] }) {
  const publishable = pair.keys.find((key) => key.kind === 'publishable' && !key.revokedAt);
  const field = `origins-${pair.id}`;
  return (
    <li class="card">
      <h3>{pair.name}</h3>
      <dl>
        <dt>Publishable key</dt>
        <dd>
          <code>{publishable?.hint ?? 'none'}</code>
        </dd>
        <dt>Origins</dt>
        <dd>{pair.allowedOrigins.length ? pair.allowedOrigins.join(', ') : 'any'}</dd>
      </dl>
      {!pair.allowedOrigins.length && <UnboundWarning editable={pair.allowedActions.includes('update')} />}
      {pair.allowedActions.includes('update') && (
        <form method="post" action={`${WEBSITE}/origins`} class="stack">
          <FormTokens chrome={chrome} />
          <input type="hidden" name="id" value={pair.id} />
          <label for={field}>Origins of {pair.name}, one per line</label>
          <textarea
            id={field}
            name="origins"
            rows={3}
            value={draft ?? pair.allowedOrigins.join('\n')}
            aria-invalid={mistakes.length ? 'true' : undefined}
            aria-describedby={mistakes.length ? `${field}-error` : undefined}
          />
          <FieldError id={`${field}-error`} mistakes={mistakes} />
          <button type="submit" aria-label={`Save origins of ${pair.name}`}>
            Save origins
          </button>
        </form>
      )}
    </li>
  );
}

/** What the create form had, when it is shown again with what was wrong. */
export interface WebsiteDraft {
  resourceId: string;
  origins: string;
}

function CreateForm({ chrome, resources, draft, mistakes, dashboardOrigin }: { chrome: Chrome; resources: Resource[]; draft: WebsiteDraft; mistakes: FieldMistake[]; dashboardOrigin: string | null }) {
  return (
    <form method="post" action={WEBSITE} class="stack" aria-labelledby="create-title">
      <h2 id="create-title">Create a website key</h2>
      <FormTokens chrome={chrome} />
      <label for="resource">What visitors book</label>
      <select id="resource" name="resource" aria-describedby="resource-hint">
        <option value="">Let the visitor pick</option>
        {resources.map((resource) => (
          <option key={resource.id} value={resource.id} selected={resource.id === draft.resourceId}>
            {resource.name}
          </option>
        ))}
      </select>
      <span id="resource-hint" class="hint">
        {resources.length ? 'Only published resources can be booked from a website.' : 'You have no published resource yet: the booking widget will have nothing to offer until you publish one.'}
      </span>
      <FieldError id="resource-error" mistakes={mistakes.filter((mistake) => mistake.field === 'resource')} />
      <label for="origins">Your website's origins, one per line</label>
      <textarea
        id="origins"
        name="origins"
        rows={3}
        required
        placeholder="https://www.harbour-plumbing.example"
        value={draft.origins}
        aria-invalid={mistakes.some((mistake) => mistake.field === 'origins') ? 'true' : undefined}
        aria-describedby="origins-hint origins-error"
      />
      <span id="origins-hint" class="hint">
        Scheme and host only, as in your browser's address bar (https; http only for localhost). The key works only on pages of these origins.
        {dashboardOrigin
          ? ` This dashboard's origin (${dashboardOrigin}) is added too, so the live preview here works; remove it later if you like.`
          : ' The live preview needs this dashboard on https: it is not bound to this key.'}
      </span>
      <FieldError id="origins-error" mistakes={mistakes.filter((mistake) => mistake.field === 'origins')} />
      <button type="submit">Create website key</button>
    </form>
  );
}

export interface WebsiteView extends Addresses {
  chrome: Chrome;
  data: WebsitePageQuery;
  /** The pairs a website can use (src/dashboard/website-routes.tsx says which). */
  pairs: WebsitePair[];
  outcome?: Outcome | null;
  errors?: string[];
  /** Mistakes of the create form (`resource`, `origins`) or of one pair's origins (`id` of the pair), and what was typed. */
  mistakes?: FieldMistake[];
  draft?: WebsiteDraft;
  /** A pair's origins form shown again with what was wrong. */
  editing?: { id: string; origins: string };
}

export function WebsitePage({ chrome, data, pairs, outcome, errors, mistakes = [], draft = { resourceId: '', origins: '' }, editing, apiUrl, dashboardOrigin }: WebsiteView) {
  const resources = publishedResources(data);
  return (
    <Layout title="Website" chrome={chrome}>
      <p>
        A booking widget and a lead form for your own website: paste a few lines of HTML, no iframe, no server of yours. They use a
        publishable key bound to your website's origins, so no other site can use it.
      </p>
      <Notice errors={errors} done={outcome?.done} />
      {outcome?.website && <NewKey website={outcome.website} apiUrl={apiUrl} />}
      <section aria-labelledby="keys-title">
        <h2 id="keys-title">Website keys ({pairs.length})</h2>
        <p class="hint">
          Key pairs bound to origins, and those whose scopes are only a website's. A key's snippet is shown once, when it is created: if it
          is lost, create another and revoke the old one on the <a href="/dashboard/settings/api-keys">API keys</a> page.
        </p>
        {pairs.length ? (
          <ul class="cards">
            {pairs.map((pair) => (
              <KeyCard
                key={pair.id}
                pair={pair}
                chrome={chrome}
                draft={editing?.id === pair.id ? editing.origins : undefined}
                mistakes={editing?.id === pair.id ? mistakes : []}
              />
            ))}
          </ul>
        ) : (
          <p>No website keys yet.</p>
        )}
      </section>
      <CreateForm chrome={chrome} resources={resources} draft={draft} mistakes={editing ? [] : mistakes} dashboardOrigin={dashboardOrigin} />
    </Layout>
  );
}
