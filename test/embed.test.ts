import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { WIDGETS_BUNDLE } from '../src/embed/widgets-bundle.js';
import { useHarness } from './support/harness.js';

/** The budget for both elements together, compressed. */
const BUDGET_BYTES = 25 * 1024;

const { h } = useHarness();
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => h.app.fetch(`http://localhost${path}`, { method, headers });

/** The hashed copy's path, read from the one line of the stable module. */
async function hashedPath(): Promise<string> {
  const line = await (await get('/embed/v1/widgets.js')).text();
  const name = /^import '\.\/(widgets\.[0-9a-f]{16}\.js)';\n$/.exec(line)?.[1];
  expect(name, line).toBeDefined();
  return `/embed/v1/${name}`;
}

describe('the website widgets bundle', () => {
  it('stays under 25 KB compressed (gzip and brotli), both elements together', () => {
    // Built by `npm run build` (Vitest's global setup runs it): the bytes the server serves.
    const bundle = readFileSync(WIDGETS_BUNDLE);
    const gzip = gzipSync(bundle, { level: 9 }).byteLength;
    const brotli = brotliCompressSync(bundle, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength;
    console.log(`widgets bundle: ${bundle.byteLength} bytes minified, ${gzip} gzip, ${brotli} brotli (budget ${BUDGET_BYTES})`);
    expect(gzip).toBeLessThan(BUDGET_BYTES);
    expect(brotli).toBeLessThan(BUDGET_BYTES);
    // One ES module that defines both elements and carries no date library.
    const code = bundle.toString('utf8');
    expect(code).toContain('bp-booking');
    expect(code).toContain('bp-lead-form');
    expect(code).not.toMatch(/luxon|date-fns|dayjs/i);
  });
});

describe('GET /embed/v1/widgets.js', () => {
  it('is a short-cached module with an ETag, open to any origin, importing the hashed bundle', async () => {
    const response = await get('/embed/v1/widgets.js', { origin: 'https://shop.example' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    expect(await response.text()).toBe(`import './widgets.${etag!.slice(1, -1)}.js';\n`);

    const again = await get('/embed/v1/widgets.js', { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await get('/embed/v1/widgets.js', { 'if-none-match': '"0000000000000000"' })).status).toBe(200);
  });

  it('serves the hashed copy immutable, compressed as asked, and identical to the build', async () => {
    const path = await hashedPath();
    const bundle = readFileSync(WIDGETS_BUNDLE);
    const plain = await get(path);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(plain.headers.get('access-control-allow-origin')).toBe('*');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer()).equals(bundle)).toBe(true);
    for (const encoding of ['br', 'gzip']) {
      const compressed = await get(path, { 'accept-encoding': encoding });
      expect(compressed.headers.get('content-encoding')).toBe(encoding);
      expect(compressed.headers.get('vary')).toContain('Accept-Encoding');
      expect(Number(compressed.headers.get('content-length'))).toBeLessThan(bundle.byteLength / 2);
    }
  });

  it("sends another version's copy to this one (a stable module cached from before a deployment)", async () => {
    const current = await hashedPath();
    const old = await get('/embed/v1/widgets.0123456789abcdef.js');
    expect(old.status).toBe(307);
    expect(old.headers.get('location')).toBe(current);
    expect(old.headers.get('cache-control')).toBe('public, max-age=300');
    expect(old.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers HEAD with the GET headers and no body', async () => {
    const path = await hashedPath();
    const head = await get(path, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(readFileSync(WIDGETS_BUNDLE).byteLength));
    expect(await head.text()).toBe('');
    expect((await get('/embed/v1/widgets.js', {}, 'HEAD')).headers.get('etag')).toMatch(/^"[0-9a-f]{16}"$/);
  });

  it('refuses other methods and unknown names in JSON, changing nothing', async () => {
    const post = await get('/embed/v1/widgets.js', {}, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(await post.json()).toEqual({ error: 'Method Not Allowed', message: 'Use GET' });
    for (const path of ['/embed/v1/widgets.0123456789ABCDEF.js', '/embed/v1/widgets.0123.js', '/embed/v1/', '/embed/v1/../../package.json', '/embed/v1/widgets.js/x']) {
      const missing = await get(path);
      expect(missing.status, path).toBe(404);
      expect((await missing.json()).error).toBe('Not Found');
    }
  });
});
