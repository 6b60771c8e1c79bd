import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { canonicalPathname } from '../http/request-boundary.js';
import { FILE_PART } from '../http/uploads.js';

/** The one dashboard form that sends a file: the import page's upload. */
export const UPLOAD_PATH = '/dashboard/imports';

const isMultipart = (request: Request) => /^multipart\/form-data\b/i.test(request.headers.get('content-type') ?? '');

/**
 * Whether a request is the import page's upload, whose body the request boundary leaves unread
 * (src/http/app.ts): a file may be past the 1 MiB of other bodies, or not UTF-8 (a spreadsheet saved
 * as Windows-1252), and streams on to the API's upload route, which bounds it (`IMPORT_MAX_BYTES`).
 */
export const isDashboardUpload = (request: Request) => request.method === 'POST' && isMultipart(request) && canonicalPathname(new URL(request.url).pathname) === UPLOAD_PATH;

/** A file a form sent: its bytes as they arrive, and what the browser said of it (`fileName` empty: none chosen). */
export interface PostedFile {
  bytes: Readable;
  contentType: string;
  fileName: string;
}

/** Fields a multipart form may have before its file (the CSRF token and a few choices), each short. */
const FIELD_LIMITS = { fields: 20, fieldSize: 4096, files: 1 };

/**
 * A posted form's fields and, when multipart, its `file` part. A URL-encoded form (every other one)
 * is read whole; a multipart form's fields are read up to its file, which is left to stream: the
 * page puts the file input last, so the CSRF token is known before any of the file is read.
 */
export async function postedForm(request: Request): Promise<{ form: URLSearchParams; file: PostedFile | null }> {
  if (!isMultipart(request) || !request.body) return { form: new URLSearchParams(await request.text()), file: null };
  const body = request.body;
  const form = new URLSearchParams();
  return new Promise((resolve) => {
    const done = (file: PostedFile | null) => resolve({ form, file });
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { 'content-type': request.headers.get('content-type') ?? '' }, limits: FIELD_LIMITS });
    } catch {
      return done(null); // no boundary: a form without fields, refused by the CSRF check
    }
    parser.on('field', (name, value) => form.append(name, value));
    parser.on('file', (name, stream, info) => {
      if (name === FILE_PART) done({ bytes: stream, contentType: info.mimeType, fileName: info.filename ?? '' });
      else stream.resume();
    });
    parser.on('close', () => done(null));
    // A body cut off or malformed: before the file, the form has what arrived; after, the file's reader sees the error.
    parser.on('error', () => done(null));
    Readable.from(body as unknown as AsyncIterable<Uint8Array>).pipe(parser);
  });
}

/**
 * The file as the one part of a multipart body, for the API's upload route. Its name goes with it,
 * as with any client's upload: the API tells a CSV by its extension when the browser names no
 * useful type (Windows calls a .csv `application/vnd.ms-excel`).
 */
export function asMultipart(file: PostedFile): { body: ReadableStream<Uint8Array>; contentType: string } {
  const boundary = `dashboard-${randomBytes(12).toString('hex')}`;
  // How the HTML standard writes a file name into a multipart body.
  const name = file.fileName.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  async function* parts() {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${FILE_PART}"; filename="${name}"\r\nContent-Type: ${file.contentType}\r\n\r\n`);
    yield* file.bytes;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return { body: Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>, contentType: `multipart/form-data; boundary=${boundary}` };
}
