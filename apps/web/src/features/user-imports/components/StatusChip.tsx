/** Processing blue; Error processing users and Input format or data errors red, with a Details link; Completed green. */
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useT } from '../../../i18n/use-t';
import { hasErrorDetails, statusColor, statusOf } from './status';

export function StatusChip({ status, onDetails }: { status: string; onDetails?: () => void }) {
  const { t } = useT();
  const kind = statusOf(status);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Chip size="small" color={statusColor[kind]} label={t(`userImports:status.${kind}`)} data-status={kind} />
      {onDetails && hasErrorDetails(kind) && (
        <Button size="small" color="error" onClick={onDetails} sx={{ minWidth: 0 }}>
          {t('userImports:list.details')}
        </Button>
      )}
    </Stack>
  );
}
