import type Provider from 'oidc-provider';
import { roleScopes } from '../auth/roles.js';
import { isScope, type Scope } from '../auth/scopes.js';
import type { UserRole } from '../generated/prisma/enums.js';
import type { Resources } from './resources.js';

type Grant = InstanceType<Provider['Grant']>;

/** The API scopes the app asked for. */
export const askedScopes = (requestedScope: unknown): Scope[] => [...new Set(String(requestedScope ?? '').split(' '))].filter(isScope);

/** What the consent page offers: the API scopes the app asked for that the user's role holds (nobody grants what they do not hold). */
export const offeredScopes = (requestedScope: unknown, role: UserRole): Scope[] => askedScopes(requestedScope).filter((scope) => roleScopes[role].includes(scope));

/** The resources an authorization asks a token for: those named (RFC 8707), else the whole API (the provider's default). */
export const resourcesAsked = (resource: unknown, resources: Resources): string[] => {
  const named = [resource].flat().filter((value): value is string => typeof value === 'string' && value !== '');
  return named.length ? named : [resources.api];
};

/**
 * Records the user's answer on the app's grant, for each resource asked: the chosen scopes granted
 * (and no longer refused, should an earlier consent have refused them: that is how step-up widens a
 * grant), the other scopes asked refused, so the flow does not ask about them again: those left
 * unticked, and those the user's role lacks (never offered; an app asking for every scope, as MCP
 * clients do, would otherwise be sent back to the consent page for ever).
 */
export function recordConsent(grant: Grant, resources: readonly string[], asked: readonly Scope[], chosen: ReadonlySet<Scope>, openidScope: readonly string[]) {
  if (openidScope.length) grant.addOIDCScope(openidScope.join(' '));
  const refused = asked.filter((scope) => !chosen.has(scope));
  for (const resource of resources) {
    grant.addResourceScope(resource, [...chosen].join(' '));
    const earlier = grant.rejected?.resources?.[resource];
    if (earlier !== undefined && grant.rejected?.resources) {
      const stillRefused = earlier.split(' ').filter((scope) => !chosen.has(scope as Scope));
      grant.rejected.resources[resource] = stillRefused.join(' ');
    }
    if (refused.length) grant.rejectResourceScope(resource, refused.join(' '));
  }
}
