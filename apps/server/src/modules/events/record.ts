/**
 * The recorder of events (docs/decisions/045-events.md): the only way an event is written.
 * It takes the write's transaction (a `Tx`, never the database), so an event exists exactly
 * when its change was committed. Actions come from the contracts' one list (`EventAction`).
 */
import type { EventAction, EventActor, EventData, EventTarget } from '@console/contracts';
import type { Tx } from '../../db/client.js';
import type { AuthContext } from '../../http/auth-context.js';
import { type EventsFollowUp, insertEvents, type NewEventRow } from './events.repository.js';

export interface NewEvent {
  action: EventAction;
  /** Null only for an event of no organization (a sign-in refused for an e-mail nobody has). */
  organizationId: string | null;
  actor: EventActor;
  targets: EventTarget[];
  data?: EventData;
}

/**
 * Who acts in a request, with where it came from: the access key of an external API call
 * (the integration acts, as its person's token allows), else the signed-in person, typed
 * `staff` when they are the provider's staff: stored whole, shown to customers as no one in
 * particular (`forCustomers` of event-view.ts, decision 059). A key acting on its own has no
 * person at all: its calls' actor is the key, as every API call's is.
 */
export function actorOf(
  auth: Pick<AuthContext, 'userId' | 'displayName' | 'client' | 'accessKeyId' | 'accessKeyName' | 'isStaff'>,
): EventActor {
  if (auth.accessKeyId) return { type: 'access_key', id: auth.accessKeyId, name: auth.accessKeyName ?? '', ...auth.client };
  return { type: auth.isStaff ? 'staff' : 'user', id: auth.userId, name: auth.displayName, ...auth.client };
}

/** The console itself (a job, housekeeping). */
export const systemActor: EventActor = { type: 'system', id: null, name: 'system' };

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * What an event can hold of a caller's text and data: PostgreSQL's jsonb refuses a lone
 * surrogate (`"\ud800"`, as a SCIM group's name may be) and NUL, which become U+FFFD, and a
 * `__proto__` key, which no reader should be handed, is left out (PostgreSQL's reader drops
 * it, the embedded one keeps it). The failure of one event must not refuse the write it records.
 */
export function storable<T>(value: T): T {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\ufffd').replaceAll('\u0000', '\ufffd') as T;
  if (Array.isArray(value)) return value.map(storable) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== '__proto__')
        .map(([key, v]) => [storable(key), storable(v)]),
    ) as T;
  }
  return value;
}

function toRow(event: NewEvent): NewEventRow {
  const { actor } = event;
  return {
    organizationId: event.organizationId,
    action: event.action,
    actorType: actor.type,
    actorId: actor.id,
    actorName: storable(actor.name),
    actorIp: actor.ip ?? null,
    actorUserAgent: actor.userAgent === undefined ? null : storable(actor.userAgent),
    targets: storable(event.targets),
    data: storable(event.data ?? {}),
  };
}

/**
 * What follows every INSERT of events in its transaction: the webhooks' fan-out (one delivery
 * per event and subscribed endpoint), which the composition root registers (registry.ts).
 * So the events module knows nothing of webhooks, and the deliveries are still written in
 * the events' transaction: an event is never committed without them (decisions 055, 057,
 * 061). It holds no state: one for every app of the process.
 */
let followUp: EventsFollowUp | undefined;

/** Registers what follows the events' INSERT; there is one, registered again by every app alike. */
export function followRecordedEvents(follow: EventsFollowUp): void {
  if (followUp && followUp !== follow) throw new Error('The events already have a follow-up.');
  followUp = follow;
}

/**
 * Records the events of one write, in its transaction, then what follows them (their
 * webhook deliveries) in the same transaction (an event is never committed without them).
 * The caches learn of the change from the change feed, as of any other (db/change-feed.ts).
 */
export async function recordEvents(tx: Tx, events: NewEvent[]): Promise<void> {
  await insertEvents(tx, events.map(toRow), followUp);
}

export function recordEvent(tx: Tx, event: NewEvent): Promise<void> {
  return recordEvents(tx, [event]);
}

/**
 * One value changed, and recorded only when it really changes: `lockAndRead` holds its row
 * and answers the value it has (undefined: there is no such row, nothing is done); when that
 * differs from `after`, `write` stores the new value and `event(before)` is recorded, all in
 * the caller's transaction. So saving the value it already has records nothing, and two
 * callers at once each record what they really changed.
 */
export interface RecordedChange<T> {
  after: T;
  lockAndRead: () => Promise<T | undefined>;
  write: () => Promise<unknown>;
  event: (before: T) => NewEvent;
}

export async function recordChange<T>(tx: Tx, change: RecordedChange<T>): Promise<void> {
  const before = await change.lockAndRead();
  if (before === undefined || before === change.after) return;
  await change.write();
  await recordEvent(tx, change.event(before));
}
