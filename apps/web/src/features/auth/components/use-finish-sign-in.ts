/**
 * The end of every sign-in (password, SSO, sign-in link, invitation): open the session,
 * welcome the user by name and go on; or show the server's reason in the user's
 * language and sign out after the notice.
 */
import type { AuthenticatedUser } from '@console/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { REDIRECT_PARAM, signInTarget } from '../../../lib/redirect';
import { clearLocalSession, sessionChanged } from '../../../lib/session';
import { createSession } from '../api/create-session';
import { meQuery } from '../api/get-me';
import { logout } from '../api/logout';

export function useFinishSignIn() {
  const { t } = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { locale } = useLocale();

  /** The session exists (cookies set): remember the user, welcome them, go on. */
  const welcome = (user: AuthenticatedUser) => {
    queryClient.setQueryData(meQuery.queryKey, user);
    sessionChanged();
    notify.success(t('auth:signIn.welcome', { name: user.displayName }));
    navigate(signInTarget(params.get(REDIRECT_PARAM), locale), { replace: true });
  };

  return {
    welcome,
    /** Opens the browser session with an idToken, then welcomes. */
    async withIdToken(idToken: string, email: string) {
      welcome(await createSession(idToken, email));
    },
    /** Shows why it failed, then makes sure no half-open session is left behind. */
    async fail(err: unknown, fallbackKey = 'errors:signIn.failed') {
      notify.error(errorMessage(err, fallbackKey));
      await logout({ quiet: true }).catch(() => undefined);
      queryClient.removeQueries({ queryKey: meQuery.queryKey });
      clearLocalSession();
    },
  };
}
