/** POST auth/sign-in: e-mail and password for an idToken. */
import { http } from '../../../lib/http';

export function signInWithPassword(email: string, password: string): Promise<{ idToken: string }> {
  return http<{ idToken: string }>('auth/sign-in', { method: 'POST', body: { email, password } });
}
