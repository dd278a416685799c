/**
 * Create or edit a key: name (required, at most NAME_MAX, with a counter) and description
 * (required), checked by the same zod schema as the server. Saving with errors shows the
 * red notice 'There are errors in the form'.
 */
import { DESCRIPTION_MAX, type IntegrationBody, integrationBody, NAME_MAX } from '@console/contracts/integrations';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';

export interface IntegrationFormProps {
  initial?: IntegrationBody;
  /** Accessible name of the form. */
  label: string;
  submitLabel: string;
  onSubmit: (values: IntegrationBody) => Promise<unknown>;
  onCancel: () => void;
}

export function IntegrationForm({ initial, label, submitLabel, onSubmit, onCancel }: IntegrationFormProps) {
  const { t } = useT();
  const form = useForm<IntegrationBody>({
    defaultValues: initial ?? { name: '', description: '' },
    resolver: zodResolver(integrationBody),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const name = form.watch('name') ?? '';
  const problem = (message: string | undefined, max: number) =>
    message ? t(message === 'tooLong' ? 'keys:form.tooLong' : 'validation.required', { max }) : undefined;

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await onSubmit(values);
      } catch (err) {
        notify.error(errorMessage(err, 'keys:errors.save'));
      }
    },
    () => notify.error(t('keys:form.hasErrors')),
  );

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={label} sx={{ py: 1 }}>
      <Stack spacing={2}>
        <TextField
          {...form.register('name')}
          label={t('keys:form.name')}
          required
          fullWidth
          autoFocus
          error={!!errors.name}
          helperText={problem(errors.name?.message, NAME_MAX) ?? t('keys:form.counter', { count: name.length, max: NAME_MAX })}
          slotProps={{ formHelperText: { sx: { textAlign: errors.name ? 'left' : 'right' } } }}
        />
        <TextField
          {...form.register('description')}
          label={t('keys:form.description')}
          required
          fullWidth
          multiline
          minRows={2}
          error={!!errors.description}
          helperText={problem(errors.description?.message, DESCRIPTION_MAX)}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel} color="inherit">
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
