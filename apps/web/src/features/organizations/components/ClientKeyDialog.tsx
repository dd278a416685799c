/**
 * The client key dialog (docs/product.md, "Organizations", Client key: it cannot be changed
 * once set, and the console warns of this): lowercase letters or digits, trimmed; Set is
 * disabled while the key is invalid, and asks for confirmation, since there is no way back.
 * The server checks that it is unique and available and that the organization has none yet.
 */
import { CLIENT_KEY_MAX, type ClientKeyBody, clientKeyBody, type OrganizationView } from '@console/contracts/organizations';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';
import { AppDialog } from '../../../lib/dialogs/AppDialog';
import { useConfirm } from '../../../lib/dialogs/confirm';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useSetClientKey } from '../api/organizations';
import { clientKeyError } from './client-key-error';

export default function ClientKeyDialog({ organization: o, onClose }: { organization: OrganizationView; onClose: () => void }) {
  const { t } = useT();
  const confirm = useConfirm();
  const save = useSetClientKey();
  const form = useForm<ClientKeyBody>({ defaultValues: { clientKey: '' }, resolver: zodResolver(clientKeyBody), mode: 'all' });
  const problem = form.formState.errors.clientKey;
  // Set is disabled from the first keystroke the key is invalid, without waiting for the form's validation.
  const valid = clientKeyBody.safeParse({ clientKey: form.watch('clientKey') }).success;

  const submit = form.handleSubmit(async ({ clientKey: key }) => {
    const yes = await confirm({
      title: t('organizations:clientKey.confirmTitle', { key }),
      text: t('organizations:clientKey.confirmText', { name: o.name }),
      confirmLabel: t('organizations:clientKey.save'),
    });
    if (!yes) return;
    try {
      await save.mutateAsync({ id: o.id, clientKey: key });
      notify.success(t('organizations:clientKey.saved', { key, name: o.name }));
      onClose();
    } catch (err) {
      const message = errorMessage(err, 'organizations:errors.clientKey');
      form.setError('clientKey', { type: 'server', message });
      notify.error(message);
    }
  });

  return (
    <AppDialog
      open
      size="confirm"
      title={t('organizations:clientKey.title')}
      onClose={onClose}
      onSave={() => void submit()}
      saveLabel={t('organizations:clientKey.save')}
      saveDisabled={!valid || save.isPending}
    >
      <Box component="form" noValidate aria-label={t('organizations:clientKey.title')} onSubmit={submit} sx={{ pt: 1 }}>
        <Stack spacing={2}>
          <Alert severity="warning">{t('organizations:clientKey.warning')}</Alert>
          <TextField
            {...form.register('clientKey')}
            label={t('organizations:clientKey.label')}
            required
            fullWidth
            autoFocus
            error={!!problem}
            helperText={
              (problem?.type === 'server' ? problem.message : clientKeyError(t, problem?.message)) ??
              t('organizations:clientKey.help', { max: CLIENT_KEY_MAX })
            }
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
        </Stack>
      </Box>
    </AppDialog>
  );
}
