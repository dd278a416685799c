/**
 * The organization page's danger zone (docs/product.md, "Organizations", Edit and disable):
 * "Disable organization", for staff with `update`, never on the staff organization nor one
 * already disabled. Irreversible (every user is disabled and signed out), so the shared
 * confirmation says how many people, sessions and access keys it stops, and asks to type
 * the organization's name first.
 */
import type { OrganizationView } from '@console/contracts/organizations';
import BlockIcon from '@mui/icons-material/Block';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useUpdateOrganization } from '../api/organizations';
import { useConfirmAccessChange } from './access-confirmation';

export function DisableOrganization({ organization: o }: { organization: OrganizationView }) {
  const { t } = useT();
  const confirmAccessChange = useConfirmAccessChange();
  const update = useUpdateOrganization();

  async function disable() {
    const yes = await confirmAccessChange('disable', o.id, {
      title: t('organizations:disable.title', { name: o.name }),
      text: t('organizations:disable.text'),
      confirmLabel: t('organizations:disable.confirm'),
      typeToConfirm: o.name,
    });
    if (!yes) return;
    try {
      const { usersDisabled } = await update.mutateAsync({ id: o.id, disabled: true });
      notify.success(t('organizations:disable.done', { name: o.name, n: usersDisabled }));
    } catch (err) {
      notify.error(errorMessage(err, 'organizations:errors.disable'));
    }
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="organization-danger" sx={{ p: 2, borderColor: 'error.main' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <div>
          <Typography id="organization-danger" component="h2" variant="h6" sx={{ fontWeight: 600 }}>
            {t('organizations:disable.heading')}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {t('organizations:disable.explain')}
          </Typography>
        </div>
        <Button
          color="error"
          variant="contained"
          startIcon={<BlockIcon />}
          onClick={() => void disable()}
          loading={update.isPending}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          {t('organizations:disable.button')}
        </Button>
      </Stack>
    </Paper>
  );
}
