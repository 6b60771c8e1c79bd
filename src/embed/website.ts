import type { Scope } from '../auth/scopes.js';
import { WIDGETS_PATH } from './widgets-bundle.js';

/** What a website's publishable key needs: show and book a resource's slots, send the lead form. */
export const WEBSITE_SCOPES: readonly Scope[] = ['bookings.read', 'bookings.manage', 'leads.lead.write'];

const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

export interface SnippetOptions {
  /** Where browsers reach the API (its public URL): the widgets load from it and call it. */
  apiUrl: string;
  publishableKey: string;
  /** The resource the booking widget offers; null lets the visitor pick among the published ones. */
  resourceId: string | null;
}

/** The HTML a business pastes into its page: the widgets' module, the booking widget and the lead form. */
export function widgetSnippet({ apiUrl, publishableKey, resourceId }: SnippetOptions): string {
  const key = attribute(publishableKey);
  const resource = resourceId ? ` resource="${attribute(resourceId)}"` : '';
  return [
    `<script type="module" src="${attribute(apiUrl.replace(/\/+$/, ''))}${WIDGETS_PATH}"></script>`,
    `<bp-booking publishable-key="${key}"${resource}></bp-booking>`,
    `<bp-lead-form publishable-key="${key}"></bp-lead-form>`,
  ].join('\n');
}
