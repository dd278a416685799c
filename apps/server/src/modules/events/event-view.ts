/** An events row as the contracts show an event (`eventView`): the trail, the events API and the webhooks. */
import {
  type EventAction,
  type EventActorType,
  type EventData,
  type EventTarget,
  type EventView,
  staffAsCustomersSeeThem,
} from '@console/contracts';
import type { EventRow } from './events.repository.js';

export type { EventRow };

export function toEventView(row: EventRow): EventView {
  return {
    id: row.id,
    action: row.action as EventAction,
    occurredAt: row.occurredAt.toISOString(),
    organizationId: row.organizationId,
    actor: {
      type: row.actorType as EventActorType,
      id: row.actorId,
      name: row.actorName,
      ...(row.actorIp !== null && { ip: row.actorIp }),
      ...(row.actorUserAgent !== null && { userAgent: row.actorUserAgent }),
    },
    targets: row.targets as EventTarget[],
    data: row.data as EventData,
  };
}

/**
 * An event as its organization reads it, wherever it reads it (the trail, its export, the
 * events API, the webhooks): the provider's staff are "staff", without their id, name, address
 * or browser (decision 059). Staff in the Super area read the event whole (`toEventView`).
 */
export function forCustomers(view: EventView): EventView {
  return view.actor.type === 'staff' ? { ...view, actor: staffAsCustomersSeeThem } : view;
}

/** An events row as `to_jsonb` gives it (snake_case keys, times as text). */
function eventRowOfJson(json: Record<string, unknown>): EventRow {
  return {
    id: json.id as string,
    organizationId: (json.organization_id as string | null) ?? null,
    action: json.action as string,
    actorType: json.actor_type as string,
    actorId: (json.actor_id as string | null) ?? null,
    actorName: json.actor_name as string,
    actorIp: (json.actor_ip as string | null) ?? null,
    actorUserAgent: (json.actor_user_agent as string | null) ?? null,
    targets: json.targets,
    data: json.data,
    occurredAt: new Date(json.occurred_at as string),
    targetNames: (json.target_names as string | null) ?? null,
  };
}

/** The view of an events row that another module's query read whole as `to_jsonb(e)` (the webhooks' lease joins the event it sends). */
export function eventViewOfJson(json: Record<string, unknown>): EventView {
  return toEventView(eventRowOfJson(json));
}
