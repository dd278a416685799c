/** SQL of the events table: the one INSERT every recorded event goes through (record.ts). */
import type { Tx } from '../../db/client.js';
import { events } from '../../db/schema.js';

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;

/** What the events' INSERT returns of each row, for what follows it. */
export type InsertedEvent = Pick<EventRow, 'id' | 'organizationId' | 'action'>;

/** What follows the events' INSERT in its transaction (registered with record.ts's `followRecordedEvents`). */
export type EventsFollowUp = (tx: Tx, inserted: InsertedEvent[]) => Promise<void>;

/** The events of one write, in its transaction, then what follows them (when something is registered), in the same transaction. */
export async function insertEvents(tx: Tx, rows: NewEventRow[], follow: EventsFollowUp | undefined): Promise<void> {
  if (rows.length === 0) return;
  if (!follow) {
    await tx.insert(events).values(rows);
    return;
  }
  await follow(
    tx,
    await tx.insert(events).values(rows).returning({ id: events.id, organizationId: events.organizationId, action: events.action }),
  );
}
