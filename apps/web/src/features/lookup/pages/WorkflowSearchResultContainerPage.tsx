/** /super/workflows/WorkflowSearchResultContainer?id=: one workflow's details, found by its ID. */
import { lookupErrorCodes } from '@console/contracts/lookup';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useLocation, useSearchParams } from 'react-router';
import { useT } from '../../../i18n/use-t';
import { Breadcrumbs } from '../../../lib/Breadcrumbs';
import { errorMessage } from '../../../lib/error-message';
import { isHttpError } from '../../../lib/http';
import { PageHeader } from '../../../lib/PageHeader';
import { paths } from '../../../lib/paths';
import { useLookupWorkflow } from '../api/workflows';
import { WorkflowDetails } from '../components/WorkflowDetails';
import { type ResultsState, WorkflowSearchForm } from '../components/WorkflowSearchForm';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function Component() {
  const { t } = useT();
  const [params] = useSearchParams();
  const back = (useLocation().state as ResultsState | null)?.back;
  const id = (params.get('id') ?? '').trim();
  const valid = UUID.test(id);
  const workflow = useLookupWorkflow(valid ? id : '');
  const notFound = isHttpError(workflow.error) && workflow.error.code === lookupErrorCodes.workflowNotFound;

  return (
    <>
      <Breadcrumbs
        items={[
          { label: t('superHome.title'), to: paths.superHome() },
          { label: t('lookup:home.workflows.title'), to: paths.workflowSearch() },
          ...(back ? [{ label: t('lookup:workflow.backCrumb'), href: back }] : []),
          { label: workflow.data?.title ?? t('lookup:workflow.crumb') },
        ]}
      />
      <PageHeader title={t('lookup:workflows.title')} intro={t('lookup:workflows.intro')} />
      <WorkflowSearchForm by="id" id={id} />
      {!valid && <Alert severity="info">{id ? t('lookup:workflows.badId') : t('lookup:workflows.enterId')}</Alert>}
      {workflow.isLoading && <Skeleton variant="rounded" height={240} />}
      {notFound && <Alert severity="warning">{t('lookup:workflow.notFound')}</Alert>}
      {workflow.isError && !notFound && <Alert severity="error">{errorMessage(workflow.error, 'lookup:errors.loadWorkflow')}</Alert>}
      {workflow.data && <WorkflowDetails workflow={workflow.data} />}
    </>
  );
}
