/**
 * /super/organizations/{id}/new-workflow-import, "New workflows import" (spec section 2):
 * the import form with this organization as the fixed target (staff with `update`, an
 * organization that is not disabled), and the organization's recent imports, live.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link, useParams } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { useTargetOrganization } from '../api/get-target-organization';
import { RecentImports } from '../components/RecentImports';
import { WorkflowImportForm } from '../components/WorkflowImportForm';
import { importErrorMessage } from '../import-error';

export function Component() {
  const { t } = useT();
  const { localize } = useLocale();
  const { id = '' } = useParams();
  const session = useSession();
  const canUpdate = session?.allowedRoleTypes.includes('update') ?? false;
  const organization = useTargetOrganization(id);
  usePageTitle(t('workflowImports:title'));
  const o = organization.data;

  return (
    <>
      <Button component={Link} to={`${localize(`/super/organizations/${id}`)}?mode=read`} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('workflowImports:back')}
      </Button>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 600 }}>
        {t('workflowImports:title')}
      </Typography>
      {organization.isPending && <Skeleton width="60%" />}
      {organization.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {importErrorMessage(organization.error, 'workflowImports:errors.loadOrganization')}
        </Alert>
      )}
      {o && (
        <>
          <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
            {t('workflowImports:intro', { name: o.name })}
          </Typography>
          {o.disabled ? (
            <Alert severity="warning">{t('workflowImports:targetDisabled')}</Alert>
          ) : canUpdate ? (
            <WorkflowImportForm organization={o} />
          ) : (
            <Alert severity="info">{t('workflowImports:readOnly')}</Alert>
          )}
          <RecentImports organizationId={o.id} />
        </>
      )}
    </>
  );
}
