import { Response as ServerResponse } from '@whatwg-node/fetch';
import { compressLasting, type Encoding, negotiateEncoding } from './compression.js';

/** A compressed copy is kept only when it saves at least this share of the bytes (an icon of PNGs saves nothing). */
const WORTHWHILE = 0.9;

export interface StaticAsset {
  /** The answer to a GET: the copy the request's `Accept-Encoding` prefers, compressed on first use and then kept. */
  respond(request: Request): Promise<Response>;
  /** Starts compressing for `encoding` ahead of the first request that will want it (a page's assets, as the page is served). */
  warm(encoding: Encoding | null): void;
}

/**
 * A file served as is, read (`load`) on first use: the server has it, and its compressed copies,
 * in memory (Buffers, off the small JS heap), so no request compresses it again. Compression runs
 * on the thread pool at high quality, since it happens once per process. Every answer says
 * `Vary: Accept-Encoding` and its exact `Content-Length`.
 */
export function staticAsset(load: () => Uint8Array | string, { type, cacheControl }: { type: string; cacheControl: string }): StaticAsset {
  let identity: Uint8Array | undefined;
  const bytes = () => (identity ??= (() => {
    const loaded = load();
    return typeof loaded === 'string' ? Buffer.from(loaded) : loaded;
  })());
  const compressed = new Map<Encoding, Promise<Uint8Array | null>>();
  const copy = (encoding: Encoding) => {
    let pending = compressed.get(encoding);
    if (!pending) {
      const original = bytes();
      pending = compressLasting(original, encoding).then(
        (smaller) => (smaller.byteLength <= original.byteLength * WORTHWHILE ? smaller : null),
        () => null, // Served uncompressed rather than not at all.
      );
      compressed.set(encoding, pending);
    }
    return pending;
  };
  return {
    warm(encoding) {
      if (encoding) void copy(encoding);
    },
    async respond(request) {
      const encoding = negotiateEncoding(request.headers.get('accept-encoding'));
      const encoded = encoding ? await copy(encoding) : null;
      const headers: Record<string, string> = { 'Content-Type': type, 'Cache-Control': cacheControl, Vary: 'Accept-Encoding' };
      if (encoded) headers['Content-Encoding'] = encoding!;
      return new ServerResponse((encoded ?? bytes()) as BodyInit, { headers }) as Response;
    },
  };
}
