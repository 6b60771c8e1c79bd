// The writes measured: lead creation beside the plain handler's INSERT, and booking creation
// spread over the open resources and on one alone (each request books another slot).
import type { Target } from './load.js';
import type { BenchData } from './scratch-db.js';
import { mcpLeadsCall, suitesOf } from './suites.js';
import { fetchJson } from './verify.js';

/** `POST /api/bookings`, each request booking the next of `slotIds` (distinct slots): all 201 Created. */
export function bookingCreation(productBase: string, secret: string, slotIds: string[], resources: string): Target {
  return {
    name: `booking: product REST POST, ${resources}`,
    suite: 'booking',
    server: 'product',
    url: `${productBase}/api/bookings`,
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    bodies: slotIds.map((slotId, i) => JSON.stringify({ slotId, firstName: 'Bench', lastName: 'Guest', email: `guest${i + 1}@bench.example` })),
    status: 201,
  };
}

/** `POST /api/v1/leads` on the product and on the plain handler (one INSERT of the lead and its event): the same body, all 201 Created. */
export function leadCreation(productBase: string, plainBase: string, secret: string): { rest: Target; plain: Target; goal: number } {
  const write = (server: 'product' | 'plain', base: string): Target => ({
    name: server === 'product' ? 'lead creation: product REST POST' : 'lead creation: plain INSERT',
    suite: 'lead creation',
    server,
    url: `${base}/api/v1/leads`,
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Bench', lastName: 'Writer', email: 'writer@bench.example', companyName: 'Bench Writers', notes: 'Created by the benchmark.' }),
    status: 201,
  });
  return { rest: write('product', productBase), plain: write('plain', plainBase), goal: 0.5 };
}

/** Every open slot of each around-the-clock resource over the next 31 days: distinct slots to book. */
export async function openSlotIds(productBase: string, { secret, bookings }: BenchData): Promise<string[][]> {
  const from = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 31 * 86_400_000).toISOString().slice(0, 10);
  const perResource: string[][] = [];
  for (const resourceId of bookings.bookableResourceIds) {
    const answer = await fetchJson(`${productBase}/api/bookings/resources/${resourceId}/availability?from=${from}&to=${to}`, { method: 'GET', headers: { authorization: `Bearer ${secret}` } });
    const slots = (answer.json as { slots?: { slotId: string }[] } | null)?.slots;
    if (answer.status !== 200 || !slots) throw new Error(`availability of ${resourceId} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    perResource.push(slots.map((s) => s.slotId));
  }
  return perResource;
}

/**
 * The booking-creation targets: one spreading its bookings over every resource (alternating, as
 * independent guests would), one booking a single resource (every request queues on its lock).
 * They book disjoint slots: the even ones of each resource, and the odd ones of the first.
 */
export async function bookingWrites(productBase: string, data: BenchData): Promise<Target[]> {
  const perResource = await openSlotIds(productBase, data);
  const even = perResource.map((slots) => slots.filter((_, i) => i % 2 === 0));
  const spread = Array.from({ length: Math.max(...even.map((slots) => slots.length)) }, (_, i) => even.flatMap((slots) => slots[i] ?? [])).flat();
  const single = (perResource[0] ?? []).filter((_, i) => i % 2 === 1);
  return [
    bookingCreation(productBase, data.secret, spread, `${perResource.length} resources`),
    bookingCreation(productBase, data.secret, single, '1 resource'),
  ];
}


/** One target by name, for the tools measuring one target alone: a read suite's on `surface` (`rest`, `graphql`, or `mcp` for leads), or a write: `lead creation`, `booking` (spread over the open resources), `booking on 1 resource`. */
export async function targetNamed(base: string, data: BenchData, suite: string, surface: string): Promise<Target> {
  if (suite === 'leads' && surface === 'mcp') return mcpLeadsCall(base, data);
  if (suite === 'lead creation') return leadCreation(base, base, data.secret).rest;
  if (suite === 'booking') return (await bookingWrites(base, data))[0] as Target;
  if (suite === 'booking on 1 resource') return (await bookingWrites(base, data))[1] as Target;
  const read = suitesOf(base, base, data).find((s) => s.name === suite);
  if (!read) throw new Error(`No suite ${suite}`);
  return surface === 'graphql' ? read.graphql : read.rest;
}
