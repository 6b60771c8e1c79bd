import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders } from 'node:http';
import { STATUS_CODES, ServerResponse, createServer } from 'node:http';
import type { App } from './app.js';

/**
 * Responses whose status line always has its reason phrase: the fetch `Response`s the app answers
 * with have an empty `statusText` (`Response.json` sets none), which Node would write as is,
 * giving status lines like `HTTP/1.1 404 ` that some clients and proxies reject.
 */
type Headers = OutgoingHttpHeaders | OutgoingHttpHeader[];

class ResponseWithReasonPhrase extends ServerResponse {
  override writeHead(statusCode: number, reason?: string | Headers, headers?: Headers): this {
    if (typeof reason === 'string' && reason !== '') return super.writeHead(statusCode, reason, headers);
    return super.writeHead(statusCode, STATUS_CODES[statusCode] ?? 'Unknown', typeof reason === 'string' ? headers : (reason ?? headers));
  }
}

export interface ServerTimeouts {
  /** Longest a client may take to send the request headers. */
  headersTimeoutMs: number;
  /** Longest a client may take to send the whole request, body included. */
  receiveTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /**
   * Longest a connection may go without a byte moving either way (default 30 s): a client that
   * stops reading an answer is cut, and the answer's buffers freed, rather than held for as long
   * as it likes. Keep it above the request time limit (a request computing sends nothing) and the
   * subscriptions' heartbeat (12 s).
   */
  stalledMs?: number;
}

const STALLED_MS = 30_000;

/**
 * The node:http server in front of the app, with timeouts far below Node's defaults (300 s for a
 * request, 60 s for headers), so a client that sends slowly cannot hold a connection (and its
 * memory) for minutes; they are checked every second instead of Node's every 30 s. One that
 * stops reading is cut after `stalledMs` (Node's default is never).
 */
export function createHttpServer(app: App, timeouts: ServerTimeouts) {
  const server = createServer<typeof IncomingMessage, typeof ResponseWithReasonPhrase>(
    {
      ServerResponse: ResponseWithReasonPhrase,
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.receiveTimeoutMs,
      keepAliveTimeout: timeouts.keepAliveTimeoutMs,
      connectionsCheckingInterval: 1_000,
    },
    app,
  );
  server.timeout = timeouts.stalledMs ?? STALLED_MS;
  return server;
}

/**
 * Stops accepting connections and waits for the requests in flight, closing idle keep-alive
 * connections as they become idle; after `graceMs` the remaining connections are closed.
 * Resolves once no connection is left.
 */
export function drainServer(server: ReturnType<typeof createHttpServer>, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(idleSweep);
      clearTimeout(deadline);
      resolve();
    });
    server.closeIdleConnections();
  });
}
