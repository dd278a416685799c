/** POST auth/custom: a one-time sign-in link's token for an idToken. */
import { http } from '../../../lib/http';

export function redeemSignInLink(token: string): Promise<{ idToken: string }> {
  return http<{ idToken: string }>('auth/custom', { method: 'POST', body: { token } });
}
