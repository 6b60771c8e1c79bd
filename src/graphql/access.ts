import type { AuthFailure as ScopeAuthFailure } from '@pothos/plugin-scope-auth';
import type { GraphQLField } from 'graphql';
import type { AuthFailure, Principal } from '../auth/api-keys.js';
import type { Scope } from '../auth/scopes.js';
import type { TenantModule, UserRole } from '../generated/prisma/enums.js';
import { AppError, asScopeRefusal } from '../shared/errors.js';
import type { Context } from './context.js';

/**
 * What each `authScopes` entry checks, for Pothos' scope-auth and for the access gate alike. A
 * publishable key is public by nature: it unlocks only the public operations (`publicScope`,
 * the booking widget's), never a `scope`, whatever it carries.
 */
export const scopeChecks = (ctx: Pick<Context, 'principal'>) => scopeChecksOf(ctx.principal);

const scopeChecksOf = (principal: Principal | null) => ({
  scope: (scope: Scope) => principal?.kind === 'secret' && principal.scopes.has(scope),
  publicScope: (scope: Scope) => principal?.scopes.has(scope) ?? false,
  secretKey: principal?.kind === 'secret',
  module: (module: TenantModule) => principal?.modules.has(module) ?? false,
  role: (roles: readonly UserRole[]) => (principal ? roles.includes(principal.role) : false),
});

/** An `authScopes` map as the schema declares them: any entry grants access, `$all` needs every one. */
export interface ScopeMap {
  scope?: Scope;
  publicScope?: Scope;
  secretKey?: boolean;
  module?: TenantModule;
  role?: readonly UserRole[];
  $any?: ScopeMap;
  $all?: ScopeMap;
}

/** A map granting what either map grants. */
const eitherOf = (first: ScopeMap, second: ScopeMap): ScopeMap => ({ ...first, $any: first.$any ? eitherOf(first.$any, second) : second });

/** `authScopes` that depend on the value of one (enum) argument: each value's map. */
export interface ArgumentScopes {
  argument: string;
  byValue: Record<string, ScopeMap>;
  /** A map granting what any value's grants. */
  anyValue: ScopeMap;
}

/**
 * `authScopes` decided by one argument's value, such as the entity whose records are asked for:
 * scope-auth checks the value's map at run time (FORBIDDEN naming its scope), while the access
 * gates, the documentation and MCP, which read no arguments, take the field as declaring any of
 * the maps (`declaredScopes`).
 */
export function scopesByArgument<V extends string>(argument: string, byValue: Record<V, ScopeMap>) {
  const byArgument: ArgumentScopes = { argument, byValue, anyValue: Object.values<ScopeMap>(byValue).reduceRight((rest, map) => eitherOf(map, rest)) };
  return Object.assign((_parent: unknown, args: Record<string, unknown>) => byValue[args[argument] as V] ?? false, { byArgument });
}

const argumentScopes = (field: GraphQLField<unknown, unknown>): ArgumentScopes | undefined => {
  const declared = (field.extensions.pothosOptions as { authScopes?: unknown } | undefined)?.authScopes;
  return typeof declared === 'function' && 'byArgument' in declared ? (declared.byArgument as ArgumentScopes) : undefined;
};

/** The static `authScopes` of a root field (any value's, for scopes by argument), or null when it declares none (or decides at run time). */
export function declaredScopes(field: GraphQLField<unknown, unknown>): ScopeMap | null {
  const byArgument = argumentScopes(field);
  if (byArgument) return byArgument.anyValue;
  const declared = (field.extensions.pothosOptions as { authScopes?: unknown } | undefined)?.authScopes;
  return declared && typeof declared === 'object' ? (declared as ScopeMap) : null;
}

/** The `scope` entries of a map: what a key would need to be given. */
export function scopesNamed(map: ScopeMap): Scope[] {
  return [
    ...(map.publicScope ? [map.publicScope] : []),
    ...(map.scope ? [map.scope] : []),
    ...(map.$any ? scopesNamed(map.$any) : []),
    ...(map.$all ? scopesNamed(map.$all) : []),
  ];
}

