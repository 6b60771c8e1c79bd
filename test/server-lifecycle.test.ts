import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from './support/server-process.js';
import { secretKey, serverDatabase, startServer } from './support/server-process.js';

/** Sends raw bytes to the server and collects what it answers until it closes the connection (or `timeoutMs`). */
function raw(port: number, write: (socket: ReturnType<typeof connect>) => void, timeoutMs = 20_000) {
  return new Promise<{ text: string; closedAfterMs: number }>((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => write(socket));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
    socket.on('error', () => {});
  });
}

describe('the HTTP server', { timeout: 180_000 }, () => {
  let database: Awaited<ReturnType<typeof serverDatabase>>;
  let server: ServerProcess;
  beforeAll(async () => {
    database = await serverDatabase({ HEADERS_TIMEOUT_MS: '2000', RECEIVE_TIMEOUT_MS: '3000' });
    server = await startServer(database.env);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('writes a reason phrase on every status line', async () => {
    for (const [request, line] of [
      ['GET /api/v1/leads HTTP/1.1', 'HTTP/1.1 401 Unauthorized'],
      ['GET /api/v1/nothing HTTP/1.1', 'HTTP/1.1 404 Not Found'],
      ['DELETE /api/v1/leads HTTP/1.1', 'HTTP/1.1 405 Method Not Allowed'],
      ['GET /health/ready HTTP/1.1', 'HTTP/1.1 200 OK'],
    ] as const) {
      const { text } = await raw(server.port, (socket) => socket.write(`${request}\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
      expect(text.split('\r\n')[0]).toBe(line);
    }
  });

  it('drops a client that sends its headers or body too slowly, long before Node’s 300 s', async () => {
    const slowHeaders = await raw(server.port, (socket) => socket.write('GET /api/v1/leads HTTP/1.1\r\nHost: localhost\r\n'));
    expect(slowHeaders.closedAfterMs).toBeLessThan(6_000);
    expect(slowHeaders.text).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
    const slowBody = await raw(server.port, (socket) => {
      socket.write('POST /api/v1/leads HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
      const drip = setInterval(() => socket.write(' '), 500);
      socket.on('close', () => clearInterval(drip));
    });
    expect(slowBody.closedAfterMs).toBeLessThan(7_000);
    expect(slowBody.text).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
    expect((await fetch(`${server.base}/health/live`)).status).toBe(200);
  });
});

describe('SIGTERM', { timeout: 180_000 }, () => {
  let database: Awaited<ReturnType<typeof serverDatabase>>;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('finishes the writes in flight, stores every acknowledged one, exits 0 within 10 s, and the database opens again at once', async () => {
    database = await serverDatabase();
    server = await startServer(database.env);
    const key = await secretKey(database.env);
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const acknowledged: string[] = [];
    const answered: number[] = [];
    let signalled = 0;
    const worker = async (w: number) => {
      for (let i = 0; ; i += 1) {
        const answer = await fetch(`${server!.base}/api/v1/leads`, { method: 'POST', headers, body: JSON.stringify({ firstName: `S${w}-${i}`, lastName: 'Shutdown' }) }).catch(
          () => null,
        );
        // Refused connections: the server has stopped accepting.
        if (!answer) return;
        answered.push(answer.status);
        if (answer.status === 201) acknowledged.push((await answer.json()).data.id);
        if (acknowledged.length >= 30 && !signalled) {
          signalled = Date.now();
          server!.kill('SIGTERM');
        }
      }
    };
    const workers = Promise.all(Array.from({ length: 10 }, (_, w) => worker(w)));
    const exitCode = await server.exited;
    const exitedAfterMs = Date.now() - signalled;
    await workers;
    expect(exitCode).toBe(0);
    expect(exitedAfterMs).toBeLessThan(10_000);
    expect(new Set(answered)).toEqual(new Set([201]));
    expect(server.stderr()).not.toMatch(/"level":50/);

    const restartedAt = Date.now();
    server = await startServer(database.env);
    expect(Date.now() - restartedAt).toBeLessThan(10_000);
    for (const id of acknowledged) {
      expect((await fetch(`${server.base}/api/v1/leads/${id}`, { headers })).status, id).toBe(200);
    }
  });
});
