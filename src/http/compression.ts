import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import { Response as ServerResponse } from '@whatwg-node/fetch';
import type { Plugin } from 'graphql-yoga';
import type { PageCall } from './admission.js';

export type Encoding = 'br' | 'gzip';

/** Answers smaller than this go as they are: a few hundred bytes gain nothing worth a compressor's setup. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Larger answers are compressed on libuv's thread pool, so a big page does not hold the event
 * loop for milliseconds; smaller ones in place, where the hand-off would cost more than the work.
 */
const IN_PLACE_LIMIT_BYTES = 64 * 1024;

/**
 * Dynamic answers are compressed for speed: the server's main thread is what limits a list's
 * throughput. Measured here on a 25-lead page (10.6 KB of JSON): brotli quality 2 gave 2.5 KB in
 * ~60-90 µs, as small as gzip level 6 (~110-140 µs); brotli's default quality 11 would take
 * milliseconds, and quality 4 ~250 µs for 5 % less. gzip level 1 is the fastest gzip (~100 µs, 2.7 KB).
 */
const dynamic = {
  br: (size: number): BrotliOptions => ({
    params: { [constants.BROTLI_PARAM_QUALITY]: 2, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: size },
  }),
  gzip: (): ZlibOptions => ({ level: 1 }),
};

/**
 * Files compressed once and kept (src/http/static-asset.ts): the ratio matters more than the time.
 * Brotli quality 6 took GraphiQL's 5.3 MB bundle to 1.27 MB in 0.3 s (quality 11: 1.12 MB in 14 s).
 */
const lasting = {
  br: (size: number): BrotliOptions => ({ params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: size } }),
  gzip: (): ZlibOptions => ({ level: 9 }),
};

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** `bytes` compressed for an answer computed per request; on the thread pool when large. */
function compressDynamic(bytes: Uint8Array, encoding: Encoding): Buffer | Promise<Buffer> {
  const inPlace = bytes.byteLength <= IN_PLACE_LIMIT_BYTES;
  if (encoding === 'br') return inPlace ? brotliCompressSync(bytes, dynamic.br(bytes.byteLength)) : brotliAsync(bytes, dynamic.br(bytes.byteLength));
  return inPlace ? gzipSync(bytes, dynamic.gzip()) : gzipAsync(bytes, dynamic.gzip());
}

/** `bytes` compressed to keep (a static asset), on the thread pool. */
export function compressLasting(bytes: Uint8Array, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotliAsync(bytes, lasting.br(bytes.byteLength)) : gzipAsync(bytes, lasting.gzip());
}

/**
 * The encoding to answer with, from the request's `Accept-Encoding` (RFC 9110 12.5.3): brotli or
 * gzip, whichever has the higher weight, brotli on a tie (smaller for the same time at the
 * qualities above); `*` stands for any coding not named; `q=0` refuses one. Null: send as is.
 */
export function negotiateEncoding(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null;
  let br: number | undefined;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';');
    let weight = 1;
    for (const param of params) {
      const q = /^\s*q\s*=(.*)$/i.exec(param);
      if (q) weight = /^\s*[0-9.]+\s*$/.test(q[1]!) ? Number(q[1]) : NaN;
    }
    // A weight that is not a number between 0 and 1 refuses the coding rather than guessing.
    if (!(weight >= 0 && weight <= 1)) weight = 0;
    const coding = name.trim().toLowerCase();
    if (coding === 'br') br = weight;
    else if (coding === 'gzip' || coding === 'x-gzip') gzip = weight;
    else if (coding === '*') any = weight;
  }
  br ??= any ?? 0;
  gzip ??= any ?? 0;
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

/**
 * Types worth compressing: JSON (GraphQL's answers, REST's, problem details), text, scripts,
 * markup. Not `text/event-stream` (subscriptions over SSE, /mcp's streams): a compressor buffers,
 * and each event must reach the client when it is sent. Not PDFs, images or fonts: already compressed.
 */
const COMPRESSIBLE = /^\s*(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|[\w.+-]*\+(?:json|xml))|image\/svg\+xml)/i;

export const isCompressible = (contentType: string | null) => contentType !== null && COMPRESSIBLE.test(contentType);

const variesOnEncoding = (headers: Headers) => /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(headers.get('vary') ?? '');

/** Adds `Accept-Encoding` to `Vary` (keeping what CORS put there): the answer depends on it. */
function varyOnEncoding(headers: Headers): void {
  const vary = headers.get('vary');
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/** The body's bytes; the server's own responses hand over their buffer (a Buffer, despite the type), not a copy. */
async function bodyBytes(response: Response): Promise<Uint8Array> {
  const data = (await response.arrayBuffer()) as ArrayBuffer | Uint8Array;
  return data instanceof Uint8Array ? data : new Uint8Array(data);
}

/**
 * Compresses the answers that gain from it, by the client's `Accept-Encoding`: JSON, HTML, text,
 * at least COMPRESSION_THRESHOLD_BYTES long, not already encoded or negotiated, not marked `no-transform`, never
 * an event stream, never a HEAD answer (it has no body, and its headers stay those of the uncompressed
 * GET). Registered last, so it sees each answer as it will be sent, CORS's `Vary` included. API calls
 * a dashboard page or /mcp makes inside its own request are left alone: their caller reads them.
 */
export function useCompression(): Plugin {
  return {
    // Not async: the answers it leaves alone (most are small) cost no promise.
    onResponse({ request, response, serverContext, setResponse }) {
      if ((serverContext as PageCall).paidByPage) return;
      const headers = response.headers;
      if (!isCompressible(headers.get('content-type'))) return;
      if (headers.has('content-encoding') || /\bno-transform\b/i.test(headers.get('cache-control') ?? '')) return;
      // Its producer chose the encoding already (a static asset: src/http/static-asset.ts).
      if (variesOnEncoding(headers)) return;
      varyOnEncoding(headers);
      // (`response.body` is not asked: on the server's own responses it would build a stream to read.)
      if (request.method === 'HEAD' || response.status === 204 || response.status === 206 || response.status === 304) return;
      const encoding = negotiateEncoding(request.headers.get('accept-encoding'));
      if (!encoding) return;
      // The server's own responses say their length; a short one is never read here.
      const length = headers.get('content-length');
      if (length !== null && Number(length) < COMPRESSION_THRESHOLD_BYTES) return;
      return compressed(response, encoding).then(setResponse);
    },
  };
}

/** `response` with its body compressed, or as it was when the body turns out short. */
async function compressed(response: Response, encoding: Encoding): Promise<Response> {
  const { headers } = response;
  const bytes = await bodyBytes(response);
  // The body was read: the answer is a new Response either way, with the same status and headers.
  const answer = (body: Uint8Array) => new ServerResponse(body as BodyInit, { status: response.status, statusText: response.statusText, headers }) as Response;
  if (bytes.byteLength < COMPRESSION_THRESHOLD_BYTES) return answer(bytes);
  const body = await compressDynamic(bytes, encoding);
  headers.set('Content-Encoding', encoding);
  // The new body's length is set from the compressed bytes.
  headers.delete('content-length');
  return answer(body);
}
