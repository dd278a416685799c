/** /super: the staff area's home (docs/product.md, "Super area"), a card for each of its screens (screens.ts). */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { useT } from '../../i18n/use-t';
import { PageHeader } from '../../lib/PageHeader';
import { prefetchPage } from '../pages';
import { superScreens } from './screens';

export function Component() {
  const { t } = useT();
  const { localize } = useLocale();
  return (
    <>
      <PageHeader title={t('superHome.title')} intro={t('superHome.intro')} />
      <Grid container spacing={3} component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {superScreens.map(({ to, ns, title, text, icon: Icon }) => {
          const href = localize(to);
          const name = t(`${ns}:${title}` as 'superHome.title');
          return (
            <Grid key={to} component="li" size={{ xs: 12, sm: 6, md: 4 }}>
              <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                <CardContent sx={{ flex: 1 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                    <Icon color="primary" aria-hidden />
                    <Typography component="h2" variant="h6">
                      {name}
                    </Typography>
                  </Stack>
                  <Typography color="textSecondary">{t(`${ns}:${text}` as 'superHome.title')}</Typography>
                </CardContent>
                <CardActions>
                  <Button
                    component={Link}
                    to={href}
                    aria-label={`${t('superHome.open')}: ${name}`}
                    onMouseEnter={() => prefetchPage(href)}
                    onFocus={() => prefetchPage(href)}
                  >
                    {t('superHome.open')}
                  </Button>
                </CardActions>
              </Card>
            </Grid>
          );
        })}
      </Grid>
    </>
  );
}
