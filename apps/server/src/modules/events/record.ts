/**
 * The recorder of events (docs/decisions/045-events.md): the only way an event is written.
 * It takes the write's transaction (a `Tx`, never the database), so an event exists exactly
 * when its change was committed. Actions come from the contracts' one list (`EventAction`).
 */
import type { EventAction, EventActor, EventData, EventTarget } from '@console/contracts';
import type { Tx } from '../../db/client.js';
import type { AuthContext } from '../../http/auth-context.js';
import { insertEvents, type NewEventRow } from './events.repository.js';

export interface NewEvent {
  action: EventAction;
  /** Null only for an event of no organization (a sign-in refused for an e-mail nobody has). */
  organizationId: string | null;
  actor: EventActor;
  targets: EventTarget[];
  data?: EventData;
}

/** The person behind a signed-in request, with where the request came from. */
export function userActor(auth: Pick<AuthContext, 'userId' | 'displayName' | 'client'>): EventActor {
  return { type: 'user', id: auth.userId, name: auth.displayName, ...auth.client };
}

/** The console itself (a job, housekeeping). */
export const systemActor: EventActor = { type: 'system', id: null, name: 'system' };

function toRow(event: NewEvent): NewEventRow {
  const { actor } = event;
  return {
    organizationId: event.organizationId,
    action: event.action,
    actorType: actor.type,
    actorId: actor.id,
    actorName: actor.name,
    actorIp: actor.ip ?? null,
    actorUserAgent: actor.userAgent ?? null,
    targets: event.targets,
    data: event.data ?? {},
  };
}

/** Records the events of one write, in its transaction (one INSERT). */
export function recordEvents(tx: Tx, events: NewEvent[]): Promise<void> {
  return insertEvents(tx, events.map(toRow));
}

export function recordEvent(tx: Tx, event: NewEvent): Promise<void> {
  return recordEvents(tx, [event]);
}
