/** /dashboard: a greeting and the cards of dashboardCards. */
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { useT } from '../../i18n/use-t';
import { usePageTitle } from '../../lib/page-title';
import { useSession } from '../../lib/session';
import { dashboardCards } from './cards';

export function Component() {
  const { t } = useT();
  const session = useSession();
  usePageTitle(t('titles.dashboard'));
  return (
    <>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 600 }}>
        {t('titles.dashboard')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        {t('dashboard:greeting', { name: session?.displayName ?? '' })}
      </Typography>
      <Grid container spacing={3}>
        {dashboardCards.map(({ id, Card, width = 6 }) => (
          <Grid key={id} size={{ xs: 12, md: width }}>
            <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
              <Card />
            </Suspense>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
