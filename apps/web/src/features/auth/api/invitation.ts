/**
 * Invitations: check a link as its page loads (GET auth/invitation?token=), then set the
 * password: into the console (accept: an idToken) or to activate an account of the
 * platform's app (activate: no session).
 */
import { firstPageRoutes as authRoutes } from '@console/contracts/auth-constants';
import { api } from '../../../lib/api';
import { withLinkToken } from './link-token';

export function checkInvitation(token: string) {
  return api(authRoutes.checkInvitation, { query: { token } });
}

export function acceptInvitation(token: string, password: string) {
  return withLinkToken(api(authRoutes.acceptInvitation, { body: { token, password } }));
}

export function activateInvitation(token: string, password: string) {
  return api(authRoutes.activateInvitation, { body: { token, password } });
}
