import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { App } from '../src/http/app.js';
import { createHttpServer } from '../src/http/server.js';

/**
 * A client that asks for a large answer and never reads it holds the answer's buffers for as long
 * as its connection lives (outside review 3, F10): the server cuts a connection on which no byte
 * moved for `stalledMs`.
 */
describe('stalled readers', () => {
  const answer = 'x'.repeat(32 * 1024 * 1024);
  const app = ((_request: unknown, response: { writeHead(status: number, headers: object): void; end(body: string): void }) => {
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(answer) });
    response.end(answer);
  }) as unknown as App;
  const server = createHttpServer(app, { headersTimeoutMs: 5_000, receiveTimeoutMs: 5_000, keepAliveTimeoutMs: 5_000, stalledMs: 500 });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('closes a connection whose client stops reading its answer', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const started = Date.now();
    // The server's side of the connection: a paused client would not even notice it closing.
    const closedByServer = new Promise<number>((resolve) => server.once('connection', (side) => side.on('close', () => resolve(Date.now() - started))));
    const socket = connect(port, '127.0.0.1');
    socket.pause(); // never reads
    socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await closedByServer).toBeLessThan(5_000);
    socket.destroy();
    expect(server.timeout).toBe(500);
  });
});
