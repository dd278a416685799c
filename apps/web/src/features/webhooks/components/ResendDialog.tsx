/**
 * "Resend everything that failed since…": an instant in the reader's time zone (a day ago by
 * default, never in the future); every delivery of the endpoint that failed since then is sent again.
 */
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { AppDialog } from '../../../lib/dialogs/AppDialog';

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as a datetime-local field holds it: the reader's wall clock, to the minute. */
export function localInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function ResendDialog({ open, onClose, onResend }: { open: boolean; onClose: () => void; onResend: (since: string) => void }) {
  const { t } = useT();
  const [since, setSince] = useState('');
  useEffect(() => {
    if (open) setSince(localInputValue(new Date(Date.now() - 86_400_000)));
  }, [open]);
  const instant = since ? new Date(since) : null;
  const valid = !!instant && !Number.isNaN(instant.getTime()) && instant.getTime() <= Date.now();
  return (
    <AppDialog
      open={open}
      size="confirm"
      title={t('webhooks:resend.title')}
      onClose={onClose}
      onSave={() => instant && onResend(instant.toISOString())}
      saveLabel={t('webhooks:resend.confirm')}
      saveDisabled={!valid}
    >
      <DialogContentText sx={{ mb: 2 }}>{t('webhooks:resend.text')}</DialogContentText>
      <TextField
        type="datetime-local"
        label={t('webhooks:resend.since')}
        value={since}
        onChange={(e) => setSince(e.target.value)}
        fullWidth
        error={!valid}
        helperText={valid ? t('webhooks:resend.sinceHint') : t('webhooks:resend.sinceInvalid')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: localInputValue(new Date()) } }}
      />
    </AppDialog>
  );
}
