/** An events row as the contracts show an event (`eventView`): the trail, the events API and the webhooks. */
import type { EventAction, EventActorType, EventData, EventTarget, EventView } from '@console/contracts';
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
