/** Forgotten passwords: ask for a link (the same answer for every address), check it on load, set the new password. */
import { authRoutes } from '@console/contracts/auth';
import { api } from '../../../lib/api';

export function requestPasswordReset(email: string) {
  return api(authRoutes.requestPasswordReset, { body: { email } });
}

export function checkPasswordReset(token: string) {
  return api(authRoutes.checkPasswordReset, { body: { token } });
}

export function resetPassword(token: string, password: string) {
  return api(authRoutes.resetPassword, { body: { token, password } });
}
