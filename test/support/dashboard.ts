import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { csrfTokenOf } from '../../src/auth/sessions.js';
import { newFormToken } from '../../src/dashboard/form-outcomes.js';
import type { PrismaClient } from '../../src/generated/prisma/client.js';
import type { App } from '../../src/http/app.js';
import { until } from './smtp.js';

/** The sign-in token in the newest sign-in or invitation email queued to `email`. */
export async function linkTokenFor(prisma: PrismaClient, email: string, after = new Date(0)): Promise<string> {
  const message = await until(
    async () =>
      (await prisma.outboxMessage.findFirst({ where: { recipient: email, kind: { startsWith: 'dashboard.' }, createdAt: { gt: after } }, orderBy: { createdAt: 'desc' } })) ??
      undefined,
    `a sign-in email to ${email}`,
  );
  const text = (message.message as { text: string }).text;
  const token = /sign-in\/link\?token=([\w-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no sign-in link in: ${text}`);
  return token;
}

export interface BrowserSession {
  cookie: string;
  csrf: string;
}

/** A form post as a browser sends it from the dashboard's own pages: with a fresh one-time form token, unless `fields` has one. */
export function postForm(app: App, path: string, fields: Record<string, string | string[]>, headers: Record<string, string> = {}) {
  const body = new URLSearchParams('form' in fields ? {} : { form: newFormToken(new Date()) });
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  return app.fetch(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost', ...headers },
    body: body.toString(),
    redirect: 'manual',
  });
}

/** Signs in over HTTP, as a person would: asks for a link, takes it from the queued email, uses it. */
export async function signIn(app: App, prisma: PrismaClient, email: string): Promise<BrowserSession> {
  const asked = new Date(Date.now() - 1);
  await postForm(app, '/dashboard/sign-in', { email });
  const token = await linkTokenFor(prisma, email, asked);
  const response = await postForm(app, '/dashboard/sign-in/link', { token });
  const cookie = /bp_session=([\w-]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (response.status !== 303 || !cookie) throw new Error(`sign-in failed: ${response.status}`);
  return { cookie: `bp_session=${cookie}`, csrf: csrfTokenOf(cookie) };
}

/** A GraphQL request as the dashboard's scripts would send it: the cookie, and the CSRF header unless `csrf` is false. */
export async function gqlAsSession<TData, TVars>(app: App, session: BrowserSession, document: TypedDocumentNode<TData, TVars> | string, variables?: TVars, { csrf = true } = {}) {
  const response = await app.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: session.cookie, ...(csrf ? { 'x-csrf-token': session.csrf } : {}) },
    body: JSON.stringify({ query: typeof document === 'string' ? document : print(document), variables }),
  });
  const json = (await response.json()) as { data?: TData | null; errors?: { message: string; extensions: { code: string } }[] };
  return { status: response.status, ...json };
}

/** A dashboard page as the signed-in browser loads it. */
export const page = (app: App, session: BrowserSession | null, path: string) =>
  app.fetch(`http://localhost${path}`, { headers: session ? { cookie: session.cookie } : {}, redirect: 'manual' });
