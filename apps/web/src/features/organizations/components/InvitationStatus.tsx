/** A manager's invitation state: invited or not, when and by whom (docs/product.md, "Organizations", Managers and invitations). */
import type { ManagerView } from '@console/contracts/organizations';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t';
import { formatDateTime } from '../../../lib/format';

// Outlined chips in colours whose text keeps a 4.5:1 contrast on white (info and warning do not).
const colors = { none: 'default', pending: 'primary', expired: 'default', accepted: 'success' } as const;

export function InvitationStatus({ manager: m }: { manager: ManagerView }) {
  const { t } = useT();
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip
        size="small"
        variant="outlined"
        color={colors[m.invitationState]}
        label={t(`organizations:invitation.${m.invitationState}`)}
        // The label wraps in a narrow column instead of being cut.
        sx={{ height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
      />
      {m.invited && (
        <Typography variant="caption" color="textSecondary">
          {m.invitedBy
            ? t('organizations:invitation.invitedAtBy', { date: formatDateTime(m.invitedAt), name: m.invitedBy })
            : t('organizations:invitation.invitedAt', { date: formatDateTime(m.invitedAt) })}
        </Typography>
      )}
    </Stack>
  );
}
