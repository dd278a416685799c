/** A person's status: active in green, invited outlined, deactivated grey (outlined colours other than green and red miss WCAG's contrast). */
import type { PersonStatus } from '@console/contracts/people';
import Chip from '@mui/material/Chip';
import { useT } from '../../../i18n/use-t';

const look = {
  active: { color: 'success', variant: 'outlined' },
  invited: { color: 'default', variant: 'outlined' },
  deactivated: { color: 'default', variant: 'filled' },
} as const;

export function PersonStatusChip({ status }: { status: PersonStatus }) {
  const { t } = useT();
  return <Chip component="span" size="small" {...look[status]} label={t(`people:status.${status}`)} data-status={status} />;
}
