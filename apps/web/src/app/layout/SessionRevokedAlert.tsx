/** When any call finds the session closed from another device: an alert, then the root. */
import DialogContentText from '@mui/material/DialogContentText';
import { useSyncExternalStore } from 'react';
import { localeOfPath, localizePath } from '../../i18n/locales';
import { useT } from '../../i18n/use-t';
import { AppDialog } from '../../lib/dialogs/AppDialog';
import { onSessionRevoked, wasSessionRevoked } from '../../lib/http';
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
        window.location.assign(localizePath('/', localeOfPath(window.location.pathname)));
      }}
    >
      <DialogContentText>{t('errors:codes.SESSION_REVOKED')}</DialogContentText>
    </AppDialog>
  );
}
