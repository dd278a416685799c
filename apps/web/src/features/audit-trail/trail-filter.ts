/**
 * The audit trail's filters as they live in the address (`?actions=&actorId=&targetId=&q=&from=&to=`),
 * so that a filtered trail can be shared and reloaded, and what they ask of the server. The
 * dates are days of the reader's calendar (`from` its first instant, `to` the next day's
 * first, exclusive); anything the address holds that the contracts would refuse is dropped,
 * so a hand-edited link shows a wider trail rather than an error.
 */
import { EVENTS_SEARCH_MAX, type EventAction, type EventsFilter, eventActions } from '@console/contracts/events';
import { startOfDay, validDay } from '../../lib/days';

export interface TrailFilter {
  actions: EventAction[];
  actorId?: string;
  targetId?: string;
  q?: string;
  /** A day, `YYYY-MM-DD`, in the reader's calendar. */
  from?: string;
  to?: string;
}

export const TRAIL_PARAMS = ['actions', 'actorId', 'targetId', 'q', 'from', 'to'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TARGET_ID_MAX = 100;

export function readTrailFilter(params: URLSearchParams): TrailFilter {
  const actions = (params.get('actions') ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter((a): a is EventAction => (eventActions as string[]).includes(a));
  const actorId = params.get('actorId') ?? '';
  const targetId = params.get('targetId') ?? '';
  const q = (params.get('q') ?? '').trim().slice(0, EVENTS_SEARCH_MAX);
  return {
    actions: [...new Set(actions)],
    actorId: UUID.test(actorId) ? actorId : undefined,
    targetId: targetId && targetId.length <= TARGET_ID_MAX ? targetId : undefined,
    q: q || undefined,
    from: validDay(params.get('from')),
    to: validDay(params.get('to')),
  };
}

/** The address's parameters with the filter's written in (empty ones removed), the others kept. */
export function writeTrailFilter(params: URLSearchParams, filter: TrailFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  const values: Record<(typeof TRAIL_PARAMS)[number], string | undefined> = {
    actions: filter.actions.join(','),
    actorId: filter.actorId,
    targetId: filter.targetId,
    q: filter.q,
    from: filter.from,
    to: filter.to,
  };
  for (const name of TRAIL_PARAMS) {
    const value = values[name];
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

export function isFiltered(filter: TrailFilter): boolean {
  return filter.actions.length > 0 || !!(filter.actorId || filter.targetId || filter.q || filter.from || filter.to);
}

/** What the server is asked: the actions comma-separated, the days as instants. */
export function serverFilter(filter: TrailFilter): EventsFilter {
  return {
    actions: filter.actions.length ? filter.actions.join(',') : undefined,
    actorId: filter.actorId,
    targetId: filter.targetId,
    q: filter.q,
    from: startOfDay(filter.from)?.toISOString(),
    to: startOfDay(filter.to, 1)?.toISOString(),
  };
}
