/** Session secrets and one-time tokens (invitations, sign-in links, SSO states) are stored only as a hash. */
import { hash, randomBytes } from 'node:crypto';

/** The random bytes of a session secret, an invitation's or a password reset's token. */
export const RANDOM_TOKEN_BYTES = 32;

/** A session secret or a one-time token: its bytes in base64url (43 characters; the logs know the shape). */
export function randomToken(): string {
  return randomBytes(RANDOM_TOKEN_BYTES).toString('base64url');
}

export function hashSecret(secret: string): string {
  // The one-shot hash: no Hash object per call (it is on every external API call's path).
  return hash('sha256', secret, 'base64url');
}
