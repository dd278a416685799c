/**
 * /super/organizations/{id}/new-workflow-import, "New workflow import" (docs/product.md,
 * "Workflow imports"): the import form with this organization as the fixed target (staff
 * with `update`, an organization that is not disabled), and the organization's recent
 * imports, live. The organization is the one query of lib/queries/organization.ts, so an
 * edit of it elsewhere shows here too.
 */
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useParams } from 'react-router';
import { useT } from '../../../i18n/use-t';
import { Breadcrumbs } from '../../../lib/Breadcrumbs';
import { PageHeader } from '../../../lib/PageHeader';
import { paths } from '../../../lib/paths';
import { usePermissions } from '../../../lib/permissions';
import { useOrganization } from '../../../lib/queries/organization';
import { RecentImports } from '../components/RecentImports';
import { WorkflowImportForm } from '../components/WorkflowImportForm';
import { importErrorMessage } from '../import-error';

export function Component() {
  const { t } = useT();
  const { id = '' } = useParams();
  const canUpdate = usePermissions().superChanges;
  const organization = useOrganization(id);
  const o = organization.data;

  return (
    <>
      <Breadcrumbs
        items={[
          { label: t('superHome.title'), to: paths.superHome() },
          { label: t('organizations:list.title'), to: paths.organizations() },
          { label: o?.name ?? '…', to: paths.organization(id) },
          { label: t('workflowImports:title') },
        ]}
      />
      <PageHeader title={t('workflowImports:title')} intro={o && t('workflowImports:intro', { name: o.name })} />
      {organization.isPending && <Skeleton width="60%" />}
      {organization.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {importErrorMessage(organization.error, 'workflowImports:errors.loadOrganization')}
        </Alert>
      )}
      {o && (
        <>
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