/** Whether a principal passes an `authScopes` map, as scope-auth would decide it. */
export const mayAccess = (map: ScopeMap, principal: Principal | null): boolean => grants(map, principal, false);

const checksOfPrincipal = new WeakMap<Principal, ReturnType<typeof scopeChecksOf>>();
const checksOfNobody = scopeChecksOf(null);

/** The checks of a principal, built once per principal: records are checked as they enter an answer, many per request. */
function checksOf(principal: Principal | null) {
  if (!principal) return checksOfNobody;
  let checks = checksOfPrincipal.get(principal);
  if (!checks) checksOfPrincipal.set(principal, (checks = scopeChecksOf(principal)));
  return checks;
}

function grants(map: ScopeMap, principal: Principal | null, every: boolean): boolean {
  const checks = checksOf(principal);
  const holds = (key: string, parameter: unknown) => {
    if (key === '$any') return grants(parameter as ScopeMap, principal, false);
    if (key === '$all') return grants(parameter as ScopeMap, principal, true);
    if (key === 'scope') return checks.scope(parameter as Scope);
    if (key === 'publicScope') return checks.publicScope(parameter as Scope);
    if (key === 'module') return checks.module(parameter as TenantModule);
    if (key === 'role') return checks.role(parameter as UserRole[]);
    return parameter === true && checks.secretKey;
  };
  for (const key in map) {
    if (holds(key, map[key as keyof ScopeMap]) !== every) return !every;
  }
  return every;
}

const authFailureMessages: Record<AuthFailure, string> = {
  missing: 'Unauthorized: send an API key as `Authorization: Bearer <key>` (or an OAuth access token: see /.well-known/oauth-protected-resource)',
  malformed: 'Unauthorized: the Authorization header must be `Bearer <key>` with a `pk_live_` or `sk_live_` key, or an OAuth access token',
  unknown: 'Unauthorized: this API key or access token is not known (an access token ends after 30 minutes, or when its app is revoked: refresh it)',
  revoked: 'Unauthorized: this API key has been revoked',
  expired: 'Unauthorized: this API key has expired (it was rotated more than 24 hours ago), or this access token has (tokens last 30 minutes: refresh it)',
  deactivated: 'Unauthorized: the user this key or session acts as has been deactivated',
  'session-ended': 'Unauthorized: the dashboard session has ended (signed out, or idle for 12 hours); sign in again',
  csrf: 'Unauthorized: a request authenticated by the dashboard session must carry its `X-CSRF-Token` header',
  'wrong-resource': 'Unauthorized: this access token was issued for another resource (a token for /mcp works only there; ask for the API\'s own URL to use REST and GraphQL)',
};

/** An UNAUTHENTICATED error saying what is wrong with the key (REST answers only `{"error":"Unauthorized"}`). */
export const unauthenticated = (ctx: Pick<Context, 'authFailure'>) => new AppError('UNAUTHENTICATED', authFailureMessages[ctx.authFailure ?? 'missing']);

/** The first `scope` a Pothos scope-auth failure names, for a nested field's FORBIDDEN. */
export function missingScope(failure: ScopeAuthFailure): string | undefined {
  if ('failures' in failure) return failure.failures.map(missingScope).find(Boolean);
  return 'scope' in failure && (failure.scope === 'scope' || failure.scope === 'publicScope') && 'parameter' in failure ? String(failure.parameter) : undefined;
}

/** A FORBIDDEN error naming the scope the key lacks (REST answers the specification's bare body, and puts the scope in `X-Required-Scope`). */
export function forbidden(requiredScope: string | undefined): AppError {
  return asScopeRefusal(
    requiredScope
      ? new AppError('FORBIDDEN', `Forbidden: this operation needs a secret key with the \`${requiredScope}\` scope`, undefined, { requiredScope })
      : new AppError('FORBIDDEN', 'Forbidden: this key may not use this operation'),
  );
}

