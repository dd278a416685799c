/** Dashboard card: the latest imports with their status, and a link to the screen. */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { useT } from '../../i18n/use-t';
import { formatDateTime } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useUserImports } from './api/user-imports';
import { StatusChip } from './components/StatusChip';

const RECENT = 5;

export default function RecentImportsCard() {
  const { t } = useT();
  const { localize } = useLocale();
  const list = useUserImports(RECENT);
  const rows = list.data?.pages[0]?.userImports ?? [];
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardHeader title={t('userImports:recent.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0, flex: 1 }}>
        {list.isPending ? (
          <Skeleton />
        ) : rows.length === 0 ? (
          <Typography color="text.secondary">{t('userImports:list.empty')}</Typography>
        ) : (
          <List dense disablePadding aria-label={t('userImports:recent.title')}>
            {rows.map((u) => (
              <ListItem key={u.id} disableGutters secondaryAction={<StatusChip status={u.status} />}>
                <ListItemText primary={u.filename} secondary={formatDateTime(u.createDate)} sx={{ pr: 16, overflowWrap: 'anywhere' }} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      <CardActions>
        <Button component={Link} to={localize(paths.userImports())}>
          {t('userImports:recent.open')}
        </Button>
      </CardActions>
    </Card>
  );
}
