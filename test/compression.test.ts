import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../src/http/compression.js';
import { useHarness } from './support/harness.js';

const { h, tenant, rest } = useHarness();

/** The raw answer: `app.fetch` hands back the body as sent, compressed or not (no fetch client decodes it). */
const raw = (path: string, headers: Record<string, string>, app = h.app) => app.fetch(`http://localhost${path}`, { headers });
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

/** A tenant with enough leads that its first page is a few kilobytes of JSON. */
async function tenantWithLeads() {
  const t = await tenant({ role: 'system_admin' });
  for (let i = 0; i < 12; i += 1) {
    const created = await rest('POST', '/api/v1/leads', { key: t.secret, body: { firstName: `Lead${i}`, lastName: 'Compressible', email: `lead${i}@example.test` } });
    expect(created.status).toBe(201);
  }
  return t;
}

describe('Accept-Encoding', () => {
  it('picks brotli or gzip by weight, brotli on a tie, and nothing refused or unknown', () => {
    expect(negotiateEncoding(null)).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('deflate, zstd')).toBeNull();
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('GZIP;q=1, br;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.1')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0.5, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('gzip;q=nonsense')).toBeNull();
    expect(negotiateEncoding('gzip;q=2')).toBeNull();
  });
});

describe('compressed answers', () => {
  it('answers a JSON list compressed with what the client accepts, decoding to the same JSON', async () => {
    const t = await tenantWithLeads();
    const auth = { authorization: `Bearer ${t.secret}` };
    const plain = await raw('/api/v1/leads?limit=25', auth);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    const expected = await bytes(plain);
    expect(expected.length).toBeGreaterThan(1024);
    expect(JSON.parse(expected.toString()).data).toHaveLength(12);

    for (const [accept, encoding, decode] of [
      ['gzip', 'gzip', gunzipSync],
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['br;q=0.5, gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await raw('/api/v1/leads?limit=25', { ...auth, 'accept-encoding': accept });
      expect(response.status, accept).toBe(200);
      expect(response.headers.get('content-encoding'), accept).toBe(encoding);
      expect(response.headers.get('content-type'), accept).toMatch(/^application\/json/);
      expect(response.headers.get('vary'), accept).toMatch(/accept-encoding/i);
      const body = await bytes(response);
      expect(Number(response.headers.get('content-length')), accept).toBe(body.length);
      expect(body.length, accept).toBeLessThan(expected.length / 2);
      // The same JSON, except what differs per request (none in a list's body).
      expect(JSON.parse(decode(body).toString()), accept).toEqual(JSON.parse(expected.toString()));
    }
  });

  it('compresses GraphQL answers too', async () => {
    const t = await tenantWithLeads();
    const response = await h.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { authorization: `Bearer ${t.secret}`, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      body: JSON.stringify({ query: '{ leads(first: 25) { nodes { id firstName lastName email status createdAt } } }' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const body = JSON.parse(gunzipSync(await bytes(response)).toString());
    expect(body.data.leads.nodes).toHaveLength(12);
  });

  it('leaves small answers and client errors uncompressed, with their JSON', async () => {
    const t = await tenant();
    const small = await raw('/api/v1/leads?limit=1', { authorization: `Bearer ${t.secret}`, 'accept-encoding': 'gzip, br' });
    expect(small.status).toBe(200);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('vary')).toMatch(/accept-encoding/i);
    expect((await small.json()).data).toEqual([]);
    const refused = await raw('/api/v1/leads', { 'accept-encoding': 'gzip, br' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect((await refused.json()).error).toBe('Unauthorized');
    const badEncoding = await raw('/api/v1/leads', { authorization: `Bearer ${t.secret}`, 'accept-encoding': 'gzip;q=bogus, ;;;, br;q=-1' });
    expect(badEncoding.status).toBe(200);
    expect(badEncoding.headers.get('content-encoding')).toBeNull();
  });

  it('keeps CORS in Vary beside Accept-Encoding', async () => {
    const t = await tenant();
    // A public operation answers any origin, echoed back, so its answers vary on Origin.
    const response = await raw('/api/bookings/resources', { authorization: `Bearer ${t.publishable}`, origin: 'https://shop.example', 'accept-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    const vary = (response.headers.get('vary') ?? '').split(/\s*,\s*/).map((v) => v.toLowerCase());
    expect(vary).toContain('origin');
    expect(vary.filter((v) => v === 'accept-encoding')).toHaveLength(1);
  });

  it('never compresses a subscription stream over SSE', async () => {
    const t = await tenant();
    const response = await h.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { authorization: `Bearer ${t.secret}`, accept: 'text/event-stream', 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
      body: JSON.stringify({ query: 'subscription { events { id type } }' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // Yoga itself marks its event streams `Content-Encoding: none`.
    expect(response.headers.get('content-encoding') ?? 'none').toBe('none');
    // The first heartbeat arrives at once, as text: nothing buffers the stream.
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toMatch(/^:|^event:|^data:/m);
    await reader.cancel();
  });

  it('serves the HTML pages compressed and their HEAD answers with the GET headers and no body', async () => {
    const page = await raw('/docs', { 'accept-encoding': 'gzip' });
    // The reference page is under the threshold; the OpenAPI document is not.
    expect(page.headers.get('content-encoding')).toBeNull();
    const document = await raw('/openapi.json', { 'accept-encoding': 'br' });
    expect(document.headers.get('content-encoding')).toBe('br');
    const body = await bytes(document);
    expect(JSON.parse(brotliDecompressSync(body).toString()).openapi).toMatch(/^3\./);
    const head = await h.app.fetch('http://localhost/openapi.json', { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(Number(head.headers.get('content-length'))).toBe(body.length);
    expect((await bytes(head)).length).toBe(0);
  });
});
