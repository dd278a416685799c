/** SQL of the events table: the one INSERT every recorded event goes through (record.ts). */
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { events } from '../../db/schema.js';

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;

/**
 * One statement for the events of one write, in its transaction: their INSERT and `follow`,
 * a statement over what it inserted (a relation `inserted` of id, organization_id, action),
 * as one round trip.
 */
export async function insertEvents(tx: Tx, rows: NewEventRow[], follow: (inserted: SQL) => SQL): Promise<void> {
  if (rows.length === 0) return;
  const insert = tx.insert(events).values(rows).returning({ id: events.id, organizationId: events.organizationId, action: events.action });
  // Drizzle writes a query builder inside parentheses: `inserted AS (insert … returning …)`.
  await tx.execute(sql`WITH inserted AS ${insert}, followed AS (${follow(sql`inserted`)}) SELECT count(*) FROM inserted`);
}
