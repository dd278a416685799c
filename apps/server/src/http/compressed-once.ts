/**
 * A body the server sends many times from memory, compressed at most once per encoding
 * instead of for every answer (docs/decisions/040-compressed-once.md): the web app's
 * index.html and the external API's cached workflow pages. Most HTTP clients ask for
 * compression by default (browsers, undici, axios, requests), and compressing a page again
 * for each call would cost more than the rest of a cached call together (bench/history.md).
 *
 * The encoding is the one @fastify/compress picks for the other API answers (app.ts): its
 * negotiator over brotli then gzip, honouring q-values, `*` and `x-gzip`; a body under the
 * plugin's threshold goes as it is.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

/** Brotli's quality for API answers: cheap enough to compress a cached page again after every change. */
const API_BROTLI_QUALITY = 4;

/** What app.ts gives @fastify/compress: the same rules then hold for bodies compressed once. */
export const COMPRESSION = {
  threshold: 1024,
  encodings: ['br', 'gzip'] as Encoding[],
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: API_BROTLI_QUALITY } },
};

// No cache of answers by header: any client could fill it with headers of its own.
const negotiator = new Negotiator<Encoding>({ supportedValues: COMPRESSION.encodings });
const GZIP_ALIASES = /\*|x-gzip/g;
const negotiate = (acceptEncoding: string | undefined): Encoding | undefined =>
  (acceptEncoding && negotiator.negotiate(acceptEncoding.toLowerCase().replace(GZIP_ALIASES, 'gzip'))) || undefined;

export interface CompressedOnce {
  /** The bytes to send to a client that sent this Accept-Encoding, and their encoding (none: as they are). */
  for(acceptEncoding: string | undefined): { body: Buffer; encoding?: Encoding };
}

/** `identity` kept with its compressed forms; brotli at the API answers' quality unless told otherwise. */
export function compressedOnce(identity: Buffer, brotliQuality = API_BROTLI_QUALITY): CompressedOnce {
  const forms: Partial<Record<Encoding, Buffer>> = {};
  const compress = (encoding: Encoding) =>
    encoding === 'br'
      ? zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality } })
      : zlib.gzipSync(identity);
  return {
    for(acceptEncoding) {
      const encoding = identity.length < COMPRESSION.threshold ? undefined : negotiate(acceptEncoding);
      if (!encoding) return { body: identity };
      forms[encoding] ??= compress(encoding);
      return { body: forms[encoding], encoding };
    },
  };
}

/**
 * A large body (megabytes) compressed once, ahead, on libuv's thread pool: compressing it
 * on the first request would hold the event loop for about a second.
 */
export async function compressedAhead(identity: Buffer, brotliQuality: number): Promise<CompressedOnce> {
  const [br, gzip] = await Promise.all([
    promisify(zlib.brotliCompress)(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality } }),
    promisify(zlib.gzip)(identity),
  ]);
  const forms: Record<Encoding, Buffer> = { br, gzip };
  return {
    for(acceptEncoding) {
      const encoding = negotiate(acceptEncoding);
      return encoding ? { body: forms[encoding], encoding } : { body: identity };
    },
  };
}

/**
 * Sends the body in the encoding the client accepts, always with `Vary: accept-encoding` (a
 * shared cache must not give one client's encoding to another). @fastify/compress leaves an
 * answer that already has its Content-Encoding as it is.
 */
export function sendCompressedOnce(request: FastifyRequest, reply: FastifyReply, body: CompressedOnce, contentType: string) {
  const { body: bytes, encoding } = body.for(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.header('vary', 'accept-encoding').type(contentType).send(bytes);
}
