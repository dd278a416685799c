/**
 * "Resend everything that failed since…": an instant in the reader's time zone (a day ago by
 * default, never in the future); every delivery of the endpoint that failed since then is sent again.
 */
import TextField from '@mui/material/TextField';
import { useT } from '../../../i18n/use-t';
import { instantOfLocalInput, localInputValue, useResendSince } from '../resend-since';
import { SectionDialog } from './SectionDialog';

export function ResendDialog({ open, onClose, onResend }: { open: boolean; onClose: () => void; onResend: (since: string) => void }) {
  const { t } = useT();
  const since = useResendSince(open, () => localInputValue(new Date(Date.now() - 86_400_000)), instantOfLocalInput);
  const valid = since.instant !== null;
  return (
    <SectionDialog
      section="resend"
      open={open}
      onClose={onClose}
      onSave={() => since.instant && onResend(since.instant)}
      saveDisabled={!valid}
      textGap={2}
    >
      <TextField
        type="datetime-local"
        label={t('webhooks:resend.since')}
        value={since.value}
        onChange={(e) => since.setValue(e.target.value)}
        fullWidth
        error={!valid}
        helperText={valid ? t('webhooks:resend.sinceHint') : t('webhooks:resend.sinceInvalid')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: localInputValue(new Date()) } }}
      />
    </SectionDialog>
  );
}
