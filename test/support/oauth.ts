import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { PrismaClient } from '../../src/generated/prisma/client.js';
import { until } from './smtp.js';

/** Cookies as a browser keeps them for one site (paths aside: every cookie goes with every request). */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  /** Every value any cookie has held, cleared ones included, with the cookie's name. */
  readonly seen = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value) this.seen.set(value, name);
      if (/expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header = () => [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** A PKCE pair (RFC 7636, S256). */
export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The newest sign-in link emailed to `email` since `after`, from the server's mail folder (DATA_DIR/mail, no SMTP set). */
export async function mailedLink(dataDir: string, email: string, after: number): Promise<URL> {
  return until(async () => {
    const folder = join(dataDir, 'mail');
    let files: string[] = [];
    try {
      files = readdirSync(folder).filter((file) => file.endsWith('.eml')).map((file) => join(folder, file));
    } catch {
      return undefined;
    }
    const fresh = files.filter((file) => statSync(file).mtimeMs >= after).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
    for (const file of fresh) {
      const mail = await simpleParser(readFileSync(file));
      const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
      const link = /https?:\/\/\S+\/dashboard\/sign-in\/link\?\S+/.exec(mail.text ?? '')?.[0];
      if (link && to?.text.includes(email)) return new URL(link);
    }
    return undefined;
  }, `a sign-in email to ${email}`);
}

/** The newest sign-in link queued to `email` since `after` (ms) in the outbox: for an app in the test's own process, which sends no mail. */
export function outboxLink(prisma: PrismaClient, email: string, after: number): Promise<URL> {
  return until(async () => {
    const message = await prisma.outboxMessage.findFirst({ where: { recipient: email, kind: { startsWith: 'dashboard.' }, createdAt: { gte: new Date(after) } }, orderBy: { createdAt: 'desc' } });
    const link = /https?:\/\/\S+\/dashboard\/sign-in\/link\?\S+/.exec((message?.message as { text?: string } | undefined)?.text ?? '')?.[0];
    return link ? new URL(link) : undefined;
  }, `a sign-in email to ${email}`);
}

/** Who connects the app: the user's address, where their sign-in links arrive, their browser's cookies, and which offered scopes they allow (all by default). */
export interface User {
  email: string;
  /** The sign-in link emailed to the address since a time (ms): `mailedLink` for a server process, the outbox for an app in the test's process. */
  mailbox: (email: string, after: number) => Promise<URL>;
  jar?: CookieJar;
  choose?: (offered: string[]) => string[];
}

export interface Authorization {
  clientId: string;
  redirectUri: string;
  scope?: string;
  resource?: string;
  /** `consent` asks the user again, as a client stepping up does. */
  prompt?: string;
}

/** What a step of the browser's way through sign-in and consent answered. */
async function step(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
  jar.take(response);
  return response;
}

const formPost = (base: string, fields: URLSearchParams): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
  body: fields.toString(),
});

/**
 * Connects an app as a user would, over plain HTTP with a cookie jar for the browser: the
 * authorization request (PKCE S256), the emailed sign-in link when the jar has no dashboard session,
 * and the consent page, allowing the scopes `choose` picks of those offered (all by default). Returns
 * the redirect back to the app, whose query holds `code`, `state` and `iss`, or whatever the server
 * answered instead.
 */
export async function authorize(
  base: string,
  { mailbox, email, jar = new CookieJar(), choose = (offered) => offered, deny = false }: User & { deny?: boolean },
  request: Authorization & { challenge: string; state?: string },
): Promise<{ redirect: URL; offered: string[]; jar: CookieJar }> {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    code_challenge: request.challenge,
    code_challenge_method: 'S256',
    state: request.state ?? 'state-1',
    ...(request.scope !== undefined ? { scope: request.scope } : {}),
    ...(request.resource ? { resource: request.resource } : {}),
    ...(request.prompt ? { prompt: request.prompt } : {}),
  });
  let response = await step(jar, `${base}/oauth/authorize?${query}`);
  let offered: string[] = [];
  for (let hops = 0; hops < 12; hops += 1) {
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, base);
      if (next.origin !== new URL(base).origin) return { redirect: next, offered, jar };
      response = await step(jar, next.href);
      continue;
    }
    const page = await response.text();
    if (response.status !== 200) throw new Error(`authorization stopped with ${response.status}: ${page.slice(0, 500)}`);
    const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`no form on the page: ${page.slice(0, 500)}`);
    if (page.includes('name="email"')) {
      const asked = Date.now() - 1000;
      await step(jar, new URL(action, base).href, formPost(base, new URLSearchParams({ email })));
      const link = await mailbox(email, asked);
      const used = new URLSearchParams({ token: link.searchParams.get('token') ?? '', next: link.searchParams.get('next') ?? '' });
      response = await step(jar, `${base}/dashboard/sign-in/link`, formPost(base, used));
      continue;
    }
    offered = [...page.matchAll(/name="scope" value="([^"]+)"/g)].map((match) => match[1]!);
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const fields = new URLSearchParams({ csrf, decision: deny ? 'deny' : 'allow' });
    for (const scope of choose(offered)) fields.append('scope', scope);
    response = await step(jar, new URL(action, base).href, formPost(base, fields));
  }
  throw new Error('authorization went round in circles');
}

