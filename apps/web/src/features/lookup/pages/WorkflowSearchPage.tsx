/** /super/workflows: the workflow searcher, by ID or by name (?by=name opens the name tab). */
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { useT } from '../../../i18n/use-t';
import { usePageTitle } from '../../../lib/page-title';
import { WorkflowSearchForm } from '../components/WorkflowSearchForm';

export function WorkflowsHeading() {
  const { t } = useT();
  usePageTitle(t('lookup:workflows.title'));
  return (
    <>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 600 }}>
        {t('lookup:workflows.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        {t('lookup:workflows.intro')}
      </Typography>
    </>
  );
}

export function Component() {
  const [params] = useSearchParams();
  return (
    <>
      <WorkflowsHeading />
      <WorkflowSearchForm by={params.get('by') === 'name' ? 'name' : 'id'} />
    </>
  );
}
