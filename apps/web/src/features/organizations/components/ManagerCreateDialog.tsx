/**
 * Add an organization manager (docs/product.md, "Organizations", Managers and invitations;
 * name required, at most 75; e-mail required and formatted): an existing user of the organization becomes an Organizational
 * Admin; a new e-mail becomes one too and gets an invitation in the chosen language (the
 * console's by default). Its own chunk.
 */

import { type ManagerCreateForm, managerCreateForm, type OrganizationView, PERSON_NAME_MAX } from '@console/contracts/organizations';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { AppDialog } from '../../../lib/dialogs/AppDialog';
import { errorMessage } from '../../../lib/error-message';
import { LocaleField } from '../../../lib/LocaleField';
import { notify } from '../../../lib/notify';
import { fieldError } from '../../../lib/validation';
import { useAddManager } from '../api/managers';

const FORM_ID = 'manager-create-form';

export default function ManagerCreateDialog({ organization: o, onClose }: { organization: OrganizationView; onClose: () => void }) {
  const { t } = useT();
  const { locale } = useLocale();
  const create = useAddManager();
  const form = useForm<ManagerCreateForm>({
    defaultValues: { displayName: '', email: '', locale },
    resolver: zodResolver(managerCreateForm),
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const displayName = form.watch('displayName') ?? '';

  const submit = form.handleSubmit(
    async (values) => {
      try {
        const { invitationEmail, manager } = await create.mutateAsync({ organizationId: o.id, ...values });
        if (invitationEmail === 'failed') notify.error(t('organizations:managerCreate.inviteFailed', { name: manager.displayName }));
        else if (invitationEmail === 'sent')
          notify.success(t('organizations:managerCreate.invited', { name: manager.displayName, email: manager.email }));
        else notify.success(t('organizations:managerCreate.added', { name: manager.displayName }));
        onClose();
      } catch (err) {
        notify.error(errorMessage(err, 'organizations:errors.createManager'));
      }
    },
    () => notify.formErrors(t('organizations:hasErrors')),
  );

  return (
    <AppDialog
      open
      size="details"
      title={t('organizations:managerCreate.title')}
      onClose={onClose}
      onSave={() => (document.getElementById(FORM_ID) as HTMLFormElement | null)?.requestSubmit()}
      saveLabel={t('organizations:managerCreate.save')}
      saveDisabled={create.isPending}
    >
      <Box component="form" id={FORM_ID} noValidate onSubmit={submit} aria-label={t('organizations:managerCreate.title')} sx={{ pt: 1 }}>
        <Stack spacing={2}>
          <Typography variant="body2" color="textSecondary">
            {t('organizations:managerCreate.intro', { name: o.name })}
          </Typography>
          <TextField
            {...form.register('displayName')}
            label={t('organizations:managerCreate.name')}
            required
            fullWidth
            autoFocus
            error={!!errors.displayName}
            helperText={
              fieldError(t, errors.displayName?.message, { max: PERSON_NAME_MAX }) ??
              t('organizations:counter', { count: displayName.length, max: PERSON_NAME_MAX })
            }
          />
          <TextField
            {...form.register('email')}
            label={t('organizations:managerCreate.email')}
            type="email"
            autoComplete="off"
            required
            fullWidth
            error={!!errors.email}
            helperText={fieldError(t, errors.email?.message)}
          />
          <LocaleField
            control={form.control}
            name="locale"
            label={t('organizations:managerCreate.locale')}
            helperText={t('organizations:managerCreate.localeHelp')}
          />
        </Stack>
      </Box>
    </AppDialog>
  );
}
