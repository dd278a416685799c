/**
 * An organization's audit trail (docs/product.md, "Audit trail"): its filters, kept in the
 * address (trail-filter.ts) so that a filtered trail can be shared and reloaded; its events,
 * newest first, 50 at a time with "load more"; an event's details in a dialog. The same for
 * an Organizational Admin's own organization and for staff on an organization's page.
 */
import type { EventView } from '@console/contracts/events';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../../i18n/use-t';
import { keysetItems } from '../../../lib/keyset-query';
import { LoadMore } from '../../../lib/LoadMore';
import { listPlaceholder } from '../../../lib/list-placeholder';
import { useSearchText } from '../../../lib/use-search-text';
import { type TrailScope, useEvents } from '../api/events';
import { actorName } from '../event-sentence';
import { isFiltered, readTrailFilter, type TrailFilter, writeTrailFilter } from '../trail-filter';
import { EventDetailsDialog } from './EventDetailsDialog';
import { EventsTable } from './EventsTable';
import { TrailFilters } from './TrailFilters';

/** The names of the actors and targets seen so far, by id: a chip names its filter's actor or target by them. */
function useNamesSeen(events: EventView[]) {
  const names = useRef(new Map<string, string>());
  const { t } = useT();
  for (const event of events) {
    if (event.actor.id) names.current.set(event.actor.id, actorName(t, event.actor));
    for (const target of event.targets) if (target.id && target.name) names.current.set(target.id, target.name);
  }
  return (id: string) => names.current.get(id) ?? `${id.slice(0, 8)}…`;
}

export function AuditTrail({ scope }: { scope: TrailScope }) {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const filter = readTrailFilter(params);
  // The search goes into the address once typing pauses, as the other filters do at once.
  const { text, setText } = useSearchText();
  const [details, setDetails] = useState<{ event: EventView | null; open: boolean }>({ event: null, open: false });

  const change = (next: Partial<TrailFilter>) =>
    setParams((prev) => writeTrailFilter(prev, { ...readTrailFilter(prev), ...next }), { replace: true });

  const list = useEvents(scope, filter);
  const events = keysetItems(list.data, (page) => page.events);
  const nameOf = useNamesSeen(events);

  return (
    <>
      <TrailFilters
        scope={scope}
        filter={filter}
        text={text}
        onText={setText}
        onChange={change}
        onClear={() => setParams((prev) => writeTrailFilter(prev, { actions: [] }), { replace: true })}
        nameOf={nameOf}
      />

      {listPlaceholder(list, events.length === 0, {
        failedKey: 'auditTrail:errors.load',
        empty: isFiltered(filter) ? t('auditTrail:list.noMatch') : t('auditTrail:list.empty'),
      }) ?? (
        <div aria-busy={list.isFetching} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          <EventsTable
            events={events}
            onDetails={(event) => setDetails({ event, open: true })}
            onActor={(actorId) => change({ actorId })}
            onTarget={(targetId) => change({ targetId })}
          />
        </div>
      )}

      <LoadMore list={list} shown={events.length} total={events.length} text={t('auditTrail:list.shown', { count: events.length })} />

      <EventDetailsDialog event={details.event} open={details.open} onClose={() => setDetails((d) => ({ ...d, open: false }))} />
    </>
  );
}
