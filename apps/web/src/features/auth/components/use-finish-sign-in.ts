/**
 * The end of every sign-in (password, SSO, sign-in link, invitation): open the session,
 * welcome the user by name and go on; or show the server's reason in the user's
 * language and sign out after the notice.
 */
import type { AuthenticatedUser } from '@console/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { activateLocale } from '../../../i18n';
import { localeOfPath } from '../../../i18n/locales';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/error-message';
import { sessionOpen } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { homeOf, REDIRECT_PARAM, signInTarget } from '../../../lib/redirect';
import { clearLocalSession, sessionChanged } from '../../../lib/session';
import { createSession, logout, meQuery } from '../api/session';

/**
 * `fromServer`: the page is one the server sent the browser to (single sign-on's return),
 * whose `redirect` already carries the language the user chose before leaving.
 */
export function useFinishSignIn({ fromServer = false } = {}) {
  const { t } = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { locale } = useLocale();

  /** The session exists (cookies set): remember the user, welcome them (in the language they go on in), go on. */
  const welcome = async (user: AuthenticatedUser) => {
    sessionOpen();
    queryClient.setQueryData(meQuery.queryKey, user);
    sessionChanged();
    const redirect = params.get(REDIRECT_PARAM);
    const target = fromServer && redirect ? localeOfPath(redirect) : locale;
    if (target !== locale) await activateLocale(target);
    notify.success(t('auth:signIn.welcome', { name: user.displayName, lng: target }));
    navigate(signInTarget(redirect, target, homeOf(user)), { replace: true });
  };

  return {
    welcome,
    /** Opens the browser session with an idToken, then welcomes. */
    async withIdToken(idToken: string, email: string) {
      await welcome(await createSession(idToken, email));
    },
    /** Shows why it failed (unless the page shows it itself), then makes sure no half-open session is left behind. */
    async fail(err: unknown, fallbackKey = 'errors:signIn.failed', { notice = true } = {}) {
      if (notice) notify.error(errorMessage(err, fallbackKey));
      await logout({ quiet: true }).catch(() => undefined);
      queryClient.removeQueries({ queryKey: meQuery.queryKey });
      clearLocalSession();
    },
  };
}
