/**
 * "New organization" (docs/product.md, "Organizations", Create), for staff with `update`: the
 * organization's name, plan type and optional client key, and its first Organizational
 * Admin (name, e-mail, and how they get in: a password typed twice with the policy shown as
 * a checklist, the shared NewPasswordFields, or an invitation e-mailed to them), checked by
 * the contract's schema as the server checks them. The console's locale is sent with it. Its
 * own chunk: the list does not load the form code until someone creates.
 */
import { INVITATION_DAYS } from '@console/contracts/auth';
import {
  CLIENT_KEY_MAX,
  type FirstAdminAccess,
  ORGANIZATION_NAME_MAX,
  type OrganizationCreateDialogForm,
  organizationCreateDialogForm,
  PERSON_NAME_MAX,
} from '@console/contracts/organizations';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { AppDialog } from '../../../lib/dialogs/AppDialog';
import { errorMessage } from '../../../lib/error-message';
import { firstAdminPasswordPolicy } from '../../../lib/first-admin-password-policy';
import { NewPasswordFields } from '../../../lib/NewPasswordFields';
import { notify } from '../../../lib/notify';
import { fieldError } from '../../../lib/validation';
import { useCreateOrganization } from '../api/organizations';
import { clientKeyError } from './client-key-error';
import { PlanTypeField } from './PlanTypeField';

const FORM_ID = 'organization-create-form';
// A password, as the spec's form has it, unless staff choose the invitation.
const empty: OrganizationCreateDialogForm = {
  name: '',
  adminName: '',
  email: '',
  access: 'password',
  password: '',
  repeat: '',
  planType: '',
  clientKey: '',
};

export default function OrganizationCreateDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (id: string, name: string) => void;
}) {
  const { t } = useT();
  const { locale } = useLocale();
  const create = useCreateOrganization();
  const form = useForm<OrganizationCreateDialogForm>({
    defaultValues: empty,
    resolver: zodResolver(organizationCreateDialogForm),
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const name = form.watch('name');
  const access: FirstAdminAccess = form.watch('access');
  const accessLabel = useId();
  const accessHelp = useId();
  const problem = (message: string | undefined, max?: number) => fieldError(t, message, { max });

  const submit = form.handleSubmit(
    async ({ repeat: _typedTwice, access: chosen, password, ...values }) => {
      // Exactly one of the two goes: the password typed, or the invitation instead of one.
      const firstAdmin = chosen === 'password' ? { password } : { invite: true };
      try {
        const { organization, invitationEmail } = await create.mutateAsync({
          ...values,
          ...firstAdmin,
          clientKey: values.clientKey || undefined,
          locale,
        });
        const texts = { name: organization.name, email: values.email };
        if (invitationEmail === 'failed') notify.error(t('organizations:create.createdInviteFailed', texts));
        else if (invitationEmail === 'sent') notify.success(t('organizations:create.createdInvited', texts));
        else notify.success(t('organizations:create.created', texts));
        onCreated(organization.id, organization.name);
      } catch (err) {
        notify.error(errorMessage(err, 'organizations:errors.create'));
      }
    },
    () => notify.formErrors(t('organizations:hasErrors')),
  );

  const counter = (value: string | undefined, max: number) => t('organizations:counter', { count: value?.length ?? 0, max });

  return (
    <AppDialog
      open
      size="details"
      title={t('organizations:create.title')}
      onClose={onClose}
      onSave={() => (document.getElementById(FORM_ID) as HTMLFormElement | null)?.requestSubmit()}
      saveLabel={t('organizations:create.save')}
      saveDisabled={create.isPending}
    >
      <Box component="form" id={FORM_ID} noValidate onSubmit={submit} aria-label={t('organizations:create.title')} sx={{ pt: 1 }}>
        <Stack spacing={2}>
          <TextField
            {...form.register('name')}
            label={t('organizations:create.name')}
            required
            fullWidth
            autoFocus
            error={!!errors.name}
            helperText={problem(errors.name?.message, ORGANIZATION_NAME_MAX) ?? counter(name, ORGANIZATION_NAME_MAX)}
          />
          <PlanTypeField
            control={form.control}
            name="planType"
            label={t('organizations:create.planType')}
            problem={problem(errors.planType?.message)}
          />
          <TextField
            {...form.register('clientKey')}
            label={t('organizations:create.clientKey')}
            fullWidth
            error={!!errors.clientKey}
            helperText={clientKeyError(t, errors.clientKey?.message) ?? t('organizations:clientKey.help', { max: CLIENT_KEY_MAX })}
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, pt: 1 }}>
            {t('organizations:create.adminHeading')}
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mt: '4px !important' }}>
            {t(access === 'invite' ? 'organizations:create.adminIntroInvite' : 'organizations:create.adminIntro')}
          </Typography>
          <TextField
            {...form.register('adminName')}
            label={t('organizations:create.adminName')}
            required
            fullWidth
            error={!!errors.adminName}
            helperText={problem(errors.adminName?.message, PERSON_NAME_MAX) ?? counter(form.watch('adminName'), PERSON_NAME_MAX)}
          />
          <TextField
            {...form.register('email')}
            label={t('organizations:create.email')}
            type="email"
            autoComplete="off"
            required
            fullWidth
            error={!!errors.email}
            helperText={problem(errors.email?.message)}
          />
          <FormControl>
            <FormLabel id={accessLabel}>{t('organizations:create.access')}</FormLabel>
            <Controller
              control={form.control}
              name="access"
              render={({ field }) => (
                <RadioGroup
                  aria-labelledby={accessLabel}
                  aria-describedby={access === 'invite' ? accessHelp : undefined}
                  name={field.name}
                  value={field.value}
                  onChange={(e) => field.onChange(e.target.value as FirstAdminAccess)}
                >
                  <FormControlLabel value="password" control={<Radio />} label={t('organizations:create.accessPassword')} />
                  <FormControlLabel value="invite" control={<Radio />} label={t('organizations:create.accessInvite')} />
                </RadioGroup>
              )}
            />
            {access === 'invite' && (
              <FormHelperText id={accessHelp} sx={{ mx: 0 }}>
                {t('organizations:create.inviteHelp', { days: INVITATION_DAYS })}
              </FormHelperText>
            )}
          </FormControl>
          {access === 'password' && (
            <NewPasswordFields form={form} label={t('organizations:create.password')} autoFocus={false} policy={firstAdminPasswordPolicy} />
          )}
        </Stack>
      </Box>
    </AppDialog>
  );
}
