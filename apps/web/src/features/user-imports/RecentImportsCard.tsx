/** Dashboard card: the latest imports with their status, and a link to the screen. */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { Link } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { useT } from '../../i18n/use-t';
import { formatDateTime } from '../../lib/format';
import { listPlaceholder } from '../../lib/list-placeholder';
import { paths } from '../../lib/paths';
import { useUserImports } from './api/user-imports-list';
import { StatusChip } from './components/StatusChip';

const RECENT = 5;

export default function RecentImportsCard() {
  const { t } = useT();
  const { localize } = useLocale();
  const list = useUserImports(RECENT);
  const rows = list.data?.pages[0]?.userImports ?? [];
  const placeholder = listPlaceholder(
    list,
    rows.length === 0,
    { failedKey: 'userImports:list.failed', empty: t('userImports:list.empty') },
    { dense: true },
  );
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardHeader title={t('userImports:recent.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0, flex: 1 }}>
        {placeholder ?? (
          <List dense disablePadding aria-label={t('userImports:recent.title')}>
            {rows.map((u) => (
              // The chip goes under the name on a phone, beside it otherwise: a long name never squeezes to a letter a line.
              <ListItem key={u.id} disableGutters sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
                <ListItemText
                  primary={u.filename}
                  secondary={formatDateTime(u.createDate)}
                  sx={{ flex: '1 1 12rem', minWidth: 0, my: 0, overflowWrap: 'anywhere' }}
                />
                <StatusChip status={u.status} />
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
