/** POST auth/invitation/accept: set a password with an invitation token; returns an idToken. */
import { http } from '../../../lib/http';

export function acceptInvitation(token: string, password: string): Promise<{ idToken: string }> {
  return http<{ idToken: string }>('auth/invitation/accept', { method: 'POST', body: { token, password } });
}
