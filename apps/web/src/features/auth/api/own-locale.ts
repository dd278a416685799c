/**
 * PUT auth/me/locale: the language a signed-in person chooses in the user menu becomes theirs
 * on the server, the language of the e-mails the console sends them. The page has already
 * switched; a save that fails changes nothing for the person, and the next choice saves again.
 */
import { firstPageRoutes as routes } from '@console/contracts/auth-constants';
import type { Locale } from '../../../i18n/locales';
import { api } from '../../../lib/api';

export function saveOwnLocale(locale: Locale): void {
  api(routes.setOwnLocale, { body: { locale } }).catch(() => undefined);
}
