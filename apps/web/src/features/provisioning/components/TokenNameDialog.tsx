/**
 * The name of a SCIM token, given when it is made ("Okta production") or changed later: required,
 * at most SCIM_TOKEN_NAME_MAX characters with a counter, checked by the server's own schema, so
 * that an admin with a token for each identity provider tells them apart. Enter saves it; a
 * refused save keeps the dialog and what was typed.
 */
import { SCIM_TOKEN_NAME_MAX, type ScimTokenBody, scimTokenBody } from '@console/contracts/provisioning';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';
import { AppDialog } from '../../../lib/dialogs/AppDialog';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { fieldError } from '../../../lib/validation';

export function TokenNameDialog({
  title,
  intro,
  saveLabel,
  initial = '',
  failedKey,
  onSave,
  onClose,
}: {
  title: string;
  intro?: string;
  saveLabel: string;
  initial?: string;
  /** The catalogue key of a refused save's notice, for errors without a text of their own. */
  failedKey: string;
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useT();
  const formId = useId();
  const form = useForm<ScimTokenBody>({ defaultValues: { name: initial }, resolver: zodResolver(scimTokenBody), mode: 'onTouched' });
  const { errors, isSubmitting } = form.formState;
  const name = form.watch('name') ?? '';

  const submit = form.handleSubmit(
    async ({ name }) => {
      try {
        await onSave(name);
      } catch (err) {
        notify.error(errorMessage(err, failedKey));
      }
    },
    () => notify.formErrors(t('provisioning:tokens.hasErrors')),
  );

  return (
    <AppDialog
      open
      size="details"
      title={title}
      onClose={onClose}
      onSave={() => (document.getElementById(formId) as HTMLFormElement | null)?.requestSubmit()}
      saveLabel={saveLabel}
      saveDisabled={isSubmitting}
    >
      <Box component="form" id={formId} noValidate onSubmit={submit} aria-label={title} sx={{ pt: 1 }}>
        <Stack spacing={2}>
          {intro && (
            <Typography variant="body2" color="textSecondary">
              {intro}
            </Typography>
          )}
          <TextField
            {...form.register('name')}
            label={t('provisioning:tokens.name')}
            placeholder={t('provisioning:tokens.namePlaceholder')}
            required
            fullWidth
            autoFocus
            autoComplete="off"
            error={!!errors.name}
            helperText={
              fieldError(t, errors.name?.message, { max: SCIM_TOKEN_NAME_MAX }) ??
              t('provisioning:tokens.nameCounter', { count: name.length, max: SCIM_TOKEN_NAME_MAX })
            }
            slotProps={{ formHelperText: { sx: { textAlign: errors.name ? 'left' : 'right' } } }}
          />
        </Stack>
      </Box>
    </AppDialog>
  );
}
