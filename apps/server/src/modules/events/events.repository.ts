/** SQL of the events table: the one INSERT every recorded event goes through (record.ts). */
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { events } from '../../db/schema.js';

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;

/**
 * What follows the events' INSERT in its statement: `statement`, a data-modifying statement
 * over what it inserted (a relation `inserted` of id, organization_id, action) that returns
 * a row per row it wrote, and `finish`, the statement's final SELECT over those rows (`followed`).
 */
export interface FollowUp {
  statement: SQL;
  finish: (followed: SQL) => SQL;
}

/** The follow-up of the events a statement inserted (`inserted`), registered with record.ts's `followRecordedEvents`. */
export type EventsFollowUp = (inserted: SQL) => FollowUp;

/** One statement for the events of one write, in its transaction: their INSERT and its follow-up (when one is registered), as one round trip. */
export async function insertEvents(tx: Tx, rows: NewEventRow[], follow: EventsFollowUp | undefined): Promise<void> {
  if (rows.length === 0) return;
  if (!follow) {
    await tx.insert(events).values(rows);
    return;
  }
  const insert = tx.insert(events).values(rows).returning({ id: events.id, organizationId: events.organizationId, action: events.action });
  const { statement, finish } = follow(sql`inserted`);
  // Drizzle writes a query builder inside parentheses: `inserted AS (insert … returning …)`.
  await tx.execute(sql`WITH inserted AS ${insert}, followed AS (${statement}) ${finish(sql`followed`)}`);
}
