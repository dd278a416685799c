/**
 * One event's details, read-only (a dialog Escape closes, the focus going back to its row's
 * button: decision 046): the sentence, when (the console's date format and the
 * instant as recorded), the action, the actor with its kind, IP address and user agent, the targets, and
 * the data (before and after on their own when the event has them).
 */
import type { EventView } from '@console/contracts/events';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t';
import { DetailRow } from '../../../lib/DetailRow';
import { AppDialog } from '../../../lib/dialogs/AppDialog';
import { actionLabel } from '../../../lib/events/ActionSelect';
import { formatDateTime } from '../../../lib/format';
import { actorName, eventSentence } from '../event-sentence';
import { ActorType } from './ActorType';

function Json({ value }: { value: unknown }) {
  return (
    <Box
      component="pre"
      sx={{ m: 0, fontFamily: 'monospace', fontSize: '0.8125rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minWidth: 0 }}
    >
      {JSON.stringify(value, null, 2)}
    </Box>
  );
}

function Details({ event }: { event: EventView }) {
  const { t } = useT();
  const { actor } = event;
  const { before, after, ...rest } = event.data;
  const hasChange = 'before' in event.data || 'after' in event.data;
  const otherData = hasChange ? rest : event.data;
  const unknown = t('auditTrail:details.unknown');
  return (
    <>
      <Typography sx={{ mb: 1.5, fontWeight: 500, overflowWrap: 'anywhere' }}>{eventSentence(t, event)}</Typography>
      <Stack component="dl" sx={{ m: 0 }}>
        <DetailRow label={t('auditTrail:details.when')}>
          <time dateTime={event.occurredAt}>
            {formatDateTime(event.occurredAt)} ({event.occurredAt})
          </time>
        </DetailRow>
        <DetailRow label={t('auditTrail:details.action')}>
          <span>
            {actionLabel(t, event.action)} (<code>{event.action}</code>)
          </span>
        </DetailRow>
        <DetailRow label={t('auditTrail:details.actor')}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{actor.name.trim() ? actorName(t, actor) : unknown}</span>
            <ActorType type={actor.type} />
          </Stack>
        </DetailRow>
        <DetailRow label={t('auditTrail:details.ip')}>{actor.ip || unknown}</DetailRow>
        <DetailRow label={t('auditTrail:details.userAgent')}>{actor.userAgent || unknown}</DetailRow>
        <DetailRow label={t('auditTrail:details.targets')} top>
          {event.targets.length === 0 ? (
            t('auditTrail:details.noTargets')
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {event.targets.map((target) => (
                <li key={`${target.type}:${target.id}`}>
                  {t('auditTrail:details.target', {
                    type: t(`auditTrail:targetTypes.${target.type}`),
                    name: target.name || t('auditTrail:unnamed'),
                    id: target.id,
                  })}
                </li>
              ))}
            </Box>
          )}
        </DetailRow>
        {hasChange && (
          <>
            <DetailRow label={t('auditTrail:details.before')} top>
              <Json value={before ?? null} />
            </DetailRow>
            <DetailRow label={t('auditTrail:details.after')} top>
              <Json value={after ?? null} />
            </DetailRow>
          </>
        )}
        {Object.keys(otherData).length > 0 && (
          <DetailRow label={t('auditTrail:details.data')} top>
            <Json value={otherData} />
          </DetailRow>
        )}
        <DetailRow label={t('auditTrail:details.event')}>
          <code>{event.id}</code>
        </DetailRow>
      </Stack>
    </>
  );
}

export function EventDetailsDialog({ event, open, onClose }: { event: EventView | null; open: boolean; onClose: () => void }) {
  const { t } = useT();
  return (
    <AppDialog open={open} title={t('auditTrail:details.title')} size="wide" onClose={onClose}>
      {event && <Details event={event} />}
    </AppDialog>
  );
}
