/** SQL of the events table: the one INSERT every recorded event goes through (record.ts). */
import type { Tx } from '../../db/client.js';
import { events } from '../../db/schema.js';

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;

/** One INSERT for the events of one write, in its transaction; their ids. */
export async function insertEvents(tx: Tx, rows: NewEventRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await tx.insert(events).values(rows).returning({ id: events.id });
  return inserted.map((row) => row.id);
}
