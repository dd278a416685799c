/**
 * Create or edit a key: name (required, at most NAME_MAX, with a counter), description
 * (optional, at most DESCRIPTION_MAX), permissions (full access unless chosen per area) and
 * whether it acts on its own (the key alone, without a person's idToken: off unless chosen),
 * checked by the same zod schema as the server. Saving with errors shows the
 * red notice 'There are errors in the form'. Escape cancels it as a dialog's would, until
 * something is typed into it (decision 046): then it stays, with what was typed.
 */
import { type AccessKeyBody, type AccessKeyInput, createAccessKeyBody, DESCRIPTION_MAX, NAME_MAX } from '@console/contracts/access-keys';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';
import { closesOnEscape, isTypedInput } from '../../../lib/dialogs/rule';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { fieldError } from '../../../lib/validation';
import { PermissionsField } from './PermissionsField';

export interface AccessKeyFormProps {
  initial?: AccessKeyBody;
  /** Accessible name of the form. */
  label: string;
  submitLabel: string;
  onSubmit: (values: AccessKeyBody) => Promise<unknown>;
  onCancel: () => void;
}

export function AccessKeyForm({ initial, label, submitLabel, onSubmit, onCancel }: AccessKeyFormProps) {
  const { t } = useT();
  const form = useForm<AccessKeyInput, unknown, AccessKeyBody>({
    defaultValues: initial ?? { name: '', description: '', permissions: 'full', actsAlone: false },
    resolver: zodResolver(createAccessKeyBody),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const name = form.watch('name') ?? '';
  // Text typed since it opened, found as a dialog finds it (the input events that reach it).
  const typed = useRef(false);

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await onSubmit(values);
      } catch (err) {
        notify.error(errorMessage(err, 'accessKeys:errors.save'));
      }
    },
    () => notify.formErrors(t('accessKeys:form.hasErrors')),
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={label}
      sx={{ py: 1 }}
      onInput={(event) => {
        if (isTypedInput(event.target)) typed.current = true;
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !closesOnEscape({ typed: typed.current })) return;
        event.preventDefault();
        onCancel();
      }}
    >
      <Stack spacing={2}>
        <TextField
          {...form.register('name')}
          label={t('accessKeys:form.name')}
          required
          fullWidth
          autoFocus
          error={!!errors.name}
          helperText={
            fieldError(t, errors.name?.message, { max: NAME_MAX }) ?? t('accessKeys:form.counter', { count: name.length, max: NAME_MAX })
          }
          slotProps={{ formHelperText: { sx: { textAlign: errors.name ? 'left' : 'right' } } }}
        />
        <TextField
          {...form.register('description')}
          label={t('accessKeys:form.description')}
          fullWidth
          multiline
          minRows={2}
          error={!!errors.description}
          helperText={fieldError(t, errors.description?.message, { max: DESCRIPTION_MAX }) ?? t('accessKeys:form.descriptionHint')}
        />
        <Controller
          control={form.control}
          name="permissions"
          render={({ field }) => <PermissionsField value={field.value ?? 'full'} onChange={field.onChange} />}
        />
        <Controller
          control={form.control}
          name="actsAlone"
          render={({ field }) => <ActsAloneField checked={field.value ?? false} onChange={field.onChange} />}
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

/** Whether the key alone is the credential: a native checkbox (Space toggles it), its consequence said under it. */
function ActsAloneField({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useT();
  const hintId = useId();
  return (
    <Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': hintId } }}
          />
        }
        label={t('accessKeys:actsAlone.label')}
      />
      <FormHelperText id={hintId} sx={{ mt: 0, ml: 4 }}>
        {t('accessKeys:actsAlone.hint')}
      </FormHelperText>
    </Box>
  );
}
