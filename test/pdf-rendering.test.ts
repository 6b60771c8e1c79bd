import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from './support/server-process.js';
import { secretKey, serverDatabase, startServer } from './support/server-process.js';

/** A server as `npm start` runs it (its heap limits included), with a tenant, a key and a company to bill. */
async function billingServer(extra: NodeJS.ProcessEnv = {}) {
  const database = await serverDatabase({ METRICS: '1', ...extra });
  const server = await startServer(database.env);
  const key = await secretKey(database.env);
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    return { status: response.status, type: response.headers.get('content-type') ?? '', bytes, json: () => JSON.parse(bytes.toString()) };
  };
  const companies = await call('GET', '/api/v1/companies?limit=1');
  const companyId: string = companies.json().data[0].id;
  return { database, server, call, companyId };
}

const lines = (count: number, length: number) => Array.from({ length: count }, (_, i) => ({ description: `${i} ${'W'.repeat(length - String(i).length - 1)}`, quantity: '1', unitPrice: '1.00' }));

/** The largest invoice the bounds allow: 250 lines of 1,000 of the widest characters, the longest notes. */
const largestInvoice = (companyId: string) => ({ companyId, lineItems: lines(250, 1000), notes: 'N'.repeat(5000), customerNotes: 'C'.repeat(2000), dueDate: '2099-12-31' });

/**
 * Runs `work` while asking the server's liveness every 25 ms; answers how long the work took and
 * the slowest of those answers, in ms. A render on the server's own thread would hold every
 * answer for about the whole render; the machine's load alone (shared by other jobs) cannot.
 */
async function slowestLivenessDuring<T>(server: ServerProcess, work: () => Promise<T>): Promise<{ result: T; slowestMs: number; tookMs: number }> {
  let done = false;
  let slowestMs = 0;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      const response = await fetch(`${server.base}/health/live`);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      slowestMs = Math.max(slowestMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  const started = performance.now();
  const result = await work().finally(() => {
    done = true;
  });
  const tookMs = performance.now() - started;
  await probe;
  return { result, slowestMs, tookMs };
}

const renders = async (server: ServerProcess, outcome: string) => {
  const metrics = await (await fetch(`${server.base}/metrics`)).text();
  return Number(new RegExp(`^pdf_renders_total\\{outcome="${outcome}"\\} (\\d+)`, 'm').exec(metrics)?.[1] ?? 'NaN');
};

describe('PDF rendering in a server process', { timeout: 240_000 }, () => {
  let world: Awaited<ReturnType<typeof billingServer>>;
  beforeAll(async () => {
    world = await billingServer();
  });
  afterAll(async () => {
    await world?.server.stop();
    await world?.database.drop();
  });

  it("refuses the review's invoice of 450 lines of 2,000 characters, and creates nothing", async () => {
    const { call, companyId } = world;
    const before = (await call('GET', '/api/invoices?limit=1')).json().total;
    const refused = await call('POST', '/api/invoices', { companyId, lineItems: lines(450, 2000), notes: 'N'.repeat(10_000), customerNotes: 'C'.repeat(10_000) });
    expect(refused.status).toBe(400);
    expect(refused.json().error).toBe('Bad Request');
    expect((await call('GET', '/api/invoices?limit=1')).json().total).toBe(before);
  });

  it('sends and downloads the largest legal invoice while the server keeps answering, and renders it once', async () => {
    const { server, call, companyId } = world;
    const created = await call('POST', '/api/invoices', largestInvoice(companyId));
    expect(created.status).toBe(201);
    const { id } = created.json();

    const sent = await slowestLivenessDuring(server, () => call('POST', `/api/invoices/${id}/send`));
    expect(sent.result.status).toBe(200);
    expect(sent.slowestMs).toBeLessThan(sent.tookMs / 2);
    for (let i = 0; i < 100; i++) {
      const paid = await call('POST', `/api/invoices/${id}/payments`, { amount: '0.01', paymentMethod: 'other', referenceNumber: `${i} ${'R'.repeat(96)}` });
      expect(paid.status).toBe(201);
    }

    const rendered = await renders(server, 'rendered');
    const first = await slowestLivenessDuring(server, () => call('GET', `/api/invoices/${id}/pdf`));
    expect(first.result.status).toBe(200);
    expect(first.result.type).toBe('application/pdf');
    expect(first.result.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(first.result.bytes.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBeGreaterThan(20);
    expect(first.slowestMs).toBeLessThan(first.tookMs / 2);
    expect(await renders(server, 'rendered')).toBe(rendered + 1);

    const second = await call('GET', `/api/invoices/${id}/pdf`);
    expect(second.bytes.equals(first.result.bytes)).toBe(true);
    expect(await renders(server, 'rendered')).toBe(rendered + 1);
    expect(server.rssMb()).toBeLessThan(600);
  });
});

describe('a render past its time limit', { timeout: 240_000 }, () => {
  let world: Awaited<ReturnType<typeof billingServer>>;
  beforeAll(async () => {
    world = await billingServer({ PDF_RENDER_TIMEOUT_MS: '50' });
  });
  afterAll(async () => {
    await world?.server.stop();
    await world?.database.drop();
  });

  it('is stopped and answered 503 with a JSON error; nothing changes and the server keeps serving', async () => {
    const { server, call, companyId } = world;
    const { id } = (await call('POST', '/api/invoices', largestInvoice(companyId))).json();
    const download = await call('GET', `/api/invoices/${id}/pdf`);
    expect(download.status).toBe(503);
    expect(download.json()).toMatchObject({ error: 'Service Unavailable', message: expect.stringMatching(/longer than 50 ms/) });
    const send = await call('POST', `/api/invoices/${id}/send`);
    expect(send.status).toBe(503);
    expect((await call('GET', `/api/invoices/${id}`)).json().status).toBe('draft');
    expect(await renders(server, 'timed_out')).toBe(2);
    expect((await fetch(`${server.base}/health/live`)).status).toBe(200);
  });
});
