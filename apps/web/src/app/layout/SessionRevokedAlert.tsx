/**
 * When any call finds the session closed: an alert that says why (signed out on another
 * device, "SSO login only", the organization disabled, a password reset…), then the sign-in
 * page, which says it again with what to do next (`?signedOut=<reason>`).
 */
import DialogContentText from '@mui/material/DialogContentText';
import { useSyncExternalStore } from 'react';
import { localeOfPath, localizePath } from '../../i18n/locales';
import { useT } from '../../i18n/use-t';
import { AppDialog } from '../../lib/dialogs/AppDialog';
import { onSessionRevoked, sessionRevokedReason, wasSessionRevoked } from '../../lib/http';
import { queryClient } from '../../lib/query-client';
import { clearLocalSession } from '../../lib/session';

export function SessionRevokedAlert() {
  const { t } = useT();
  const open = useSyncExternalStore(onSessionRevoked, wasSessionRevoked);
  return (
    <AppDialog
      open={open}
      alert
      size="confirm"
      title={t('auth:revoked.title')}
      closeLabel={t('dialog.ok')}
      onClose={() => {
        queryClient.clear();
        clearLocalSession();
        // A full load of the root (of the current language): nothing of the old session survives in memory.
        const reason = sessionRevokedReason();
        window.location.assign(`${localizePath('/', localeOfPath(window.location.pathname))}?signedOut=${reason}`);
      }}
    >
      <DialogContentText>{t(`auth:revoked.reasons.${sessionRevokedReason()}`)}</DialogContentText>
    </AppDialog>
  );
}
