/**
 * mode=edit, for staff with `update`: the name (required, at most 75, with a counter), the
 * plan type, the organization's language (of its e-mails to people who have none of their
 * own) and the address of the platform's app its people sign in to (empty: PLATFORM_APP_URL), checked by the contract's schema as the server checks them. Disabling is on the
 * organization page (DisableOrganization.tsx). Its own chunk: the form code loads when needed.
 */

import {
  ORGANIZATION_NAME_MAX,
  type OrganizationEditForm,
  type OrganizationView,
  organizationEditForm,
  PLATFORM_APP_URL_MAX,
} from '@console/contracts/organizations';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';
import { AppDialog } from '../../../lib/dialogs/AppDialog';
import { errorMessage } from '../../../lib/error-message';
import { LocaleField } from '../../../lib/LocaleField';
import { notify } from '../../../lib/notify';
import { fieldError } from '../../../lib/validation';
import { useUpdateOrganization } from '../api/organizations';
import { PlanTypeField } from './PlanTypeField';

const FORM_ID = 'organization-edit-form';

function EditForm({ organization: o, onDone }: { organization: OrganizationView; onDone: () => void }) {
  const { t } = useT();
  const update = useUpdateOrganization();
  const form = useForm<OrganizationEditForm>({
    defaultValues: { name: o.name, planType: o.planType ?? '', locale: o.locale, platformAppUrl: o.platformAppUrl ?? '' },
    resolver: zodResolver(organizationEditForm),
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const name = form.watch('name') ?? '';
  const problem = (message: string | undefined) => fieldError(t, message, { max: ORGANIZATION_NAME_MAX });

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await update.mutateAsync({ id: o.id, ...values, platformAppUrl: values.platformAppUrl || null });
        notify.success(t('organizations:edit.saved', { name: values.name }));
        onDone();
      } catch (err) {
        notify.error(errorMessage(err, 'organizations:errors.save'));
      }
    },
    () => notify.formErrors(t('organizations:hasErrors')),
  );

  return (
    <Box component="form" id={FORM_ID} noValidate onSubmit={submit} aria-label={t('organizations:edit.title')} sx={{ pt: 1 }}>
      <Stack spacing={2}>
        <TextField
          {...form.register('name')}
          label={t('organizations:edit.name')}
          required
          fullWidth
          autoFocus
          error={!!errors.name}
          helperText={problem(errors.name?.message) ?? t('organizations:counter', { count: name.length, max: ORGANIZATION_NAME_MAX })}
          slotProps={{ formHelperText: { sx: { textAlign: errors.name ? 'left' : 'right' } } }}
        />
        <PlanTypeField
          control={form.control}
          name="planType"
          label={t('organizations:edit.planType')}
          problem={problem(errors.planType?.message)}
        />
        <LocaleField
          control={form.control}
          name="locale"
          label={t('organizations:edit.locale')}
          helperText={t('organizations:edit.localeHelp')}
        />
        <TextField
          {...form.register('platformAppUrl')}
          label={t('organizations:edit.platformAppUrl')}
          type="url"
          inputMode="url"
          placeholder="https://"
          fullWidth
          error={!!errors.platformAppUrl}
          helperText={
            fieldError(t, errors.platformAppUrl?.message, { max: PLATFORM_APP_URL_MAX }) ?? t('organizations:edit.platformAppUrlHelp')
          }
        />
      </Stack>
    </Box>
  );
}

export default function OrganizationEditDialog({
  organization,
  onClose,
}: {
  /** Undefined while it loads. */
  organization: OrganizationView | undefined;
  onClose: () => void;
}) {
  const { t } = useT();
  const form = () => (document.getElementById(FORM_ID) as HTMLFormElement | null)?.requestSubmit();
  return (
    <AppDialog open size="details" title={t('organizations:edit.title')} onClose={onClose} onSave={form} saveDisabled={!organization}>
      {organization ? (
        <EditForm organization={organization} onDone={onClose} />
      ) : (
        <Stack spacing={1} aria-busy="true">
          <Skeleton height={56} />
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      )}
    </AppDialog>
  );
}
