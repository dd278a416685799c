/**
 * Where the console may send a browser after sign-in: the one sanitizer of the contracts,
 * shared with the web (packages/contracts/src/redirects.ts), and its refusal as a 400.
 */
import { safeRedirectPath } from '@console/contracts';
import { ValidationError } from './errors.js';

export { safeRedirectPath };

export function assertSafeRedirect(value: unknown, fallback = '/dashboard'): string {
  if (value === undefined || value === '') return fallback;
  const path = safeRedirectPath(value);
  if (!path) throw new ValidationError('Redirects to other hosts are not allowed.', undefined, 'BAD_REDIRECT');
  return path;
}
