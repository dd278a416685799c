/** Processing blue; Waiting for your confirmation orange; Error processing users and Input format or data errors red, with a Details link; Completed green. */
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useT } from '../../../i18n/use-t';
import { hasErrorDetails, statusColor, statusOf } from './status';

export function StatusChip({ status, onDetails }: { status: string; onDetails?: () => void }) {
  const { t } = useT();
  const kind = statusOf(status);
  return (
    // Wraps rather than squeezes: on a phone the Details link goes under a long status, never a letter a line;
    // on a wide screen the two stay on one line (the table gives the column their width).
    <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: { xs: 'wrap', md: 'nowrap' }, columnGap: 1, rowGap: 0.5 }}>
      <Chip
        size="small"
        color={statusColor[kind]}
        label={t(`userImports:status.${kind}`)}
        data-status={kind}
        // The palette's dark orange: white on it is 5:1 (its main orange, 3.2:1, is under WCAG AA).
        sx={statusColor[kind] === 'warning' ? { bgcolor: 'warning.dark' } : undefined}
      />
      {onDetails && hasErrorDetails(kind) && (
        <Button size="small" color="error" onClick={onDetails} sx={{ minWidth: 0, whiteSpace: 'nowrap', flex: 'none' }}>
          {t('userImports:list.details')}
        </Button>
      )}
    </Stack>
  );
}
