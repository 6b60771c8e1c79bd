import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { checkedLookup, endpointUrlProblem } from './webhook-url.js';

/** What came back from one POST: the status, or why none came, and how long it took. */
export interface PostOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** How much of a response is read (for the log's error); the rest is never buffered. */
const KEPT_RESPONSE_BYTES = 4096;

export interface WebhookPoster {
  post(url: string, headers: Record<string, string>, body: string): Promise<PostOutcome>;
  /** Ends the POSTs in flight (they fail, and are retried later) so that a server stops at once. */
  close(): void;
}

/**
 * POSTs webhooks. The URL is judged again first (its scheme, and where its host resolves now),
 * then the connection's own lookup (`checkedLookup`, the same rule) and the request-filtering
 * agents refuse the address actually connected to if a webhook may not go there, which defeats
 * DNS rebinding between that check and the connection. The agents' "meta" addresses (0.0.0.0,
 * `::`) are refused even with private networks allowed, as cloud metadata addresses are by the
 * lookup. node's `request` follows no redirects. Any 2xx within `timeoutMs` (headers and body) delivers.
 */
export function webhookPoster({ allowPrivateNetworks, timeoutMs }: { allowPrivateNetworks: boolean; timeoutMs: number }): WebhookPoster {
  const agentOptions = { allowPrivateIPAddress: allowPrivateNetworks, allowMetaIPAddress: false, keepAlive: true };
  const lookup = checkedLookup(allowPrivateNetworks);
  const agents = { http: new RequestFilteringHttpAgent(agentOptions), https: new RequestFilteringHttpsAgent(agentOptions) };
  let closed = false;

  function send(url: URL, headers: Record<string, string>, body: string) {
    return new Promise<Omit<PostOutcome, 'durationMs'>>((resolve) => {
      const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
        method: 'POST',
        agent: url.protocol === 'https:' ? agents.https : agents.http,
        lookup,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'business-platform-webhooks/1' },
      });
      const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      const settle = (outcome: Omit<PostOutcome, 'durationMs'>) => {
        clearTimeout(timer);
        resolve(outcome);
      };
      request.on('error', (error) => settle({ statusCode: null, error: closed ? 'cut short: this server was shutting down' : error.message }));
      request.on('response', (response: IncomingMessage) => {
        const statusCode = response.statusCode ?? 0;
        let kept = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          kept += chunk;
          if (kept.length < KEPT_RESPONSE_BYTES) return;
          response.destroy();
          settleAnswer();
        });
        response.on('end', settleAnswer);
        response.on('error', settleAnswer);
        function settleAnswer() {
          const delivered = statusCode >= 200 && statusCode < 300;
          settle({ statusCode, error: delivered ? null : `answered ${statusCode}${kept ? `: ${kept.slice(0, KEPT_RESPONSE_BYTES)}` : ''}` });
        }
      });
      request.end(body);
    });
  }

  return {
    async post(url, headers, body) {
      const startedAt = performance.now();
      const problem = await endpointUrlProblem(url, allowPrivateNetworks);
      const outcome = problem ? { statusCode: null, error: `not sent: the URL ${problem.message}` } : await send(new URL(url), headers, body);
      return { ...outcome, durationMs: Math.round(performance.now() - startedAt) };
    },
    close() {
      closed = true;
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
