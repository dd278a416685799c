/**
 * The endpoint's delivery log: newest first, filtered by event type and outcome, each delivery
 * with its attempts on demand, Retry for a failed one, and "Resend everything that failed
 * since…". It is read again while a delivery waits for an attempt, so a test event's outcome
 * appears without a reload.
 */
import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/error-message';
import { keysetItems } from '../../../lib/keyset-query';
import { LoadMore } from '../../../lib/LoadMore';
import { listPlaceholder } from '../../../lib/list-placeholder';
import { notify } from '../../../lib/notify';
import { type DeliveryFilter, useDeliveries, useResendFailed, useRetryDelivery } from '../api/webhooks';
import { DeliveryFilters } from './DeliveryFilters';
import { DeliveryRow } from './DeliveryRow';
import { ResendDialog } from './ResendDialog';

export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const { t } = useT();
  const [filter, setFilter] = useState<DeliveryFilter>({});
  const [resending, setResending] = useState(false);
  const log = useDeliveries(endpointId, filter);
  const retry = useRetryDelivery();
  const resend = useResendFailed();
  const deliveries = keysetItems(log.data, (p) => p.deliveries);
  const filtered = !!(filter.eventType || filter.outcome);

  return (
    <Box component="section" aria-labelledby="delivery-log-title" sx={{ mt: 4 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography id="delivery-log-title" component="h2" variant="h6">
          {t('webhooks:log.title')}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<ReplayIcon />}
          onClick={() => setResending(true)}
          sx={{ minHeight: 44, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          {t('webhooks:resend.open')}
        </Button>
      </Stack>
      <DeliveryFilters value={filter} onChange={setFilter} />

      {listPlaceholder(log, deliveries.length === 0, {
        failedKey: 'webhooks:errors.loadLog',
        empty: filtered ? t('webhooks:log.noMatch') : t('webhooks:log.empty'),
      })}

      {deliveries.length > 0 && (
        <Paper variant="outlined" sx={{ overflow: 'hidden', '& > ul > li:first-of-type': { borderTop: 0 } }}>
          <Box component="ul" aria-label={t('webhooks:log.title')} sx={{ m: 0, p: 0 }}>
            {deliveries.map((d) => (
              <DeliveryRow
                key={d.id}
                delivery={d}
                endpointId={endpointId}
                onRetry={async () => {
                  try {
                    await retry.mutateAsync({ id: endpointId, deliveryId: d.id });
                    notify.success(t('webhooks:notices.retried'));
                  } catch (err) {
                    notify.error(errorMessage(err, 'webhooks:errors.retry'));
                  }
                }}
              />
            ))}
          </Box>
        </Paper>
      )}
      <LoadMore
        list={log}
        shown={deliveries.length}
        total={deliveries.length}
        text={t('webhooks:log.shown', { count: deliveries.length })}
      />

      <ResendDialog
        open={resending}
        onClose={() => setResending(false)}
        onResend={async (since) => {
          setResending(false);
          try {
            const { queued } = await resend.mutateAsync({ id: endpointId, since });
            notify.success(t('webhooks:notices.resent', { count: queued }));
          } catch (err) {
            notify.error(errorMessage(err, 'webhooks:errors.resend'));
          }
        }}
      />
    </Box>
  );
}
