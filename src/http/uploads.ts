import { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import busboy from 'busboy';
import type { IncomingFile } from '../graphql/operations.js';
import { AppError } from '../shared/errors.js';
import { noteStreamedDigest } from './idempotency.js';

/** The multipart part that carries the file, as browsers' forms and `curl -F file=@leads.csv` name it. */
export const FILE_PART = 'file';

const isMultipart = (contentType: string) => /^multipart\/form-data\b/i.test(contentType);

const cutOff = () => new AppError('BAD_USER_INPUT', 'The request body could not be read to its end');

/**
 * The file a request carries, streamed: the body itself (`text/csv`, `application/x-ndjson`, ...),
 * or the `file` part of a `multipart/form-data` body (busboy), whose own content type and file name
 * are the file's. Nothing is buffered here: the bytes flow as the consumer reads them, until
 * `signal` aborts (the request's time limit, or its client gone), when reading them throws at once.
 */
export async function incomingFile(request: Request, nodeRequest: IncomingMessage | undefined, signal: AbortSignal): Promise<IncomingFile> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!request.body) throw new AppError('BAD_USER_INPUT', 'Send the file as the request body', [{ field: 'body', message: 'is empty' }]);
  // Node's own request where the server is node:http: read only as fast as the file is stored (the
  // fetch API's stream of it queues whatever arrives, so a fast client would fill the heap).
  const body = nodeRequest ?? Readable.from(chunksOf(request.body), { objectMode: false });
  const length = Number(request.headers.get('content-length') ?? Number.NaN);
  if (!isMultipart(contentType)) return { bytes: digested(chunksUntil(body, signal)), contentType, ...(Number.isSafeInteger(length) ? { declaredBytes: length } : {}) };
  return new Promise<IncomingFile>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { 'content-type': contentType }, limits: { files: 1 } });
    } catch {
      reject(new AppError('BAD_USER_INPUT', 'The multipart body has no boundary', [{ field: 'body', message: 'is not multipart/form-data with a boundary' }]));
      return;
    }
    parser.on('file', (name, stream, info) => {
      if (name !== FILE_PART) {
        stream.resume();
        return;
      }
      resolve({ bytes: digested(chunksUntil(stream, signal)), contentType: info.mimeType, fileName: info.filename });
    });
    parser.on('error', () => reject(new AppError('BAD_USER_INPUT', 'The multipart body could not be read', [{ field: 'body', message: 'is not well-formed multipart/form-data' }])));
    parser.on('close', () => reject(new AppError('BAD_USER_INPUT', `The multipart body has no \`${FILE_PART}\` part`, [{ field: FILE_PART, message: 'is required' }])));
    body.pipe(parser);
  });
}

/** The node:http request under a fetch one, where the server is node:http (Yoga puts it in the server context). */
export const nodeRequestOf = (serverContext: object) => {
  const { req } = serverContext as { req?: unknown };
  return req instanceof IncomingMessage ? req : undefined;
};

/** The chunks, passed on as they come; read to their end, their SHA-256 is noted for the request's Idempotency-Key (`noteStreamedDigest`). */
async function* digested(chunks: AsyncGenerator<Uint8Array>): AsyncGenerator<Uint8Array> {
  const hash = createHash('sha256');
  for await (const chunk of chunks) {
    hash.update(chunk);
    yield chunk;
  }
  noteStreamedDigest(hash.digest('hex'));
}

/** The SHA-256 of the file a request carries, as `incomingFile` reads it, to its end: what a retried upload is compared by. */
export async function fileDigest(request: Request, nodeRequest: IncomingMessage | undefined, signal: AbortSignal): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of (await incomingFile(request, nodeRequest, signal)).bytes) hash.update(chunk);
  return hash.digest('hex');
}

/**
 * A stream's chunks, read as the consumer asks for them, until it ends or `signal` aborts (its
 * reason is thrown, at once even while no byte comes). A consumer that stops early leaves the
 * stream as it is (for-await over a request would destroy it, and its connection with it, before
 * any answer is written): `discardRest` reads what is left.
 */
async function* chunksUntil(stream: Readable, signal: AbortSignal): AsyncGenerator<Uint8Array> {
  let wake = () => {};
  const wakeUp = () => wake();
  const events = ['readable', 'end', 'error', 'close'] as const;
  for (const event of events) stream.on(event, wakeUp);
  signal.addEventListener('abort', wakeUp);
  try {
    for (;;) {
      if (signal.aborted) throw signal.reason instanceof AppError ? signal.reason : cutOff();
      const chunk = stream.read() as Uint8Array | null;
      if (chunk) yield chunk;
      else if (stream.readableEnded) return;
      else if (stream.destroyed) throw cutOff();
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    for (const event of events) stream.off(event, wakeUp);
    signal.removeEventListener('abort', wakeUp);
  }
}

/** What is read and thrown away of a refused upload's rest, at most, before its connection is closed. */
const LINGER_BYTES = 16 * 1024 * 1024;
const LINGER_MS = 5_000;

/**
 * A lingering close, as nginx does for a request it answers before reading its body: the rest of
 * the body is read and thrown away, so that a client still sending reads the answer (a 413, a
 * timeout) instead of the connection reset the kernel sends when a socket closes with bytes
 * unread. Bounded: past `LINGER_BYTES` or `LINGER_MS` the connection is closed anyway.
 */
export function discardRest(request: IncomingMessage): void {
  if (request.complete || request.destroyed) return;
  let discarded = 0;
  const close = () => request.socket.destroy();
  const timer = setTimeout(close, LINGER_MS);
  request.once('close', () => clearTimeout(timer));
  request.unpipe();
  request.on('data', (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (discarded > LINGER_BYTES) close();
  });
  request.resume();
}

/** A web stream's chunks as they arrive (the server's fetch implementation has its own stream class, which `Readable.fromWeb` refuses). */
async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
