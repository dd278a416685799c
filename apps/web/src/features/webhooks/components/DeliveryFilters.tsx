/** The delivery log's filters: one event type (grouped by area) and one outcome, or all of either. */
import { eventActions } from '@console/contracts/events';
import { WEBHOOK_TEST_EVENT, webhookDeliveryOutcomes } from '@console/contracts/webhooks';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useT } from '../../../i18n/use-t';
import { actionLabel, areaLabel, groupedActions } from '../../../lib/events/ActionSelect';
import type { DeliveryFilter } from '../api/webhooks';
import { eventTypeLabel } from '../delivery-view';

const ALL = '';

export function DeliveryFilters({ value, onChange }: { value: DeliveryFilter; onChange: (filter: DeliveryFilter) => void }) {
  const { t } = useT();
  return (
    <Stack role="search" aria-label={t('webhooks:log.filters')} direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 2 }}>
      <TextField
        select
        size="small"
        label={t('webhooks:log.eventType')}
        value={value.eventType ?? ALL}
        onChange={(e) => onChange({ ...value, eventType: (e.target.value || undefined) as DeliveryFilter['eventType'] })}
        slotProps={{
          select: { displayEmpty: true, MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } } },
          inputLabel: { shrink: true },
        }}
        sx={{ width: { xs: '100%', sm: 280 } }}
      >
        <MenuItem value={ALL}>{t('webhooks:log.allEventTypes')}</MenuItem>
        <MenuItem value={WEBHOOK_TEST_EVENT}>{eventTypeLabel(t, WEBHOOK_TEST_EVENT)}</MenuItem>
        {groupedActions(eventActions).flatMap(({ area, actions }) => [
          <ListSubheader key={`area:${area}`}>{areaLabel(t, area)}</ListSubheader>,
          ...actions.map((action) => (
            <MenuItem key={action} value={action} sx={{ pl: 4 }}>
              {actionLabel(t, action)}
            </MenuItem>
          )),
        ])}
      </TextField>
      <TextField
        select
        size="small"
        label={t('webhooks:log.outcome')}
        value={value.outcome ?? ALL}
        onChange={(e) => onChange({ ...value, outcome: (e.target.value || undefined) as DeliveryFilter['outcome'] })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ width: { xs: '100%', sm: 200 } }}
      >
        <MenuItem value={ALL}>{t('webhooks:log.allOutcomes')}</MenuItem>
        {webhookDeliveryOutcomes.map((o) => (
          <MenuItem key={o} value={o}>
            {t(`webhooks:outcome.${o}`)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
