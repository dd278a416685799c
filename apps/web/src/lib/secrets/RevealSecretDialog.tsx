/**
 * A new secret (an access key, a SCIM token), shown this once, with a copy action. Escape
 * does not close it until the secret has been copied (its button, or a copy of the selected
 * text): it could not be seen again (decision 046).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
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
  // Which secret has been copied: a new secret starts uncopied.
  const [copied, setCopied] = useState<string | null>(null);
  const markCopied = () => setCopied(secret);
  return (
    <AppDialog
      open={!!secret}
      size="details"
      title={texts.title}
      onClose={onClose}
      closeLabel={texts.done}
      persistent={!secret || copied !== secret}
    >
      <Stack spacing={2}>
        <Alert severity="warning">{texts.once}</Alert>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box
            component="code"
            data-testid="revealed-key"
            onCopy={markCopied}
            sx={{ flex: 1, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontFamily: 'monospace', wordBreak: 'break-all' }}
          >
            {secret}
          </Box>
          <CopyButton value={secret ?? ''} label={texts.copy} onCopied={markCopied} />
        </Stack>
        <Typography variant="body2" color="textSecondary">
          {texts.how}
        </Typography>
      </Stack>
    </AppDialog>
  );
}
