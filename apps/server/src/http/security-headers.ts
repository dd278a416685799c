/**
 * The security headers of every response (helmet's, with the console's CSP), worked out
 * once at start-up. @fastify/helmet ran helmet's middleware on every request, parsing the
 * CSP directives each time: the largest single cost of a no-op route (bench/README.md).
 * helmet itself still decides the headers: we record what it sets on a stand-in response.
 */
import helmet, { type HelmetOptions } from 'helmet';

export const securityOptions: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
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
    },
  },
  crossOriginEmbedderPolicy: false,
};

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
