/** Dashboard card: the day of the newest analytics report, and a link to the screen. */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useAnalyticsReports } from './api/analytics-reports';

export default function LatestReportCard() {
  const { t } = useT();
  const { localize } = useLocale();
  const list = useAnalyticsReports();
  const newest = list.data?.[0];
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardHeader title={t('analytics:card.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0, flex: 1 }}>
        {list.isPending ? (
          <Skeleton />
        ) : list.isError ? (
          <Typography color="error">{errorMessage(list.error, 'analytics:list.failed')}</Typography>
        ) : newest ? (
          <Typography>{t('analytics:card.newest', { date: formatDateTime(newest.generatedAt) })}</Typography>
        ) : (
          <Typography color="text.secondary">{t('analytics:list.empty')}</Typography>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
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
