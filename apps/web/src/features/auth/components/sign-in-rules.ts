/**
 * The sign-in form's checks (spec section 5), by the shared contract's rules. They run
 * in the browser without zod to keep the first page light; the server validates the
 * same fields with the contract's zod schemas (signInEmail, signInPassword).
 */
import { SIGN_IN_PASSWORD_MIN } from '@console/contracts/auth-constants';

export type FieldProblem = 'required' | 'email' | 'passwordMin';

// Lenient on purpose: the server's stricter check answers anything this lets through.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function checkSignInEmail(value: string): FieldProblem | null {
  const email = value.trim();
  if (!email) return 'required';
  return EMAIL.test(email) ? null : 'email';
}

export function checkSignInPassword(value: string): FieldProblem | null {
  if (!value) return 'required';
  return value.length >= SIGN_IN_PASSWORD_MIN ? null : 'passwordMin';
}
