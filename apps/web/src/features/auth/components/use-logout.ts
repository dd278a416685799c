/** Logout: confirm, revoke the session, forget everything, 'See you soon!', home. */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { useConfirm } from '../../../lib/dialogs/confirm';
import { isHttpError, sessionEndingHere, sessionOpen } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { clearLocalSession } from '../../../lib/session';
import { useWait } from '../../../lib/wait-overlay';
import { logout } from '../api/session';

export function useLogout() {
  const { t } = useT();
  const confirm = useConfirm();
  const wait = useWait();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { localize } = useLocale();

  /** Resolves to true when the user is logged out, false when they cancelled or it failed. */
  return async (): Promise<boolean> => {
    const yes = await confirm({
      title: t('auth:logout.confirmTitle'),
      text: t('auth:logout.confirmText'),
      confirmLabel: t('auth:logout.confirm'),
    });
    if (!yes) return false;
    // Calls of the screen still in flight will find the session closed: that is this logout, not another device.
    sessionEndingHere();
    try {
      await wait.during(t('auth:logout.closing'), logout({ quiet: true }));
    } catch (err) {
      // A session that is already gone (expired, revoked) is as logged out as it gets.
      if (!isHttpError(err) || err.statusCode !== 401) {
        sessionOpen();
        notify.error(t('errors:codes.LOGOUT_FAILED'));
        return false;
      }
    }
    queryClient.clear();
    clearLocalSession();
    notify.success(t('auth:logout.seeYouSoon'));
    navigate(localize('/'), { replace: true });
    return true;
  };
}
