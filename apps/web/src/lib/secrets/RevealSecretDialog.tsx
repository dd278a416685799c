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
import { useT } from '../../i18n/use-t';
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

/** A namespace whose `reveal` group holds the five texts, with the values they name (a key's name, an endpoint's URL). */
export interface RevealSecretCatalogue {
  namespace: 'accessKeys' | 'webhooks';
  values?: Record<string, string>;
}

/** A value the secret goes with (the SCIM base URL): shown in the dialog too, so the dialog never hides it. */
export interface SecretCompanion {
  label: string;
  value: string;
  copy: string;
}

/** A value in monospace that breaks anywhere, with its copy button; `onCopied` when it is copied either way. */
function CopiableValue({ value, copy, testId, onCopied }: { value: string; copy: string; testId: string; onCopied?: () => void }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box
        component="code"
        data-testid={testId}
        onCopy={onCopied}
        sx={{ flex: 1, minWidth: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontFamily: 'monospace', wordBreak: 'break-all' }}
      >
        {value}
      </Box>
      <CopyButton value={value} label={copy} onCopied={onCopied} />
    </Stack>
  );
}

export function RevealSecretDialog({
  secret,
  texts,
  companion,
  onClose,
  returnFocusTo,
}: {
  secret: string | null;
  texts: RevealSecretTexts | RevealSecretCatalogue;
  companion?: SecretCompanion;
  onClose: () => void;
  /** Where the focus goes once it has closed (the action that led to the secret, when its dialog has gone). */
  returnFocusTo?: () => HTMLElement | null | undefined;
}) {
  const { t } = useT();
  // Which secret has been copied: a new secret starts uncopied.
  const [copied, setCopied] = useState<string | null>(null);
  if ('namespace' in texts) {
    const { namespace: ns, values } = texts;
    texts = {
      title: t(`${ns}:reveal.title`, values),
      once: t(`${ns}:reveal.once`),
      how: t(`${ns}:reveal.how`, values),
      copy: t(`${ns}:reveal.copy`),
      done: t(`${ns}:reveal.done`),
    };
  }
  const markCopied = () => setCopied(secret);
  return (
    <AppDialog
      open={!!secret}
      size="details"
      title={texts.title}
      onClose={onClose}
      closeLabel={texts.done}
      persistent={!secret || copied !== secret}
      returnFocusTo={returnFocusTo}
    >
      <Stack spacing={2}>
        <Alert severity="warning">{texts.once}</Alert>
        <CopiableValue value={secret ?? ''} copy={texts.copy} testId="revealed-key" onCopied={markCopied} />
        <Typography variant="body2" color="textSecondary">
          {texts.how}
        </Typography>
        {companion && (
          <Box>
            <Typography variant="body2" color="textSecondary" component="p" sx={{ mb: 0.5 }}>
              {companion.label}
            </Typography>
            <CopiableValue value={companion.value} copy={companion.copy} testId="revealed-companion" />
          </Box>
        )}
      </Stack>
    </AppDialog>
  );
}
