import { Scopes, type Scope } from '../../auth/scopes.js';
import { Layout, Notice } from './layout.js';

/** What the consent page shows of the app that asks: its name, and the domain that vouches for it. */
export interface AskingApp {
  name: string;
  /** The host of its client ID metadata document: the app is whoever controls this domain. */
  verifiedDomain: string | null;
  /** Where the browser goes back to (its redirect URI's origin), shown so the user sees where the code travels. */
  returnsTo: string;
}

/**
 * The consent page: names the app (and its verified domain), the user and business it would act
 * for, lists each scope asked in plain words, checked, for the user to narrow, and has one button
 * that allows (a link cancels).
 */
export function ConsentPage(props: { app: AskingApp; userName: string; tenantName: string; scopes: readonly Scope[]; csrf: string; action: string; stepUp: boolean }) {
  const { app, scopes } = props;
  return (
    <Layout title={`Connect ${app.name}`}>
      <h1>Connect {app.name}</h1>
      <p>
        <strong>{app.name}</strong>
        {app.verifiedDomain ? (
          <>
            {' '}
            (verified domain <strong>{app.verifiedDomain}</strong>)
          </>
        ) : (
          ' (registered itself; its name is not verified)'
        )}{' '}
        asks to act as <strong>{props.userName}</strong> in <strong>{props.tenantName}</strong>
        {props.stepUp ? ', with more access than you gave it before' : ''}. It will be sent back to {app.returnsTo}.
      </p>
      <form method="post" action={props.action} class="stack">
        <input type="hidden" name="csrf" value={props.csrf} />
        <fieldset>
          <legend>It may:</legend>
          {scopes.map((scope) => (
            <label key={scope} class="check">
              <input type="checkbox" name="scope" value={scope} checked /> {Scopes[scope]}
            </label>
          ))}
        </fieldset>
        <p>Untick what it should not do. You can revoke it any time under Settings → Connected apps.</p>
        <button type="submit" name="decision" value="allow">
          Allow
        </button>
        <button type="submit" name="decision" value="deny" class="secondary">
          Cancel
        </button>
      </form>
    </Layout>
  );
}

/** The sign-in step of a connection: the dashboard's emailed link, which brings the user back here. */
export function ConnectSignInPage({ appName, sent, action }: { appName: string; sent: boolean; action: string }) {
  return (
    <Layout title="Sign in to connect">
      <h1>Sign in to connect {appName}</h1>
      {sent ? (
        <p class="notice done" role="status">
          If an account uses this address, we have emailed it a sign-in link. Open it in this browser: it brings you back here.
        </p>
      ) : (
        <p>Enter the email address you use at work. We will email you a link that signs you in and brings you back to this page.</p>
      )}
      <form method="post" action={action} class="stack">
        <label for="email">Email address</label>
        <input id="email" name="email" type="email" autocomplete="email" required maxLength={320} />
        <button type="submit">{sent ? 'Send another link' : 'Email me a sign-in link'}</button>
      </form>
    </Layout>
  );
}

/** A connection that cannot go on (expired, started in another browser, the user deactivated). */
export function ConnectProblemPage({ message }: { message: string }) {
  return (
    <Layout title="Cannot connect">
      <h1>Cannot connect</h1>
      <Notice errors={[message]} />
      <p>Go back to the app or agent and start connecting again.</p>
    </Layout>
  );
}