/** The token endpoint, as a public client calls it. */
export async function tokenRequest(base: string, fields: Record<string, string>) {
  const response = await fetch(`${base}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

/** Registers a public client by dynamic client registration (RFC 7591). */
export async function registerClient(base: string, redirectUri: string, name = 'Test agent'): Promise<string> {
  const response = await fetch(`${base}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: name, redirect_uris: [redirectUri], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] }),
  });
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { client_id: string }).client_id;
}

/** The whole way to tokens for a registered client: authorize, sign in, consent, exchange the code. */
export async function connect(base: string, user: User, request: Authorization) {
  const { verifier, challenge } = pkce();
  const { redirect, offered, jar } = await authorize(base, user, { ...request, challenge });
  const code = redirect.searchParams.get('code');
  if (!code) throw new Error(`no code: ${redirect.href}`);
  const exchanged = await tokenRequest(base, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    ...(request.resource ? { resource: request.resource } : {}),
  });
  if (exchanged.status !== 200) throw new Error(`code exchange failed: ${JSON.stringify(exchanged)}`);
  return { tokens: exchanged.body, redirect, offered, jar };
}

/** What `token` is answered on `base`: REST's leads (`leads.lead.read`) and companies (`companies.read`). */
async function statusesOn(base: string, token: string) {
  const status = async (path: string) => (await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } })).status;
  return { leads: await status('/api/v1/leads?limit=1'), companies: await status('/api/v1/companies?limit=1') };
}

/** Waits up to a second until `token` is answered `expected` on every base; returns what each answered last. */
async function untilAnswered(bases: string[], token: string, expected: { leads: number; companies: number }) {
  const since = Date.now();
  for (;;) {
    const answers = await Promise.all(bases.map((base) => statusesOn(base, token)));
    if (answers.every((answer) => answer.leads === expected.leads && answer.companies === expected.companies) || Date.now() - since > 1_000) return answers;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * An access token granted `leads.lead.read companies.read` follows its user, on every base (server
 * process) within a second, after an administrator changes the user on `changeOn`: demoted to a
 * technician (who holds companies.read but no leads scope), promoted back, deactivated, reactivated,
 * and the connected app (grant `grantId`) revoked over REST. Returns what each step was answered, for the test to compare.
 */
export async function accessFollowsTheUser({ changeOn, checkOn, adminKey, userId, token, grantId }: { changeOn: string; checkOn: string[]; adminKey: string; userId: string; token: string; grantId: string }) {
  const asAdmin = async (query: string) => {
    const response = await fetch(`${changeOn}/graphql`, { method: 'POST', headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ query, variables: { id: userId } }) });
    const body = (await response.json()) as { errors?: unknown[] };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
  };
  const steps: [string, () => Promise<unknown>, { leads: number; companies: number }][] = [
    ['before', async () => {}, { leads: 200, companies: 200 }],
    ['demoted to technician', () => asAdmin('mutation ($id: UUID!) { changeUserRole(id: $id, role: technician) { user { role } } }'), { leads: 403, companies: 200 }],
    ['promoted back to manager', () => asAdmin('mutation ($id: UUID!) { changeUserRole(id: $id, role: manager) { user { role } } }'), { leads: 200, companies: 200 }],
    ['deactivated', () => asAdmin('mutation ($id: UUID!) { deactivateUser(id: $id) { user { active } } }'), { leads: 401, companies: 401 }],
    ['reactivated', () => asAdmin('mutation ($id: UUID!) { reactivateUser(id: $id) { user { active } } }'), { leads: 200, companies: 200 }],
    ['app revoked', () => fetch(`${changeOn}/api/v1/connected-apps/${encodeURIComponent(grantId)}`, { method: 'DELETE', headers: { authorization: `Bearer ${adminKey}` } }).then((r) => r.status), { leads: 401, companies: 401 }],
  ];
  const answered: Record<string, unknown> = {};
  const expected: Record<string, unknown> = {};
  for (const [step, change, expect] of steps) {
    const changed = await change();
    answered[step] = { changed, on: await untilAnswered(checkOn, token, expect) };
    expected[step] = { changed, on: checkOn.map(() => expect) };
  }
  return { answered, expected };
}