/**
 * Whether the caller may use a root field, decided from its declared scopes before anything about
 * the request is looked at: no key is UNAUTHENTICATED, a key without access FORBIDDEN, so input is
 * only ever validated for a caller allowed to send it. Null when access is granted (or decided
 * by scope-auth at run time).
 */
export function rootFieldRefusal(field: GraphQLField<unknown, unknown>, ctx: Context): AppError | null {
  const map = declaredScopes(field);
  // Which scope is missing depends on an argument this gate does not read: none is named.
  return map && accessRefusal(map, ctx, !argumentScopes(field));
}

/** Why the caller may not have what `map` guards (UNAUTHENTICATED or FORBIDDEN naming what is missing); null when it may. */
export function accessRefusal(map: ScopeMap, ctx: Pick<Context, 'principal' | 'authFailure'>, nameScope = true): AppError | null {
  if (!ctx.principal) return unauthenticated(ctx);
  if (mayAccess(map, ctx.principal)) return null;
  const module = requiredModule(map);
  if (module && !ctx.principal.modules.has(module)) return moduleMissing(module);
  if (!nameScope) return forbidden(undefined);
  const roles = requiredRoles(map);
  const missing = scopesNamed(map).find((scope) => !scopeChecks(ctx).scope(scope) && !scopeChecks(ctx).publicScope(scope));
  if (roles && !missing) return roleMissing(roles);
  return forbidden(missing ?? scopesNamed(map)[0]);
}

const requiredModule = (map: ScopeMap): TenantModule | undefined => map.module ?? (map.$all && requiredModule(map.$all));
const requiredRoles = (map: ScopeMap): readonly UserRole[] | undefined => map.role ?? (map.$all && requiredRoles(map.$all));

/** FORBIDDEN for a tenant without the module an operation belongs to (REST: 403 with this message, no scope header). */
export const moduleMissing = (module: TenantModule) =>
  new AppError('FORBIDDEN', `Forbidden: this tenant does not have the ${module} module enabled`);

/** FORBIDDEN for a key whose user's role may not do this. */
export const roleMissing = (roles: readonly UserRole[]) =>
  new AppError('FORBIDDEN', `Forbidden: only users with the role ${roles.join(', ')} may do this`);

/** Who an `authScopes` map lets in, as a phrase: "a secret key with the `x` scope". */
export function whoMay(map: ScopeMap): string {
  const quoted = (scope: Scope) => `\`${scope}\``;
  const who = [
    ...(map.publicScope ? [`a key of either kind (publishable or secret) with the ${quoted(map.publicScope)} scope`] : []),
    ...(map.scope ? [`a secret key with the ${quoted(map.scope)} scope`] : []),
    ...(map.secretKey ? ['any secret key'] : []),
    ...(map.$any ? [whoMay(map.$any)] : []),
    ...(map.$all ? [whoMay(map.$all)] : []),
  ];
  const conditions = [
    ...(map.role ? [`whose user has the role ${map.role.map((role) => `\`${role}\``).join(', ')}`] : []),
    ...(map.module ? [`for a tenant with the \`${map.module}\` module`] : []),
  ];
  return [who.join(', or ') || 'any key', ...conditions].join(', ');
}

/** One sentence on who may call a root field, for the operation's documentation. */
export function accessSentence(field: GraphQLField<unknown, unknown>): string {
  const byArgument = argumentScopes(field);
  if (byArgument) {
    const cases = Object.entries(byArgument.byValue).map(([value, map]) => `for \`${value}\`, ${whoMay(map)}`);
    return `Requires, depending on \`${byArgument.argument}\`: ${cases.join('; ')}.`;
  }
  const map = declaredScopes(field);
  return map ? `Requires ${whoMay(map)}.` : 'No API key needed.';
}
