import DialogContentText from '@mui/material/DialogContentText';
import { useT } from '../../i18n/use-t';
import { useAppConfig } from '../../lib/app-config';
import { AppDialog } from '../../lib/dialogs/AppDialog';

/** Help for someone who is not signed in yet. */
export function HelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT();
  const { productName } = useAppConfig();
  return (
    <AppDialog open={open} title={t('help.title')} size="details" onClose={onClose}>
      <DialogContentText sx={{ mb: 1.5 }}>{t('help.what', { product: productName })}</DialogContentText>
      <DialogContentText sx={{ mb: 1.5 }}>{t('help.signIn', { product: productName })}</DialogContentText>
      <DialogContentText sx={{ mb: 1.5 }}>{t('help.sso')}</DialogContentText>
      <DialogContentText>{t('help.access')}</DialogContentText>
    </AppDialog>
  );
}
