/**
 * Where the console may send a browser after sign-in: its own paths only, never another host.
 * The one sanitizer of the server (SSO `redirect`) and the web (`?redirect=` of the sign-in
 * page): both must agree, and the web applies it again after changing a path's locale.
 * Only `URL`, so it runs in Node and browsers. It refuses rather than repairs: the console
 * never makes such paths itself, so only a forged link has them, and it gets the dashboard.
 */
export const MAX_REDIRECT_LENGTH = 2000;

/** The WHATWG URL of Node and browsers: the contracts compile without either's types. */
declare const URL: new (input: string, base: string) => { origin: string; pathname: string; search: string; hash: string };

/** A host that cannot exist: resolving against it shows whether a value leaves the origin. */
const BASE = 'http://console.invalid';

/**
 * Browsers read a backslash as a slash ('/\evil.example') and drop tabs and newlines
 * ('/\t/evil.example'); other control characters have no place in a link either.
 */
const UNSAFE_CHARACTER = /[\\\p{Cc}]/u;
/** An encoded slash or backslash, which a later decoding would turn into a separator. */
const ENCODED_SEPARATOR = /%(?:2f|5c)/i;

/**
 * A same-origin path (`/x?y#z`), normalised as browsers resolve it, or null. Refused too: an
 * empty path segment ('/es//evil.example' is '//evil.example', a host, once the web strips
 * its locale; '/a/..//evil.example' resolves to it at once) and encoded separators in the path.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_REDIRECT_LENGTH) return null;
  if (!value.startsWith('/') || UNSAFE_CHARACTER.test(value)) return null;
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname.includes('//') || ENCODED_SEPARATOR.test(url.pathname)) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.length <= MAX_REDIRECT_LENGTH ? path : null;
}
