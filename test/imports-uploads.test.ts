import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/http/app.js';
import { createHttpServer } from '../src/http/server.js';
import { useHarness } from './support/harness.js';

/**
 * Uploads as a client sends them over a socket (node:http on both sides): a client still sending
 * when it is refused reads its answer, and an upload past its time limit stops being stored.
 */
const { h, tenant } = useHarness();

/** The upload's time limit of the server below: short, so a client that stalls meets it. */
const UPLOAD_TIMEOUT_MS = 1_000;
let base: string;
let server: ReturnType<typeof createHttpServer>;
beforeAll(async () => {
  // Node's own receive limit far above the upload's, so the limit met is the boundary's.
  server = createHttpServer(createApp({ prisma: h.db.prisma, uploadTimeoutMs: UPLOAD_TIMEOUT_MS }), { headersTimeoutMs: 10_000, receiveTimeoutMs: 60_000, keepAliveTimeoutMs: 5_000 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const companies = (rows: number, from = 0) => Array.from({ length: rows }, (_, i) => `Upload Company ${from + i}\n`).join('');

/** A chunked POST of an import (no Content-Length: the server counts), its body written by `send`; the answer, as soon as it is read. */
function upload(key: string, send: (request: http.ClientRequest) => void) {
  return new Promise<{ status: number; body: unknown; request: http.ClientRequest }>((resolve, reject) => {
    const request = http.request(`${base}/api/v1/imports?object=companies`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' } });
    request.on('response', (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString()), request }));
    });
    request.on('error', reject);
    send(request);
  });
}

const stored = async (tenantId: string) => ({
  files: await h.db.prisma.importFile.count({ where: { tenantId } }),
  chunks: await h.db.prisma.importFileChunk.count({ where: { tenantId } }),
  jobs: await h.db.prisma.importJob.count({ where: { tenantId } }),
});

async function eventually<T>(value: () => Promise<T>, expected: T, withinMs = 3_000): Promise<void> {
  let last: T;
  for (const until = Date.now() + withinMs; ; ) {
    last = await value();
    if (JSON.stringify(last) === JSON.stringify(expected) || Date.now() > until) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(last).toEqual(expected);
}

describe('an upload past IMPORT_MAX_BYTES, sent chunked', () => {
  it('is answered 413 with its JSON body, to a client that reads it only once it has sent the rest: the rest is read and thrown away, not reset', async () => {
    const t = await tenant();
    process.env.IMPORT_MAX_BYTES = String(512 * 1024);
    try {
      const TOTAL = 8 * 1024 * 1024;
      const refused = await upload(t.secret, (request) => {
        // As a client busy sending does: nothing is read from the socket until the last byte is sent.
        request.once('socket', (socket) => socket.pause());
        let sent = 0;
        const write = () => {
          while (sent < TOTAL) {
            const text = sent === 0 ? `name\n${companies(2000)}` : companies(2000, sent);
            sent += Buffer.byteLength(text);
            if (!request.write(text)) return void request.once('drain', write);
          }
          request.end(() => request.socket?.resume());
        };
        write();
      });
      expect(refused.status).toBe(413);
      expect(refused.body).toMatchObject({ error: 'Payload Too Large', message: expect.stringMatching(/limited to 524288 bytes \(IMPORT_MAX_BYTES\)/) });
      await eventually(() => stored(t.tenantId), { files: 0, chunks: 0, jobs: 0 });
    } finally {
      delete process.env.IMPORT_MAX_BYTES;
    }
  });
});

describe('an upload that outlives its time limit', () => {
  it('is answered as the limit passes, stops being stored at once, and what it stored is deleted', async () => {
    const t = await tenant();
    let stall!: () => void;
    const stalled = new Promise<void>((resolve) => (stall = resolve));
    const answer = upload(t.secret, (request) => {
      // More than a piece (256 KiB), so one is stored before the client stalls.
      request.write(`name\n${companies(20_000)}`, () => stall());
    });
    await stalled;
    await eventually(async () => (await stored(t.tenantId)).chunks > 0, true);
    const timedOut = await answer;
    expect(timedOut.status).toBe(503);
    expect(timedOut.body).toMatchObject({ error: 'Service Unavailable', message: `The request took longer than ${UPLOAD_TIMEOUT_MS} ms` });
    // The client goes on sending: none of it is stored.
    timedOut.request.write(companies(20_000, 20_000));
    await eventually(() => stored(t.tenantId), { files: 0, chunks: 0, jobs: 0 });
    timedOut.request.destroy();
  });
});
