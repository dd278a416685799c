/** Where the console may send a browser after sign-in: its own paths only, never another host. */
import { ValidationError } from './errors.js';

const MAX_REDIRECT = 2000;

/** A same-origin path (`/x?y#z`) or null: never another host, scheme or protocol-relative URL. */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_REDIRECT) return null;
  // Browsers treat a backslash as a slash ("/\evil.com") and drop control characters.
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || hasControlCharacter(value)) return null;
  const base = 'http://console.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

export function assertSafeRedirect(value: unknown, fallback = '/dashboard'): string {
  if (value === undefined || value === '') return fallback;
  const path = safeRedirectPath(value);
  if (!path) throw new ValidationError('Redirects to other hosts are not allowed.', undefined, 'BAD_REDIRECT');
  return path;
}
