/** A body sent again and again from memory, compressed at most once per encoding, in the encoding the client prefers. */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESSION, compressedOnce } from './compressed-once.js';

const json = Buffer.from(JSON.stringify({ workflows: Array.from({ length: 40 }, (_, i) => ({ id: i, title: `Workflow ${i}` })) }));

describe('compressedOnce', () => {
  it('answers the encoding the client prefers, as @fastify/compress negotiates it', () => {
    const page = compressedOnce(json);
    const encodingFor = (header: string | undefined) => page.for(header).encoding;
    expect(encodingFor('gzip, deflate, br, zstd')).toBe('br');
    expect(encodingFor('gzip, deflate')).toBe('gzip');
    expect(encodingFor('br;q=0, gzip')).toBe('gzip');
    expect(encodingFor('gzip;q=0.5, br;q=0.9')).toBe('br');
    expect(encodingFor('x-gzip')).toBe('gzip');
    expect(encodingFor('*')).toBe('gzip');
    expect(encodingFor('GZIP')).toBe('gzip');
    for (const none of [undefined, '', 'identity', 'deflate', 'br;q=0, gzip;q=0']) expect(encodingFor(none), String(none)).toBeUndefined();
  });

  it('gives bytes that decompress to the body, compressed once and then the same bytes', () => {
    const page = compressedOnce(json);
    const br = page.for('br');
    expect(zlib.brotliDecompressSync(br.body).equals(json)).toBe(true);
    expect(br.body.length).toBeLessThan(json.length / 3);
    // The same Buffer, not a second compression of the body.
    expect(page.for('gzip, br').body).toBe(br.body);
    const gzip = page.for('gzip');
    expect(zlib.gunzipSync(gzip.body).equals(json)).toBe(true);
    expect(page.for('gzip').body).toBe(gzip.body);
    expect(page.for(undefined).body).toBe(json);
  });

  it('leaves a body under the compression threshold as it is', () => {
    const small = Buffer.from('{"ok":true}');
    expect(small.length).toBeLessThan(COMPRESSION.threshold);
    expect(compressedOnce(small).for('br, gzip')).toEqual({ body: small });
  });
});
