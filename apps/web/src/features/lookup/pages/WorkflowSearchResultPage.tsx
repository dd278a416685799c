/**
 * /super/workflows/WorkflowSearchResult?name=&page=: the workflows whose name contains the
 * text, 20 a page, each linking to its details. The search and the page are in the address.
 */

import { PAGE_SIZE } from '@console/contracts/paging';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { Breadcrumbs } from '../../../lib/Breadcrumbs';
import { listPlaceholder } from '../../../lib/list-placeholder';
import { PageHeader } from '../../../lib/PageHeader';
import { paths } from '../../../lib/paths';
import { useSearchWorkflows } from '../api/workflows';
import { useStageLabel } from '../components/WorkflowDetails';
import { type ResultsState, WorkflowSearchForm } from '../components/WorkflowSearchForm';

export function Component() {
  const { t } = useT();
  const { localize } = useLocale();
  const stageLabel = useStageLabel();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const name = (params.get('name') ?? '').trim();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const search = useSearchWorkflows(name, page);
  const total = search.data?.total ?? 0;
  const pages = Math.ceil(total / PAGE_SIZE);

  return (
    <>
      <Breadcrumbs
        items={[
          { label: t('superHome.title'), to: paths.superHome() },
          { label: t('lookup:home.workflows.title'), to: paths.workflowSearch() },
          { label: name ? t('lookup:workflows.results', { name }) : t('lookup:workflows.title') },
        ]}
      />
      <PageHeader title={t('lookup:workflows.title')} intro={t('lookup:workflows.intro')} />
      <WorkflowSearchForm by="name" name={name} />
      {name === '' && <Alert severity="info">{t('lookup:workflows.enterName')}</Alert>}
      {name !== '' && listPlaceholder(search, false, { failedKey: 'lookup:errors.loadWorkflows', empty: '' })}
      {search.data && (
        <>
          <Typography component="h2" variant="h6">
            {t('lookup:workflows.results', { name })}
          </Typography>
          <Typography color="textSecondary" role="status" sx={{ mb: 1 }}>
            {t('lookup:workflows.total', { count: total })}
          </Typography>
          {search.data.workflows.length > 0 && (
            <List
              aria-label={t('lookup:workflows.listLabel')}
              aria-busy={search.isFetching}
              sx={{ opacity: search.isPlaceholderData ? 0.6 : 1, border: 1, borderColor: 'divider', borderRadius: 1, p: 0 }}
            >
              {search.data.workflows.map((w) => (
                <ListItem key={w.id} divider aria-label={w.title}>
                  <ListItemText
                    primary={
                      <Link
                        component={RouterLink}
                        to={localize(paths.workflowSearchResultContainer({ id: w.id }))}
                        state={{ back: location.pathname + location.search } satisfies ResultsState}
                        aria-label={t('lookup:workflows.openLabel', { title: w.title })}
                      >
                        {w.title}
                      </Link>
                    }
                    secondary={
                      <Stack component="span" direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                        <span>{t('lookup:workflows.where', { organization: w.organization.name, workspace: w.workspace.name })}</span>
                        <Chip component="span" size="small" variant="outlined" label={stageLabel(w.stage)} />
                        {w.organization.disabled && <Chip component="span" size="small" label={t('lookup:workflows.orgDisabled')} />}
                      </Stack>
                    }
                  />
                </ListItem>
              ))}
            </List>
          )}
          {pages > 1 && (
            <Pagination
              sx={{ mt: 2 }}
              count={pages}
              page={Math.min(page, pages)}
              onChange={(_, next) => setParams({ name, ...(next > 1 ? { page: String(next) } : {}) })}
              getItemAriaLabel={(type, n, selected) => {
                if (type === 'page') return t(selected ? 'lookup:workflows.currentPage' : 'lookup:workflows.goToPage', { page: n });
                return type === 'first' || type === 'last' || type === 'next' || type === 'previous' ? t(`lookup:workflows.${type}`) : '';
              }}
              aria-label={t('lookup:workflows.pages')}
            />
          )}
        </>
      )}
    </>
  );
}
