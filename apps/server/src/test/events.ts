/** The events tests read back: an organization's (or those naming a target), oldest first, as the contracts show them. */
import type { EventAction, EventView } from '@console/contracts';
import { and, asc, eq, like, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { events } from '../db/schema.js';
import { toEventView } from '../modules/events/event-view.js';

export interface EventFilter {
  organizationId?: string;
  /** An action, or a pattern with % (`access_key.%`). */
  action?: EventAction | `${string}%`;
  /** Events whose targets name this id. */
  targetId?: string;
  actorId?: string;
}

export async function eventsOf(db: Db, filter: EventFilter = {}): Promise<EventView[]> {
  const where: (SQL | undefined)[] = [
    filter.organizationId ? eq(events.organizationId, filter.organizationId) : undefined,
    filter.action ? (filter.action.includes('%') ? like(events.action, filter.action) : eq(events.action, filter.action)) : undefined,
    filter.targetId ? sql`${events.targets} @> ${JSON.stringify([{ id: filter.targetId }])}::jsonb` : undefined,
    filter.actorId ? eq(events.actorId, filter.actorId) : undefined,
  ];
  const rows = await db
    .select()
    .from(events)
    .where(and(...where))
    .orderBy(asc(events.occurredAt), asc(events.id));
  return rows.map(toEventView);
}
