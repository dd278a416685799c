/** POST auth/invitation/accept: set a password with an invitation token; returns an idToken. */
import { authRoutes } from '@console/contracts/auth';
import { api } from '../../../lib/api';

export function acceptInvitation(token: string, password: string) {
  return api(authRoutes.acceptInvitation, { body: { token, password } });
}
