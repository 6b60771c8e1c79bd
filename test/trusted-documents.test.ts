import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKeyPair } from '../src/auth/key-pairs.js';
import { commands } from '../src/cli/commands.js';
import { fixtures } from './support/fixtures.js';
import type { TenantFixture } from './support/harness.js';
import { useHarness } from './support/harness.js';
import { connectMcp } from './support/mcp.js';

/**
 * Trusted documents: a client build's `persisted-documents.json` (GraphQL Code Generator's client
 * preset with `persistedDocuments: true`) registered per tenant or key pair, run by hash, and the
 * only GraphQL a limited key (publishable keys by default) may run.
 */
const harness = useHarness();
const { h, tenant, rest } = harness;
const make = fixtures(harness);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Documents as the client preset prints them (normalized), keyed by their SHA-256: the manifest's format. */
const publicResource = 'query PublicResource($id: UUID!) {\n  bookableResource(id: $id) {\n    id\n    name\n  }\n}';
const myScopes = 'query MyScopes {\n  viewer {\n    scopes\n  }\n}';
const manifest = { [sha256(publicResource)]: publicResource, [sha256(myScopes)]: myScopes };

/** A raw GraphQL POST: any body, as clients send it. */
async function post(key: string, body: Record<string, unknown>) {
  const response = await h.app.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const register = (key: string, input: Record<string, unknown>) =>
  post(key, {
    query: 'mutation Register($input: RegisterTrustedDocumentsInput!) { registerTrustedDocuments(input: $input) { trustedDocumentRegistration { hashes added keyPairId } } }',
    variables: { input },
  });

/** A new key pair of `t`'s user, with `trustedDocuments` as asked (the schema's default when omitted). */
async function newPair(t: TenantFixture, trustedDocuments?: string) {
  const created = await post(t.secret, {
    query: 'mutation New($input: CreateApiKeyPairInput!) { createApiKeyPair(input: $input) { issuedApiKeyPair { pair { id trustedDocuments } publishableKey secretKey } } }',
    variables: { input: { name: 'Web app', scopes: ['bookings.read', 'leads.lead.read'], ...(trustedDocuments ? { trustedDocuments } : {}) } },
  });
  expect(created.body.errors).toBeUndefined();
  const issued = created.body.data.createApiKeyPair.issuedApiKeyPair;
  return { id: issued.pair.id as string, rule: issued.pair.trustedDocuments as string, publishable: issued.publishableKey as string, secret: issued.secretKey as string };
}

const storedFor = (tenantId: string) => h.db.prisma.trustedDocument.count({ where: { tenantId } });

describe('trusted documents', () => {
  let a: TenantFixture;
  let resource: { id: string; name: string };

  beforeAll(async () => {
    a = await tenant();
    resource = await make.resource(a.secret, { name: 'Trusted studio', published: true, defaultDurationMinutes: 30, maxConcurrent: 1 }, [['09:00', '17:00']]);
    const registered = await register(a.secret, { documents: manifest });
    expect(registered.body.errors).toBeUndefined();
    expect(registered.body.data.registerTrustedDocuments.trustedDocumentRegistration).toEqual({ hashes: Object.keys(manifest), added: 2, keyPairId: null });
  });

  it('registers a codegen manifest once: registering it again adds nothing', async () => {
    expect(await storedFor(a.tenantId)).toBe(2);
    const again = await register(a.secret, { documents: manifest });
    expect(again.body.data.registerTrustedDocuments.trustedDocumentRegistration).toEqual({ hashes: Object.keys(manifest), added: 0, keyPairId: null });
    expect(await storedFor(a.tenantId)).toBe(2);
  });

  it('runs a registered document by documentId (with or without sha256:) and by APQ hash, over POST and GET', async () => {
    const pair = await newPair(a);
    expect(pair.rule).toBe('publishable');
    const hash = sha256(publicResource);
    const expected = { data: { bookableResource: { id: resource.id, name: 'Trusted studio' } }, extensions: { cost: expect.any(Object) } };
    for (const documentId of [hash, `sha256:${hash}`]) {
      const run = await post(pair.publishable, { documentId, variables: { id: resource.id } });
      expect(run).toEqual({ status: 200, body: expected });
    }
    const apq = await post(pair.publishable, { extensions: { persistedQuery: { version: 1, sha256Hash: hash } }, variables: { id: resource.id } });
    expect(apq).toEqual({ status: 200, body: expected });
    const url = new URL('http://localhost/graphql');
    url.searchParams.set('extensions', JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }));
    url.searchParams.set('variables', JSON.stringify({ id: resource.id }));
    const viaGet = await h.app.fetch(url, { headers: { authorization: `Bearer ${pair.publishable}`, accept: 'application/json' } });
    expect(viaGet.status).toBe(200);
    expect(await viaGet.json()).toEqual(expected);
    // A secret key runs registered documents too (and, not limited by default, free text).
    const scopes = await post(pair.secret, { documentId: sha256(myScopes) });
    expect(scopes.body).toMatchObject({ data: { viewer: { scopes: ['bookings.read', 'leads.lead.read'] } } });
  });

  it('refuses a limited key any free-text query, even a registered one, and any unregistered hash', async () => {
    const pair = await newPair(a);
    const freeText = await post(pair.publishable, { query: publicResource, variables: { id: resource.id } });
    expect(freeText.status).toBe(403);
    expect(freeText.body.data).toBeUndefined();
    expect(freeText.body.errors).toEqual([
      { message: expect.stringContaining('registerTrustedDocuments'), extensions: { code: 'PERSISTED_QUERY_ONLY' } },
    ]);
    const unknown = await post(pair.publishable, { documentId: sha256('query Other { __typename }') });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].extensions).toEqual({ code: 'PERSISTED_QUERY_NOT_FOUND' });
    const anonymous = await h.app.fetch('http://localhost/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ documentId: sha256(myScopes) }) });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const notAHash = await post(pair.publishable, { documentId: 'PublicResource' });
    expect(notAHash.body.errors[0].extensions).toEqual({ code: 'PERSISTED_QUERY_NOT_FOUND' });
    // A pair limited whole: its secret key too.
    const strict = await newPair(a, 'all');
    expect(strict.rule).toBe('all');
    const strictFreeText = await post(strict.secret, { query: '{ viewer { scopes } }' });
    expect(strictFreeText.status).toBe(403);
    expect(strictFreeText.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_ONLY');
    expect((await post(strict.secret, { documentId: sha256(myScopes) })).body.data.viewer.scopes).toEqual(['bookings.read', 'leads.lead.read']);
    // A pair not limited runs free text with either key.
    const open = await newPair(a, 'none');
    expect((await post(open.publishable, { query: publicResource, variables: { id: resource.id } })).body.data.bookableResource.id).toBe(resource.id);
  });

  it('leaves REST routes and MCP tools open to limited keys: they run the server’s own documents', async () => {
    const pair = await newPair(a, 'all');
    const viaRest = await rest('GET', `/api/bookings/resources/${resource.id}`, { key: pair.publishable });
    expect(viaRest.status).toBe(200);
    expect(viaRest.body.data.id).toBe(resource.id);
    expect((await rest('GET', '/api/v1/leads', { key: pair.secret })).status).toBe(200);
    const client = await connectMcp('http://localhost/mcp', pair.secret, '2026-07-28', async (input, init) => h.app.fetch(new Request(input, init)));
    try {
      const result = await client.callTool({ name: 'bookableResource', arguments: { id: resource.id } });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent.data.id).toBe(resource.id);
    } finally {
      await client.close();
    }
  });

  it('refuses a manifest with a wrong hash or an invalid document whole, naming each hash', async () => {
    const wrong = sha256('something else');
    const invalid = '{ noSuchField }';
    const refused = await register(a.secret, { documents: { [wrong]: myScopes, [sha256(invalid)]: invalid, [sha256('query Fine { __typename }')]: 'query Fine { __typename }' } });
    expect(refused.status).toBe(200);
    expect(refused.body.data).toBeNull();
    expect(refused.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(refused.body.errors[0].extensions.details).toEqual([
      { field: ['input', 'documents', wrong], message: expect.stringContaining(`(which is ${sha256(myScopes)})`), code: 'INVALID' },
      { field: ['input', 'documents', sha256(invalid)], message: expect.stringContaining('Cannot query field "noSuchField"'), code: 'INVALID' },
    ]);
    const notHex = await register(a.secret, { documents: { md5abc: myScopes } });
    expect(notHex.body.errors[0].extensions.details).toEqual([{ field: ['input', 'documents', 'md5abc'], message: expect.stringContaining('not a SHA-256 hash'), code: 'INVALID' }]);
    expect((await register(a.secret, { documents: {} })).body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(await storedFor(a.tenantId)).toBe(2);
  });

  it('lets only keys with settings.manage register, never a publishable key', async () => {
    const reader = await tenant({ scopes: ['leads.lead.read'] });
    const document = 'query Mine { __typename }';
    const refused = await register(reader.secret, { documents: { [sha256(document)]: document } });
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const publishable = await register(a.publishable, { documents: { [sha256(document)]: document } });
    expect(publishable.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(await storedFor(reader.tenantId)).toBe(0);
  });

  it("does not find another tenant's documents", async () => {
    const b = await tenant();
    const foreign = await post(b.secret, { documentId: sha256(myScopes) });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    // Registering the same document in B makes it B's as well.
    expect((await register(b.secret, { documents: { [sha256(myScopes)]: myScopes } })).body.data.registerTrustedDocuments.trustedDocumentRegistration?.added).toBe(1);
    expect((await post(b.secret, { documentId: sha256(myScopes) })).body.data.viewer.scopes).toContain('settings.manage');
  });

  it("registers for one key pair: its keys run them, the tenant's other keys do not, and rotation keeps them", async () => {
    const mine = await newPair(a, 'all');
    const other = await newPair(a, 'all');
    const document = 'query PairOnly {\n  viewer {\n    scopes\n  }\n  __typename\n}';
    const hash = sha256(document);
    const registered = await register(a.secret, { documents: { [hash]: document }, keyPairId: mine.id });
    expect(registered.body.data.registerTrustedDocuments.trustedDocumentRegistration).toEqual({ hashes: [hash], added: 1, keyPairId: mine.id });
    expect((await post(mine.secret, { documentId: hash })).body.data.__typename).toBe('Query');
    expect((await post(other.secret, { documentId: hash })).body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const rotated = await post(a.secret, { query: `mutation { rotateApiKeyPair(id: "${mine.id}") { issuedApiKeyPair { pair { id trustedDocuments } secretKey } } }` });
    const successor = rotated.body.data.rotateApiKeyPair.issuedApiKeyPair;
    expect(successor.pair.trustedDocuments).toBe('all');
    expect((await post(successor.secretKey, { documentId: hash })).body.data.__typename).toBe('Query');
    // A pair of another tenant is not found.
    const b = await tenant();
    const foreignPair = await register(b.secret, { documents: { [hash]: document }, keyPairId: mine.id });
    expect(foreignPair.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it("changes a pair's rule with updateApiKeyPair: every process applies it within a second; only its user or an administrator may", async () => {
    const pair = await newPair(a, 'none');
    const freeText = () => post(pair.secret, { query: '{ viewer { scopes } }' });
    expect((await freeText()).status).toBe(200);
    const update = (key: string, trustedDocuments: string) =>
      post(key, { query: `mutation { updateApiKeyPair(id: "${pair.id}", input: {trustedDocuments: ${trustedDocuments}}) { apiKeyPair { id trustedDocuments } } }` });
    expect((await update(a.secret, 'all')).body).toMatchObject({ data: { updateApiKeyPair: { apiKeyPair: { id: pair.id, trustedDocuments: 'all' } } } });
    const since = Date.now();
    while ((await freeText()).status !== 403 && Date.now() - since < 1_000) await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await freeText()).body.errors[0].extensions.code).toBe('PERSISTED_QUERY_ONLY');
    // A colleague who is neither the pair's user nor an administrator may not loosen it.
    const colleague = await h.db.prisma.user.create({ data: { tenantId: a.tenantId, name: 'Colleague', email: `colleague-${Date.now()}@example.test`, role: 'manager' } });
    const theirs = await createKeyPair(h.db.prisma, { tenantId: a.tenantId, userId: colleague.id, name: 'Theirs', scopes: ['settings.manage'], trustedDocuments: 'none' });
    const refused = await update(theirs.secret.key, 'none');
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await h.db.prisma.apiKeyPair.findUniqueOrThrow({ where: { id: pair.id } })).trustedDocuments).toBe('all');
  });

  it('refuses at registration what a request could not run: a document past 32 KiB, 2,000 tokens, depth 12 or 20 aliases (review 3, F6)', async () => {
    const t = await tenant();
    const padded = `query Padded { __typename }\n#${'x'.repeat(33 * 1024)}`;
    const aliased = `query Aliased { ${Array.from({ length: 21 }, (_, i) => `a${i}: viewer { scopes }`).join(' ')} }`;
    const deep = `query Deep { companies(first: 1) { nodes { ${'contacts(first: 1) { nodes { company { '.repeat(4)}id${' } } }'.repeat(4)} } } }`;
    const tokens = `query Tokens { ${Array.from({ length: 2100 }, () => '__typename').join(' ')} }`;
    const refused = await register(t.secret, { documents: Object.fromEntries([padded, aliased, deep, tokens].map((d) => [sha256(d), d])) });
    const details = refused.body.errors[0].extensions.details as { field: string[]; message: string }[];
    expect(Object.fromEntries(details.map((d) => [d.field.join('.'), d.message]))).toEqual({
      [`input.documents.${sha256(padded)}`]: expect.stringContaining('32768 bytes'),
      [`input.documents.${sha256(aliased)}`]: expect.stringContaining('Aliases limit'),
      [`input.documents.${sha256(deep)}`]: expect.stringContaining('Query depth limit'),
      [`input.documents.${sha256(tokens)}`]: expect.stringContaining('2000 tokens'),
    });
    expect(await storedFor(t.tenantId)).toBe(0);
  });

  it('bounds documents per manifest and per tenant, and withdraws them (review 3, F6, F9)', async () => {
    const t = await tenant();
    const documentsOf = (from: number, count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => `query Q${from + i} { __typename }`).map((d) => [sha256(d), d]));
    const tooMany = await register(t.secret, { documents: documentsOf(0, 501) });
    expect(tooMany.body.errors[0].extensions.details).toEqual([{ field: ['input', 'documents'], message: expect.stringContaining('at most 500 documents (it holds 501)'), code: 'INVALID' }]);
    for (let part = 0; part < 4; part += 1) {
      const registered = await register(t.secret, { documents: documentsOf(part * 500, 500) });
      expect(registered.body.errors, `part ${part}`).toBeUndefined();
    }
    expect(await storedFor(t.tenantId)).toBe(2_000);
    const past = await register(t.secret, { documents: documentsOf(2_000, 1) });
    expect(past.body.errors[0].extensions).toMatchObject({ code: 'CONFLICT' });
    expect(past.body.errors[0].message).toContain('at most 2000 trusted documents');
    // Registering a known manifest again changes nothing, even at the limit.
    expect((await register(t.secret, { documents: documentsOf(0, 500) })).body.data.registerTrustedDocuments.trustedDocumentRegistration.added).toBe(0);
    const first = sha256('query Q0 { __typename }');
    expect((await post(t.secret, { documentId: first })).body.data.__typename).toBe('Query');
    const withdraw = (key: string, input: Record<string, unknown>) =>
      post(key, { query: 'mutation W($input: WithdrawTrustedDocumentsInput!) { withdrawTrustedDocuments(input: $input) { trustedDocumentWithdrawal { withdrawn } } }', variables: { input } });
    const withdrawn = await withdraw(t.secret, { hashes: Object.keys(documentsOf(0, 500)) });
    expect(withdrawn.body.data.withdrawTrustedDocuments.trustedDocumentWithdrawal).toEqual({ withdrawn: 500 });
    expect(await storedFor(t.tenantId)).toBe(1_500);
    expect((await post(t.secret, { documentId: first })).body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect((await register(t.secret, { documents: documentsOf(2_000, 1) })).body.errors).toBeUndefined();
  });

  it("registers for a key pair only as updateApiKeyPair allows: its user or an administrator (review 3, F11)", async () => {
    const t = await tenant({ role: 'system_admin' });
    const adminPair = await newPair(t, 'all');
    const manager = await h.db.prisma.user.create({ data: { tenantId: t.tenantId, name: 'Manager', email: `manager-${Date.now()}@example.test`, role: 'manager' } });
    const managerKey = (await createKeyPair(h.db.prisma, { tenantId: t.tenantId, userId: manager.id, name: 'Hers', scopes: ['settings.manage'], trustedDocuments: 'none' })).secret.key;
    const document = 'query ForThePair { __typename }';
    const refused = await register(managerKey, { documents: { [sha256(document)]: document }, keyPairId: adminPair.id });
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(refused.body.errors[0].message).toContain("only the pair's own user or an administrator");
    expect(await storedFor(t.tenantId)).toBe(0);
    expect((await register(t.secret, { documents: { [sha256(document)]: document }, keyPairId: adminPair.id })).body.errors).toBeUndefined();
  });

  it('registers from the command line: documents register --tenant --file [--key-pair]', async () => {
    const c = await tenant({ trustedDocuments: 'all' });
    const dir = await mkdtemp(join(tmpdir(), 'trusted-'));
    const file = join(dir, 'persisted-documents.json');
    await writeFile(file, JSON.stringify(manifest));
    const run = commands['documents register']!.run;
    expect(await run(h.db.prisma, { tenant: c.tenantId, file })).toEqual({ hashes: Object.keys(manifest), added: 2, pairId: null });
    expect((await post(c.secret, { documentId: sha256(myScopes) })).body.data.viewer.scopes).toContain('settings.manage');
    const pair = await h.db.prisma.apiKeyPair.findFirstOrThrow({ where: { tenantId: c.tenantId } });
    expect(await run(h.db.prisma, { tenant: c.tenantId, file, 'key-pair': pair.id })).toMatchObject({ added: 2, pairId: pair.id });
    await writeFile(file, JSON.stringify({ [sha256('x')]: myScopes }));
    await expect(run(h.db.prisma, { tenant: c.tenantId, file })).rejects.toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(await storedFor(c.tenantId)).toBe(4);
  });
});
