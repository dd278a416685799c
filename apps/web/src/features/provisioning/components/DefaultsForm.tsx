/**
 * What provisioning gives a user it creates: a role (never Organizational Admin), the
 * workspaces they join, and whether they get an invitation e-mail. Checked by the
 * contract's schema, as the server checks it.
 */
import { type ProvisioningConfig, provisioningConfig, provisioningRoles } from '@console/contracts/provisioning';
import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';

export function DefaultsForm({
  initial,
  workspaces,
  onSave,
}: {
  initial: ProvisioningConfig;
  workspaces: { id: string; name: string }[];
  onSave: (values: ProvisioningConfig) => Promise<unknown>;
}) {
  const { t } = useT();
  const form = useForm<ProvisioningConfig>({ defaultValues: initial, resolver: zodResolver(provisioningConfig) });
  const byId = new Map(workspaces.map((w) => [w.id, w]));

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await onSave(values);
        form.reset(values);
        notify.success(t('provisioning:defaults.saved'));
      } catch (err) {
        notify.error(errorMessage(err, 'provisioning:errors.save'));
      }
    },
    () => notify.formErrors(t('provisioning:defaults.hasErrors')),
  );

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('provisioning:defaults.title')}>
      <Stack spacing={2.5} sx={{ maxWidth: 560 }}>
        <Controller
          control={form.control}
          name="defaultRole"
          render={({ field }) => (
            <TextField select label={t('provisioning:defaults.role')} {...field} fullWidth>
              {provisioningRoles.map((role) => (
                <MenuItem key={role} value={role}>
                  {t(`provisioning:defaults.roles.${role}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={form.control}
          name="defaultWorkspaceIds"
          render={({ field }) => (
            <Autocomplete
              multiple
              options={workspaces.map((w) => w.id)}
              getOptionLabel={(id) => byId.get(id)?.name ?? id}
              value={field.value}
              onChange={(_e, value) => field.onChange(value)}
              disabled={workspaces.length === 0}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('provisioning:defaults.workspaces')}
                  helperText={workspaces.length === 0 ? t('provisioning:defaults.noWorkspaces') : t('provisioning:defaults.workspacesHelp')}
                />
              )}
            />
          )}
        />
        <Box>
          <Controller
            control={form.control}
            name="sendInvitations"
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                label={t('provisioning:defaults.sendInvitations')}
              />
            )}
          />
          <FormHelperText sx={{ mt: 0, ml: 4 }}>{t('provisioning:defaults.sendInvitationsHelp')}</FormHelperText>
        </Box>
        <Box>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting || !form.formState.isDirty}>
            {t('provisioning:defaults.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
