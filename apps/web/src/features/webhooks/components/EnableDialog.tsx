/**
 * Enable an endpoint again. One disabled after failing for days missed what happened since it
 * began failing: the dialog offers to resend those deliveries, chosen by default.
 */
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useT } from '../../../i18n/use-t';
import { AppDialog } from '../../../lib/dialogs/AppDialog';
import { formatDateTime } from '../../../lib/format';
import { useResendSince } from '../resend-since';

export function EnableDialog({
  open,
  missedSince,
  onClose,
  onEnable,
}: {
  open: boolean;
  /** When the endpoint began failing, if it was disabled for it. */
  missedSince: string | null;
  onClose: () => void;
  onEnable: (resendSince: string | null) => void;
}) {
  const { t } = useT();
  const resend = useResendSince(
    open,
    () => true,
    (chosen) => (missedSince && chosen ? missedSince : null),
  );
  return (
    <AppDialog
      open={open}
      size="confirm"
      title={t('webhooks:enable.title')}
      onClose={onClose}
      onSave={() => onEnable(resend.instant)}
      saveLabel={t('webhooks:enable.confirm')}
    >
      <DialogContentText sx={{ mb: missedSince ? 1 : 0 }}>{t('webhooks:enable.text')}</DialogContentText>
      {missedSince && (
        <FormControlLabel
          control={<Checkbox checked={resend.value} onChange={(e) => resend.setValue(e.target.checked)} />}
          label={t('webhooks:enable.resend', { date: formatDateTime(missedSince) })}
        />
      )}
    </AppDialog>
  );
}
