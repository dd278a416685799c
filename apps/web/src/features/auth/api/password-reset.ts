/** Forgotten passwords: ask for a link (the same answer for every address), check it on load, set the new password. */
import { firstPageRoutes as authRoutes } from '@console/contracts/auth-constants';
import type { Locale } from '../../../i18n/locales';
import { api } from '../../../lib/api';

/** `locale`: the page's, the e-mail's language for a person who has none of their own. */
export function requestPasswordReset(email: string, locale: Locale) {
  return api(authRoutes.requestPasswordReset, { body: { email, locale } });
}

export function checkPasswordReset(token: string) {
  return api(authRoutes.checkPasswordReset, { body: { token } });
}

export function resetPassword(token: string, password: string) {
  return api(authRoutes.resetPassword, { body: { token, password } });
}
