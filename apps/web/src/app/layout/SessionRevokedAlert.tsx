/** When any call finds the session closed from another device: an alert, then the root. */
import DialogContentText from '@mui/material/DialogContentText';
import { useSyncExternalStore } from 'react';
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
        // A full load: nothing of the old session survives in memory.
        window.location.assign('/');
      }}
    >
      <DialogContentText>{t('errors:codes.SESSION_REVOKED')}</DialogContentText>
    </AppDialog>
  );
}
