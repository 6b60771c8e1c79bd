import type { PrismaClient } from '../generated/prisma/client.js';
import type { ApiResult } from './api-client.js';
import type { Outcome } from './form-outcomes.js';
import type { Handler, UserHandler } from './form-routes.js';
import { formHandling, formRefused, forRole, idOf } from './form-routes.js';
import type { WebhookEndpointStatus } from './generated/operations.js';
import {
  CreateWebhookEndpointDocument,
  DeleteWebhookEndpointDocument,
  RetryWebhookDeliveryDocument,
  RotateWebhookEndpointSecretDocument,
  SendTestWebhookEventDocument,
  SetWebhookEndpointStatusDocument,
  WebhookEndpointPageDocument,
  WebhooksPageDocument,
} from './generated/operations.js';
import type { PageRequest, SignedIn } from './pages.js';
import { refused } from './pages.js';
import type { EndpointDraft, WebhooksView } from './pages/webhooks.js';
import { DeleteEndpointPage, endpointPath, WEBHOOKS, WebhookEndpointPage, WebhooksPage } from './pages/webhooks.js';
import { html } from './respond.js';
import { MAX_ENDPOINTS } from '../events/webhook-endpoint.service.js';

const webhookManagers = (handler: UserHandler) => forRole((chrome) => chrome.canManageWebhooks, 'Only administrators and managers can manage webhooks.', handler);

/** The deliveries an endpoint's page lists, newest first. */
const RECENT_DELIVERIES = 20;

/** The dashboard's Settings → Webhooks: endpoints, their signing secrets (shown once), test events and deliveries. */
export function webhookRoutes({ prisma }: { prisma: PrismaClient }): Record<string, Handler> {
  const { form, outcomeOf } = formHandling(prisma);

  /** The endpoints page, with what the last form did, or the create form again with what was wrong. */
  async function endpointsPage(page: PageRequest, user: SignedIn, again: Pick<WebhooksView, 'errors' | 'mistakes' | 'draft'> | null = null, status = 200) {
    const result = await user.api(WebhooksPageDocument, { endpoints: MAX_ENDPOINTS });
    if (result.errors) return refused(page, result.errors, user.chrome);
    const outcome = again ? null : await outcomeOf(page, user);
    return html(<WebhooksPage chrome={user.chrome} data={result.data} outcome={outcome} {...again} />, status);
  }

  /** One endpoint's data for its pages, or the answer when it cannot be shown. */
  async function endpointOf(page: PageRequest, user: SignedIn) {
    const result = await user.api(WebhookEndpointPageDocument, { id: page.url.searchParams.get('id') ?? '', first: RECENT_DELIVERIES });
    if (result.errors) return refused(page, result.errors, user.chrome);
    const { webhookEndpoint } = result.data;
    return webhookEndpoint ? { ...result.data, webhookEndpoint } : refused(page, [{ message: 'not found', extensions: { code: 'NOT_FOUND' } }], user.chrome);
  }

  /** A form about one endpoint: its mutation, then the endpoint's page with what it did. */
  const endpointForm = <TData,>(run: (user: SignedIn, form: URLSearchParams) => Promise<ApiResult<TData>>, done: (data: TData) => Outcome) =>
    webhookManagers(
      form(
        (fields) => endpointPath(idOf(fields)),
        async (page, user) => {
          const result = await run(user, page.form);
          return result.errors ? refused(page, result.errors, user.chrome) : done(result.data);
        },
      ),
    );

  return {
    [`GET ${WEBHOOKS}`]: webhookManagers((page, user) => endpointsPage(page, user)),
    [`POST ${WEBHOOKS}`]: webhookManagers(
      form(WEBHOOKS, async (page, user) => {
        const draft: EndpointDraft = { url: page.form.get('url') ?? '', description: page.form.get('description') ?? '', events: page.form.getAll('events') };
        const input = { url: draft.url, events: draft.events, description: draft.description.trim() || null };
        const result = await user.api(CreateWebhookEndpointDocument, { input });
        if (!result.errors) return { webhookSecret: { endpoint: result.data.createWebhookEndpoint.webhookEndpoint!, rotated: false } };
        const [error] = result.errors;
        // The page already checked webhooks.manage: what is left to forbid is an event type the user does not read (inspections with the module off).
        if (error?.extensions?.code === 'FORBIDDEN') return endpointsPage(page, user, { errors: [error.message], mistakes: [{ field: 'events', message: error.message }], draft }, 403);
        return formRefused(page, user, result.errors, (errors, status, mistakes) => endpointsPage(page, user, { errors, mistakes, draft }, status));
      }),
    ),
    [`GET ${WEBHOOKS}/endpoint`]: webhookManagers(async (page, user) => {
      const data = await endpointOf(page, user);
      return data instanceof Response ? data : html(<WebhookEndpointPage chrome={user.chrome} data={data} outcome={await outcomeOf(page, user)} />);
    }),
    [`POST ${WEBHOOKS}/status`]: endpointForm(
      (user, fields) => user.api(SetWebhookEndpointStatusDocument, { id: idOf(fields), status: (fields.get('status') ?? '') as WebhookEndpointStatus }),
      (data) => ({ done: data.updateWebhookEndpoint.webhookEndpoint!.status === 'enabled' ? 'Endpoint enabled: events are sent to it again.' : 'Endpoint disabled: nothing is sent to it.' }),
    ),
    [`POST ${WEBHOOKS}/rotate`]: endpointForm(
      (user, fields) => user.api(RotateWebhookEndpointSecretDocument, { id: idOf(fields) }),
      (data) => ({ webhookSecret: { endpoint: data.rotateWebhookEndpointSecret.webhookEndpoint!, rotated: true } }),
    ),
    [`POST ${WEBHOOKS}/test`]: endpointForm(
      (user, fields) => user.api(SendTestWebhookEventDocument, { id: idOf(fields) }),
      () => ({ done: 'Test event sent: its delivery is listed below.' }),
    ),
    [`POST ${WEBHOOKS}/retry`]: endpointForm(
      (user, fields) => user.api(RetryWebhookDeliveryDocument, { endpointId: idOf(fields), deliveryId: fields.get('deliveryId') ?? '' }),
      () => ({ done: 'The delivery is being sent again now.' }),
    ),
    [`GET ${WEBHOOKS}/delete`]: webhookManagers(async (page, user) => {
      const data = await endpointOf(page, user);
      return data instanceof Response ? data : html(<DeleteEndpointPage chrome={user.chrome} endpoint={data.webhookEndpoint} />);
    }),
    [`POST ${WEBHOOKS}/delete`]: webhookManagers(
      form(WEBHOOKS, async (page, user) => {
        const result = await user.api(DeleteWebhookEndpointDocument, { id: idOf(page.form) });
        return result.errors ? refused(page, result.errors, user.chrome) : { done: 'Endpoint deleted: nothing more is sent to it.' };
      }),
    ),
  };
}
