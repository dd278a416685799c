/** POST auth/invitation/accept: set a password with an invitation token; returns an idToken. */
import { authRoutes } from '@console/contracts/auth';
import { api } from '../../../lib/api';
import { withLinkToken } from './link-token';

export function acceptInvitation(token: string, password: string) {
  return withLinkToken(api(authRoutes.acceptInvitation, { body: { token, password } }));
}
