import { randomUUID } from 'node:crypto';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { afterAll, beforeAll } from 'vitest';
import { createKeyPair } from '../../src/auth/key-pairs.js';
import type { Scope } from '../../src/auth/scopes.js';
import { roleScopes } from '../../src/auth/roles.js';
import type { Database } from '../../src/db/client.js';
import type { TrustedDocumentsRule, UserRole } from '../../src/generated/prisma/enums.js';
import type { App } from '../../src/http/app.js';
import { createApp } from '../../src/http/app.js';
import type { KeyRecord } from '../../src/auth/api-keys.js';
import { cachedKeys } from '../../src/auth/authenticate.js';
import { cacheDefinitions } from '../../src/custom-fields/custom-field-definitions.js';
import type { CachedKeyLookup } from '../../src/auth/key-cache.js';
import { createEventStream } from '../../src/events/event-stream.js';
import type { EventStream } from '../../src/events/live-events.js';
import { closePdfRenderer } from '../../src/shared/pdf-renderer.js';
import { createTenant, createUser } from '../../src/tenants/tenant.service.js';
import { openTestDatabase } from './database.js';

export interface TenantFixture {
  tenantId: string;
  userId: string;
  secret: string;
  publishable: string;
  secretKeyId: string;
}

export interface RestResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface GraphQLResponse<T> {
  status: number;
  data: T | null | undefined;
  /** `details[].field`: the path of the value at fault, from the operation's arguments or variables. */
  errors?: { message: string; path?: string[]; extensions: { code: string; details?: { field: string[] | null; message: string; code?: string }[] } }[];
  /** What the operation cost and the limit that applied (src/http/operation-guard.ts). */
  extensions?: { cost?: { requested: number; limit: number } };
}

/**
 * One test file's world: its own database, the real HTTP handler (Yoga's fetch, the same code the
 * server runs), a clock tests can move, and helpers to call both surfaces and count SQL statements.
 * `publicUrl` is for tests that listen on it (the authorization server builds its URLs from it).
 */
export function useHarness(options: { publicUrl?: string } = {}) {
  const h = {
    db: undefined as unknown as Database,
    app: undefined as unknown as App,
    clock: { offsetMs: 0 },
    statements: 0,
    /** The text of each statement as it finishes, while `statementsDuring` records. */
    recording: undefined as string[] | undefined,
  };
  let keys: CachedKeyLookup<KeyRecord> | undefined;
  let stopDefinitionsCache: (() => Promise<void>) | undefined;
  let eventStream: EventStream | undefined;
  beforeAll(async () => {
    h.db = await openTestDatabase();
    // Authentication's statements (the key's lookup, when not found in memory, and its `lastUsedAt`)
    // are not counted: what tests count is what their operation costs.
    (h.db.prisma as unknown as { $on(event: 'query', cb: (e: { query: string }) => void): void }).$on('query', ({ query }) => {
      if (query.includes('"ApiKey"')) return;
      h.statements += 1;
      h.recording?.push(query);
    });
    // Keys are found as a server finds them: cached, and forgotten when the database announces a change.
    keys = await cachedKeys(h.db);
    // Custom-field definitions are found as a server finds them: cached, forgotten on the database's announcement.
    stopDefinitionsCache = await cacheDefinitions(h.db);
    eventStream = await createEventStream({ prisma: h.db.prisma, listen: h.db.listen, credentialChanges: keys.onChange });
    h.app = createApp({ prisma: h.db.prisma, keyLookup: keys.find, now: () => new Date(Date.now() + h.clock.offsetMs), eventStream, publicUrl: options.publicUrl });
  });
  afterAll(async () => {
    await closePdfRenderer();
    await eventStream?.stop();
    await keys?.stop();
    await stopDefinitionsCache?.();
    await h.db?.close();
  });

  /** A tenant with a user and a key pair; the pair's keys run any GraphQL document unless `trustedDocuments` says otherwise (test/trusted-documents.test.ts). */
  async function tenant(options: { scopes?: Scope[]; role?: UserRole; modules?: 'inspections'[]; trustedDocuments?: TrustedDocumentsRule } = {}): Promise<TenantFixture> {
    const suffix = randomUUID().slice(0, 8);
    const t = await createTenant(h.db.prisma, { name: `Tenant ${suffix}`, modules: options.modules ?? [] });
    const role = options.role ?? 'manager';
    const user = await createUser(h.db.prisma, { tenantId: t.id, name: `User ${suffix}`, email: `user-${suffix}@example.test`, role });
    const keys = await createKeyPair(h.db.prisma, { tenantId: t.id, userId: user.id, name: 'test', scopes: options.scopes ?? [...roleScopes[role]], trustedDocuments: options.trustedDocuments ?? 'none' });
    return { tenantId: t.id, userId: user.id, secret: keys.secret.key, publishable: keys.publishable.key, secretKeyId: keys.secret.id };
  }

  async function rest<T = any>(method: string, path: string, options: { key?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {}): Promise<RestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const response = await h.app.fetch(`http://localhost${path}`, { method, headers, body });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  }

  async function gql<TData, TVars>(key: string | null, document: TypedDocumentNode<TData, TVars>, variables?: TVars): Promise<GraphQLResponse<TData>> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (key) headers.authorization = `Bearer ${key}`;
    const response = await h.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: print(document), variables }),
    });
    const json = await response.json();
    return { status: response.status, data: json.data, errors: json.errors, extensions: json.extensions };
  }

  /** SQL statements issued while `work` runs, authentication's aside. */
  async function countStatements(work: () => Promise<unknown>): Promise<number> {
    const before = h.statements;
    await work();
    return h.statements - before;
  }

  /** The SQL statements `work` issued, in the order they finished, authentication's aside. */
  async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
    const recorded: string[] = [];
    h.recording = recorded;
    try {
      await work();
    } finally {
      h.recording = undefined;
    }
    return recorded;
  }

  /**
   * Waits (up to a second) until a key is refused with `status`: a change to a key reaches each
   * process's key cache through the database's notification, within milliseconds (src/auth/key-cache.ts).
   */
  async function untilKeyRefused(key: string, status: 401 | 403) {
    const since = Date.now();
    while ((await rest('GET', '/api/v1/leads', { key })).status !== status && Date.now() - since < 1_000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  return { h, tenant, rest, gql, countStatements, statementsDuring, untilKeyRefused };
}
