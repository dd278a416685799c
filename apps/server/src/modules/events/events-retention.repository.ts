/**
 * SQL of the events' retention (events-retention.jobs.ts; docs/decisions/053-events-retention.md):
 * the deletes of an organization's events older than its cutoff, in short statements over the
 * trail's own index (organization_id, occurred_at, id), so that a table of millions of rows
 * is never held long, and on the embedded database the one connection is soon free again.
 */
import { and, eq, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { type Db, sqlRows } from '../../db/client.js';
import { events } from '../../db/schema.js';

/** What one organization's (or the organization-less events') deletes did. */
export interface RetentionDeletes {
  deleted: number;
  /** DELETE statements run: one per batch (a full last batch is followed by one that finds none left). */
  statements: number;
}

export function createEventsRetentionRepository(root: Db) {
  return {
    /** The organization's events that occurred before the cutoff. */
    deleteOrganizationEventsBefore: (organizationId: string, cutoff: Date, batchSize: number, signal?: AbortSignal, db: Db = root) =>
      deleteInBatches(db, and(eq(events.organizationId, organizationId), lt(events.occurredAt, cutoff))!, batchSize, signal),

    /** Events of no organization (a sign-in refused for an e-mail nobody has) that occurred before the cutoff. */
    deleteEventsWithoutOrganizationBefore: (cutoff: Date, batchSize: number, signal?: AbortSignal, db: Db = root) =>
      deleteInBatches(db, and(isNull(events.organizationId), lt(events.occurredAt, cutoff))!, batchSize, signal),
  };
}

export type EventsRetentionRepository = ReturnType<typeof createEventsRetentionRepository>;

/**
 * Deletes the events of `old` (one organization's, or none's, before a cutoff) a batch at a
 * time, oldest first: each statement reads the next batchSize keys of the index range after
 * the last one deleted (keyset, so no statement walks again over what the ones before it
 * deleted) and deletes those rows by their primary key, in its own short transaction.
 * Events recorded meanwhile occur after the cutoff and are never in the range. Stops between
 * two batches when `signal` aborts (the process is stopping): the next run goes on.
 */
async function deleteInBatches(db: Db, old: SQL, batchSize: number, signal?: AbortSignal): Promise<RetentionDeletes> {
  const done: RetentionDeletes = { deleted: 0, statements: 0 };
  let after: { at: string; id: string } | undefined;
  while (!signal?.aborted) {
    // occurred_at goes back and forth as text: a JavaScript Date would drop its microseconds.
    const next = after ? sql`(${events.occurredAt}, ${events.id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql`true`;
    const [page] = await sqlRows<{ lastAt: string | null; lastId: string | null; taken: number; deleted: number }>(
      db,
      sql`with page as (
            select ${events.id} as id, ${events.occurredAt} as at from ${events}
            where ${old} and ${next}
            order by ${events.occurredAt}, ${events.id}
            limit ${batchSize}
          ), gone as (
            delete from ${events} where ${events.id} in (select id from page) returning 1
          )
          select (select at::text from page order by at desc, id desc limit 1) as "lastAt",
                 (select id::text from page order by at desc, id desc limit 1) as "lastId",
                 (select count(*)::int from page) as taken,
                 (select count(*)::int from gone) as deleted`,
    );
    done.statements += 1;
    done.deleted += page.deleted;
    // A batch that was not full was the last of the range.
    if (page.taken < batchSize || page.lastAt === null || page.lastId === null) break;
    after = { at: page.lastAt, id: page.lastId };
    // Let waiting requests in between two batches: on PGlite they share the main thread.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return done;
}
