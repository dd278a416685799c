/** /analytics: the CSV reports for LMS import, filtered by type, with downloads and "Generate now". */
import { ANALYTICS_REPORT_PREFIXES } from '@console/contracts/analytics';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSearchParams } from 'react-router';
import { useT } from '../../../i18n/use-t';
import { PageHeader } from '../../../lib/PageHeader';
import { GeneratePanel } from '../components/GeneratePanel';
import { ReportList } from '../components/ReportList';
import { parsePrefix, reportTypeLabel } from '../components/report-types';

const ALL = 'all';

export function Component() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const prefix = parsePrefix(params.get('prefix'));
  // On a phone the four filters stand one above the other, full width: a row of them wraps a
  // lone button onto a second line.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });

  function onFilter(value: string | null) {
    // Clicking the selected button again keeps it selected.
    if (value === null) return;
    setParams(value === ALL ? {} : { prefix: value }, { replace: true });
  }

  return (
    <>
      <PageHeader title={t('analytics:title')} intro={t('analytics:intro')} />
      <Stack spacing={3}>
        <GeneratePanel />
        <Card variant="outlined">
          <CardHeader title={t('analytics:list.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
          <CardContent sx={{ pt: 0, overflowX: 'auto' }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={prefix ?? ALL}
              onChange={(_e, value: string | null) => onFilter(value)}
              aria-label={t('analytics:filter.label')}
              orientation={phone ? 'vertical' : 'horizontal'}
              fullWidth={phone}
              sx={{ mb: 2 }}
            >
              <ToggleButton value={ALL}>{t('analytics:filter.all')}</ToggleButton>
              {ANALYTICS_REPORT_PREFIXES.map((p) => (
                <ToggleButton key={p} value={p}>
                  {t(`analytics:${reportTypeLabel[p]}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <ReportList prefix={prefix} />
          </CardContent>
        </Card>
      </Stack>
    </>
  );
}
