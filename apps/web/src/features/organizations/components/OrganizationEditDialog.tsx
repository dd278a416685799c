/**
 * mode=edit, for staff with `update`: the name (required, at most 75, with a counter) and the
 * plan type, checked by the contract's schema as the server checks them; and "Disable
 * organization", which asks first (irreversible: every user of the organization is disabled
 * and signed out). Its own chunk: the list does not load the form code until it is needed.
 */
import {
  ORGANIZATION_NAME_MAX,
  type OrganizationEditForm,
  type OrganizationView,
  organizationEditForm,
} from '@console/contracts/organizations';
import { zodResolver } from '@hookform/resolvers/zod';
import BlockIcon from '@mui/icons-material/Block';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';
import { AppDialog } from '../../../lib/dialogs/AppDialog';
import { useConfirm } from '../../../lib/dialogs/confirm';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { fieldError } from '../../../lib/validation';
import { useUpdateOrganization } from '../api/organizations';
import { ImportWorkflowsButton } from './OrganizationDetailsDialog';
import { PlanTypeField } from './PlanTypeField';

const FORM_ID = 'organization-edit-form';

function EditForm({ organization: o, onDone }: { organization: OrganizationView; onDone: () => void }) {
  const { t } = useT();
  const update = useUpdateOrganization();
  const form = useForm<OrganizationEditForm>({
    defaultValues: { name: o.name, planType: o.planType ?? '' },
    resolver: zodResolver(organizationEditForm),
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const name = form.watch('name') ?? '';
  const problem = (message: string | undefined) => fieldError(t, message, { max: ORGANIZATION_NAME_MAX });

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await update.mutateAsync({ id: o.id, ...values });
        notify.success(t('organizations:edit.saved', { name: values.name }));
        onDone();
      } catch (err) {
        notify.error(errorMessage(err, 'organizations:errors.save'));
      }
    },
    () => notify.error(t('organizations:hasErrors')),
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
      </Stack>
    </Box>
  );
}

function DisableSection({ organization: o, onDone }: { organization: OrganizationView; onDone: () => void }) {
  const { t } = useT();
  const confirm = useConfirm();
  const update = useUpdateOrganization();
  if (o.isStaff) return null;

  async function disable() {
    const yes = await confirm({
      title: t('organizations:disable.title', { name: o.name }),
      text: t('organizations:disable.text'),
      confirmLabel: t('organizations:disable.confirm'),
    });
    if (!yes) return;
    try {
      const { usersDisabled } = await update.mutateAsync({ id: o.id, disabled: true });
      notify.success(t('organizations:disable.done', { name: o.name, n: usersDisabled }));
      onDone();
    } catch (err) {
      notify.error(errorMessage(err, 'organizations:errors.disable'));
    }
  }

  return (
    <>
      <Divider sx={{ my: 3 }} />
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('organizations:disable.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('organizations:disable.explain')}
      </Typography>
      <Button color="error" variant="outlined" startIcon={<BlockIcon />} onClick={() => void disable()} loading={update.isPending}>
        {t('organizations:disable.button')}
      </Button>
    </>
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
        <>
          <EditForm organization={organization} onDone={onClose} />
          <ImportWorkflowsButton organization={organization} />
          <DisableSection organization={organization} onDone={onClose} />
        </>
      ) : (
        <Stack spacing={1} aria-busy="true">
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      )}
    </AppDialog>
  );
}
