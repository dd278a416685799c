/** SQL of the events table: the one INSERT every recorded event goes through (record.ts). */
import type { Tx } from '../../db/client.js';
import { events } from '../../db/schema.js';

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;

/** One INSERT for the events of one write, in its transaction. */
export async function insertEvents(tx: Tx, rows: NewEventRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(events).values(rows);
}
