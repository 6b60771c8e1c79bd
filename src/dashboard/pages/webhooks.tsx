import type { Outcome } from '../form-outcomes.js';
import type { WebhookEndpointPageQuery, WebhooksPageQuery } from '../generated/operations.js';
import type { Chrome, FieldMistake } from './layout.js';
import { Copyable, DocText, FieldError, FormTokens, Layout, Notice, Time } from './layout.js';

export const WEBHOOKS = '/dashboard/settings/webhooks';
export const endpointPath = (id: string) => `${WEBHOOKS}/endpoint?id=${encodeURIComponent(id)}`;

type Endpoint = NonNullable<WebhookEndpointPageQuery['webhookEndpoint']>;
type Delivery = WebhookEndpointPageQuery['webhookDeliveries']['nodes'][number];

const statusWords = { enabled: 'Enabled', disabled: 'Disabled', pending: 'Pending', delivered: 'Delivered', failed: 'Failed' } as const;

const Status = ({ status }: { status: keyof typeof statusWords }) => <span class={`status ${status}`}>{statusWords[status]}</span>;

const eventsText = (events: string[]) => (events.includes('*') ? 'All events' : events.join(', '));

/** A new endpoint's signing secret, or a rotated one, shown this once. */
function IssuedSecret({ issued }: { issued: NonNullable<Outcome['webhookSecret']> }) {
  return (
    <section class="issued" aria-labelledby="issued-title">
      <h2 id="issued-title">{issued.rotated ? 'New signing secret' : 'Signing secret'} for {issued.endpoint.url}</h2>
      <p class="warning" role="alert">
        Copy the signing secret now and keep it with the code that verifies our webhooks. It will not be shown again.
        {issued.rotated && ' For 24 hours deliveries are signed with the old and the new secret, so you can switch without missing any.'}
      </p>
      <Copyable id="signing-secret" label="Signing secret" value={issued.endpoint.secret ?? ''} />
    </section>
  );
}

/** What the create form had, when it is shown again with what was wrong. */
export interface EndpointDraft {
  url: string;
  description: string;
  events: string[];
}

function CreateForm({ chrome, eventTypes, draft, mistakes }: { chrome: Chrome; eventTypes: WebhooksPageQuery['eventTypes']; draft: EndpointDraft; mistakes: FieldMistake[] }) {
  const records = [...new Set(eventTypes.map((type) => type.record))];
  const chosen = new Set(draft.events);
  const of = (field: string) => mistakes.filter((mistake) => mistake.field === field);
  const urlMistakes = of('url');
  return (
    <form method="post" action={WEBHOOKS} class="stack" aria-labelledby="create-title">
      <h2 id="create-title">Add an endpoint</h2>
      <FormTokens chrome={chrome} />
      <label for="url">Endpoint URL</label>
      <input
        id="url"
        name="url"
        type="url"
        required
        maxLength={2048}
        value={draft.url}
        placeholder="https://example.com/webhooks"
        aria-invalid={urlMistakes.length ? 'true' : undefined}
        aria-describedby={urlMistakes.length ? 'url-error' : 'url-hint'}
      />
      <span id="url-hint" class="hint">
        An https address on the public internet. Each event is a signed POST (Standard Webhooks).
      </span>
      <FieldError id="url-error" mistakes={urlMistakes} />
      <label for="description">Description (optional)</label>
      <input id="description" name="description" maxLength={500} value={draft.description} />
      <FieldError id="description-error" mistakes={of('description')} />
      <fieldset aria-describedby={of('events').length ? 'events-error' : undefined}>
        <legend>Events to send</legend>
        <FieldError id="events-error" mistakes={of('events')} />
        <div class="check">
          <input id="event-all" type="checkbox" name="events" value="*" checked={chosen.has('*')} aria-describedby="event-all-description" />
          <label for="event-all">All events</label>
          <span id="event-all-description" class="hint">
            Every event type you can see, including types added later.
          </span>
        </div>
        {records.map((record) => (
          <fieldset key={record}>
            <legend>{record}</legend>
            {eventTypes
              .filter((type) => type.record === record)
              .map((type) => (
                <div class="check" key={type.name}>
                  <input id={`event-${type.name}`} type="checkbox" name="events" value={type.name} checked={chosen.has(type.name)} aria-describedby={`event-${type.name}-description`} />
                  <label for={`event-${type.name}`}>
                    <code>{type.name}</code>
                  </label>
                  <span id={`event-${type.name}-description`} class="hint">
                    <DocText text={type.when} />
                  </span>
                </div>
              ))}
          </fieldset>
        ))}
      </fieldset>
      <button type="submit">Add endpoint</button>
    </form>
  );
}

