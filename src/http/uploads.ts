import { Readable } from 'node:stream';
import busboy from 'busboy';
import type { IncomingFile } from '../graphql/operations.js';
import { AppError } from '../shared/errors.js';

/** The multipart part that carries the file, as browsers' forms and `curl -F file=@leads.csv` name it. */
export const FILE_PART = 'file';

const isMultipart = (contentType: string) => /^multipart\/form-data\b/i.test(contentType);

/**
 * The file a request carries, streamed: the body itself (`text/csv`, `application/x-ndjson`, ...),
 * or the `file` part of a `multipart/form-data` body (busboy), whose own content type and file name
 * are the file's. Nothing is buffered here: the bytes flow as the consumer reads them.
 */
export async function incomingFile(request: Request, nodeRequest?: Readable): Promise<IncomingFile> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!request.body) throw new AppError('BAD_USER_INPUT', 'Send the file as the request body', [{ field: 'body', message: 'is empty' }]);
  // Node's own request where the server is node:http: read only as fast as the file is stored (the
  // fetch API's stream of it queues whatever arrives, so a fast client would fill the heap).
  const body = nodeRequest ?? Readable.from(chunksOf(request.body), { objectMode: false });
  const length = Number(request.headers.get('content-length') ?? Number.NaN);
  if (!isMultipart(contentType)) return { bytes: body, contentType, ...(Number.isSafeInteger(length) ? { declaredBytes: length } : {}) };
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
      resolve({ bytes: stream, contentType: info.mimeType, fileName: info.filename });
    });
    parser.on('error', () => reject(new AppError('BAD_USER_INPUT', 'The multipart body could not be read', [{ field: 'body', message: 'is not well-formed multipart/form-data' }])));
    parser.on('close', () => reject(new AppError('BAD_USER_INPUT', `The multipart body has no \`${FILE_PART}\` part`, [{ field: FILE_PART, message: 'is required' }])));
    body.pipe(parser);
  });
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
