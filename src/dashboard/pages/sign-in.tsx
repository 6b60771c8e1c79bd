import { Layout, Notice } from './layout.js';

/** Asks for an email address; after a request, says the same thing whether or not the address is known. */
export function SignInPage({ sent }: { sent: boolean }) {
  return (
    <Layout title="Sign in">
      {sent ? (
        <p class="notice done" role="status">
          If an account uses this address, we have emailed it a sign-in link. The link works once, for 15 minutes.
        </p>
      ) : (
        <p>Enter the email address you use at work. We will email you a link that signs you in: no password needed.</p>
      )}
      <form method="post" action="/dashboard/sign-in" class="stack">
        <label for="email">Email address</label>
        <input id="email" name="email" type="email" autocomplete="email" required maxLength={320} />
        <button type="submit">{sent ? 'Send another link' : 'Email me a sign-in link'}</button>
      </form>
    </Layout>
  );
}

/**
 * What a sign-in link opens: one button that uses it. Mail scanners that follow links only GET
 * this page, so they cannot use up the link.
 */
export function SignInLinkPage({ token, next, failed }: { token: string; next: string | null; failed: boolean }) {
  return (
    <Layout title="Sign in">
      {failed ? (
        <>
          <Notice errors={['This sign-in link has expired or has already been used. Links work once, for 15 minutes.']} />
          <p>
            <a href="/dashboard/sign-in">Ask for a new link</a>
          </p>
        </>
      ) : (
        <form method="post" action="/dashboard/sign-in/link" class="stack">
          <p>Continue to sign in to your dashboard on this device.</p>
          <input type="hidden" name="token" value={token} />
          {next && <input type="hidden" name="next" value={next} />}
          <button type="submit">Sign in</button>
        </form>
      )}
    </Layout>
  );
}
