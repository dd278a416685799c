/** Dashboard card: how many access keys the organization has, the newest ones with their last use, and a link to the screen. */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { useT } from '../../i18n/use-t';
import { formatDateTime } from '../../lib/format';
import { listPlaceholder } from '../../lib/list-placeholder';
import { paths } from '../../lib/paths';
import { useAccessKeys } from './api/access-keys-list';

const SHOWN = 3;

export default function AccessKeysCard() {
  const { t } = useT();
  const { localize } = useLocale();
  const list = useAccessKeys();
  const first = list.data?.pages[0];
  const keys = first?.integrations.slice(0, SHOWN) ?? [];
  const placeholder = listPlaceholder(
    list,
    keys.length === 0,
    { failedKey: 'accessKeys:card.failed', empty: t('accessKeys:empty') },
    { dense: true },
  );
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardHeader title={t('accessKeys:card.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0, flex: 1 }}>
        {placeholder ?? (
          <>
            <Typography color="textSecondary">{t('accessKeys:card.total', { count: first?.total ?? 0 })}</Typography>
            <List dense disablePadding aria-label={t('accessKeys:card.title')}>
              {keys.map((key) => (
                <ListItem key={key.id} disableGutters>
                  <ListItemText
                    primary={`${key.name} · ${key.keyPrefix}…${key.keyLast4}`}
                    secondary={
                      key.lastUsedAt
                        ? t('accessKeys:card.lastUsed', { date: formatDateTime(key.lastUsedAt) })
                        : t('accessKeys:card.neverUsed')
                    }
                    sx={{ overflowWrap: 'anywhere' }}
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </CardContent>
      <CardActions>
        <Button component={Link} to={localize(paths.accessKeys())}>
          {t('accessKeys:card.open')}
        </Button>
      </CardActions>
    </Card>
  );
}
