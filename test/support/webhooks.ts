import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { startWebhookWorker, type WebhookWorker, type WebhookWorkerOptions } from '../../src/events/webhook-worker.js';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

type Answer = (response: ServerResponse, webhook: ReceivedWebhook) => void;

/**
 * A webhook receiver on 127.0.0.1 (for a describe block). Each `endpoint(name)` is a path of its
 * own that keeps what it is POSTed and answers as its `answer` says (200 by default); an answer
 * that never ends the response leaves the sender hanging.
 */
export function webhookReceiver() {
  const paths = new Map<string, { received: ReceivedWebhook[]; answer: Answer }>();
  let base = '';
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const path = paths.get(request.url ?? '');
      if (!path) return void response.writeHead(404).end();
      const webhook = { headers: request.headers, body };
      path.received.push(webhook);
      path.answer(response, webhook);
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    endpoint(name: string, answer: Answer = (response) => void response.writeHead(200).end('ok')) {
      const path = { received: [] as ReceivedWebhook[], answer };
      paths.set(`/hooks/${name}`, path);
      return {
        url: `${base}/hooks/${name}`,
        received: path.received,
        /** The `webhook-id` of every POST received, in order. */
        ids: () => path.received.map((webhook) => String(webhook.headers['webhook-id'])),
        set answer(next: Answer) {
          path.answer = next;
        },
      };
    },
  };
}

/** Lets in-process tests run the webhook worker a server runs (short delays; private addresses allowed unless told): stopped after each test. */
export function webhookWorkers(db: () => Database) {
  const running: WebhookWorker[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((worker) => worker.stop()));
  });
  return (options: Partial<WebhookWorkerOptions> = {}) => {
    const worker = startWebhookWorker(db().prisma, db().listen, { allowPrivateNetworks: true, pollMs: 50, retryBaseMs: 100, ...options });
    running.push(worker);
    return worker;
  };
}
