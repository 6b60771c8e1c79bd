import type { ComponentChildren } from 'preact';
import { DateTime } from 'luxon';
import { newFormToken } from '../form-outcomes.js';

/** What the header shows of the signed-in user; absent on the sign-in pages. */
export interface Chrome {
  userName: string;
  tenantName: string;
  /** Which settings pages the role opens (the others are not linked). */
  canManageKeys: boolean;
  canAdminister: boolean;
  canManageWebhooks: boolean;
  /** Whether the role may create some of the records an import creates (leads, contacts, companies). */
  canImport: boolean;
  csrf: string;
  /** The current page's path, marked in the navigation. */
  current: string;
  /** When the page is rendered: its forms' one-time tokens say so. */
  now: Date;
}

function NavLink({ href, current, children }: { href: string; current: string; children: ComponentChildren }) {
  return (
    <li>
      <a href={href} aria-current={href === current ? 'page' : undefined}>
        {children}
      </a>
    </li>
  );
}

/** Every dashboard page: one column that reads at 375 px, a skip link, and the navigation by role. */
export function Layout({ title, chrome, children }: { title: string; chrome?: Chrome; children: ComponentChildren }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · Business Platform`}</title>
        <link rel="stylesheet" href="/dashboard/assets/dashboard.css" />
        <script src="/dashboard/assets/dashboard.js" defer />
      </head>
      <body>
        <a class="skip" href="#main">
          Skip to content
        </a>
        <header class="top">
          <a class="brand" href="/dashboard">
            Business Platform
          </a>
          {chrome && (
            <form method="post" action="/dashboard/sign-out" class="sign-out">
              <input type="hidden" name="csrf" value={chrome.csrf} />
              <span>
                {chrome.userName} · {chrome.tenantName}
              </span>{' '}
              <button type="submit">Sign out</button>
            </form>
          )}
        </header>
        {chrome && (
          <nav aria-label="Dashboard">
            <ul>
              <NavLink href="/dashboard" current={chrome.current}>
                Home
              </NavLink>
              {chrome.canImport && (
                <NavLink href="/dashboard/imports" current={chrome.current}>
                  Imports
                </NavLink>
              )}
              {chrome.canManageKeys && (
                <NavLink href="/dashboard/settings/api-keys" current={chrome.current}>
                  API keys
                </NavLink>
              )}
              {chrome.canManageKeys && (
                <NavLink href="/dashboard/settings/website" current={chrome.current}>
                  Website
                </NavLink>
              )}
              {chrome.canManageKeys && (
                <NavLink href="/dashboard/settings/connected-apps" current={chrome.current}>
                  Connected apps
                </NavLink>
              )}
              {chrome.canManageWebhooks && (
                <NavLink href="/dashboard/settings/webhooks" current={chrome.current}>
                  Webhooks
                </NavLink>
              )}
              {chrome.canAdminister && (
                <NavLink href="/dashboard/settings/users" current={chrome.current}>
                  Users
                </NavLink>
              )}
              {chrome.canAdminister && (
                <NavLink href="/dashboard/settings/modules" current={chrome.current}>
                  Modules
                </NavLink>
              )}
              <NavLink href="/docs" current={chrome.current}>
                API reference
              </NavLink>
              <NavLink href="/graphql" current={chrome.current}>
                GraphiQL
              </NavLink>
            </ul>
          </nav>
        )}
        <main id="main" tabIndex={-1}>
          <h1>{title}</h1>
          {children}
        </main>
      </body>
    </html>
  );
}

/** Messages above a form: what went wrong (announced to screen readers) or what was done. */
export function Notice({ errors, done }: { errors?: string[]; done?: string }) {
  if (errors?.length) {
    return (
      <div class="notice error" role="alert">
        <ul>
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      </div>
    );
  }
  return done ? (
    <p class="notice done" role="status">
      {done}
    </p>
  ) : null;
}

/** A time as people read it (UTC, which the API uses too), in a <time> element machines can read. */
export function Time({ iso }: { iso: string | null }) {
  if (!iso) return <span>never</span>;
  const time = DateTime.fromISO(iso, { zone: 'utc' });
  return <time dateTime={iso}>{time.toFormat("yyyy-LL-dd HH:mm 'UTC'")}</time>;
}

/**
 * Hidden fields of every form a signed-in page posts that changes something: the session's
 * anti-CSRF token, and the form's own one-time token, so that it is honoured once
 * (src/dashboard/form-outcomes.ts) however often the browser sends it.
 */
export const FormTokens = ({ chrome }: { chrome: Chrome }) => (
  <>
    <input type="hidden" name="csrf" value={chrome.csrf} />
    <input type="hidden" name="form" value={newFormToken(chrome.now)} />
  </>
);

/** A secret shown once, in a read-only field (a text area for several `rows`) with a copy button (src/dashboard/assets/dashboard.js). */
export const Copyable = ({ id, label, value, rows }: { id: string; label: string; value: string; rows?: number }) => (
  <div class="key">
    <label for={id}>{label}</label>
    <div class="copyable">
      {rows ? (
        <textarea id={id} readOnly rows={rows} spellcheck={false} value={value} />
      ) : (
        <input id={id} type="text" readOnly value={value} spellcheck={false} autocomplete="off" />
      )}
      <button type="button" data-copy={id}>
        Copy
      </button>
    </div>
  </div>
);

/** Text written for the API's documentation, with its `code` spans shown as code. */
export const DocText = ({ text }: { text: string }) => <>{text.split('`').map((part, index) => (index % 2 ? <code key={index}>{part}</code> : part))}</>;

/** A form's mistake: the field it concerns and what is wrong. */
export type FieldMistake = { field: string; message: string };

/** A field's error under it, tied to the field for screen readers. */
export const FieldError = ({ id, mistakes }: { id: string; mistakes: FieldMistake[] }) =>
  mistakes.length ? (
    <p id={id} class="field-error">
      {mistakes.map((mistake) => mistake.message).join('; ')}
    </p>
  ) : null;
