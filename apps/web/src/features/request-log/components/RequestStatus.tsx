/**
 * A call's status as a chip: its number, its class in words for a screen reader. Successes are
 * green and the server's failures red; the caller's refusals stay neutral (an outlined warning
 * chip's orange text is too pale to read on white).
 */
import Chip from '@mui/material/Chip';
import { useT } from '../../../i18n/use-t';

export function RequestStatus({ status }: { status: number }) {
  const { t } = useT();
  const color = status >= 500 ? 'error' : status >= 400 ? 'default' : 'success';
  const statusClass = status >= 500 ? '5xx' : status >= 400 ? '4xx' : '2xx';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      label={status}
      aria-label={t('requestLog:list.statusOf', { status, kind: t(`requestLog:statusClasses.${statusClass}`) })}
    />
  );
}
