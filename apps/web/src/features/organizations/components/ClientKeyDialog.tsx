/**
 * The client key dialog (spec: "Client key: cannot be changed once set. The product warns of
 * this"): lowercase letters or digits, trimmed; Set is disabled while the key is invalid, and
 * asks for confirmation, since there is no way back. The server checks that it is unique and
 * available and that the organization has none yet.
 */
import { CLIENT_KEY_MAX, clientKey as clientKeySchema } from '@console/contracts/org-admin';
import type { OrganizationView } from '@console/contracts/organizations';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { AppDialog } from '../../../lib/dialogs/AppDialog';
import { useConfirm } from '../../../lib/dialogs/confirm';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useSetClientKey } from '../api/set-client-key';
import { fieldProblem } from './field-problem';

export default function ClientKeyDialog({ organization: o, onClose }: { organization: OrganizationView; onClose: () => void }) {
  const { t } = useT();
  const confirm = useConfirm();
  const save = useSetClientKey();
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const parsed = clientKeySchema.safeParse(value);
  const problem = (touched || value !== '') && !parsed.success ? fieldProblem(t, parsed.error.issues[0]?.message) : undefined;
  const [serverProblem, setServerProblem] = useState<string>();

  async function submit() {
    if (!parsed.success) return;
    const key = parsed.data;
    const yes = await confirm({
      title: t('orgAdmin:clientKey.confirmTitle', { key }),
      text: t('orgAdmin:clientKey.confirmText', { name: o.name }),
      confirmLabel: t('orgAdmin:clientKey.save'),
    });
    if (!yes) return;
    try {
      await save.mutateAsync({ id: o.id, clientKey: key });
      notify.success(t('orgAdmin:clientKey.saved', { key, name: o.name }));
      onClose();
    } catch (err) {
      const message = errorMessage(err, 'orgAdmin:errors.clientKey');
      setServerProblem(message);
      notify.error(message);
    }
  }

  return (
    <AppDialog
      open
      size="confirm"
      title={t('orgAdmin:clientKey.title')}
      onClose={onClose}
      onSave={() => void submit()}
      saveLabel={t('orgAdmin:clientKey.save')}
      saveDisabled={!parsed.success || save.isPending}
    >
      <Box
        component="form"
        noValidate
        aria-label={t('orgAdmin:clientKey.title')}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ pt: 1 }}
      >
        <Stack spacing={2}>
          <Alert severity="warning">{t('orgAdmin:clientKey.warning')}</Alert>
          <TextField
            label={t('orgAdmin:clientKey.label')}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setServerProblem(undefined);
            }}
            onBlur={() => setTouched(true)}
            required
            fullWidth
            autoFocus
            error={!!problem || !!serverProblem}
            helperText={problem ?? serverProblem ?? t('orgAdmin:clientKey.help', { max: CLIENT_KEY_MAX })}
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
        </Stack>
      </Box>
    </AppDialog>
  );
}
