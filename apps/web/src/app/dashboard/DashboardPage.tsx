/**
 * /dashboard: a greeting and the cards of dashboardCards that the person may use. The lazy cards are asked for
 * once the page has been painted: their code and data then do not delay the greeting and
 * the account card, which fill a phone's first screen (Lighthouse, bench/README.md).
 */
import Grid from '@mui/material/Grid';
import { usePrefetchQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useT } from '../../i18n/use-t';
import { DelayedSkeleton } from '../../lib/list-placeholder';
import { PageHeader } from '../../lib/PageHeader';
import { usePermissions } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { dashboardCards } from './cards';
import { integrationHealthQuery } from './integration-health';

/** False until the browser has painted the first frame of the page (the frame after it has begun). */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/**
 * The integration health card is the largest thing on a wide screen: its data is asked for with
 * the page, while the card's code loads, rather than after it (the dashboard's LCP).
 */
function AskForIntegrationHealth() {
  usePrefetchQuery(integrationHealthQuery);
  return null;
}

export function Component() {
  const { t } = useT();
  const session = useSession();
  const painted = usePainted();
  const permissions = usePermissions();
  const cards = dashboardCards.filter((card) => !card.needs || permissions[card.needs]);
  return (
    <>
      <PageHeader title={t('titles.dashboard')} intro={t('dashboard:greeting', { name: session?.displayName ?? '' })} />
      {cards.some((card) => card.id === 'integration-health') && <AskForIntegrationHealth />}
      <Grid container spacing={3}>
        {cards.map(({ id, Card, width = 6, withPage, reserve }) => (
          <Grid key={id} size={{ xs: 12, md: width }} sx={{ minHeight: reserve }}>
            <Suspense fallback={<DelayedSkeleton height={reserve ?? 240} />}>
              {withPage || painted ? <Card /> : <DelayedSkeleton height={reserve ?? 240} />}
            </Suspense>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
