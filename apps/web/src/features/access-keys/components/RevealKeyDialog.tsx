/** The secret of a new or rolled key, shown this once, with a copy action. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t';
import { CopyButton } from '../../../lib/copy';
import { AppDialog } from '../../../lib/dialogs/AppDialog';

export function RevealKeyDialog({ secret, name, onClose }: { secret: string | null; name: string; onClose: () => void }) {
  const { t } = useT();
  return (
    <AppDialog
      open={!!secret}
      size="details"
      title={t('accessKeys:reveal.title', { name })}
      onClose={onClose}
      closeLabel={t('accessKeys:reveal.done')}
    >
      <Stack spacing={2}>
        <Alert severity="warning">{t('accessKeys:reveal.once')}</Alert>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box
            component="code"
            data-testid="revealed-key"
            sx={{ flex: 1, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontFamily: 'monospace', wordBreak: 'break-all' }}
          >
            {secret}
          </Box>
          <CopyButton value={secret ?? ''} label={t('accessKeys:reveal.copy')} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('accessKeys:reveal.how')}
        </Typography>
      </Stack>
    </AppDialog>
  );
}
