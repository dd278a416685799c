/** /dashboard: a greeting and the cards of dashboardCards. */
import Grid from '@mui/material/Grid';
import { Suspense } from 'react';
import { useT } from '../../i18n/use-t';
import { DelayedSkeleton } from '../../lib/list-placeholder';
import { PageHeader } from '../../lib/PageHeader';
import { useSession } from '../../lib/session';
import { dashboardCards } from './cards';

export function Component() {
  const { t } = useT();
  const session = useSession();
  return (
    <>
      <PageHeader title={t('titles.dashboard')} intro={t('dashboard:greeting', { name: session?.displayName ?? '' })} />
      <Grid container spacing={3}>
        {dashboardCards.map(({ id, Card, width = 6 }) => (
          <Grid key={id} size={{ xs: 12, md: width }}>
            <Suspense fallback={<DelayedSkeleton height={240} />}>
              <Card />
            </Suspense>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
