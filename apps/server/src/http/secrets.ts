/** Session secrets and one-time tokens (invitations, sign-in links, SSO states) are stored only as a hash. */
import { hash } from 'node:crypto';

export function hashSecret(secret: string): string {
  // The one-shot hash: no Hash object per call (it is on every external API call's path).
  return hash('sha256', secret, 'base64url');
}
