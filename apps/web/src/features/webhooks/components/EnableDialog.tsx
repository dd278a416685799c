/**
 * Enable an endpoint again. One disabled after failing for days missed what happened since it
 * began failing: the dialog offers to resend those deliveries, chosen by default.
 */
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useT } from '../../../i18n/use-t';
import { formatDateTime } from '../../../lib/format';
import { useResendSince } from '../resend-since';
import { SectionDialog } from './SectionDialog';

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
    <SectionDialog section="enable" open={open} onClose={onClose} onSave={() => onEnable(resend.instant)} textGap={missedSince ? 1 : 0}>
      {missedSince && (
        <FormControlLabel
          control={<Checkbox checked={resend.value} onChange={(e) => resend.setValue(e.target.checked)} />}
          label={t('webhooks:enable.resend', { date: formatDateTime(missedSince) })}
        />
      )}
    </SectionDialog>
  );
}
