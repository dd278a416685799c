/**
 * The sign-in form's checks (docs/product.md, "Screens"), by the shared contract's rules, in
 * the common vocabulary of field problems (lib/validation.ts). They run in the browser
 * without zod to keep the first page light; the server validates the same fields with the
 * contract's zod schemas (signInEmail, signInPassword).
 */
import { SIGN_IN_PASSWORD_MIN } from '@console/contracts/auth-constants';
import type { ValidationCode } from '../../../lib/validation';

// Lenient on purpose: the server's stricter check answers anything this lets through.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function checkSignInEmail(value: string): ValidationCode | undefined {
  const email = value.trim();
  if (!email) return 'required';
  return EMAIL.test(email) ? undefined : 'email';
}

export function checkSignInPassword(value: string): ValidationCode | undefined {
  if (!value) return 'required';
  return value.length >= SIGN_IN_PASSWORD_MIN ? undefined : 'passwordMin';
}
