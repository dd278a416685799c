/** /super/workflows: the workflow searcher, by ID or by name (?by=name opens the name tab). */
import { useSearchParams } from 'react-router';
import { useT } from '../../../i18n/use-t';
import { PageHeader } from '../../../lib/PageHeader';
import { WorkflowSearchForm } from '../components/WorkflowSearchForm';

export function Component() {
  const { t } = useT();
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title={t('lookup:workflows.title')} intro={t('lookup:workflows.intro')} />
      <WorkflowSearchForm by={params.get('by') === 'name' ? 'name' : 'id'} />
    </>
  );
}
