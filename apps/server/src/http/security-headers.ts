/**
 * The security headers of every response, worked out once at start-up
 * (docs/decisions/011-api-security-headers.md):
 * - documents (the web app, its assets, the API reference page) get helmet's set with the
 *   console's CSP. @fastify/helmet ran helmet's middleware on every request, parsing the
 *   CSP each time; helmet still decides the headers: we record what it sets on a stand-in;
 * - JSON API answers get the short set the OWASP REST Security Cheat Sheet names: nothing
 *   in them is a document to protect, so they forbid everything and are never cached.
 */
import helmet, { type HelmetOptions } from 'helmet';

const directives = {
  defaultSrc: ["'self'"],
  // MUI (emotion) injects style elements at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/** The options of a console served over https (helmet adds HSTS and upgrade-insecure-requests). */
export const securityOptions: HelmetOptions = {
  contentSecurityPolicy: { directives },
  crossOriginEmbedderPolicy: false,
};

/**
 * The document options for a console served at `publicUrl`. Over plain http (a laptop, a
 * closed network) HSTS means nothing and `upgrade-insecure-requests` would send the page's
 * own requests to an https port nobody listens on; so both only when PUBLIC_URL is https.
 */
export function securityOptionsFor(publicUrl: string): HelmetOptions {
  if (new URL(publicUrl).protocol === 'https:') return securityOptions;
  return {
    contentSecurityPolicy: { directives: { ...directives, upgradeInsecureRequests: null } },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  };
}

/** [name, value] pairs, lower-case names, in helmet's order. */
export function securityHeaders(options: HelmetOptions = securityOptions): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failed: unknown;
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return [...headers];
}

/**
 * For API answers: no content may load or frame, nothing is kept by a cache, the type is not
 * sniffed; HSTS as for documents. A fifth of the bytes of helmet's set, which an
 * integration's every call paid for (bench/history.md).
 */
export function apiSecurityHeaders(documentHeaders: [string, string][] = securityHeaders()): [string, string][] {
  const hsts = documentHeaders.find(([name]) => name === 'strict-transport-security');
  return [
    ['cache-control', 'no-store'],
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ...(hsts ? [hsts] : []),
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', 'no-referrer'],
  ];
}

/**
 * The policy of a media file answered by the API (the staff "source video" link). Opened in a
 * tab, the browser wraps the file in a media document whose <video> loads this same URL, which
 * `default-src 'none'` blocks: it may load media from this origin, and nothing else.
 */
export const MEDIA_DOCUMENT_CSP = "default-src 'none'; media-src 'self'; frame-ancestors 'none'";
