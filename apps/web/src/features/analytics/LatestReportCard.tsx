/** Dashboard card: the day of the newest analytics report, and a link to the screen. */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { useT } from '../../i18n/use-t';
import { formatDateTime } from '../../lib/format';
import { listPlaceholder } from '../../lib/list-placeholder';
import { paths } from '../../lib/paths';
import { useAnalyticsReports } from './api/analytics-reports';

export default function LatestReportCard() {
  const { t } = useT();
  const { localize } = useLocale();
  const list = useAnalyticsReports();
  const newest = list.data?.[0];
  const placeholder = listPlaceholder(
    list,
    !newest,
    { failedKey: 'analytics:list.failed', empty: t('analytics:list.empty') },
    { dense: true },
  );
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardHeader title={t('analytics:card.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0, flex: 1 }}>
        {placeholder ?? <Typography>{t('analytics:card.newest', { date: formatDateTime(newest?.generatedAt) })}</Typography>}
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          {t('analytics:card.text')}
        </Typography>
      </CardContent>
      <CardActions>
        <Button component={Link} to={localize(paths.analytics())}>
          {t('analytics:card.open')}
        </Button>
      </CardActions>
    </Card>
  );
}
