import { type ErrorCode, ErrorCodes } from '../shared/errors.js';
import type { ApiClient, ApiError } from './api-client.js';
import type { ViewerQuery } from './generated/operations.js';
import { ViewerDocument } from './generated/operations.js';
import { importableObjects } from './import-fields.js';
import type { Chrome } from './pages/layout.js';
import type { Problem } from './pages/settings.js';
import { ProblemPage } from './pages/settings.js';
import type { PostedFile } from './posted-form.js';
import { html, seeOther, sessionCookie } from './respond.js';

/** One dashboard request, as its handler sees it. */
export interface PageRequest {
  url: URL;
  /** The posted form (forms post application/x-www-form-urlencoded); empty for a GET. */
  form: URLSearchParams;
  /** The file a multipart form sent (the import page's upload), streaming; null otherwise. */
  file: PostedFile | null;
  /** Where "Try again" leads after a refusal: this page, or the page a form was sent from. */
  retry: string;
  /** The session cookie's secret, when the browser sent one. */
  session: string | null;
  /** The GraphQL API as this session (null without one). */
  api: ApiClient | null;
  csrf: string | null;
  now: Date;
  secureCookies: boolean;
}

export interface SignedIn {
  api: ApiClient;
  chrome: Chrome;
  viewer: ViewerQuery['viewer'];
}

/** Back to the sign-in page, forgetting a session the API no longer accepts. */
export const toSignIn = (page: PageRequest) => seeOther('/dashboard/sign-in', page.session ? sessionCookie(null, page.secureCookies) : {});

/** The answer to an API refusal: sign in again, "not allowed", "not found", or what was wrong with the request. */
export function refused(page: PageRequest, errors: ApiError[], chrome?: Chrome): Response {
  const [error] = errors;
  const code = error?.extensions?.code;
  if (code === 'UNAUTHENTICATED') return toSignIn(page);
  if (code === 'FORBIDDEN') return html(<ProblemPage chrome={chrome} title="Not allowed" message={error?.message ?? 'Not allowed'} />, 403);
  if (code === 'NOT_FOUND') return html(<ProblemPage chrome={chrome} title="Not found" message="It no longer exists, or was never here." />, 404);
  const problem = mistakes(errors);
  if (problem) return html(<ProblemPage chrome={chrome} title="That did not work" message={problem.messages.join(' ')} />, problem.status);
  // Refusals of the request itself (too many requests, database unavailable): said with their status.
  const status = code && code !== 'INTERNAL_SERVER_ERROR' && Object.hasOwn(ErrorCodes, code) ? ErrorCodes[code as ErrorCode].status : undefined;
  if (status) return html(<ProblemPage chrome={chrome} {...problemOf(status, { message: error?.message }, null)} retry={page.retry} />, status);
  throw new Error(`dashboard: unexpected API answer ${code}: ${error?.message}`);
}

/** A client mistake the API reports, as a person reads it: each field's message (`fields`, by the input's field name), or the message. */
export interface Mistakes {
  status: number;
  messages: string[];
  fields: { field: string; message: string }[];
}

export function mistakes(errors: ApiError[]): Mistakes | null {
  const [error] = errors;
  const code = error?.extensions?.code;
  if (code === 'CONFLICT') return { status: 409, messages: [error?.message ?? 'Conflict'], fields: [] };
  if (code !== 'BAD_USER_INPUT') return null;
  const fields = (error?.extensions?.details ?? []).map((d) => ({ field: d.field?.at(-1) ?? '', message: d.message }));
  return { status: 400, messages: fields.length ? fields.map((d) => `${d.field}: ${d.message}`) : [error?.message ?? 'Invalid input'], fields };
}

/**
 * The signed-in user for a page, with what the header shows and which settings pages their role
 * opens; or the answer to give instead (sign in first).
 */
export async function signedIn(page: PageRequest): Promise<SignedIn | Response> {
  if (!page.api || !page.csrf) return toSignIn(page);
  const result = await page.api(ViewerDocument, {});
  if (result.errors) return refused(page, result.errors);
  const { viewer } = result.data;
  const canManageKeys = viewer.scopes.includes('settings.manage');
  const chrome: Chrome = {
    userName: viewer.user.name,
    tenantName: viewer.tenant.name,
    canManageKeys,
    canAdminister: canManageKeys && viewer.user.role === 'system_admin',
    canManageWebhooks: viewer.scopes.includes('webhooks.manage'),
    canImport: importableObjects(viewer.scopes).length > 0,
    csrf: page.csrf,
    current: page.url.pathname,
    now: page.now,
  };
  return { api: page.api, chrome, viewer };
}

/** What the person reads for a refusal of the whole request (the API's `{ error, message, requestId }`), by status. */
function problemOf(status: number, body: { error?: string; message?: string; requestId?: string }, retryAfter: string | null): Omit<Problem, 'retry'> {
  const wait = retryAfter ? ` Please try again in ${retryAfter} s.` : ' Please try again in a moment.';
  if (status === 429) return { title: 'Too many requests', message: `Too many requests came from you in a short time.${wait}` };
  if (status === 503) return { title: 'Please try again', message: `The service is busy or briefly unavailable.${wait}` };
  if (status >= 500) return { title: 'Something went wrong', message: 'This page failed on our side. Please try again.', requestId: body.requestId };
  return { title: body.error ?? 'That did not work', message: body.message ?? body.error ?? 'The request was refused.' };
}

/**
 * A refusal the request boundary answers in the API's JSON (too many requests, unavailable,
 * timed out, an unexpected failure, a body too large) as a dashboard page, with its status and
 * headers (`Retry-After`): a browser never shows the dashboard's users JSON. "Try again" reloads
 * a page, or goes back to the page a form was sent from.
 */
export async function asPage(response: Response, request: Request): Promise<Response> {
  if (!response.headers.get('content-type')?.startsWith('application/json')) return response;
  const body = (await response.json().catch(() => ({}))) as { error?: string; message?: string; requestId?: string };
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !['content-type', 'content-length'].includes(name)));
  return html(<ProblemPage {...problemOf(response.status, body, response.headers.get('retry-after'))} retry={retryOf(request)} />, response.status, headers);
}

/** Where to try a refused request again: the page itself, or for a form the page it was sent from (the dashboard's own). */
export function retryOf(request: Request): string {
  const url = new URL(request.url);
  if (request.method === 'GET') return url.pathname + url.search;
  const referer = request.headers.get('referer') ?? '';
  const from = URL.canParse(referer) ? new URL(referer) : null;
  return from?.origin === url.origin ? from.pathname + from.search : '/dashboard';
}

export const notAllowed = (chrome: Chrome, message: string) => html(<ProblemPage chrome={chrome} title="Not allowed" message={message} />, 403);
