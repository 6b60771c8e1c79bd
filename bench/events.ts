// The cost of events on the write path: lead creation (REST POST) with no webhook endpoint, then
// with one endpoint receiving `lead.created` (a local receiver answering 204, so the delivery
// worker runs in the same process meanwhile), in interleaved rounds. Every write records its event
// either way; the endpoint adds the queued delivery and its sending. Target: within 10 %.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runLoad, type Target } from './load.js';
import type { Teardown } from './teardown.js';
import { fetchJson } from './verify.js';

export interface EventCost {
  withoutRps: number[];
  withRps: number[];
  delivered: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** A receiver that answers every POST 204 and counts them. */
async function receiver(teardown: Teardown) {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  teardown.add('stop the webhook receiver', () => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received: () => received };
}

/** A webhook endpoint of the benchmark's tenant receiving `lead.created` at a local receiver; created disabled until `setStatus`. */
export async function benchEndpoint(productBase: string, secret: string, teardown: Teardown) {
  const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
  const hook = await receiver(teardown);
  const created = await fetchJson(`${productBase}/api/webhook-endpoints`, { method: 'POST', headers, body: JSON.stringify({ url: hook.url, events: ['lead.created'] }) });
  if (created.status !== 201) throw new Error(`creating the benchmark's webhook endpoint answered ${created.status}: ${created.text}`);
  const endpointId = (created.json as { data: { id: string } }).data.id;
  const setStatus = async (status: 'enabled' | 'disabled') => {
    const answer = await fetchJson(`${productBase}/api/webhook-endpoints/${endpointId}`, { method: 'PATCH', headers, body: JSON.stringify({ status }) });
    if (answer.status !== 200) throw new Error(`${status} the webhook endpoint answered ${answer.status}: ${answer.text}`);
  };
  return { setStatus, received: hook.received };
}

export async function measureEventCost(productBase: string, secret: string, rounds: number, seconds: number, teardown: Teardown): Promise<EventCost> {
  const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
  const { setStatus, received } = await benchEndpoint(productBase, secret, teardown);
  const target: Target = {
    name: 'lead: product REST POST',
    suite: 'leads',
    server: 'product',
    url: `${productBase}/api/v1/leads`,
    method: 'POST',
    headers,
    body: JSON.stringify({ firstName: 'Bench', lastName: 'Writer', email: 'writer@bench.example' }),
    status: 201,
  };
  const cost: EventCost = { withoutRps: [], withRps: [], delivered: 0 };
  for (let round = 0; round < rounds; round += 1) {
    // Alternating which goes first, so neither always meets a warmer server.
    for (const subscribed of round % 2 ? [true, false] : [false, true]) {
      await setStatus(subscribed ? 'enabled' : 'disabled');
      const result = await runLoad(target, seconds);
      (subscribed ? cost.withRps : cost.withoutRps).push(result.rps);
    }
  }
  await setStatus('disabled');
  cost.delivered = received();
  return cost;
}

/** Lead creation's requests/s with an endpoint over those without (medians of the rounds). */
export const eventCostRatio = (cost: EventCost) => median(cost.withRps) / median(cost.withoutRps);

export function eventCostReport(cost: EventCost): string {
  const without = median(cost.withoutRps);
  const withEndpoint = median(cost.withRps);
  const ratio = eventCostRatio(cost);
  return [
    'Events on the write path: lead creation, medians of interleaved rounds',
    `  without an endpoint: ${without.toFixed(0)} req/s (${cost.withoutRps.map((r) => r.toFixed(0)).join(', ')})`,
    `  with one endpoint receiving lead.created: ${withEndpoint.toFixed(0)} req/s (${cost.withRps.map((r) => r.toFixed(0)).join(', ')}); ${cost.delivered} webhooks received`,
    `  ratio ${ratio.toFixed(2)} (goal: at least 0.90) ${ratio >= 0.9 ? 'met' : 'MISSED'}`,
  ].join('\n');
}
