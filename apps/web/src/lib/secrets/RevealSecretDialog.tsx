/** A new secret (an access key, a SCIM token), shown this once, with a copy action. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CopyButton } from '../copy';
import { AppDialog } from '../dialogs/AppDialog';

export interface RevealSecretTexts {
  title: string;
  /** That it will not be shown again. */
  once: string;
  /** Where to use it. */
  how: string;
  copy: string;
  done: string;
}

export function RevealSecretDialog({ secret, texts, onClose }: { secret: string | null; texts: RevealSecretTexts; onClose: () => void }) {
  return (
    <AppDialog open={!!secret} size="details" title={texts.title} onClose={onClose} closeLabel={texts.done}>
      <Stack spacing={2}>
        <Alert severity="warning">{texts.once}</Alert>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box
            component="code"
            data-testid="revealed-key"
            sx={{ flex: 1, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontFamily: 'monospace', wordBreak: 'break-all' }}
          >
            {secret}
          </Box>
          <CopyButton value={secret ?? ''} label={texts.copy} />
        </Stack>
        <Typography variant="body2" color="textSecondary">
          {texts.how}
        </Typography>
      </Stack>
    </AppDialog>
  );
}
