/**
 * The trail's events, newest first: when (the console's date format, in the reader's time zone), the event as a sentence,
 * the kind of actor, and per event its details and the filters it offers (only what its
 * actor did; only the events naming one of its targets). Blocks on a phone.
 */
import type { EventView } from '@console/contracts/events';
import FilterListIcon from '@mui/icons-material/FilterList';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { formatDateTime } from '../../../lib/format';
import { stackedOnPhone } from '../../../lib/stacked-table';
import { actorName, eventSentence } from '../event-sentence';
import { ActorType } from './ActorType';

export interface EventsTableProps {
  events: EventView[];
  onDetails: (event: EventView) => void;
  onActor: (id: string) => void;
  onTarget: (id: string) => void;
}

/** A menu item wraps a long name (a file, a key) rather than running off a phone's screen. */
const WRAPPING_ITEM = { whiteSpace: 'normal', overflowWrap: 'anywhere' } as const;
const MENU_PAPER = { sx: { maxWidth: 'min(480px, calc(100vw - 32px))' } };

/** The filters one event offers, in a menu under its button. */
function FilterMenu({
  event,
  sentence,
  onActor,
  onTarget,
}: { event: EventView; sentence: string } & Omit<EventsTableProps, 'events' | 'onDetails'>) {
  const { t } = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const targets = event.targets.filter((target, i, all) => target.id && all.findIndex((o) => o.id === target.id) === i);
  if (!event.actor.id && targets.length === 0) return null;
  const pick = (apply: () => void) => {
    setAnchor(null);
    apply();
  };
  return (
    <>
      <IconButton aria-label={t('auditTrail:list.filterBy', { sentence })} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        <FilterListIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ paper: MENU_PAPER }}>
        {event.actor.id && (
          <MenuItem sx={WRAPPING_ITEM} onClick={() => pick(() => onActor(event.actor.id as string))}>
            {t('auditTrail:list.onlyActor', { name: actorName(t, event.actor) })}
          </MenuItem>
        )}
        {targets.map((target) => (
          <MenuItem key={target.id} sx={WRAPPING_ITEM} onClick={() => pick(() => onTarget(target.id))}>
            {t('auditTrail:list.onlyTarget', { name: target.name || t(`auditTrail:targetTypes.${target.type}`) })}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export function EventsTable({ events, onDetails, onActor, onTarget }: EventsTableProps) {
  const { t } = useT();
  return (
    <Table size="small" aria-label={t('auditTrail:list.label')} sx={stackedOnPhone}>
      <TableHead>
        <TableRow>
          <TableCell>{t('auditTrail:list.when')}</TableCell>
          <TableCell>{t('auditTrail:list.event')}</TableCell>
          <TableCell>{t('auditTrail:list.actor')}</TableCell>
          <TableCell>{t('auditTrail:list.more')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {events.map((event) => {
          const sentence = eventSentence(t, event);
          return (
            <TableRow key={event.id} data-event-id={event.id} data-action={event.action}>
              <TableCell data-label={t('auditTrail:list.when')} sx={{ whiteSpace: { sm: 'nowrap' } }}>
                <time dateTime={event.occurredAt}>{formatDateTime(event.occurredAt)}</time>
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', fontWeight: { xs: 500, sm: 'inherit' }, minWidth: { sm: 240 } }}>
                {sentence}
              </TableCell>
              <TableCell data-label={t('auditTrail:list.actor')}>
                <ActorType type={event.actor.type} />
              </TableCell>
              <TableCell data-actions sx={{ whiteSpace: 'nowrap' }}>
                <Stack direction="row" sx={{ alignItems: 'center' }}>
                  <Button size="small" onClick={() => onDetails(event)} aria-label={t('auditTrail:list.detailsOf', { sentence })}>
                    {t('auditTrail:list.details')}
                  </Button>
                  <FilterMenu event={event} sentence={sentence} onActor={onActor} onTarget={onTarget} />
                </Stack>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
