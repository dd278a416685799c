/**
 * The client key dialog (docs/product.md, "Organizations", Client key: it cannot be changed
 * once set, and the console warns of this). One dialog, no confirmation stacked over it: the
 * key (lowercase letters or digits, trimmed) is checked with the server as it is typed
 * (GET organization/{id}/clientKey/availability), so a key that is taken or reserved is
 * refused before anything irreversible happens; then the organization's name is typed to
 * confirm, and only then does the red "Set the key" button enable. The set call checks
 * again in its transaction (another organization may take the key in between).
 */
import { CLIENT_KEY_MAX, type ClientKeyBody, clientKeyBody, type OrganizationView } from '@console/contracts/organizations';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';
import { AppDialog } from '../../../lib/dialogs/AppDialog';
import { Destructive, typedNameMatches } from '../../../lib/dialogs/confirm';
import { TypeToConfirmField } from '../../../lib/dialogs/TypeToConfirmField';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { FILTER_DEBOUNCE_MS, useDebounced } from '../../../lib/use-debounced';
import { useClientKeyAvailability, useSetClientKey } from '../api/organizations';
import { clientKeyError } from './client-key-error';

export default function ClientKeyDialog({ organization: o, onClose }: { organization: OrganizationView; onClose: () => void }) {
  const { t } = useT();
  const save = useSetClientKey();
  const [typedName, setTypedName] = useState('');
  const form = useForm<ClientKeyBody>({ defaultValues: { clientKey: '' }, resolver: zodResolver(clientKeyBody), mode: 'all' });
  const problem = form.formState.errors.clientKey;
  const parsed = clientKeyBody.safeParse({ clientKey: form.watch('clientKey') });
  const key = parsed.success ? parsed.data.clientKey : '';
  const checkedKey = useDebounced(key, FILTER_DEBOUNCE_MS);
  const availability = useClientKeyAvailability(o.id, checkedKey, checkedKey !== '');
  // What the server said about the key on screen (nothing yet while it is typed or asked).
  const answer = checkedKey === key && key !== '' ? availability : undefined;
  const available = answer?.data?.available === true;
  const refusal = answer?.isError
    ? errorMessage(answer.error, 'organizations:errors.clientKey')
    : answer?.data?.available === false
      ? t('errors:codes.CLIENT_KEY_UNAVAILABLE')
      : undefined;

  const submit = form.handleSubmit(async ({ clientKey: value }) => {
    if (!available || !typedNameMatches(typedName, o.name)) return;
    try {
      await save.mutateAsync({ id: o.id, clientKey: value });
      notify.success(t('organizations:clientKey.saved', { key: value, name: o.name }));
      onClose();
    } catch (err) {
      form.setError('clientKey', { type: 'server', message: errorMessage(err, 'organizations:errors.clientKey') });
    }
  });

  const fieldProblem = problem?.type === 'server' ? problem.message : (clientKeyError(t, problem?.message) ?? refusal);
  const helper =
    fieldProblem ??
    (available
      ? t('organizations:clientKey.available', { key })
      : answer?.isFetching
        ? t('organizations:clientKey.checking')
        : t('organizations:clientKey.help', { max: CLIENT_KEY_MAX }));

  return (
    <Destructive>
      <AppDialog
        open
        size="confirm"
        title={t('organizations:clientKey.titleOf', { name: o.name })}
        onClose={onClose}
        onSave={() => void submit()}
        saveLabel={t('organizations:clientKey.save')}
        saveDisabled={!available || !typedNameMatches(typedName, o.name) || save.isPending}
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
              error={!!fieldProblem}
              helperText={helper}
              slotProps={{
                htmlInput: { autoCapitalize: 'none', spellCheck: false },
                formHelperText: { sx: available && !fieldProblem ? { color: 'success.main' } : undefined, role: 'status' },
              }}
            />
            <TypeToConfirmField name={o.name} value={typedName} onChange={setTypedName} />
          </Stack>
        </Box>
      </AppDialog>
    </Destructive>
  );
}