export interface WebhooksView {
  chrome: Chrome;
  data: WebhooksPageQuery;
  outcome?: Outcome | null;
  errors?: string[];
  /** The create form's mistakes by field, and what it had, when it is shown again. */
  mistakes?: FieldMistake[];
  draft?: EndpointDraft;
}

export function WebhooksPage({ chrome, data, outcome, errors, mistakes = [], draft = { url: '', description: '', events: [] } }: WebhooksView) {
  return (
    <Layout title="Webhooks" chrome={chrome}>
      <p>
        Webhooks send events (a deal won, an invoice paid...) to your systems as they happen, as signed POSTs retried for 3 days until your endpoint
        answers 2xx. See the <a href="/docs">API reference</a> for the event types and how to verify signatures.
      </p>
      <Notice errors={errors} done={outcome?.done} />
      {outcome?.webhookSecret && <IssuedSecret issued={outcome.webhookSecret} />}
      <section aria-labelledby="endpoints-title">
        <h2 id="endpoints-title">Endpoints ({data.webhookEndpoints.nodes.length})</h2>
        {data.webhookEndpoints.nodes.length ? (
          <ul class="cards">
            {data.webhookEndpoints.nodes.map((endpoint) => (
              <li class="card" key={endpoint.id}>
                <h3>
                  <a href={endpointPath(endpoint.id)}>{endpoint.url}</a>
                </h3>
                {endpoint.description && <p>{endpoint.description}</p>}
                <dl>
                  <dt>Status</dt>
                  <dd>
                    <Status status={endpoint.status} />
                  </dd>
                  <dt>Events</dt>
                  <dd>{eventsText(endpoint.events)}</dd>
                  <dt>Created</dt>
                  <dd>
                    <Time iso={endpoint.createdAt} />
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
        ) : (
          <p>No endpoints yet.</p>
        )}
      </section>
      <CreateForm chrome={chrome} eventTypes={data.eventTypes} draft={draft} mistakes={mistakes} />
    </Layout>
  );
}

/** A button that posts one action about an endpoint (or one of its deliveries). */
function ActionForm({ chrome, action, endpoint, fields = {}, label, described }: { chrome: Chrome; action: string; endpoint: Endpoint; fields?: Record<string, string>; label: string; described?: string }) {
  return (
    <form method="post" action={`${WEBHOOKS}/${action}`}>
      <FormTokens chrome={chrome} />
      <input type="hidden" name="id" value={endpoint.id} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" aria-label={described}>
        {label}
      </button>
    </form>
  );
}

function DeliveryCard({ chrome, endpoint, delivery }: { chrome: Chrome; endpoint: Endpoint; delivery: Delivery }) {
  return (
    <li class="card">
      <h3>
        <code>{delivery.eventType}</code> <Status status={delivery.status} />
      </h3>
      <dl>
        <dt>Queued</dt>
        <dd>
          <Time iso={delivery.createdAt} />
        </dd>
        <dt>Attempts</dt>
        <dd>{delivery.attempts}</dd>
        <dt>Last status</dt>
        <dd>{delivery.lastStatusCode ?? 'none'}</dd>
        {delivery.status === 'pending' && (
          <>
            <dt>Next attempt</dt>
            <dd>
              <Time iso={delivery.nextAttemptAt} />
            </dd>
          </>
        )}
        {delivery.deliveredAt && (
          <>
            <dt>Delivered</dt>
            <dd>
              <Time iso={delivery.deliveredAt} />
            </dd>
          </>
        )}
      </dl>
      {delivery.log.length > 0 && (
        <ol class="attempts" aria-label="Attempts">
          {delivery.log.map((attempt, index) => (
            <li key={index}>
              <Time iso={attempt.startedAt} />: {attempt.statusCode ?? 'no answer'} in {attempt.durationMs} ms{attempt.error && ` (${attempt.error})`}
            </li>
          ))}
        </ol>
      )}
      <div class="actions">
        <ActionForm chrome={chrome} action="retry" endpoint={endpoint} fields={{ deliveryId: delivery.id }} label="Retry" described={`Retry the ${delivery.eventType} delivery`} />
      </div>
    </li>
  );
}

export function WebhookEndpointPage({ chrome, data, outcome }: { chrome: Chrome; data: WebhookEndpointPageQuery & { webhookEndpoint: Endpoint }; outcome?: Outcome | null }) {
  const endpoint = data.webhookEndpoint;
  const deliveries = data.webhookDeliveries;
  return (
    <Layout title={endpoint.url} chrome={chrome}>
      <p>
        <a href={WEBHOOKS}>All endpoints</a>
      </p>
      <Notice done={outcome?.done} />
      {outcome?.webhookSecret && <IssuedSecret issued={outcome.webhookSecret} />}
      <section class="card" aria-labelledby="endpoint-title">
        <h2 id="endpoint-title">Endpoint</h2>
        {endpoint.description && <p>{endpoint.description}</p>}
        <dl>
          <dt>Status</dt>
          <dd>
            <Status status={endpoint.status} />
            {endpoint.disabledReason && ` (${endpoint.disabledReason})`}
          </dd>
          <dt>Events</dt>
          <dd>{eventsText(endpoint.events)}</dd>
          <dt>Created</dt>
          <dd>
            <Time iso={endpoint.createdAt} />
          </dd>
          {endpoint.previousSecretExpiresAt && (
            <>
              <dt>Old secret</dt>
              <dd>
                signs until <Time iso={endpoint.previousSecretExpiresAt} />
              </dd>
            </>
          )}
        </dl>
        <div class="actions">
          {endpoint.status === 'enabled' ? (
            <ActionForm chrome={chrome} action="status" endpoint={endpoint} fields={{ status: 'disabled' }} label="Disable endpoint" />
          ) : (
            <ActionForm chrome={chrome} action="status" endpoint={endpoint} fields={{ status: 'enabled' }} label="Enable endpoint" />
          )}
          <ActionForm chrome={chrome} action="rotate" endpoint={endpoint} label="Rotate secret" />
          <ActionForm chrome={chrome} action="test" endpoint={endpoint} label="Send test event" />
          <a class="button danger" href={`${WEBHOOKS}/delete?id=${encodeURIComponent(endpoint.id)}`}>
            Delete endpoint
          </a>
        </div>
      </section>
      <section aria-labelledby="deliveries-title">
        <h2 id="deliveries-title">Recent deliveries</h2>
        {deliveries.nodes.length ? (
          <ul class="cards">
            {deliveries.nodes.map((delivery) => (
              <DeliveryCard key={delivery.id} chrome={chrome} endpoint={endpoint} delivery={delivery} />
            ))}
          </ul>
        ) : (
          <p>No deliveries yet: send a test event to try the endpoint.</p>
        )}
        {deliveries.pageInfo.hasNextPage && (
          <p class="hint">
            Only the most recent deliveries are shown here; the API lists them all (<code>webhookDeliveries</code>).
          </p>
        )}
      </section>
    </Layout>
  );
}

/** Asks before deleting: nothing more is sent to the endpoint, and its delivery log goes with it. */
export function DeleteEndpointPage({ chrome, endpoint }: { chrome: Chrome; endpoint: Endpoint }) {
  return (
    <Layout title={`Delete ${endpoint.url}?`} chrome={chrome}>
      <p class="warning">Nothing more is sent to this endpoint, and its deliveries are deleted with it. This cannot be undone.</p>
      <form method="post" action={`${WEBHOOKS}/delete`} class="actions">
        <FormTokens chrome={chrome} />
        <input type="hidden" name="id" value={endpoint.id} />
        <button type="submit" class="danger">
          Delete endpoint
        </button>
        <a class="button" href={endpointPath(endpoint.id)}>
          Cancel
        </a>
      </form>
    </Layout>
  );
}
